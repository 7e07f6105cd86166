// Transposes: b[j][i] = a[i][j] over whole arrays (constant and VLA
// shapes) and of a 32x32 block of a larger grid into a tile. The reads of
// the block are 32 rows of 256 bytes, 2048 bytes apart; its writes fill
// the tile.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
double A[64][128], B[128][64];
void transpose(void) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'B <- A', double elements: read contiguous block of 65536 bytes, write contiguous block of 65536 bytes; messages 1, bytes per message 65536, bytes 65536; read lines 1024 to 1025, write lines 1024 to 1025; reads 8192, writes 8192, total M 16384;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 128; j++)
      B[j][i] = A[i][j];
}
void transpose_vla(int n, int m, double b[m][n], const double a[n][m]) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'b <- a', double elements: read contiguous block of 8*m*n bytes, write contiguous block of 8*m*n bytes;{{.*}} reads m*n, writes m*n, total M 2*m*n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[j][i] = a[i][j];
}
double grid[256][256];
void transpose_block(double (*restrict t)[32], int r0, int c0) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 't <- grid', double elements: read 32 rows of 256 bytes, row pitch 2048 bytes, write contiguous block of 8192 bytes;{{.*}} read lines 128 to 160, write lines 128 to 129; reads 1024, writes 1024, total M 2048;{{.*}} cost 0.906 us (model M1-reuse, profile {{.*}}fixed.json)
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      t[j][i] = grid[r0 + i][c0 + j];
}
