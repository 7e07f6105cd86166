// Sizes named without -g, as PRK's Stencil and Transpose write them: a
// variable set on several paths that are no diamond (an if/else-if chain
// and error exits by goto) is named by the assignments that set it, and a
// variable kept in memory because a call takes its address (MPI_Bcast) by
// its loads and that call.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>
void report(const char *);
void strips(double *buf, int n, int np, int me, int argc) {
  long order;
  int width;
  if (argc < 2) {
    report("usage");
    goto out;
  }
  order = atol("12");
  MPI_Bcast(&order, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  if (me < n % np)
    width = n / np + 1;
  else if (me == np - 1)
    width = n / np - 1;
  else
    width = n / np;
  if (width < 1) {
    report("too small");
    goto out;
  }
  for (int it = 0; it < 10; it++) {
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*width bytes; only when argc >= 2 and width >= 1; messages 10, bytes per message 8*width,
    MPI_Send(buf, width, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*order*order bytes; only when argc >= 2 and width >= 1; messages 10, bytes per message 8*order*order,
    MPI_Send(buf, order * order, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  }
out:
  report("done");
}
// A counter is no one value: a size that grows in the loop is analysed per
// iteration of it, under the counter's name.
void growing(double *buf, int n) {
  int len = 1;
  for (int it = 0; it < n; it++) {
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*len bytes; per iteration of the loop at line [[@LINE-1]], in which its size changes; messages 1,
    MPI_Send(buf, len, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    len = len * 2;
  }
}
