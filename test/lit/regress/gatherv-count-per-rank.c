// A Gatherv whose send count is the counts array's element for this rank
// (cnt_v[rank]) read the layout of a side that had none: an empty
// optional, which crashed under AddressSanitizer (differential seed
// 147091287, program 3). The call is reported, analysed or missed.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>
void sink(int *);
void site_79(int root0, const int *restrict s_) {
  const int *restrict s = __builtin_assume_aligned(s_, 64);
  int *d = malloc(30 * sizeof(int));
  int P;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int cnt_v[64], dsp_v[64];
  int np = P;
  for (int q = 0; q < np; q++) {
    cnt_v[q] = 0 + 2 * q;
    dsp_v[q] = 3 + 11 * q;
  }
  // CHECK: gatherv-count-per-rank.c:[[@LINE+1]]:3: remark: MPI_Gatherv
  MPI_Gatherv(&s[7], cnt_v[rank], MPI_INT, &d[0], cnt_v, dsp_v, MPI_INT,
              root0, MPI_COMM_WORLD);
  sink(d);
  free(d);
}
