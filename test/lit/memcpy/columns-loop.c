// A column copied element by element with memcpy in a loop: one copy per row, each in its own line on the strided side.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <string.h>
double a[1000][1000];
void copy_column(double *restrict col, int j) {
  for (int i = 0; i < 1000; i++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'col <- a', byte elements: from 1000 rows of 8 bytes, row pitch 8000 bytes to contiguous block of 8000 bytes; messages 1000, bytes per message 8, bytes 8000; unique lines 1000; read lines 1000, write lines 125 to 126; assumed alignment: aligned to 8 bytes ('a' is aligned, plus offset);
    memcpy(&col[i], &a[i][j], sizeof(double));
}
void copy_column_n(double *restrict col, const double *restrict m, int n,
                   int ld) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'col <- m', byte elements: from n rows of 8 bytes, row pitch 8*ld bytes to contiguous block of 8*n bytes; messages n, bytes per message 8, bytes 8*n; unique lines min(1, n)*min(n, ceildiv(8*ld*(n - 1) + 8, 64)) to min(1, n)*min(n, floordiv(8*ld*(n - 1) + 63, 64) + 1); read lines min(1, n)*min(n, ceildiv(8*ld*(n - 1) + 8, 64)) to min(1, n)*min(n, floordiv(8*ld*(n - 1) + 63, 64) + 1), write lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
    memcpy(col + i, m + i * ld, sizeof(double));
}
