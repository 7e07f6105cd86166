// A site in a function inlined into its callers is one site: its remark is
// emitted once, where the text is the same; each function's total still
// counts it. Two statements of one loop with the same text stay two.
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
static inline void send_row(double *a, int n) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements: contiguous block of 8*n bytes;
  MPI_Send(a, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
// CHECK: remark: function 'send_row': predicted communication cost {{.*}} (1 sites analysed, 0 not)
// CHECK-NOT: remark: MPI_Send
// CHECK: remark: function 'first': predicted communication cost {{.*}} (1 sites analysed, 0 not)
void first(double *a, int n) { send_row(a, n); }
// CHECK-NOT: remark: MPI_Send
// CHECK: remark: function 'second': predicted communication cost {{.*}} (1 sites analysed, 0 not)
void second(double *a, int n) { send_row(a, n); }

// CHECK: [[@LINE+4]]:3: remark: loop (copy-loop) of 'd <- s', double elements:
// CHECK: [[@LINE+3]]:3: remark: loop (copy-loop) of 'd <- s', double elements:
// CHECK: remark: function 'twice': predicted communication cost {{.*}} (2 sites analysed, 0 not)
void twice(double *restrict d, const double *restrict s, int n) {
  for (int i = 0; i < n; i++) {
    d[2 * i] = s[i];
    d[2 * i + 1] = s[i + n];
  }
}
