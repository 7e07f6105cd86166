// 3-D planes and pencils of a global array in copy loops.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
double u[32][64][128], plane[32][64], pencil[64];
void pack_plane_x(int x) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'plane <- u', double elements: read 2048 rows of 8 bytes, row pitch 1024 bytes, write contiguous block of 16384 bytes; messages 1, bytes per message 16384, bytes 16384; read lines 2048, write lines 256 to 257; reads 2048, writes 2048, total M 4096; assumed alignment: read aligned to 8 bytes ('u' is aligned, plus offset), write aligned to 16 bytes ('plane' is aligned);
  for (int z = 0; z < 32; z++)
    for (int y = 0; y < 64; y++)
      plane[z][y] = u[z][y][x];
}
void pack_pencil_y(int z, int x) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'pencil <- u', double elements: read 64 rows of 8 bytes, row pitch 1024 bytes, write contiguous block of 512 bytes; messages 1, bytes per message 512, bytes 512; read lines 64, write lines 8 to 9; reads 64, writes 64, total M 128; assumed alignment: read aligned to 8 bytes ('u' is aligned, plus offset), write aligned to 16 bytes ('pencil' is aligned);
  for (int y = 0; y < 64; y++)
    pencil[y] = u[z][y][x];
}
