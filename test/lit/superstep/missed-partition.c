// Splits by thread id that are not analysed: bounds read from a table
// indexed by the id, and a split whose parts grow with the id (neither a
// block nor a cyclic partition of one range). A missed remark each.
// RUN: %commcost -O0 -fopenmp %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp %remarks %s 2>&1 | FileCheck %s
// CHECK-NOT: (superstep)
#include <omp.h>
void from_table(double *restrict b, const double *restrict a,
                const int *offsets) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    // CHECK: [[@LINE+1]]:5: remark: superstep not analysed: the split of the loop at line [[@LINE+1]] by the processor id is not affine in it: a bound is read from memory at an address computed from the processor id
    for (int i = offsets[id]; i < offsets[id + 1]; i++)
      b[i] = a[i];
  }
}
void growing(double *restrict b, const double *restrict a, int n) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    // CHECK: [[@LINE+1]]:5: remark: superstep not analysed: the split of the loop at line [[@LINE+1]] by id (from {{.*}} iterations each) is not a block or cyclic partition of one range
    for (int i = id * n; i < id * n + id; i++)
      b[i] = a[i];
  }
}
// CHECK-NOT: (superstep)
