// Collectives and RMA atomics whose size changes from one iteration of a
// loop to the next (OSU's collective and one-sided benchmarks) are
// analysed per iteration of that loop, as point-to-point transfers are
// (mpi/counter-through-merge.c); the function then has no total. So is a
// call whose loop's trip count changes with an outer loop (a triangle).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#define MAX_SIZE (1 << 20)

void alltoall(char *sbuf, char *rbuf, int iters) {
  int size, i;
  for (size = 1; size <= MAX_SIZE; size *= 2)
    for (i = 0; i < iters; i++)
      // CHECK: per-iteration.c:[[@LINE+1]]:7: remark: MPI_Alltoall (collective) of 'rbuf <- sbuf', char elements: send contiguous block of nranks*size bytes; receive contiguous block of nranks*size bytes; per iteration of the loop at line [[@LINE-2]], in which its size changes; calls iters; per call among nranks ranks: a rank sends at most nranks*size bytes and receives at most nranks*size, all ranks send nranks*nranks*size;
      MPI_Alltoall(sbuf, size, MPI_CHAR, rbuf, size, MPI_CHAR, MPI_COMM_WORLD);
}
// CHECK: remark: function 'alltoall': predicted communication cost unknown (1 sites analysed, 0 not); incomplete: a size changes from one loop iteration to the next

void get_accumulate(char *sbuf, char *cbuf, MPI_Win win, int iters) {
  int size, i;
  for (size = 0; size <= MAX_SIZE; size = size ? size * 2 : 1)
    for (i = 0; i < iters; i++)
      // CHECK: per-iteration.c:[[@LINE+1]]:7: remark: MPI_Get_accumulate (atomic) of 'cbuf <- sbuf', char elements; per iteration of the loop at line [[@LINE-2]], in which its size changes; messages iters, bytes per message size, bytes iters*size;
      MPI_Get_accumulate(sbuf, size, MPI_CHAR, cbuf, size, MPI_CHAR, 1, 0,
                         size, MPI_CHAR, MPI_SUM, win);
}
// CHECK: remark: function 'get_accumulate': predicted communication cost unknown (1 sites analysed, 0 not); incomplete: a size changes from one loop iteration to the next

void fetch_triangle(MPI_Win win, int rounds) {
  long one = 1, old;
  for (int n = 0; n < rounds; n++)
    for (int i = 0; i <= n; i++)
      // CHECK: per-iteration.c:[[@LINE+1]]:7: remark: MPI_Fetch_and_op (atomic) of 'local array', long elements; per iteration of the loop at line [[@LINE-2]], in which its size changes; messages n + 1, bytes per message 8, bytes 8*(n + 1);
      MPI_Fetch_and_op(&one, &old, MPI_LONG, 1, 0, MPI_SUM, win);
}
