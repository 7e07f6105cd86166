// A lit test of the kind users write to pin predicted costs; the CHECK
// lines are written by scripts/update_commcost_test_checks.py (see
// ../update-checks.test), and the YAML check is left alone.
// RUN: %clang -O2 -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O0 -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fplugin=%plugin %mpi_cflags -fsave-optimization-record -foptimization-record-file=%t.yaml -c %s -o /dev/null
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml
#include <mpi.h>

static double grid[64][128];

void send_row(int to) {
  // CHECK: [[@LINE+1]]:3: remark: an old, hand-written check
  MPI_Send(&grid[1][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

void send_column(int to) {
  MPI_Datatype column;
  MPI_Type_vector(64, 1, 128, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(&grid[0][1], 1, column, to, 1, MPI_COMM_WORLD);
  MPI_Type_free(&column);
}

// YAML: Name: CommunicationCost
