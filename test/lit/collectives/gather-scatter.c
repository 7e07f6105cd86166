// MPI_Gather and MPI_Scatter: each rank sends (receives) one block, the
// root receives (sends) p of them, its own included: h_i (h_o) = p blocks
// at the root. With MPI_IN_PLACE the root keeps its own block: p-1
// blocks, and its buffer's lines are bounds (the block it keeps lies
// where its rank says). The nonblocking forms are the same sites.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static double all[1024], part[16];
void collect(int root) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Gather (collective) of 'all <- part', double elements: send contiguous block of 128 bytes; receive contiguous block of 128*nranks bytes; calls 1; per call among nranks ranks: a rank sends at most 128 bytes and receives at most 128*nranks, all ranks send 128*nranks; send buffer lines 2, receive buffer lines 2*nranks; assumed alignment: read offset 0 in a 64-byte line ('part' is aligned to 64), write offset 0 in a 64-byte line ('all' is aligned to 64); cost (6400*nranks + 1510240) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Gather(part, 16, MPI_DOUBLE, all, 16, MPI_DOUBLE, root, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Scatter (collective) of 'part <- all', double elements: send contiguous block of 128*nranks bytes; receive contiguous block of 128 bytes; calls 1; per call among nranks ranks: a rank sends at most 128*nranks bytes and receives at most 128, all ranks send 128*nranks; send buffer lines 2*nranks, receive buffer lines 2; assumed alignment: read offset 0 in a 64-byte line ('all' is aligned to 64), write offset 0 in a 64-byte line ('part' is aligned to 64); cost (10240*nranks + 1506400) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Scatter(all, 16, MPI_DOUBLE, part, 16, MPI_DOUBLE, root, MPI_COMM_WORLD);
}
void collect_in_place(double *v, int n, MPI_Request *req) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Igather (collective) of 'v', double elements: receive block spanning 8*n*nranks bytes; calls 1; per call among nranks ranks: a rank sends at most 8*n*min(1, nranks - 1) bytes and receives at most 8*n*nranks - 8*n, all ranks send 8*n*nranks - 8*n, receive buffer lines min(1, nranks - 1)*ceildiv(8*n*floordiv(nranks, 2), 64) to (min(1, n*nranks) + floordiv(8*n*nranks + 55, 64))*min(1, nranks - 1); assumed alignment: write aligned to 8 bytes (element alignment); cost (400*n*nranks + 640*n*min(1, nranks - 1) - 400*n + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Igather(MPI_IN_PLACE, n, MPI_DOUBLE, v, n, MPI_DOUBLE, 0,
              MPI_COMM_WORLD, req);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Scatter (collective) of 'v', double elements: send block spanning 8*n*nranks bytes; calls 1; per call among nranks ranks: a rank sends at most 8*n*nranks - 8*n bytes and receives at most 8*n*min(1, nranks - 1), all ranks send 8*n*nranks - 8*n; send buffer lines min(1, nranks - 1)*ceildiv(8*n*floordiv(nranks, 2), 64) to (min(1, n*nranks) + floordiv(8*n*nranks + 55, 64))*min(1, nranks - 1); assumed alignment: read aligned to 8 bytes (element alignment); cost (640*n*nranks + 400*n*min(1, nranks - 1) - 640*n + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Scatter(v, n, MPI_DOUBLE, MPI_IN_PLACE, n, MPI_DOUBLE, 0,
              MPI_COMM_WORLD);
}
