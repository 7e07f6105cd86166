// A choice that cannot be made calls the first alternative and says why:
// an alternative with no communication the analysis sees, one defined
// elsewhere, one whose cost is not known, one whose cost is only a lower
// bound.
// RUN: %commcost -O2 -I%srcroot/runtime/include -Rpass=commcost -Rpass-missed=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O0 -I%srcroot/runtime/include -Rpass=commcost -Rpass-missed=commcost %s 2>&1 | FileCheck %s
// RUN: %clang -fplugin=%plugin %mpi_cflags -O2 -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
#include <commcost/variants.h>
#include <mpi.h>

static void send_block(const double *v, int n, int to) {
  MPI_Send(v, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
static void no_communication(const double *v, int n, int to) {
  (void)v;
  (void)n;
  (void)to;
}
void defined_elsewhere(const double *v, int n, int to);
static void unknown_count(const double *v, int n, int to) {
  // A loop whose trip count is not known.
  for (int i = 0; v[i] > 0; ++i)
    MPI_Send(v + i, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
static void partly_known(const double *v, int n, int to) {
  MPI_Send(v, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  for (int i = 0; v[i] > 0; ++i)
    MPI_Send(v + i, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
COMMCOST_VARIANTS(a, send_block, no_communication);
COMMCOST_VARIANTS(b, send_block, defined_elsewhere);
COMMCOST_VARIANTS(c, send_block, unknown_count);
COMMCOST_VARIANTS(d, send_block, partly_known);

void use(const double *v, int to) {
  // CHECK: [[@LINE+1]]:3: remark: a: no choice, calls send_block: the predicted cost of no_communication is not known: the analysis sees no communication in it
  a(v, 10, to);
  // CHECK: [[@LINE+1]]:3: remark: b: no choice, calls send_block: the predicted cost of defined_elsewhere is not known: it is not defined in this translation unit
  b(v, 10, to);
  // CHECK: [[@LINE+1]]:3: remark: c: no choice, calls send_block: the predicted cost of unknown_count is not known: the trip count of the loop at line [[#LOOP:]] is unknown
  c(v, 10, to);
  // CHECK: [[@LINE+1]]:3: remark: d: no choice, calls send_block: the predicted cost of partly_known is not known: only a lower bound is known, since the trip count of the loop at line [[#LOOP+5]] is unknown
  d(v, 10, to);
}
// IR-LABEL: define {{.*}}void @use(
// IR-NOT: @no_communication
// IR-NOT: @defined_elsewhere
// IR-NOT: @unknown_count
// IR-NOT: @partly_known
// IR-NOT: asm
// IR: ret void
