// commcost/budget.h's macros reach the IR as entries of
// llvm.global.annotations (function, text) that the plugin reads, at -O0
// and -O2, in C; a macro budget is expanded; GCC, which has no annotate
// attribute, compiles the same code without a warning.
// RUN: %clang -O0 -I%srcroot/runtime/include -S -emit-llvm %s -o - | sed -e 's/ }, { / }\n{ /g' | FileCheck %s
// RUN: %clang -O2 -I%srcroot/runtime/include -S -emit-llvm %s -o - | sed -e 's/ }, { / }\n{ /g' | FileCheck %s
// RUN: gcc -fsyntax-only -Wall -Wextra -Werror -I%srcroot/runtime/include %s
#include <commcost/budget.h>

#define HALO_BUDGET 7.5

COMMCOST_BUDGET_US(5.0)
void f(int *a) { a[0] = 1; }

// A static function inlined into its caller keeps its budget.
COMMCOST_BUDGET_US(HALO_BUDGET)
static void g(int *a) { a[1] = 2; }

COMMCOST_BUDGET_US_AT(2.5, "nx=1024,ny=8")
void h(int *a) { g(a); }

// After the declarator, on a declaration, as GNU attributes go.
void k(void) COMMCOST_BUDGET_US(1);
void k(void) {}

// CHECK-DAG: @[[F:[^ ]+]] = {{.*}} c"commcost.budget_us=5.0\00", section "llvm.metadata"
// CHECK-DAG: @[[G:[^ ]+]] = {{.*}} c"commcost.budget_us=7.5\00", section "llvm.metadata"
// CHECK-DAG: @[[H:[^ ]+]] = {{.*}} c"commcost.budget_us=2.5;at=nx=1024,ny=8\00", section "llvm.metadata"
// CHECK-DAG: @[[K:[^ ]+]] = {{.*}} c"commcost.budget_us=1\00", section "llvm.metadata"
// CHECK-LABEL: @llvm.global.annotations = appending global [4 x
// CHECK-DAG: ptr @f, ptr @[[F]],
// CHECK-DAG: ptr @g, ptr @[[G]],
// CHECK-DAG: ptr @h, ptr @[[H]],
// CHECK-DAG: ptr @k, ptr @[[K]],
