// Source and destination in the same array may overlap: missed remark.
// RUN: %commcost -O2 -Rpass-missed=commcost %s 2>&1 | FileCheck %s
void shift(double *a, int n) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: source and destination are the same array 'a', so they may overlap
  for (int i = 0; i < n; i++)
    a[i] = a[i + 1];
}
