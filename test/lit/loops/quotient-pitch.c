// A pitch that is a size over a size (PRK's Block_order = order/Num_procs,
// unnamed without -g) is a size: non-negative, so the rows walk up.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
void rows_of_a_share(double *restrict t, const double *restrict a, long n,
                     int p) {
  // CHECK: [[@LINE+3]]:3: remark: loop (copy-loop) of 't <- a',
  // CHECK-SAME: read 8 rows of 64 bytes, row pitch 8*(n/p) bytes,
  // CHECK-SAME: write contiguous block of 512 bytes; messages 1,
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      t[i * 8 + j] = a[i * (n / p) + j];
}
