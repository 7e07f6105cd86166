// A sub-block copied one row segment per memcpy.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <string.h>
float img[480][640], tile[32][64];
void copy_tile(int y, int x) {
  for (int r = 0; r < 32; r++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'tile <- img', byte elements: from 32 rows of 256 bytes, row pitch 2560 bytes to contiguous block of 8192 bytes; messages 32, bytes per message 256, bytes 8192; unique lines 128 to 160; read lines 128 to 160, write lines 128 to 129; assumed alignment: aligned to 4 bytes ('img' is aligned, plus offset);
    memcpy(tile[r], &img[y + r][x], 64 * sizeof(float));
}
// A symbolic pitch with 64-byte rows at 4-byte alignment: rows may straddle
// lines a varying number of times; no exact count yet (missed remark).
void copy_block(float *restrict dst, const float *restrict src, int rows,
                int w, int ld) {
  for (int r = 0; r < rows; r++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy not analysed: row pitch 4*ld is not a known constant and rows of 64 bytes, starting at multiples of 4 bytes within a 64-byte line, may cross a line boundary a varying number of times; a pitch and alignment that are multiples of the line size make the count exact
    memcpy(dst + r * 16, src + r * ld, 16 * sizeof(float));
}
