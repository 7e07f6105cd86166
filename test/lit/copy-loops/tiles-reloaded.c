// A tile size whose address escaped (PRK's Tile_order, broadcast) is loaded
// again after each MPI call: the nest is analysed per iteration of the loop
// with the call, in which the loads of b for the step ii += b and for the
// bound ii + b, moved before the nest (pass/HoistLoads.h), are one value.
// At -O0 clang emits no type-based alias information to move them by.
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void tiles_after_barrier(double *restrict t, const double *restrict a, int n,
                         int iters) {
  int b = 32;
  MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD);
  for (int it = 0; it < iters; it++) {
    MPI_Barrier(MPI_COMM_WORLD);
    // CHECK: [[@LINE+4]]:5: remark: loop (copy-loop) of 't <- a',
    // CHECK-SAME: read max(0, n) rows of 8*max(0, n) bytes, row pitch 8*n
    // CHECK-SAME: write max(0, n) rows of 8*max(0, n) bytes, row pitch 8*n
    // CHECK-SAME: per iteration of the loop at line [[@LINE-5]], whose trip
    for (int ii = 0; ii < n; ii += b)
      for (int jj = 0; jj < n; jj += b)
        for (int i = ii; i < MIN(n, ii + b); i++)
          for (int j = jj; j < MIN(n, jj + b); j++)
            t[j * n + i] = a[i * n + j];
  }
}
