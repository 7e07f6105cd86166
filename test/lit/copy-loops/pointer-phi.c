// A pointer that the loop sets to another pointer it loads (a linked walk):
// its step is no difference (pointers of different bases have none) and the
// copy loop is missed. At -O0 this crashed the analysis (csmith seed
// 1650906533).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
void follow(int **tab, int n, int *dst) {
  int *p = tab[0];
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+1]]
  for (int i = 0; i < n; i++) {
    dst[i] = *p;
    p = tab[i + 1];
  }
}
