// MPI_Put (one-sided): the origin buffer is the marshalled slice.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
static double grid[32][32];
void put_row(int target, MPI_Win win) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Put (put) of 'grid', double elements: contiguous block of 256 bytes; messages 1, bytes per message 256, bytes 256; unique lines 4 to 5; assumed alignment: aligned to 16 bytes ('grid' is aligned); cost 0.388 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Put(&grid[4][0], 32, MPI_DOUBLE, target, 0, 32, MPI_DOUBLE, win);
}
