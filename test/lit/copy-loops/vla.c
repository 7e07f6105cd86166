// Copy loops over variable-length arrays: a column out of a VLA and a halo row into one.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
void pack_vla_column(int ny, int nx, double a[ny][nx], double *restrict buf,
                     int j) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'buf <- a', double elements: read ny rows of 8 bytes, row pitch 8*nx bytes, write contiguous block of 8*ny bytes; messages 1, bytes per message 8*ny, bytes 8*ny; read lines min(1, ny)*min(ny, ceildiv(8*nx*(ny - 1) + 8, 64)) to min(1, ny)*min(ny, floordiv(8*nx*(ny - 1) + 63, 64) + 1), write lines ceildiv(8*ny, 64) to min(1, ny) + floordiv(8*ny + 55, 64); reads ny, writes ny, total M 2*ny; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment);
  for (int i = 0; i < ny; i++)
    buf[i] = a[i][j];
}
void unpack_vla_row(int ny, int nx, double a[restrict ny][nx],
                    const double *restrict buf) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'a <- buf', double elements: read contiguous block of 8*nx bytes, write contiguous block of 8*nx bytes; messages 1, bytes per message 8*nx, bytes 8*nx; read lines ceildiv(8*nx, 64) to min(1, nx) + floordiv(8*nx + 55, 64), write lines ceildiv(8*nx, 64) to min(1, nx) + floordiv(8*nx + 55, 64); reads nx, writes nx, total M 2*nx; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment);
  for (int x = 0; x < nx; x++)
    a[0][x] = buf[x];
}
