// Pointers with linearised subscripts (i*ld + j): the nest is delinearised into rows of a 2-D block and a 3-D plane.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// A symbolic pitch with rows that may straddle lines a varying number of
// times: the footprint is delinearised, but no exact line count is known
// yet (a missed remark says so).
void copy_block(float *restrict dst, const float *restrict src, int ld) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: row pitch 4*ld is not a known constant and rows of 64 bytes, starting at multiples of 4 bytes within a 64-byte line, may cross a line boundary a varying number of times; a pitch and alignment that are multiples of the line size make the count exact
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 16; j++)
      dst[i * 16 + j] = src[i * ld + j];
}
void copy_plane(double *restrict dst, const double *restrict u, int nx, int ny,
                int nz, int y) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: row pitch 8*nx*ny is not a known constant and rows of 8*nx bytes, starting at multiples of 8 bytes within a 64-byte line, may cross a line boundary a varying number of times; a pitch and alignment that are multiples of the line size make the count exact
  for (int z = 0; z < nz; z++)
    for (int x = 0; x < nx; x++)
      dst[z * nx + x] = u[(z * ny + y) * nx + x];
}
// Line-aligned rows with a pitch that is a multiple of the line: exact.
void copy_block_aligned(float *restrict dst, const float *restrict s, int ld) {
  const float *src = __builtin_assume_aligned(s, 64);
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- s', float elements: read 32 rows of 64 bytes, row pitch 64*ld bytes, write contiguous block of 2048 bytes; messages 1, bytes per message 2048, bytes 2048; read lines min(32, 31*ld + 1), write lines 32 to 33; reads 512, writes 512, total M 1024; assumed alignment: read offset 0 in a 64-byte line (__builtin_assume_aligned to 64), write aligned to 4 bytes (element alignment);
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 16; j++)
      dst[i * 16 + j] = src[i * 16 * ld + j];
}
