// MPI_Accumulate is priced like a put of its origin buffer.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void accumulate(double *contrib, int n, int target, MPI_Win win) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Accumulate (put) of 'contrib', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Accumulate(contrib, n, MPI_DOUBLE, target, 0, n, MPI_DOUBLE, MPI_SUM,
                 win);
}
