// A user memcpy is a site; an aggregate assignment (also llvm.memcpy) is not.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <string.h>
struct S { double x[32]; };
void copy_struct(struct S *a, const struct S *b) { *a = *b; }
// CHECK-NOT: copy_struct
// CHECK: [[@LINE+1]]:50: remark: memcpy (copy) of 'd <- s', byte elements: contiguous block of n bytes
void copy_bytes(char *d, const char *s, int n) { memcpy(d, s, n); }
// CHECK: [[@LINE-1]]:1: remark: function 'copy_bytes': predicted communication cost ({{.*}}) ps (1 sites analysed, 0 not)
// CHECK-NOT: remark
