// Code inlined from a system header (std::string's char_traits copy loop)
// is library code, not a site of the user's: nothing is reported from it,
// not even at the user's loop around it. Included with -I, the same copy
// is the user's.
// RUN: %commcost -O2 -isystem %S/../Inputs/sysinc %remarks %s 2>&1 | FileCheck --allow-empty --check-prefix=SYS %s
// RUN: %commcost -O2 -I %S/../Inputs/sysinc %remarks %s 2>&1 | FileCheck --check-prefix=USER %s
#include <libcopy.h>
// SYS-NOT: remark
void user_rows(double *a, const double *b, int n, int k) {
  // USER: system-header.c:[[@LINE+1]]:3: remark: loop (copy-loop) of 'a <- b'
  for (int j = 0; j < k; j++)
    lib_copy(a + j * n, b, n);
}
