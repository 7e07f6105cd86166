// MPI_Isend of a row of a VLA-shaped matrix: one message of nx doubles.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void isend_row(int ny, int nx, double a[ny][nx], int to, MPI_Request *req) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Isend (send) of 'a', double elements: contiguous block of 8*nx bytes; messages 1, bytes per message 8*nx, bytes 8*nx; unique lines ceildiv(8*nx, 64) to min(1, nx) + floordiv(8*nx + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Isend(&a[ny - 2][0], nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD, req);
}
