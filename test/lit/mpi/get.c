// MPI_Get (one-sided) into a symbolic-length buffer.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void get_block(long *dst, int n, int target, MPI_Win win) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Get (get) of 'dst', long elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Get(dst, n, MPI_LONG, target, 0, n, MPI_LONG, win);
}
