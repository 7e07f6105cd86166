// A constant sub-block copy between two global 2-D arrays.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
double g[100][200], h[50][60];
void copy_block(void) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'h <- g', double elements: read 50 rows of 480 bytes, row pitch 1600 bytes, write contiguous block of 24000 bytes; messages 1, bytes per message 24000, bytes 24000; read lines 400 to 450, write lines 375 to 376; reads 3000, writes 3000, total M 6000;
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 60; j++)
      h[i][j] = g[i + 10][j + 20];
}
