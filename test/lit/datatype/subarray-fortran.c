// MPI_Type_create_subarray in Fortran order: the first dimension is contiguous, so the block is the transpose of the C-order one.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
static double grid[128][256];
void send_block_fortran(int to) {
  int sizes[2] = {256, 128}, subsizes[2] = {32, 16}, starts[2] = {64, 8};
  MPI_Datatype block;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN,
                           MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements, datatype MPI_Type_create_subarray([256,128], [32,16], [64,8], Fortran order, double): 16 rows of 256 bytes, row pitch 2048 bytes; messages 1, bytes per message 4096, bytes 4096; unique lines 64 to 80; assumed alignment: aligned to 16 bytes ('grid' is aligned);
  MPI_Send(grid, 1, block, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&block);
}
