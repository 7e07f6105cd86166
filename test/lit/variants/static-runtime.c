// COMMCOST_VARIANTS: a call whose alternatives' costs are numbers is a
// direct call of the cheapest (static); one whose costs depend on the
// arguments chooses at run time. At every optimisation level.
// RUN: %commcost -O0 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// The choice is made without any remark asked for: the IR calls the
// chosen alternative directly.
// RUN: %clang -fplugin=%plugin %mpi_cflags -O2 -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
#include <commcost/variants.h>
#include <mpi.h>

// One message of n doubles, or n messages of one.
static void send_block(const double *v, int n, int to) {
  MPI_Send(v, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
static void send_each(const double *v, int n, int to) {
  for (int i = 0; i < n; ++i)
    MPI_Send(v + i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
COMMCOST_VARIANTS(send_values, send_each, send_block);

void known(const double *v, int to) {
  // CHECK: [[@LINE+1]]:3: remark: send_values: chose send_block (predicted {{[0-9.]+}} us) over send_each ({{[0-9.]+}} us) (profile {{.*}}fixed.json)
  send_values(v, 1000, to);
}

void unknown(const double *v, int n, int to) {
  // CHECK: [[@LINE+1]]:3: remark: send_values: chosen at run time among send_each ((350{{[0-9]*}}*n{{.*}}) ps) and send_block ((
  send_values(v, n, to);
}

// IR-LABEL: define {{.*}}void @known(
// IR-NOT: asm
// IR: call i32 @MPI_Send(
// IR-NOT: @send_each
// IR-LABEL: define {{.*}}void @unknown(
// IR: @commcost.choice
// IR-NOT: asm
