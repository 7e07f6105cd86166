/* A transpose as bulk-synchronous supersteps on threads (Amato et al.):
 * each thread copies its rows of the source into the destination's
 * columns; a second superstep copies a block partition computed from
 * omp_get_thread_num() out to a global array. The plugin reports each
 * split loop as a superstep with the most reads and writes of one thread
 * (hr, hw), the total of all threads (M) and the cost of the profile's
 * superstep model.
 *
 *   clang-19 -O2 -fopenmp -fplugin=build/lib/CommCost.so \
 *     -Rpass-analysis=commcost -c examples/superstep_transpose.c
 */
#include <omp.h>

/* b (m x n, row-major) = transpose of a (n x m, row-major), rows of a
 * split among the threads by the static schedule. */
void transpose(double *restrict b, const double *restrict a, int n, int m) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[j * n + i] = a[i * m + j];
}

/* Copy-out of a local result: thread id writes elements
 * [id * n / p, (id + 1) * n / p) of global. */
void copy_out(double *restrict global, const double *restrict local, int n) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int p = omp_get_num_threads();
    int lo = id * n / p, hi = (id + 1) * n / p;
    for (int i = lo; i < hi; i++)
      global[i] = local[i];
  }
}
