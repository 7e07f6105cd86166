// __builtin_assume_aligned tells the analysis what the caller guarantees.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_assumed(double *p, int n, int to) {
  double *a = __builtin_assume_aligned(p, 64);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'p', double elements: contiguous block of 192 bytes; messages 1, bytes per message 192, bytes 192; unique lines 3; assumed alignment: offset 0 in a 64-byte line (__builtin_assume_aligned to 64);
  MPI_Send(a, 24, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'p', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines min(1, n) + floordiv(8*n + 7, 64); assumed alignment: offset 8 in a 64-byte line (__builtin_assume_aligned to 64);
  MPI_Send(a + 1, n, MPI_DOUBLE, to, 1, MPI_COMM_WORLD);
}
