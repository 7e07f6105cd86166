// COMMCOST_VARIANTS whose alternatives are predicted alike (within 0.1%):
// the remark says the choice is a tie, which the order of the list
// decides; its record says so too. Alternatives apart are no tie.
// RUN: %commcost -O0 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %commcost -O2 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %commcost -O2 -I%srcroot/runtime/include -c -o /dev/null \
// RUN:   -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
#include <commcost/variants.h>
#include <mpi.h>

// The same message, written twice.
static void send_a(const double *v, int n, int to) {
  MPI_Send(v, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
static void send_b(const double *v, int n, int to) {
  MPI_Send(v, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// n messages of one double.
static void send_each(const double *v, int n, int to) {
  for (int i = 0; i < n; ++i)
    MPI_Send(v + i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
COMMCOST_VARIANTS(a_first, send_a, send_b);
COMMCOST_VARIANTS(b_first, send_b, send_a);
COMMCOST_VARIANTS(apart, send_each, send_a);

void tied(const double *v, int to) {
  // CHECK: [[@LINE+4]]:3: remark: a_first: chose send_a
  // CHECK-SAME: (predicted [[T:[0-9.]+]] us) over send_b ([[T]] us);
  // CHECK-SAME: a predicted tie (within 0.1%): the first listed
  // CHECK-SAME: (profile {{.*}}fixed.json)
  a_first(v, 1000, to);
  // CHECK: [[@LINE+3]]:3: remark: b_first: chose send_b
  // CHECK-SAME: (predicted [[T]] us) over send_a ([[T]] us);
  // CHECK-SAME: a predicted tie (within 0.1%): the first listed (profile
  b_first(v, 1000, to);
}

void untied(const double *v, int to) {
  // CHECK: [[@LINE+3]]:3: remark: apart: chose send_a
  // CHECK-SAME: (predicted {{[0-9.]+}} us) over send_each
  // CHECK-SAME: ({{[0-9.]+}} us) (profile
  apart(v, 1000, to);
}

// YAML: Name: VariantChosen
// YAML: Variant: a_first
// YAML: Tie: yes
// YAML: Name: VariantChosen
// YAML: Variant: b_first
// YAML: Tie: yes
// YAML: Name: VariantChosen
// YAML: Variant: apart
// YAML: Tie: no
