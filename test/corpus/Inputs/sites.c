/* Census test input: every line with a site ends in a comment naming its
   kind(s) after "site:"; test_census.py checks that the census finds
   exactly these. Lines without one must not be counted. */
#include <mpi.h>
#include <shmem.h>
#include <string.h>

void bsp_put(int pid, const void *src, void *dst, int offset, int nbytes);

#define CHECK(call) ((call) == MPI_SUCCESS ? 0 : 1)

struct atom { double r[3]; double v[3]; };
struct box { double *field; int n; };

void calls(double *a, double *b, int n, MPI_Comm comm, MPI_Win win,
           MPI_Datatype t) {
  MPI_Request req;
  MPI_Send(a, n, MPI_DOUBLE, 1, 0, comm); /* site: call */
  PMPI_Isend(a, n, MPI_DOUBLE, 1, 0, comm, &req); /* site: call */
  CHECK(MPI_Recv(b, n, t, 0, 0, comm, MPI_STATUS_IGNORE)); /* site: call */
  MPI_Sendrecv(a, n, t, 1, 0, b, n, t, 0, 0, comm, MPI_STATUS_IGNORE); /* site: call call */
  MPI_Send_init(a, n, t, 1, 0, comm, &req); /* site: call */
  MPI_Put(a, n, t, 1, 0, n, t, win); /* site: call */
  MPI_Get_accumulate(a, n, t, b, n, t, 1, 0, n, t, MPI_SUM, win); /* site: atomic */
  MPI_Fetch_and_op(a, b, t, 1, 0, MPI_SUM, win); /* site: atomic */
  MPI_Compare_and_swap(a, b, a, t, 1, 0, win); /* site: atomic */
  MPI_Allreduce(a, b, n, t, MPI_SUM, comm); /* site: collective */
  MPI_Ialltoall(a, 1, t, b, 1, t, comm, &req); /* site: collective */
  MPI_Neighbor_alltoallv(a, &n, &n, t, b, &n, &n, t, comm); /* site: collective */
  MPI_Barrier(comm); /* site: collective */
  int pos = 0;
  MPI_Pack(a, n, t, b, 8 * n, &pos, comm); /* site: pack */
  MPI_Unpack(b, 8 * n, &pos, a, n, t, comm); /* site: pack */
  memcpy(a, b, 8 * (size_t)n); /* site: call */
  memmove(a, a + 1, 8); /* site: call */
  bsp_put(1, a, b, 0, 8 * n); /* site: call */
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Comm_rank(comm, &pos);
  MPI_Pack_size(n, t, comm, &pos);
}

void shmem(double *a, double *b, long *lock, int n, long *psync,
           double *pwrk) {
  shmem_putmem(a, b, 8 * n, 1); /* site: call */
  shmem_double_get(a, b, n, 1); /* site: call */
  shmem_double_iput(a, b, 2, 2, n, 1); /* site: call */
  shmem_int_p((int *)a, 1, 1); /* site: call */
  shmem_long_fadd(lock, 1, 1); /* site: atomic */
  shmem_long_atomic_fetch_inc(lock, 1); /* site: atomic */
  shmem_barrier_all(); /* site: collective */
  shmem_double_sum_to_all(a, b, n, 0, 0, 2, pwrk, psync); /* site: collective */
  shmem_fcollect64(a, b, n, 0, 0, 2, psync); /* site: collective */
  shmem_quiet();
}

void copies(double *restrict dst, const double *restrict src, int n, int m,
            double grid[64][64], const int *idx, struct atom *atoms,
            struct box *boxes, struct atom *out) {
  double *rows[64];
  double local[8];
  int pos = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      dst[j * n + i] = src[i * m + j]; /* site: copy-loop */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      dst[pos++] = grid[i][j]; /* site: copy-loop */
  for (int i = 0; i < n; i++) {
    dst[i] = src[idx[i]]; /* site: copy-loop */
    dst[n + i] = (float)src[i]; /* site: copy-loop */
    dst[i] = atoms[i].r[0]; /* site: copy-loop */
    out[i] = atoms[idx[i]]; /* site: copy-loop */
    int k = 2 * i + 1;
    dst[k] = boxes->field[k]; /* site: copy-loop */
    struct box *b = &boxes[i];
    dst[i] = b->field[0]; /* site: copy-loop */
  }
  double *p = dst;
  const double *q = src;
  while (n-- > 0)
    *p++ = *q++; /* site: copy-loop */
  do {
    grid[m][n] = src[m]; /* site: copy-loop */
  } while (--m > 0);
  /* Not copies: computed values, fills, shifts within one array, loads
     of fixed elements, row pointers, accumulations, no loop. */
  for (int i = 0; i < n; i++) {
    dst[i] = 2 * src[i];
    dst[i] = src[0];
    dst[i] = dst[i + 1];
    local[0] = src[i];
    rows[i] = grid[i];
    dst[i] += src[i];
    dst[i] = n;
    local[1] = local[0];
    double scratch[2];
    scratch[0] = src[i];
    scratch[1] = src[n + i];
  }
  /* A copy through a value the block has just computed reads nothing
     (PRK Random's buckets); after a copy into it, it copies again. */
  for (int i = 0; i < n; i++) {
    local[i] = local[i] * 2 + 1;
    dst[i] = local[i];
    rows[0][i] = src[i]; /* site: copy-loop */
    dst[n + i] = rows[0][i]; /* site: copy-loop */
  }
  dst[0] = src[0];
}
