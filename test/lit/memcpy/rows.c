// memcpy of a row of a 2-D array: constant and symbolic sizes.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <string.h>
double a[512][512], row[512];
// CHECK: [[@LINE+1]]:24: remark: memcpy (copy) of 'row <- a', byte elements: contiguous block of 4096 bytes; messages 1, bytes per message 4096, bytes 4096; unique lines 64 to 65; read lines 64 to 65, write lines 64 to 65; assumed alignment: aligned to 16 bytes ('a' is aligned); cost 0.403 us (model M1-reuse, profile {{.*}}fixed.json)
void copy_row(int i) { memcpy(row, a[i], sizeof row); }
void copy_prefix(double *restrict dst, const double *restrict src, int n) {
  // CHECK: [[@LINE+1]]:3: remark: memcpy (copy) of 'dst <- src', byte elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); read lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64), write lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment); cost (240*n + 4000*min(1, n) + 4000*floordiv(8*n + 55, 64) + 20000) ps (model M1-reuse, profile {{.*}}fixed.json)
  memcpy(dst, src, n * sizeof(double));
}
