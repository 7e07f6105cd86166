// Budgets are checked against the predicted cost of the function's sites:
// over budget warns (and names the site that costs most), under budget is
// silent, a symbolic cost is evaluated at the binding, and a cost that
// depends on a variable the binding leaves out is reported as not checked.
// The same at -O0 and -O2; -Werror turns the warnings into errors.
// RUN: %commcost -O0 -g -I%srcroot/runtime/include %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %commcost -O2 -g -I%srcroot/runtime/include %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: not %commcost -O2 -Werror -I%srcroot/runtime/include %s 2>&1 | FileCheck %s --check-prefix=ERR
#include <commcost/budget.h>
#include <mpi.h>

COMMCOST_BUDGET_US(0.5)
void over(double *g, int to) {
  MPI_Send(g, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  MPI_Send(g, 4096, MPI_DOUBLE, to, 1, MPI_COMM_WORLD);
}
// CHECK: checked.c:[[@LINE-4]]:{{[0-9]+}}: warning: function 'over' exceeds its communication budget: predicted {{[0-9.]+}} us, budget 0.500 us; most expensive: MPI_Send at {{.*}}checked.c:[[@LINE-2]] [-Wpass-failed=commcost]
// ERR: error: function 'over' exceeds its communication budget

COMMCOST_BUDGET_US(100)
void under(double *g, int to) { MPI_Send(g, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD); }

COMMCOST_BUDGET_US_AT(1000, "nx=1024")
void symbolic_under(double *g, int nx, int to) {
  MPI_Send(g, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

COMMCOST_BUDGET_US_AT(1.0, "nx=1048576")
void symbolic_over(double *g, int nx, int to) {
  MPI_Send(g, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// CHECK: checked.c:[[@LINE-3]]:{{[0-9]+}}: warning: function 'symbolic_over' exceeds its communication budget: predicted {{[0-9.]+}} us at nx=1048576, budget 1.000 us [-Wpass-failed=commcost]

COMMCOST_BUDGET_US(2.0)
void unbound(double *g, int nx, int to) {
  MPI_Send(g, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// CHECK: checked.c:[[@LINE-3]]:{{[0-9]+}}: warning: communication budget of 'unbound' (2.000 us) not checked: the predicted cost depends on nx, which COMMCOST_BUDGET_US_AT does not bind [-Wpass-failed=commcost]
// ERR: error: communication budget of 'unbound'
