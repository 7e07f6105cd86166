// Pointers with linearised subscripts (i*ld + j): the nest is delinearised into rows of a 2-D block and a 3-D plane.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// A symbolic pitch with rows that may straddle lines a varying number of
// times: the footprint is delinearised and the line count bounded by the
// cache-lines paper's gcd bounds, written with gcd(64, pitch).
void copy_block(float *restrict dst, const float *restrict src, int ld) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', float elements: read 32 rows of 64 bytes, row pitch 4*ld bytes, write contiguous block of 2048 bytes; messages 1, bytes per message 2048, bytes 2048; read lines min((64/gcd(64, 4*ld) + floordiv(63, gcd(64, 4*ld)))*floordiv(32, 64/gcd(64, 4*ld)) + 32%(64/gcd(64, 4*ld)), ceildiv(124*ld + 64, 64)) to min((64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)))*floordiv(32, 64/gcd(64, 4*ld)) + min(64/gcd(64, 4*ld) + floordiv(gcd(64, 4*ld) + 59, gcd(64, 4*ld)), 2*(32%(64/gcd(64, 4*ld)))), floordiv(124*ld + 123, 64) + 1), write lines 32 to 33; reads 512, writes 512, total M 1024; assumed alignment: read aligned to 4 bytes (element alignment), write aligned to 4 bytes (element alignment);
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 16; j++)
      dst[i * 16 + j] = src[i * ld + j];
}
void copy_plane(double *restrict dst, const double *restrict u, int nx, int ny,
                int nz, int y) {
// A row longer than a cache brings its last line in again for the next
// row: symbolic, the refetches are counted for every size.
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- u', double elements: read nz rows of 8*nx bytes, row pitch 8*nx*ny bytes, write contiguous block of 8*nx*nz bytes; messages 1, bytes per message 8*nx*nz, bytes 8*nx*nz; read lines min(1, nz)*min((64/gcd(64, 8*nx*ny) + floordiv(8*nx - 1, gcd(64, 8*nx*ny)))*floordiv(nz, 64/gcd(64, 8*nx*ny)) + (floordiv(8*nx - 1, 64) + 1)*(nz%(64/gcd(64, 8*nx*ny))), ceildiv(8*nx + 8*nx*ny*(nz - 1), 64)) to min(1, nx)*min(1, nz)*min((64/gcd(64, 8*nx*ny) + floordiv(8*nx + gcd(64, 8*nx*ny) - 9, gcd(64, 8*nx*ny)))*floordiv(nz, 64/gcd(64, 8*nx*ny)) + min(64/gcd(64, 8*nx*ny) + floordiv(8*nx + gcd(64, 8*nx*ny) - 9, gcd(64, 8*nx*ny)), (floordiv(8*nx + 55, 64) + 1)*(nz%(64/gcd(64, 8*nx*ny)))), floordiv(8*nx + 8*nx*ny*(nz - 1) + 55, 64) + 1), write lines ceildiv(8*nx*nz, 64) to min(1, nx*nz) + floordiv(8*nx*nz + 55, 64); reads nx*nz, writes nx*nz, total M 2*nx*nz; lines brought in again (loop order): L1 {{.*}}; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment);
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
