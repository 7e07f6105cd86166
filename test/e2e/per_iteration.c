/* Transfers whose size changes from one iteration of a loop to the next
   (OSU's message sizes, a count per neighbour): the plugin analyses each
   per iteration of that loop, its sizes named as the source names them in
   one iteration. In the recorded build (check_per_iteration.py) each
   iteration ends with ITERATION, which prints what the iteration sent and
   the values of those names. */
#include <mpi.h>

#ifndef ITERATION
#define ITERATION(...)
#endif
/* One element copied; the recorded build records it (record.h). */
#ifndef COPY
#define COPY(d, s) ((d) = (s))
#endif

/* OSU's latency loop: 0, then powers of two. */
void doubling_or_one(char *buf, int iters, int max) {
  for (int size = 0; size <= max; size = (size ? size * 2 : 1)) {
    for (int i = 0; i < iters; i++)
      MPI_Send(buf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    ITERATION("size=%d iters=%d", size, iters);
  }
}

void doubling(double *buf, int n) {
  for (int size = 1; size <= n; size *= 2) {
    MPI_Send(buf, size, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    ITERATION("size=%d", size);
  }
}

/* An affine counter: its bytes are a multiple of it. */
void increment(double *buf, int n) {
  for (int size = 3; size < n; size += 2) {
    MPI_Recv(buf, size, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ITERATION("size=%d", size);
  }
}

/* A count per neighbour, read in the loop. */
void per_neighbour(double *buf, const int *counts, int n) {
  for (int i = 0; i < n; i++) {
    MPI_Send(buf, counts[i], MPI_DOUBLE, i, 1, MPI_COMM_WORLD);
    ITERATION("counts[i]=%d", counts[i]);
  }
}

/* miniAMR's halo: each neighbour's part at its own offset, which moves
   the buffer per iteration too. */
void per_neighbour_offsets(double *buf, const int *index, const int *counts,
                           int n) {
  for (int i = 0; i < n; i++) {
    MPI_Recv(&buf[index[i]], counts[i], MPI_DOUBLE, i, 1, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    ITERATION("counts[i]=%d", counts[i]);
  }
}

/* OSU's one-sided window: every call checked (MPI_CHECK). */
#include "mpi_check.h"

void checked_window(char *buf, int max) {
  for (int size = 1; size <= max; size *= 4) {
    for (int j = 0; j < 8; j++)
      CHECK(MPI_Send(buf + j * size, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD));
    ITERATION("size=%d", size);
  }
}

/* OSU's options: a repetition count that changes for large messages, and
   a buffer held in a local whose address escaped to its allocator (loaded
   again after each call). */
struct options_t {
  int loop, loop_large;
} options;
void alloc_buffer(char **buf);

void escaped_buffer(int max) {
  char *s_buf;
  alloc_buffer(&s_buf);
  for (int size = 1; size <= max; size *= 2) {
    if (size > 64)
      options.loop = options.loop_large;
    for (int i = 0; i < options.loop; i++)
      MPI_Send(s_buf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
    ITERATION("size=%d options.loop=%d", size, options.loop);
  }
}

/* A loop on data (a list ended by a sentinel, miniAMR's search over
   blocks): its trip count is unknown, and the buffer moves with it to a
   place read in the loop. Each iteration sends one block of n doubles. */
void until_sentinel(double *buf, const int *next, int n) {
  for (int i = 0; next[i] >= 0; i++) {
    MPI_Send(buf + next[i] * n, n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    ITERATION("n=%d", n);
  }
}

/* miniAMR's search over blocks (block.c, rcb.c): a loop on data copies, in
   each iteration, a row from the place it reads, and one element. */
void copy_until_sentinel(double *restrict dst, const double *restrict src,
                         const int *next, int n) {
  for (int i = 0; next[i] >= 0; i++) {
    for (int k = 0; k < n; k++)
      COPY(dst[i * n + k], src[next[i] * n + k]);
    ITERATION("n=%d", n);
  }
}

void element_until_sentinel(double *restrict dst, const double *restrict src,
                            const int *next) {
  for (int i = 0; next[i] >= 0; i++) {
    COPY(dst[3 * i], src[next[i]]);
    ITERATION("");
  }
}
