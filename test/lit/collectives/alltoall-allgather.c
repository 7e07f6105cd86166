// MPI_Alltoall and MPI_Allgather (and their nonblocking forms): every rank
// sends a block to every rank, its own included, so h_o = h_i = p blocks
// and the volume is p*p blocks; with MPI_IN_PLACE a rank keeps its own
// block. The buffers' lines are those of all p blocks (exact when the
// buffer is line-aligned and p is known), the send block of Allgather, and
// with MPI_IN_PLACE bounds (the rank's own block is not written).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static double S[4096], R[4096];
void transpose(int n) {
  int np;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Alltoall (collective) of 'R <- S', double elements: send contiguous block of 8*n*np bytes; receive contiguous block of 8*n*np bytes; calls 1; per call among np ranks: a rank sends at most 8*n*np bytes and receives at most 8*n*np, all ranks send 8*n*np*np; send buffer lines ceildiv(8*n*np, 64), receive buffer lines ceildiv(8*n*np, 64); assumed alignment: read offset 0 in a 64-byte line ('S' is aligned to 64), write offset 0 in a 64-byte line ('R' is aligned to 64); cost (1040*n*np + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Alltoall(S, n, MPI_DOUBLE, R, n, MPI_DOUBLE, MPI_COMM_WORLD);
}
void gather_rows(int *counts) {
  int mine = 3;
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allgather (collective) of 'counts <- local array', int elements: send contiguous block of 4 bytes; receive contiguous block of 4*nranks bytes; calls 1; per call among nranks ranks: a rank sends at most 4*nranks bytes and receives at most 4*nranks, all ranks send 4*nranks*nranks; send buffer lines 1, receive buffer lines ceildiv(4*nranks, 64) to min(1, nranks) + floordiv(4*nranks + 59, 64); assumed alignment: read aligned to 4 bytes (stack array), write aligned to 4 bytes (element alignment); cost (520*nranks + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Allgather(&mine, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);
}
void in_place(double *v, int n) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allgather (collective) of 'v', double elements: send contiguous block of 8*n bytes; receive block spanning 8*n*nranks bytes; calls 1; per call among nranks ranks: a rank sends at most 8*n*(nranks - 1) bytes and receives at most 8*n*(nranks - 1), all ranks send 8*n*nranks*(nranks - 1); send buffer lines min(1, nranks - 1)*ceildiv(8*n, 64) to (min(1, n) + floordiv(8*n + 55, 64))*min(1, nranks - 1), receive buffer lines min(1, nranks - 1)*ceildiv(8*n*floordiv(nranks, 2), 64) to (min(1, n*nranks) + floordiv(8*n*nranks + 55, 64))*min(1, nranks - 1); assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (1040*n*(nranks - 1) + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v, n, MPI_DOUBLE,
                MPI_COMM_WORLD);
}
void nonblocking(float *s, float *r, MPI_Comm comm, MPI_Request *req) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Ialltoall (collective) of 'r <- s', float elements: send contiguous block of 64*nranks_comm bytes; receive contiguous block of 64*nranks_comm bytes; calls 1; per call among nranks_comm ranks: a rank sends at most 64*nranks_comm bytes and receives at most 64*nranks_comm, all ranks send 64*nranks_comm*nranks_comm; send buffer lines nranks_comm to min(1, nranks_comm) + floordiv(64*nranks_comm + 59, 64), receive buffer lines nranks_comm to min(1, nranks_comm) + floordiv(64*nranks_comm + 59, 64); assumed alignment: read aligned to 4 bytes (element alignment), write aligned to 4 bytes (element alignment); cost (8320*nranks_comm + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Ialltoall(s, 16, MPI_FLOAT, r, 16, MPI_FLOAT, comm, req);
}
