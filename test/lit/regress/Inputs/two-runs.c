// Two RUN lines whose remarks differ (../update-checks.test).
// RUN: %clang -O2 -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=ALL %s
// RUN: %clang -O2 -DONE_SITE -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=ONE %s
#include <mpi.h>

static double grid[64][128];

void exchange(int to) {
  MPI_Send(&grid[1][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
#ifndef ONE_SITE
  MPI_Recv(&grid[2][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
#endif
}
