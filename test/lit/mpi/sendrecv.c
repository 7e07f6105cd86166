// MPI_Sendrecv performs two transfers: a send and a receive, each a site.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void exchange(double *a, int n, int up, int down) {
  // CHECK: [[@LINE+2]]:3: remark: MPI_Sendrecv (send) of 'a', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Sendrecv (recv) of 'a', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Sendrecv(a + n, n, MPI_DOUBLE, up, 0, a, n, MPI_DOUBLE, down, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
