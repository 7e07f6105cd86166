// Sites under a condition inside a loop: a loop-invariant condition gives
// exact counts under it (named in the remark and the record); a condition
// that changes from one iteration to the next gives maxima, with Min and
// Max keys in the record and a least of 0 lines.
// RUN: %commcost -O0 -g0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
#include <mpi.h>
void halo(double *b, int n, int rank, int to) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:19: remark: MPI_Send (send) of 'b', double elements: n rows of 64 bytes, row pitch 128 bytes; only when rank > 0; messages n, bytes per message 64, bytes 64*n;
    if (rank > 0) MPI_Send(b + 16 * i, 8, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void sparse(double *b, const int *flags, int n, int to) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:20: remark: MPI_Send (send) of 'b', double elements: n rows of 8 bytes, row pitch 16 bytes; at most, since it runs only where the condition at line [[@LINE+1]] {{(does not hold|holds)}} (in the loop at line [[@LINE-1]]); messages at most n, bytes per message 8, bytes at most 8*n; unique lines 0 to
    if (!flags[i]) MPI_Send(b + 2 * i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// YAML: Function: sparse
// YAML: - Varies: 'the condition at line
// YAML: - MessagesAtMost: n
// YAML-NEXT: - BytesAtMost: '8*n'
// YAML-NEXT: - LinesMin: '0'
void unpack(double *restrict d, const double *restrict s, const double *w, int n) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'd <- s', double elements: {{.*}}; at most, since it runs only where the condition at line [[@LINE+2]] holds (in the loop at line [[@LINE+1]]); messages at most 1, bytes per message at most 8*n, bytes at most 8*n; read lines 0 to {{.*}}, write lines 0 to {{.*}}; reads at most n, writes at most n
  for (int i = 0; i < n; i++)
    if (w[i] > 0)
      d[i] = s[i];
}
