// C++: OpenMP parallel for over std::vector data and a transpose of a
// std::array member with num_threads(4); the accessors of std::array are
// inlined only above -O0, where the transpose is analysed.
// RUN: %commcostxx -O0 -fopenmp %remarks %s 2>&1 | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %commcostxx -O2 -fopenmp %remarks %s 2>&1 | FileCheck %s --check-prefixes=CHECK,O2
#include <array>
#include <vector>
void copy_out(std::vector<double> &global, const std::vector<double> &local) {
  double *__restrict g = global.data();
  const double *__restrict l = local.data();
  int n = static_cast<int>(local.size());
  // CHECK: [[@LINE+1]]:1: remark: loop (superstep) of 'g <- l', double elements, split among P threads (P = number of threads) by the OpenMP static schedule: each thread runs at most ceildiv(max(0, n), P) of max(0, n) iterations;{{.*}} reads ceildiv(max(0, n), P), writes ceildiv(max(0, n), P), per processor at most hr ceildiv(max(0, n), P), hw ceildiv(max(0, n), P), total M 2*max(0, n);{{.*}}(model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i] = l[i];
}
template <int N> struct Tile {
  std::array<float, N * N> data;
  void transpose_into(Tile &out) const {
    // O0: [[@LINE+2]]:1: remark: superstep not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+4]]: it is computed by a call to std::array<float, 4096ul>::operator[]
    // O2: [[@LINE+1]]:1: remark: loop (superstep) of '{{.*}}', float elements, split among 4 threads (num_threads) by the OpenMP static schedule: each thread runs at most 16 of 64 iterations;{{.*}} one processor reads contiguous block of 4096 bytes, writes 64 rows of 64 bytes, row pitch 256 bytes; read lines 64 to 65, write lines 64 to 128; reads 1024, writes 1024, per processor at most hr 1024, hw 1024, total M 8192;{{.*}}; cost 3.253 us (model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        out.data[j * N + i] = data[i * N + j];
  }
};
template struct Tile<64>;
