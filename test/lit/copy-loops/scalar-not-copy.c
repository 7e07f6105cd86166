// A store of a loaded value to a local scalar whose address escapes is no
// copy loop: the variables an OpenMP region captures (a loop that only
// holds a parallel region, LULESH's EvalEOSForElems) and a variable given
// to MPI_Bcast, which is the site.
// RUN: %commcost -O2 -fopenmp %remarks %s 2>&1 | FileCheck %s --implicit-check-not="copy loop" --implicit-check-not="(copy-loop)"
#include <mpi.h>
void region_per_step(double *x, const double *y, int n, int steps,
                     const int *len) {
  for (int s = 0; s < steps; s++) {
    int m = len[s];
#pragma omp parallel for firstprivate(m)
    for (int i = 0; i < n; i++)
      x[i] += y[i] * m;
  }
}
void bcast_each(const int *sizes, int k) {
  for (int i = 0; i < k; i++) {
    int n = sizes[i];
    // CHECK: [[@LINE+1]]:5: remark: MPI_Bcast (collective)
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
}
