// A row whose length is a parameter: sizes and cost are expressions in the
// source variable, lines are bounded by the element alignment.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_row(double *g, int nx, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'g', double elements: contiguous block of 8*nx bytes; messages 1, bytes per message 8*nx, bytes 8*nx; unique lines ceildiv(8*nx, 64) to min(1, nx) + floordiv(8*nx + 55, 64); assumed alignment: aligned to 8 bytes (element alignment); cost ({{.*}}nx{{.*}}) ps
  MPI_Send(g + nx, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
