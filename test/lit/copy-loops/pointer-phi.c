// A pointer that the loop sets to another pointer it loads (a linked walk).
// At -O0 it is a phi whose step is no difference (pointers of different
// bases have none) and the copy loop is missed; this once crashed the
// analysis (csmith seed 1650906533). Above, each iteration reads through
// the pointer loaded in it: n elements at loaded pointers, whose lines are
// bounds.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck --check-prefix=O0 %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
void follow(int **tab, int n, int *dst) {
  int *p = tab[0];
  // O0: [[@LINE+2]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+2]]
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- p', i32 elements: read contiguous block of 4 bytes at each of n pointers loaded in the loop at line [[@LINE+1]], write contiguous block of 4*n bytes; {{.*}}; read lines min(1, n) to n,
  for (int i = 0; i < n; i++) {
    dst[i] = *p;
    p = tab[i + 1];
  }
}
