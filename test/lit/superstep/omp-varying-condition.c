// A condition inside a split loop that depends on the split loop's counter
// (i != skip) selects some iterations only: the superstep's counts are
// maxima, even though the condition is invariant in the inner loop.
// RUN: %commcost -O0 -fopenmp %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp %remarks %s 2>&1 | FileCheck %s
void skip_one(int n, int m, int skip, float *restrict d, const float *restrict s) {
  // CHECK: [[@LINE+1]]:{{[0-9]+}}: remark: loop (superstep) of 'd <- s', float elements, {{.*}}; at most, since it runs only where the condition at line [[@LINE+4]] {{(does not hold|holds)}} (in the loop at line [[@LINE+1]]){{.*}}; reads at most m*ceildiv(max(0, n), P), writes at most m*ceildiv(max(0, n), P), per processor hr at most m*ceildiv(max(0, n), P), hw at most m*ceildiv(max(0, n), P), total M at most 2*m*max(0, n);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (i != skip)
        d[i] = s[i + j];
}
