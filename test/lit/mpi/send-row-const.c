// A contiguous row of a global grid, constant size, at -O0 and -O2.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
static double grid[64][128];
void send_row(int to) {
  // CHECK: send-row-const.c:[[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements: contiguous block of 1024 bytes; messages 1, bytes per message 1024, bytes 1024; unique lines 16 to 17;
  MPI_Send(&grid[1][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// CHECK-SAME: profile {{.*}}fixed.json
