// Source and destination in the same array may overlap: missed remark.
// RUN: %clang -O2 -fplugin=%plugin -Rpass-missed=commcost -c %s -o /dev/null 2>&1 | FileCheck %s
void shift(double *a, int n) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: source and destination are the same array 'a', so they may overlap
  for (int i = 0; i < n; i++)
    a[i] = a[i + 1];
}
