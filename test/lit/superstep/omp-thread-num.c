// Explicit splits by omp_get_thread_num(): a block split id*n/p, a block of
// ceildiv(n, p) elements clipped with a ternary min, and a cyclic split.
// hr and hw are the most any thread copies; Reads and Writes are those of
// thread id.
// RUN: %commcost -O0 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <omp.h>
void block(double *restrict b, const double *restrict a, int n) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int p = omp_get_num_threads();
    int lo = id * n / p, hi = (id + 1) * n / p;
    // CHECK: [[@LINE+1]]:5: remark: loop (superstep) of 'b <- a', double elements, split among p threads by id (omp_get_thread_num()): id runs n*(id + 1)/p - id*n/p iterations, at most ceildiv(n, p) of n;{{.*}} one processor reads contiguous block of 8*ceildiv(n, p) bytes, writes contiguous block of 8*ceildiv(n, p) bytes;{{.*}} reads n*(id + 1)/p - id*n/p, writes n*(id + 1)/p - id*n/p, per processor at most hr ceildiv(n, p), hw ceildiv(n, p), total M 2*n;{{.*}} cost (2200*ceildiv(n, p) + 1000000) ps
    for (int i = lo; i < hi; i++)
      b[i] = a[i];
  }
}
void clipped(double *restrict b, const double *restrict a, int n) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int p = omp_get_num_threads();
    int chunk = (n + p - 1) / p;
    int lo = id * chunk;
    int hi = lo + chunk < n ? lo + chunk : n;
    // CHECK: [[@LINE+1]]:5: remark: loop (superstep) of 'b <- a', double elements, split among p threads by id (omp_get_thread_num()): id runs max(0, min(n, id*((n + p - 1)/p) + (n + p - 1)/p) - id*((n + p - 1)/p)) iterations, at most ceildiv(n, p) of n;{{.*}} per processor at most hr ceildiv(n, p), hw ceildiv(n, p), total M 2*n;
    for (int i = lo; i < hi; i++)
      b[i] = a[i];
  }
}
void cyclic(float *restrict b, const float *restrict a, int n) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    int p = omp_get_num_threads();
    // CHECK: [[@LINE+1]]:5: remark: loop (superstep) of 'b <- a', float elements, split among p threads by id (omp_get_thread_num()): id runs ceildiv(n - id, p) iterations, at most ceildiv(n, p) of n;{{.*}} one processor reads ceildiv(n, p) rows of 4 bytes, row pitch 4*p bytes, writes ceildiv(n, p) rows of 4 bytes, row pitch 4*p bytes;{{.*}} reads ceildiv(n - id, p), writes ceildiv(n - id, p), per processor at most hr ceildiv(n, p), hw ceildiv(n, p), total M 2*n;
    for (int i = id; i < n; i += p)
      b[i] = a[i];
  }
}
