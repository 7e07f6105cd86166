// memmove is a copy like memcpy; overlapping is its point, and does not change the footprints.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <string.h>
// CHECK: [[@LINE+1]]:37: remark: memmove (copy) of 'a <- a', byte elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); read lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64), write lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
void shift_down(double *a, int n) { memmove(a, a + 1, n * sizeof(double)); }
char text[4096];
// CHECK: [[@LINE+1]]:25: remark: memmove (copy) of 'text <- text', byte elements: contiguous block of 1024 bytes; messages 1, bytes per message 1024, bytes 1024; unique lines 16 to 17; read lines 16 to 17, write lines 16 to 17; assumed alignment: aligned to 16 bytes ('text' is aligned);
void shift_text(void) { memmove(text + 64, text, 1024); }
