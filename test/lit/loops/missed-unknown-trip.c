// A loop whose trip count is not computable (a loop on data) gives what one
// iteration sends, at the place the buffer has in it. Negative: a
// non-affine buffer address and an unknown size: missed remarks, no crash.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_until(double *a, const int *done, int to) {
  for (int i = 0; !done[i]; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'a', double elements: contiguous block of 8 bytes; per iteration of the loop at line [[@LINE-1]], whose trip count is unknown; messages 1, bytes per message 8, bytes 8; unique lines 1;
    MPI_Send(a + i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_squares(double *a, int n, int to) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send not analysed: the address is not an affine function of the counter of the loop at line [[@LINE-1]]
    MPI_Send(a + i * i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
int next_size(void);
void send_unknown_size(double *a, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: a size depends on the result of next_size() at line [[@LINE+1]], which has no source-level name (compile with -g to name it)
  MPI_Send(a, next_size(), MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
