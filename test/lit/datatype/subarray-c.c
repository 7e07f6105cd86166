// MPI_Type_create_subarray in C order: an interior block of a 2-D grid.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
static double grid[128][256];
void send_block(int to) {
  int sizes[2] = {128, 256}, subsizes[2] = {16, 32}, starts[2] = {8, 64};
  MPI_Datatype block;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE,
                           &block);
  MPI_Type_commit(&block);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements, datatype MPI_Type_create_subarray([128,256], [16,32], [8,64], C order, double): 16 rows of 256 bytes, row pitch 2048 bytes; messages 1, bytes per message 4096, bytes 4096; unique lines 64 to 80; assumed alignment: aligned to 16 bytes ('grid' is aligned); cost 0.957 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(grid, 1, block, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&block);
}
// Symbolic sizes: the datatype is understood; a symbolic row width with a
// symbolic pitch gets the gcd bounds, 0 when h or w is 0.
void send_block_symbolic(double *g, int ny, int nx, int h, int w, int y, int x,
                         int to) {
  int sizes[2] = {ny, nx}, subsizes[2] = {h, w}, starts[2] = {y, x};
  MPI_Datatype block;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE,
                           &block);
  MPI_Type_commit(&block);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'g', double elements, datatype MPI_Type_create_subarray([ny,nx], [h,w], [y,x], C order, double): h rows of 8*w bytes, row pitch 8*nx bytes; messages 1, bytes per message 8*h*w, bytes 8*h*w; unique lines min(1, h)*min(1, w)*min((64/gcd(64, 8*nx) + floordiv(8*w - 1, gcd(64, 8*nx)))*floordiv(h, 64/gcd(64, 8*nx)) + (floordiv(8*w - 1, 64) + 1)*(h%(64/gcd(64, 8*nx))), ceildiv(8*w + 8*nx*(h - 1), 64)) to min(1, h)*min(1, w)*min((64/gcd(64, 8*nx) + floordiv(8*w + gcd(64, 8*nx) - 9, gcd(64, 8*nx)))*floordiv(h, 64/gcd(64, 8*nx)) + min(64/gcd(64, 8*nx) + floordiv(8*w + gcd(64, 8*nx) - 9, gcd(64, 8*nx)), (floordiv(8*w + 55, 64) + 1)*(h%(64/gcd(64, 8*nx)))), floordiv(8*w + 8*nx*(h - 1) + 55, 64) + 1); assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Send(g, 1, block, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&block);
}
