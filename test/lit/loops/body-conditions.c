// Sites under a condition outside every loop: the branch runs once per call,
// so the counts are exact when it holds, at -O0 and after -O2 has unrolled
// the loop away or merged the test with the loop's guard ("flag && n > 1").
// The guard of a loop itself (that it runs at all) is not a condition.
// RUN: %commcost -O0 -g0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <string.h>
void once(const int *s, int cnt, int ready) {
  MPI_Request req;
  for (int i = 5; i > 4; i -= 3)
    if (ready)
      // CHECK: [[@LINE+1]]:7: remark: MPI_Isend (send) of 's', int elements: contiguous block of 4*cnt bytes; only when ready != 0; messages 1,
      MPI_Isend(s + i, cnt, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
}
void merged(char *restrict d, const char *restrict s, int n, int flag) {
  for (int i = 2; i < 3; i++)
    if (flag)
      for (int j = 1; j < n; j++)
        // CHECK: [[@LINE+1]]:9: remark: memcpy (copy) of 'd <- s', byte elements: {{.*}}; only when flag != 0; messages max({{.*}}
        memcpy(&d[j * 128], &s[j * 256], 100);
}
void guarded(double *g, int n) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'g', double elements: contiguous block of 64*n bytes; messages n,
    MPI_Send(g + 8 * i, 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
