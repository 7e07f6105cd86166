// C++: std::array members and a 2-D std::array copied as a sub-block.
// RUN: %commcostxx -O0 %remarks %s 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %commcostxx -O2 %remarks %s 2>&1 | FileCheck %s
#include <array>
std::array<std::array<float, 256>, 128> grid;
std::array<float, 1024> tile;
void pack_tile(int y, int x) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'tile <- grid', float elements: read 16 rows of 256 bytes, row pitch 1024 bytes, write contiguous block of 4096 bytes; messages 1, bytes per message 4096, bytes 4096; read lines 64 to 80, write lines 64 to 65; reads 1024, writes 1024, total M 2048; assumed alignment: read aligned to 4 bytes ('grid' is aligned), write aligned to 4 bytes ('tile' is aligned);
  // O0: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+2]]: it is computed by a call to std::array<float, 256ul>::operator[](unsigned long) in the loop (accessors are inlined only above -O0)
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 64; c++)
      tile[r * 64 + c] = grid[y + r][x + c];
}
