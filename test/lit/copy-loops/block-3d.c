// A 3-D sub-block: 8 planes of 8 rows of 8 floats out of a 16x32x64 array
// into a packed 8x8x8 buffer.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
float X[16][32][64], Y[8][8][8];
void block3d(void) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'Y <- X', float elements: read 8 planes of 8 rows of 32 bytes, row pitch 256 bytes, plane pitch 8192 bytes, write contiguous block of 2048 bytes; messages 1, bytes per message 2048, bytes 2048; read lines 64 to 128, write lines 32 to 33; reads 512, writes 512, total M 1024;{{.*}} cost 0.593 us (model M1-reuse, profile {{.*}}fixed.json)
  for (int k = 0; k < 8; k++)
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++)
        Y[k][i][j] = X[k + 2][i + 4][j + 8];
}
