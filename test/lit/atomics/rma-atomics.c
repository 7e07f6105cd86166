// RMA atomics are small messages (Kind atomic): the origin operand (and
// the compare operand of MPI_Compare_and_swap) sent, the old value
// written back into the result buffer; Lines are the origin's, WriteLines
// the result's. OpenSHMEM atomics pass their operands by value: bytes and
// no buffer lines.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <shmem.h>
long counter(MPI_Win win, int target) {
  long one = 1, old;
  // CHECK: [[@LINE+1]]:3: remark: MPI_Fetch_and_op (atomic) of 'local array', long elements; messages 1, bytes per message 8, bytes 8; unique lines 1, write lines 1; assumed alignment: aligned to 8 bytes (stack array); cost 0.355 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Fetch_and_op(&one, &old, MPI_LONG, target, 0, MPI_SUM, win);
  return old;
}
int lock(MPI_Win win) {
  int mine = 1, expected = 0, seen;
  // CHECK: [[@LINE+1]]:3: remark: MPI_Compare_and_swap (atomic) of 'local array', int elements; messages 1, bytes per message 8, bytes 8; unique lines 1, write lines 1; assumed alignment: aligned to 4 bytes (stack array); cost 0.355 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Compare_and_swap(&mine, &expected, &seen, MPI_INT, 0, 0, win);
  return seen;
}
void accumulate_rows(double *contrib, double *before, int n, MPI_Win win) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Get_accumulate (atomic) of 'before <- contrib', double elements; messages n, bytes per message 64, bytes 64*n; unique lines n*min(1, n) to (min(1, n) + floordiv(64*n + 55, 64))*min(1, n), write lines n*min(1, n) to (min(1, n) + floordiv(64*n + 55, 64))*min(1, n); assumed alignment: aligned to 8 bytes (element alignment); cost (354480*n + 4000*(min(1, n) + floordiv(64*n + 55, 64))*min(1, n)) ps (model M1-mpi, profile {{.*}}fixed.json)
    MPI_Get_accumulate(contrib + 8 * i, 8, MPI_DOUBLE, before + 8 * i, 8,
                       MPI_DOUBLE, 1, 8 * i, 8, MPI_DOUBLE, MPI_SUM, win);
}
long ticket(long *next, int pe) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_long_atomic_inc (atomic), long elements; messages 1, bytes per message 8, bytes 8; cost 0.351 us (model M1-mpi, profile {{.*}}fixed.json)
  shmem_long_atomic_inc(next, pe);
         // CHECK: [[@LINE+1]]:10: remark: shmem_long_atomic_fetch_add (atomic), long elements; messages 1, bytes per message 8, bytes 8; cost 0.351 us (model M1-mpi, profile {{.*}}fixed.json)
  return shmem_long_atomic_fetch_add(next, 2, pe);
}
// The single-element put and get of PRK's Synch_p2p: one value each.
void flags(double *dst, int *flag, double v, int n, int me) {
  for (int j = 0; j < n; j++) {
    // CHECK: [[@LINE+1]]:5: remark: shmem_double_p (atomic), double elements; messages n, bytes per message 8, bytes 8*n;
    shmem_double_p(&dst[j], v, me + 1);
    // CHECK: [[@LINE+1]]:5: remark: shmem_int_p (atomic), int elements; messages n, bytes per message 4, bytes 4*n;
    shmem_int_p(&flag[j], 1, me + 1);
  }
}
double fetch_one(double *src, int pe) {
         // CHECK: [[@LINE+1]]:10: remark: shmem_double_g (atomic), double elements; messages 1, bytes per message 8, bytes 8;
  return shmem_double_g(src, pe);
}
