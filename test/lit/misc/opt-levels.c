// The analysis is in the default pipeline at every optimisation level, and
// prints nothing unless asked to.
// RUN: %commcost -O1 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -Os -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -Oz -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -flto=thin -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %commcost -O2 -Rpass-missed=commcost %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark
#include <mpi.h>
void send_halo(double *u, int nx, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'u', double elements: contiguous block of 8*nx bytes; messages 1
  MPI_Send(u + nx, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE-3]]:1: remark: function 'send_halo': predicted communication cost
  // CHECK-NOT: remark
}
