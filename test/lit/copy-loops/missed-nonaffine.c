// An indirect subscript (a gather) is not affine: a missed remark, no crash.
// RUN: %commcost -O0 -Rpass-missed=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-missed=commcost %s 2>&1 | FileCheck %s
void gather(double *restrict b, const double *restrict a, const int *idx, int n) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+1]]
  for (int i = 0; i < n; i++)
    b[i] = a[idx[i]];
}
