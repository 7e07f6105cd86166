// Execution: the program computes the same whichever alternative runs, and
// at run time the alternative (or the tuning value) that runs is the one
// whose cost, as the record states it, is least for the actual arguments;
// the same arguments reuse the decision. Without the plugin the first
// alternative and the first value run, with the same results (clang, GCC,
// C and C++).
// RUN: %clang -O2 -fplugin=%plugin -I%srcroot/runtime/include -fsave-optimization-record -foptimization-record-file=%t.yaml %s -o %t.o2
// RUN: %t.o2 > %t.o2.out
// RUN: FileCheck %s --check-prefix=PLUGIN < %t.o2.out
// RUN: %python %S/Inputs/check_choices.py %t.yaml %t.o2.out | FileCheck %s --check-prefix=AGREE
// RUN: %clang -O0 -fplugin=%plugin -I%srcroot/runtime/include -fsave-optimization-record -foptimization-record-file=%t0.yaml %s -o %t.o0
// RUN: %t.o0 > %t.o0.out
// RUN: %python %S/Inputs/check_choices.py %t0.yaml %t.o0.out | FileCheck %s --check-prefix=AGREE
// RUN: %clangxx -x c++ -O3 -fplugin=%plugin -I%srcroot/runtime/include -fsave-optimization-record -foptimization-record-file=%txx.yaml %s -o %t.xx
// RUN: %t.xx > %t.xx.out
// RUN: %python %S/Inputs/check_choices.py %txx.yaml %t.xx.out | FileCheck %s --check-prefix=AGREE
// RUN: %clang -O2 -I%srcroot/runtime/include %s -o %t.plain
// RUN: %t.plain | FileCheck %s --check-prefix=PLAIN
// RUN: gcc -O2 -Wall -Wextra -Wpedantic -Werror -I%srcroot/runtime/include %s -o %t.gcc
// RUN: %t.gcc | FileCheck %s --check-prefix=PLAIN
// RUN: g++ -x c++ -O2 -Wall -Wextra -Wpedantic -Werror -I%srcroot/runtime/include %s -o %t.gxx
// RUN: %t.gxx | FileCheck %s --check-prefix=PLAIN
#include <commcost/variants.h>
#include <stdio.h>
#include <string.h>

enum { CAP = 1 << 16 };
static char src[CAP], dst[CAP];
static int ran;

// n lines of 64 bytes copied one by one, or the whole buffer at once: the
// first costs per line, the second the same whatever n is.
static void copy_lines(char *d, const char *s, int n) {
  ran = 0;
  for (int i = 0; i < n; ++i)
    memcpy(d + i * 64, s + i * 64, 64);
}
static void copy_all(char *d, const char *s, int n) {
  ran = 1;
  (void)n;
  memcpy(d, s, CAP);
}
COMMCOST_VARIANTS(copy, copy_lines, copy_all);

// n bytes (a multiple of every piece) in pieces of `piece` bytes. Not
// static: at -O3 the optimiser would drop the constant arguments of a
// static function, and with them the parameter names its cost is in.
int pieces(char *d, const char *s, int n);
int pieces(char *d, const char *s, int n) {
  int piece = COMMCOST_TUNE(piece, 64, 1024, 16384);
  for (int i = 0; i < n; i += piece)
    memcpy(d + i, s + i, piece);
  return piece;
}

int main(void) {
  for (int i = 0; i < CAP; ++i)
    src[i] = (char)(i * 7 + 3);
  for (int n = 1; n <= 1024; n *= 2) {
    for (int again = 0; again < 2; ++again) {
      memset(dst, 0, CAP);
      copy(dst, src, n);
      printf("choice copy n=%d -> %d same=%d\n", n, ran,
             memcmp(dst, src, (size_t)n * 64) == 0);
    }
  }
  for (int n = 16384; n <= CAP; n *= 2) {
    memset(dst, 0, CAP);
    int piece = pieces(dst, src, n);
    int index = piece == 64 ? 0 : piece == 1024 ? 1 : 2;
    printf("choice piece n=%d -> %d same=%d\n", n, index,
           memcmp(dst, src, (size_t)n) == 0);
  }
  return 0;
}
// PLUGIN: choice copy n=1 -> 0 same=1
// PLUGIN: choice copy n=1024 -> 1 same=1
// PLUGIN-NOT: same=0
// AGREE-NOT: WRONG
// AGREE: 25 choices checked
// PLAIN: choice copy n=1 -> 0 same=1
// PLAIN: choice copy n=1024 -> 0 same=1
// PLAIN: choice piece n=16384 -> 0 same=1
// PLAIN-NOT: same=0
