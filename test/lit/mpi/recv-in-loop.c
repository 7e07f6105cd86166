// Receives inside a loop: messages multiply by the trip count and the
// moving buffer's slices form one footprint.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void recv_rows(double *a, int n, int rows, int from) {
  for (int r = 0; r < rows; r++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Recv (recv) of 'a', double elements: rows rows of 8 bytes, row pitch 8*n bytes; messages rows, bytes per message 8, bytes 8*rows;
    MPI_Recv(a + r * n, 1, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
