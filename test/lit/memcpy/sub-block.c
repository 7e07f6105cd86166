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
// lines a varying number of times; the gcd bounds.
void copy_block(float *restrict dst, const float *restrict src, int rows,
                int w, int ld) {
  for (int r = 0; r < rows; r++)
    // CHECK: [[@LINE+1]]:5: remark: memcpy (copy) of 'dst <- src', byte elements: from rows rows of 64 bytes, row pitch 4*ld bytes to contiguous block of 64*rows bytes; messages rows, bytes per message 64, bytes 64*rows; unique lines min(1, rows)*min((64/gcd(64, 4*ld) + floordiv(63, gcd(64, 4*ld)))*floordiv(rows, 64/gcd(64, 4*ld)) + rows%(64/gcd(64, 4*ld)), ceildiv(4*ld*(rows - 1) + 64, 64)) to min(1, rows)*min((64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)))*floordiv(rows, 64/gcd(64, 4*ld)) + min(64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)), 2*(rows%(64/gcd(64, 4*ld)))), floordiv(4*ld*(rows - 1) + 123, 64) + 1); read lines min(1, rows)*min((64/gcd(64, 4*ld) + floordiv(63, gcd(64, 4*ld)))*floordiv(rows, 64/gcd(64, 4*ld)) + rows%(64/gcd(64, 4*ld)), ceildiv(4*ld*(rows - 1) + 64, 64)) to min(1, rows)*min((64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)))*floordiv(rows, 64/gcd(64, 4*ld)) + min(64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)), 2*(rows%(64/gcd(64, 4*ld)))), floordiv(4*ld*(rows - 1) + 123, 64) + 1), write lines rows to min(1, rows) + floordiv(64*rows + 59, 64); assumed alignment: aligned to 4 bytes (element alignment);
    memcpy(dst + r * 16, src + r * ld, 16 * sizeof(float));
}
