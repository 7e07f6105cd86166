// Copy-in and copy-out of a 32x32 block of a global grid through a local
// tile, as the phases of a bulk-synchronous superstep do.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
double grid[256][256];
void copy_in(double (*restrict local)[32], int r0, int c0) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'local <- grid', double elements: read 32 rows of 256 bytes, row pitch 2048 bytes, write contiguous block of 8192 bytes; messages 1, bytes per message 8192, bytes 8192; read lines 128 to 160, write lines 128 to 129; reads 1024, writes 1024, total M 2048;
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      local[i][j] = grid[r0 + i][c0 + j];
}
void copy_out(const double (*restrict local)[32], int r0, int c0) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'grid <- local', double elements: read contiguous block of 8192 bytes, write 32 rows of 256 bytes, row pitch 2048 bytes; messages 1, bytes per message 8192, bytes 8192; read lines 128 to 129, write lines 128 to 160; reads 1024, writes 1024, total M 2048;
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      grid[r0 + i][c0 + j] = local[i][j];
}
