// A name that the positions of loads of two different variables give
// names neither: a macro's expansion puts the loads of wg[g] and sg[g] at
// its use, where g is the variable the source reads last, and the stride
// wg[g] + 4 was named g + 4 (row pitch 8*g + 32 bytes). Missed, with the
// reason.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// CHECK-NOT: 8*g + 32
int wg[8], sg[8];
#define IN(g, i, j) a[(i) - sg[g] + (j) * (wg[g] + 4)]
void pack_macro(double *restrict buf, const double *restrict a, int g, int n,
                int m) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: the stride in the loop at line [[@LINE+1]]: a size depends on a value loaded from memory at line [[@LINE+3]], which has no source-level name (compile with -g to name it)
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      buf[j * n + i] = IN(g, i, j);
}
// CHECK-NOT: 8*g + 32
