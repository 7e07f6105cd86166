// MPI_Type_contiguous: count blocks of a contiguous type are one block.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_contiguous(double *a, int n, int to) {
  MPI_Datatype row;
  MPI_Type_contiguous(n, MPI_DOUBLE, &row);
  MPI_Type_commit(&row);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements, datatype MPI_Type_contiguous(n, double): contiguous block of 16*n bytes; messages 1, bytes per message 16*n, bytes 16*n; unique lines ceildiv(16*n, 64) to min(1, n) + floordiv(16*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Send(a, 2, row, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&row);
}
