// The v and w forms read their counts and displacements from the arrays
// the code fills before the call: at constant indices (exact when the
// communicator has as many ranks as entries, which the remark states) or
// by a loop over the index with values affine in it (exact when the loop
// runs once per rank). Blocks of one size evenly spaced are a strided
// slice (exact lines); others, constant, are pieces of one block (exact
// lines too); symbolic and irregular, their span bounds their lines.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static double recv[4096], send[4096];
void gatherv_constant(int root) {
  int counts[4] = {8, 8, 4, 2}, displs[4] = {0, 16, 32, 64};
  // CHECK: [[@LINE+1]]:3: remark: MPI_Gatherv (collective) of 'recv <- send', double elements: send contiguous block of 64 bytes; receive block spanning 528 bytes; only when nranks == 4; calls 1; per call among nranks ranks: a rank sends at most 64 bytes and receives at most 176, all ranks send 176; send buffer lines 1, receive buffer lines 4; assumed alignment: read offset 0 in a 64-byte line ('send' is aligned to 64), write offset 0 in a 64-byte line ('recv' is aligned to 64); cost 1.514 us (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Gatherv(send, 8, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE, root,
              MPI_COMM_WORLD);
}
void scatterv_strided(void) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int np = size, counts[64], displs[64];
  for (int i = 0; i < np; i++) {
    counts[i] = 8;
    displs[i] = 16 * i;
  }
  // CHECK: [[@LINE+1]]:3: remark: MPI_Scatterv (collective) of 'recv <- send', double elements: send size rows of 64 bytes, row pitch 128 bytes; receive contiguous block of 64 bytes; calls 1; per call among size ranks: a rank sends at most 64*size bytes and receives at most 64, all ranks send 64*size; send buffer lines size, receive buffer lines 1; assumed alignment: read offset 0 in a 64-byte line ('send' is aligned to 64), write offset 0 in a 64-byte line ('recv' is aligned to 64); cost (5120*size + 1503200) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Scatterv(send, counts, displs, MPI_DOUBLE, recv, 8, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
}
void allgatherv_growing(int np) {
  int counts[64], displs[64];
  for (int i = 0; i < np; i++) {
    counts[i] = i + 1;
    displs[i] = 64 * i;
  }
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allgatherv (collective) of 'recv <- send', double elements: send contiguous block of 32 bytes; receive block spanning max(8, 520*nranks - 512) - min(0, 512*nranks - 512) bytes; only when nranks == np; calls 1; per call among nranks ranks: a rank sends at most 8*nranks*max(1, nranks) bytes and receives at most 8*(nranks + nranks*(nranks - 1)/2), all ranks send 8*nranks*(nranks + nranks*(nranks - 1)/2); send buffer lines 1, receive buffer lines ceildiv(8*max(1, nranks), 64) to min(1, max(8, 520*nranks - 512) - min(0, 512*nranks - 512)) + floordiv(max(8, 520*nranks - 512) - min(0, 512*nranks - 512) + 55, 64); assumed alignment: read offset 0 in a 64-byte line ('send' is aligned to 64), write aligned to 8 bytes ('recv' is aligned, plus offset); cost (400*nranks + 640*nranks*max(1, nranks) + 400*(nranks*(nranks - 1)/2) + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Allgatherv(send, 4, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE,
                 MPI_COMM_WORLD);
}
void alltoallw_bytes(int np, int n, MPI_Request *req) {
  int counts[64], displs[64];
  MPI_Datatype types[64];
  for (int i = 0; i < np; i++) {
    counts[i] = n;
    displs[i] = 8 * n * i;
    types[i] = MPI_DOUBLE;
  }
  // CHECK: [[@LINE+1]]:3: remark: MPI_Ialltoallw (collective) of 'recv <- send', double elements: send contiguous block of 8*n*nranks bytes; receive contiguous block of 8*n*nranks bytes; only when nranks == np; calls 1; per call among nranks ranks: a rank sends at most 8*n*nranks bytes and receives at most 8*n*nranks, all ranks send 8*n*nranks*nranks; send buffer lines ceildiv(8*n*nranks, 64), receive buffer lines ceildiv(8*n*nranks, 64); assumed alignment: read offset 0 in a 64-byte line ('send' is aligned to 64), write offset 0 in a 64-byte line ('recv' is aligned to 64); cost (1040*n*nranks + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Ialltoallw(send, counts, displs, types, recv, counts, displs, types,
                 MPI_COMM_WORLD, req);
}
void reduce_scatter(const float *in, float *out) {
  int counts[3] = {10, 20, 30};
  // CHECK: [[@LINE+1]]:3: remark: MPI_Reduce_scatter (collective) of 'out <- in', float elements: send contiguous block of 240 bytes; receive contiguous block of 120 bytes; only when nranks == 3; calls 1; per call among nranks ranks: a rank sends at most 240 bytes and receives at most 120*nranks, all ranks send 240*nranks; send buffer lines 4 to 5, receive buffer lines 2 to 3; assumed alignment: read aligned to 4 bytes (element alignment), write aligned to 4 bytes (element alignment); cost (6000*nranks + 1519200) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Reduce_scatter(in, out, counts, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
}
_Alignas(64) static float frecv[4096];
// With MPI_IN_PLACE a rank sends its own block, at displs[rank]: 16 bytes
// 8 + 36*rank bytes into a line-aligned buffer, so aligned to 4 bytes only,
// in one line or two.
void allgatherv_in_place(int np) {
  int counts[64], displs[64];
  for (int q = 0; q < np; q++) {
    counts[q] = 4;
    displs[q] = 2 + 9 * q;
  }
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allgatherv (collective) of 'frecv'{{.*}}; send buffer lines min(1, nranks - 1) to 2*min(1, nranks - 1), {{.*}}; assumed alignment: read aligned to 4 bytes
  MPI_Allgatherv(MPI_IN_PLACE, 4, MPI_FLOAT, frecv, counts, displs, MPI_FLOAT,
                 MPI_COMM_WORLD);
}
