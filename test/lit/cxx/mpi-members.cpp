// C++: MPI calls on a member array in a method and on std::vector data in
// a template instantiation, at -O0 and -O2; nothing is reported from the
// system headers (Open MPI's C++ bindings have many calls and loops).
// RUN: %commcostxx -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcostxx -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <vector>
struct Grid {
  double cells[32][64];
  void sendRow(int r, int to);
};
void Grid::sendRow(int r, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'this', double elements: contiguous block of 512 bytes; messages 1, bytes per message 512, bytes 512; unique lines 8 to 9;
  MPI_Send(cells[r], 64, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// CHECK: [[@LINE-4]]:1: remark: function 'Grid::sendRow(int, int)': predicted communication cost {{[0-9.]+}} us (1 sites analysed, 0 not)
template <typename T> void sendAll(const std::vector<T> &v, int n, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of '{{v|buffer}}', byte elements: contiguous block of 4*n bytes; messages 1
  MPI_Send(v.data(), n * int(sizeof(T)), MPI_BYTE, to, 0, MPI_COMM_WORLD);
}
// CHECK: [[@LINE-4]]:1: remark: function 'void sendAll<float>({{.*}})': predicted communication cost ({{.*}}n{{.*}}) ps (1 sites analysed, 0 not)
template void sendAll(const std::vector<float> &, int, int);
// CHECK-NOT: remark
