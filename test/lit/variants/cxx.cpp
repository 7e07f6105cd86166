// C++: alternatives that are templates' instances and members of a
// namespace, a variant name in a namespace, tuning in a template; static
// and run-time choices at -O0 and -O2.
// RUN: %commcostxx -O0 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %commcostxx -O2 -I%srcroot/runtime/include -Rpass=commcost %s 2>&1 | FileCheck %s
// RUN: %clangxx -fplugin=%plugin %mpi_cflags -O2 -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
#include <commcost/variants.h>
#include <mpi.h>

namespace halo {
template <typename T>
void send_block(const T *v, int n, int to) {
  MPI_Send(v, n * int(sizeof(T)), MPI_BYTE, to, 0, MPI_COMM_WORLD);
}
template <typename T>
void send_each(const T *v, int n, int to) {
  for (int i = 0; i < n; ++i)
    MPI_Send(v + i, int(sizeof(T)), MPI_BYTE, to, 0, MPI_COMM_WORLD);
}
COMMCOST_VARIANTS(send, send_each<double>, send_block<double>);
} // namespace halo

void known(const double *v, int to) {
  // CHECK: [[@LINE+1]]:3: remark: send: chose halo::send_block<double> (predicted
  halo::send(v, 512, to);
}

void unknown(const double *v, int n, int to) {
  // CHECK: [[@LINE+1]]:3: remark: send: chosen at run time among halo::send_each<double> ((
  halo::send(v, n, to);
}

template <int Rows> struct Sender {
  static void run(const double *g, int to) {
    // CHECK: [[@LINE+1]]:16: remark: rows: chose 32 (predicted
    int rows = COMMCOST_TUNE(rows, 4, 32);
    for (int m = 0; m < Rows / rows; ++m)
      MPI_Send(g + m * rows, rows, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  }
};

void tuned(const double *g, int to) { Sender<1024>::run(g, to); }

// IR-LABEL: define {{.*}}@_Z5knownPKdi(
// IR-NOT: send_each
// IR: ret void
