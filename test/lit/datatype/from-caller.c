// A datatype built and committed in the only caller and passed in: resolved through the call.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
static void send_with(double *a, MPI_Datatype t, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements, datatype MPI_Type_vector(rows, 1, cols, double): rows rows of 8 bytes, row pitch 8*cols bytes; messages 1, bytes per message 8*rows, bytes 8*rows; unique lines min(1, rows)*min(rows, ceildiv(8*cols*(rows - 1) + 8, 64)) to min(1, rows)*min(rows, floordiv(8*cols*(rows - 1) + 63, 64) + 1); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
}
void send_column(double *a, int rows, int cols, int to) {
  MPI_Datatype col;
  MPI_Type_vector(rows, 1, cols, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  send_with(a, col, to);
  MPI_Type_free(&col);
}
