// commcost/budget.h in C++: members, templates and functions in namespaces
// carry their budgets to llvm.global.annotations under their mangled names.
// RUN: %clangxx -O2 -I%srcroot/runtime/include -S -emit-llvm %s -o - | sed -e 's/ }, { / }\n{ /g' | FileCheck %s
// RUN: g++ -fsyntax-only -Wall -Wextra -Werror -I%srcroot/runtime/include %s
#include <commcost/budget.h>

namespace halo {
COMMCOST_BUDGET_US(5)
void exchange(double *g) { g[0] = 1; }
} // namespace halo

struct Grid {
  COMMCOST_BUDGET_US_AT(40.0, "nx=64")
  void exchange(double *g, int nx);
  template <typename T> COMMCOST_BUDGET_US(3) T twice(T x) { return 2 * x; }
};
void Grid::exchange(double *g, int nx) { g[nx] = 1; }
int use(Grid &G) { return G.twice(21); }

// CHECK-DAG: @[[A:[^ ]+]] = {{.*}} c"commcost.budget_us=5\00"
// CHECK-DAG: @[[B:[^ ]+]] = {{.*}} c"commcost.budget_us=40.0;at=nx=64\00"
// CHECK-DAG: @[[C:[^ ]+]] = {{.*}} c"commcost.budget_us=3\00"
// CHECK-LABEL: @llvm.global.annotations
// CHECK-DAG: ptr @_ZN4halo8exchangeEPd, ptr @[[A]],
// CHECK-DAG: ptr @_ZN4Grid8exchangeEPdi, ptr @[[B]],
// CHECK-DAG: ptr @_ZN4Grid5twiceIiEET_S1_, ptr @[[C]],
