// OpenSHMEM collectives: barriers (no data), broadcasts (the root's
// source goes to the other PEs' destination; the root's own is left),
// fixed-size collects (every PE's block to every PE) and reductions
// (flowing as a reduce and a broadcast). The number of PEs is the active
// set's size, or shmem_n_pes() for barrier_all.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <shmem.h>
long pSync[SHMEM_REDUCE_SYNC_SIZE];
double pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
void step(double *dst, const double *src, long *bdst, const long *bsrc,
          int *all, const int *mine, int npes) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_barrier_all (collective); calls 1; per call among npes_all ranks: a rank sends at most 0 bytes and receives at most 0, all ranks send 0; cost 1.500 us (model F_io-calls, profile {{.*}}fixed.json)
  shmem_barrier_all();
  // CHECK: [[@LINE+1]]:3: remark: shmem_broadcast64 (collective) of 'bdst <- bsrc', 64-bit elements: send contiguous block of 128 bytes; receive contiguous block of 128 bytes; calls 1; per call among npes ranks: a rank sends at most 128*(npes - 1) bytes and receives at most 128*min(1, npes - 1), all ranks send 128*(npes - 1); send buffer lines 2*min(1, npes - 1) to 3*min(1, npes - 1), receive buffer lines 2*min(1, npes - 1) to 3*min(1, npes - 1); assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (10240*npes + 6400*min(1, npes - 1) + 1489760) ps (model F_io-calls, profile {{.*}}fixed.json)
  shmem_broadcast64(bdst, bsrc, 16, 0, 0, 0, npes, pSync);
  // CHECK: [[@LINE+1]]:3: remark: shmem_fcollect32 (collective) of 'all <- mine', 32-bit elements: send contiguous block of 16 bytes; receive contiguous block of 16*npes bytes; calls 1; per call among npes ranks: a rank sends at most 16*npes bytes and receives at most 16*npes, all ranks send 16*npes*npes; send buffer lines 1 to 2, receive buffer lines ceildiv(16*npes, 64) to min(1, npes) + floordiv(16*npes + 59, 64); assumed alignment: read aligned to 4 bytes (element alignment), write aligned to 4 bytes (element alignment); cost (2080*npes + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  shmem_fcollect32(all, mine, 4, 0, 0, npes, pSync);
  // CHECK: [[@LINE+1]]:3: remark: shmem_double_sum_to_all (collective) of 'dst <- src', double elements: send contiguous block of 64 bytes; receive contiguous block of 64 bytes; calls 1; per call among npes ranks: a rank sends at most 64*npes bytes and receives at most 64*npes, all ranks send 64*(2*npes - 1); send buffer lines 1 to 2, receive buffer lines 1 to 2; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (8320*npes + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  shmem_double_sum_to_all(dst, src, 8, 0, 0, npes, pWrk, pSync);
}
