// COMMCOST_TUNE yields the value that minimises the enclosing function's
// predicted cost (at compile time with constant sizes, at run time from
// the function's arguments); commcost_packet_bytes folds a constant size
// to the profile's best packet size and computes others at run time.
// RUN: %commcost -O0 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %clang -fplugin=%plugin %mpi_cflags -O2 -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
#include <commcost/variants.h>
#include <mpi.h>

enum { N = 4096 };
static double block[N * 64];

// N rows of 64 doubles in messages of `rows` rows (n a multiple of 64).
void send_fixed(int to) {
  // CHECK: [[@LINE+1]]:14: remark: rows: chose 64 (predicted {{[0-9.]+}} us) over 1 ({{[0-9.]+}} us), 8 ({{[0-9.]+}} us)
  int rows = COMMCOST_TUNE(rows, 1, 8, 64);
  for (int m = 0; m < N / rows; ++m)
    MPI_Send(block + m * rows * 64, rows * 64, MPI_DOUBLE, to, 0,
             MPI_COMM_WORLD);
}

void send_n(const double *g, int n, int to) {
  // CHECK: [[@LINE+1]]:14: remark: rows: chosen at run time among 1 ((
  int rows = COMMCOST_TUNE(rows, 1, 8, 64);
  for (int m = 0; m < n; m += rows)
    MPI_Send(g + m * 64, rows * 64, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

// The test profile's Fischer model: a1 = c6 + c3 = 0.35 us per
// packet, a2 = c4 + c2 = 0.00006 us per byte, so l0 = sqrt(a1/a2 * D),
// 78209.0 for 1 MiB; a whole number of packets makes it ceil(D/13).
long long packet_fixed(void) {
  // CHECK: [[@LINE+1]]:10: remark: commcost_packet_bytes(1048576): packets of 80660 bytes (model Fischer, profile {{.*}}fixed.json)
  return commcost_packet_bytes(1 << 20);
}

long long packet_n(long long total) {
  // CHECK: [[@LINE+1]]:10: remark: commcost_packet_bytes(total): packet size chosen at run time (model Fischer, profile {{.*}}fixed.json)
  return commcost_packet_bytes(total);
}

// IR-LABEL: define {{.*}} @packet_fixed(
// IR-NEXT: ret i64 80660
// IR-NOT: asm
