// OpenSHMEM's PE count and number are the processor count and id, as
// MPI_Comm_size and MPI_Comm_rank are: a size computed from the count is
// named after the variable it is assigned to, or npes_all (as the
// collectives name every PE) when an inlined wrapper hides it (PRK's
// prk_shmem_n_pes()); at -O0 the wrapper's call is what is assigned.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck --check-prefixes=CHECK,O0 %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck --check-prefixes=CHECK,O2 %s
#include <shmem.h>
static inline int n_pes(void) { return shmem_n_pes(); }
void blocks(double *dst, double *src, long order) {
  int npes = shmem_n_pes();
  // CHECK: [[@LINE+1]]:3: remark: shmem_double_put (put) of 'src', double elements: contiguous block of 8*(order/npes) bytes;
  shmem_double_put(dst, src, order / npes, 1);
}
void wrapped(double *dst, double *src, long order) {
  int Num_procs = n_pes();
  // O0: [[@LINE+2]]:3: remark: shmem_double_put (put) of 'src', double elements: contiguous block of 8*(order/Num_procs) bytes;
  // O2: [[@LINE+1]]:3: remark: shmem_double_put (put) of 'src', double elements: contiguous block of 8*(order/npes_all) bytes;
  shmem_double_put(dst, src, order / Num_procs, 1);
}
