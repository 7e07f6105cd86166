// A switch on the way to a site is a condition of its counts, as a branch
// is: the cases that lead to it (a fall-through included), or the cases
// the default excludes (clang may turn the latter into a range test). miniAMR's apply_bc (switch (l), fall-through from
// case 1 into case 0) once reported only 'code == 0', which holds for every
// l.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
void apply(double *restrict a, const double *restrict b, int l, int code,
           int n) {
  int t = 0, f = 1;
  if (!code)
    switch (l) {
    case 1:
      t = 5;
      f = 4;
    case 0:
      // CHECK: [[@LINE+1]]:7: remark: loop (copy-loop) of 'a <- b', double elements: {{.*}}; only when code == 0 and (l == 1 or l == 0); messages 1,
      for (int k = 0; k < n; k++)
        a[k + t] = b[k + f];
      break;
    case 3:
      // CHECK: [[@LINE+1]]:7: remark: loop (copy-loop) of 'a <- b', double elements: {{.*}}; only when code == 0 and l == 3; messages 1,
      for (int k = 0; k < n; k++)
        a[2 * k] = b[k];
      break;
    }
}

void others(double *restrict a, const double *restrict b, int l, int n) {
  switch (l) {
  case 0:
  case 1:
    break;
  default:
    // CHECK: [[@LINE+1]]:5: remark: loop (copy-loop) of 'a <- b', double elements: {{.*}}; only when {{(l != 0 and l != 1|l >= 2)}}; messages 1,
    for (int k = 0; k < n; k++)
      a[k] = b[3 * k];
  }
}
