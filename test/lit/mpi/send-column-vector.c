// A column described by MPI_Type_vector: one line per row.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
static double grid[100][100];
void send_column(int to) {
  MPI_Datatype col;
  MPI_Type_vector(98, 1, 100, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements, datatype MPI_Type_vector(98, 1, 100, double): 98 rows of 8 bytes, row pitch 800 bytes; messages 1, bytes per message 784, bytes 784; unique lines 98;
  MPI_Send(&grid[1][0], 1, col, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&col);
}
