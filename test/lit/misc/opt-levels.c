// The analysis is in the default pipeline at every optimisation level, and
// prints nothing unless asked to.
// RUN: %clang -O1 -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -Os -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -Oz -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -flto=thin -fplugin=%plugin %mpi_cflags -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fplugin=%plugin %mpi_cflags -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %clang -O2 -fplugin=%plugin %mpi_cflags -Rpass-missed=commcost -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark
#include <mpi.h>
void send_halo(double *u, int nx, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'u', double elements: contiguous block of 8*nx bytes; messages 1
  MPI_Send(u + nx, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE-3]]:1: remark: function 'send_halo': predicted communication cost
  // CHECK-NOT: remark
}
