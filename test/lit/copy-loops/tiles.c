// Loops in tiles (pass/Tiles.h): a loop from an outer loop's counter to
// MIN(n, counter + b) walks, with that outer loop, the range once, whatever
// the last tile: the counts are those of one loop over the range. The
// order of the tiles is what the lines brought in again depend on (the test
// profile's caches, test/profiles/fixed.json: L1 48 KiB 12-way, 64 sets;
// L2 2 MiB 16-way).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#define MIN(a, b) ((a) < (b) ? (a) : (b))

// The Parallel Research Kernels' tiled transpose, tile size a parameter:
// its lines brought in again are symbolic in the tile (a tile's b rows
// 8*ld bytes apart merge with the tiles' 8*b*ld).
void transpose_tiles(double *restrict t, const double *restrict a, int n,
                     int ld, int b) {
  // CHECK: [[@LINE+6]]:3: remark: loop (copy-loop) of 't <- a',
  // CHECK-SAME: read max(0, n) rows of 8*max(0, n) bytes, row pitch 8*ld
  // CHECK-SAME: write max(0, n) rows of 8*max(0, n) bytes, row pitch 8*ld
  // CHECK-SAME: bytes per message 8*max(0, n)*max(0, n),
  // CHECK-SAME: lines brought in again (loop order): L1 max(max(max(b*min(1,
  // CHECK-SAME: b)*min(b, ceildiv(8*ld*(b - 1) + 8, 64))
  for (int ii = 0; ii < n; ii += b)
    for (int jj = 0; jj < n; jj += b)
      for (int i = ii; i < MIN(n, ii + b); i++)
        for (int j = jj; j < MIN(n, jj + b); j++)
          t[(long)j * ld + i] = a[(long)i * ld + j];
}

// 100 x 100 in tiles of 32: the last tile of each row and column has 4.
void transpose_100(double *restrict t, const double *restrict a) {
  // CHECK: [[@LINE+5]]:3: remark: loop (copy-loop) of 't <- a',
  // CHECK-SAME: read 100 rows of 800 bytes, row pitch 1024 bytes,
  // CHECK-SAME: write 100 rows of 800 bytes, row pitch 1024 bytes;
  // CHECK-SAME: read lines 1300 to 1400, write lines 1300 to 1400;
  // CHECK-SAME: reads 10000, writes 10000, total M 20000;
  for (int ii = 0; ii < 100; ii += 32)
    for (int jj = 0; jj < 100; jj += 32)
      for (int i = ii; i < MIN(100, ii + 32); i++)
        for (int j = jj; j < MIN(100, jj + 32); j++)
          t[j * 128 + i] = a[i * 128 + j];
}

// 512 x 512, a row 4 KiB: a column of t falls into one L1 set. Untiled,
// each line of t is brought in again for each of its 8 elements, in L1
// and in L2 (a column of 512 lines at 64 sets apart needs 64 lines a set).
void transpose_512(double *restrict t, const double *restrict a) {
  // CHECK: [[@LINE+3]]:3: remark: loop (copy-loop)
  // CHECK-SAME: reads 262144, writes 262144, total M 524288; lines brought
  // CHECK-SAME: in again (loop order): L1 229376, L2 229376; assumed
  for (int i = 0; i < 512; i++)
    for (int j = 0; j < 512; j++)
      t[j * 512 + i] = a[i * 512 + j];
}

// In tiles of 16: a tile's column of t, 16 lines in one L1 set of 12
// ways, still misses L1 but stays in L2.
void transpose_512_tiles16(double *restrict t, const double *restrict a) {
  // CHECK: [[@LINE+3]]:3: remark: loop (copy-loop)
  // CHECK-SAME: reads 262144, writes 262144, total M 524288; lines brought
  // CHECK-SAME: in again (loop order): L1 229376; assumed
  for (int ii = 0; ii < 512; ii += 16)
    for (int jj = 0; jj < 512; jj += 16)
      for (int i = ii; i < MIN(512, ii + 16); i++)
        for (int j = jj; j < MIN(512, jj + 16); j++)
          t[j * 512 + i] = a[i * 512 + j];
}

// In tiles of 8, which fit L1's ways: every line once.
void transpose_512_tiles8(double *restrict t, const double *restrict a) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop)
  // CHECK-SAME: reads 262144, writes 262144, total M 524288; assumed
  for (int ii = 0; ii < 512; ii += 8)
    for (int jj = 0; jj < 512; jj += 8)
      for (int i = ii; i < MIN(512, ii + 8); i++)
        for (int j = jj; j < MIN(512, jj + 8); j++)
          t[j * 512 + i] = a[i * 512 + j];
}

// Whole tiles, to counter + b: b per tile, the last one too.
void whole_tiles(double *restrict t, const double *restrict a, int n, int b) {
  // CHECK: [[@LINE+3]]:3: remark: loop (copy-loop) of 't <- a',
  // CHECK-SAME: read contiguous block of
  // CHECK-SAME: 8*b*((n - min(1, n))/max(1, b) + min(1, n)) bytes,
  for (int ii = 0; ii < n; ii += b)
    for (int i = ii; i < ii + b; i++)
      t[i] = a[i];
}

// Tiles from lo: none when n <= lo.
void tiles_from(double *restrict t, const double *restrict a, int lo, int n,
                int b) {
  // CHECK: [[@LINE+4]]:3: remark: loop (copy-loop) of 't <- a',
  // CHECK-SAME: read contiguous block of 8*max(0, n - lo) bytes,
  // CHECK-SAME: write contiguous block of 8*max(0, n - lo) bytes;
  // CHECK-SAME: messages 1, bytes per message 8*max(0, n - lo),
  for (int ii = lo; ii < n; ii += b)
    for (int i = ii; i < MIN(ii + b, n); i++)
      t[i] = a[i];
}

// The destination moves by the tile again beside the loop inside: not
// one walk over the range.
void tile_moved_again(double *restrict t, const double *restrict a, int n,
                      int b) {
  // CHECK: [[@LINE+3]]:3: remark: copy loop not analysed: the address is
  // CHECK-SAME: not an affine function of the counter of the loop at line
  // CHECK-SAME: [[@LINE+1]]: it does not move by the tile of the loop inside
  for (int ii = 0; ii < n; ii += b)
    for (int i = ii; i < MIN(n, ii + b); i++)
      t[ii + i] = a[i];
}
