// 3-D arrays: a plane (contiguous), a plane of a non-leading dimension (rows), and a pencil (one element per row of each plane).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <string.h>
double u[64][64][64], buf[64 * 64];
// CHECK: [[@LINE+1]]:28: remark: memcpy (copy) of 'buf <- u', byte elements: contiguous block of 32768 bytes; messages 1, bytes per message 32768, bytes 32768; unique lines 512 to 513; read lines 512 to 513, write lines 512 to 513; assumed alignment: aligned to 16 bytes ('u' is aligned);
void copy_plane_k(int k) { memcpy(buf, u[k], sizeof u[k]); }
void copy_plane_j(int j) {
  for (int k = 0; k < 64; k++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'buf <- u', byte elements: from 64 rows of 512 bytes, row pitch 32768 bytes to contiguous block of 32768 bytes; messages 64, bytes per message 512, bytes 32768; unique lines 512 to 576; read lines 512 to 576, write lines 512 to 513; assumed alignment: aligned to 16 bytes ('u' is aligned);
    memcpy(&buf[k * 64], &u[k][j][0], 64 * sizeof(double));
}
void copy_plane_i(int i) {
  for (int k = 0; k < 64; k++)
    for (int j = 0; j < 64; j++)
      // CHECK: [[@LINE+1]]:7: remark: memcpy (copy) of 'buf <- u', byte elements: from 4096 rows of 8 bytes, row pitch 512 bytes to contiguous block of 32768 bytes; messages 4096, bytes per message 8, bytes 32768; unique lines 4096; read lines 4096, write lines 512 to 513; assumed alignment: aligned to 8 bytes ('u' is aligned, plus offset);
      memcpy(&buf[k * 64 + j], &u[k][j][i], sizeof(double));
}
void copy_pencil(int j, int i) {
  for (int k = 0; k < 64; k++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'buf <- u', byte elements: from 64 rows of 8 bytes, row pitch 32768 bytes to contiguous block of 512 bytes; messages 64, bytes per message 8, bytes 512; unique lines 64; read lines 64, write lines 8 to 9; assumed alignment: aligned to 8 bytes ('u' is aligned, plus offset);
    memcpy(&buf[k], &u[k][j][i], sizeof(double));
}
