// The promoted copy the analysis makes at -O0 folds the load of l[0][2]
// to an address into the private constant clang made for l's first row;
// the copy is erased, the folded address was not. The code that used the
// constant is unreachable and code generation deletes it, so without the
// plugin nothing uses the constant; a leftover address would make it
// address-significant and the object would differ (.llvm_addrsig), as it
// did for a csmith program.
// RUN: %clang -O0 -Rpass-analysis=commcost -c %s -o %t.plain.o
// RUN: %clang -O0 -fplugin=%plugin -Rpass-analysis=commcost -c %s \
// RUN:   -o %t.plugin.o 2>&1 | FileCheck %s
// RUN: cmp %t.plain.o %t.plugin.o
// CHECK: remark: loop (copy-loop) of 'a <- g'
// CHECK: remark: function 'f': {{.*}} (1 sites analysed, 0 not)
static int g[4][4];
int f(int *a, int n, int k) {
  for (int i = 0; i < n; ++i)
    a[i] = g[1][i];
  return 0;
unreachable:;
  int *l[2][3] = {{&g[0][1], 0, &g[1][2]}, {&g[k][0], &g[2][2], 0}};
  return *l[0][2];
}
