// aligned_alloc(64, ...) makes the buffer line-aligned: exact counts.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>
void send_fresh(int n, int to) {
  double *buf = aligned_alloc(64, 4096 * sizeof(double));
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8000 bytes; messages 1, bytes per message 8000, bytes 8000; unique lines 125; assumed alignment: offset 0 in a 64-byte line (aligned_alloc to 64);
  MPI_Send(buf, 1000, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines min(1, n) + floordiv(8*n + 23, 64); assumed alignment: offset 24 in a 64-byte line (aligned_alloc to 64);
  MPI_Send(buf + 3, n, MPI_DOUBLE, to, 1, MPI_COMM_WORLD);
  free(buf);
}
