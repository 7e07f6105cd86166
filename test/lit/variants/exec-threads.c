// Execution with threads: calls from several threads with arguments that
// want different alternatives share one call site's remembered decision;
// every call must still run the alternative whose cost is least for its
// own arguments (the decision cache is a sequence lock).
// RUN: %clang -O2 -fopenmp -fplugin=%plugin -I%srcroot/runtime/include -Rpass=commcost %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: env OMP_NUM_THREADS=4 %t | FileCheck %s
#include <commcost/variants.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

enum { CAP = 1 << 16 };
static char src[CAP];

// As exec-runtime.c: per line, or everything at once (the predicted
// costs cross between 128 and 256 lines).
static int copy_lines(char *d, const char *s, int n) {
  for (int i = 0; i < n; ++i)
    memcpy(d + i * 64, s + i * 64, 64);
  return 0;
}
static int copy_all(char *d, const char *s, int n) {
  (void)n;
  memcpy(d, s, CAP);
  return 1;
}
COMMCOST_VARIANTS(copy, copy_lines, copy_all);

int main(void) {
  long wrong = 0, calls = 0;
#pragma omp parallel reduction(+ : wrong, calls)
  {
    static char dst[4][CAP];
    int me = omp_get_thread_num() % 4;
    for (int i = 0; i < 20000; ++i) {
      // Threads disagree: even ones small, odd ones large, and they swap.
      int n = ((i + me) & 1) ? 1024 : 8;
      int ran = copy(dst[me], src, n);
      wrong += ran != (n == 1024);
      ++calls;
    }
  }
  printf("calls %ld wrong %ld\n", calls, wrong);
  return 0;
}
// REMARK: remark: copy: chosen at run time among copy_lines
// CHECK: calls {{[1-9][0-9]*}} wrong 0
