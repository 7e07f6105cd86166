/* The recording MPI of fake_mpi/mpi.h: every datatype is flattened into its
   type map (byte pieces relative to the buffer, merged when adjacent), with
   MPI's lower bound and extent; a call walks count copies of the map, one
   extent apart, and reports each piece and the call's bytes to the
   recorder's hooks. */
#include "mpi.h"

#include <stdio.h>
#include <stdlib.h>

struct piece {
  long off, len;
};

struct commcost_type {
  long lb, ub, size, n; /* the extent is ub - lb */
  struct piece *pieces;
  int builtin;
};

#define BUILTIN(name, bytes)                                                   \
  static struct piece name##_piece = {0, bytes};                               \
  struct commcost_type commcost_##name = {0, bytes, bytes, 1, &name##_piece, 1};
BUILTIN(char, 1)
BUILTIN(byte, 1)
BUILTIN(short, 2)
BUILTIN(int, 4)
BUILTIN(long, 8)
BUILTIN(float, 4)
BUILTIN(double, 8)

static void *checked(void *p) {
  if (!p) {
    fprintf(stderr, "fake MPI: out of memory\n");
    exit(2);
  }
  return p;
}

static MPI_Datatype new_type(void) {
  MPI_Datatype t = checked(calloc(1, sizeof *t));
  t->lb = t->ub = 0;
  return t;
}

/* Appends the map of old displaced by disp bytes, merging pieces that
   continue the last one, and widens the bounds. */
static void append(MPI_Datatype t, MPI_Datatype old, long disp, long *cap) {
  if (t->size == 0 && t->n == 0) {
    t->lb = disp + old->lb;
    t->ub = disp + old->ub;
  }
  if (disp + old->lb < t->lb)
    t->lb = disp + old->lb;
  if (disp + old->ub > t->ub)
    t->ub = disp + old->ub;
  for (long k = 0; k < old->n; ++k) {
    struct piece p = {disp + old->pieces[k].off, old->pieces[k].len};
    if (t->n > 0 && t->pieces[t->n - 1].off + t->pieces[t->n - 1].len == p.off) {
      t->pieces[t->n - 1].len += p.len;
      continue;
    }
    if (t->n == *cap) {
      *cap = *cap ? 2 * *cap : 16;
      t->pieces = checked(realloc(t->pieces, *cap * sizeof *t->pieces));
    }
    t->pieces[t->n++] = p;
  }
  t->size += old->size;
}

static long extent(MPI_Datatype t) { return t->ub - t->lb; }

int MPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype *out) {
  return MPI_Type_vector(count, 1, 1, old, out);
}

int MPI_Type_create_hvector(int count, int blocklen, MPI_Aint stride,
                            MPI_Datatype old, MPI_Datatype *out) {
  MPI_Datatype t = new_type();
  long cap = 0;
  for (long i = 0; i < count; ++i)
    for (long j = 0; j < blocklen; ++j)
      append(t, old, i * stride + j * extent(old), &cap);
  *out = t;
  return 0;
}

int MPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *out) {
  return MPI_Type_create_hvector(count, blocklen, stride * extent(old), old,
                                 out);
}

int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype old,
                             MPI_Datatype *out) {
  MPI_Datatype t = new_type();
  long cap = 0, total = 1, index[16] = {0};
  if (ndims < 1 || ndims > 16)
    abort();
  for (int d = 0; d < ndims; ++d)
    total *= subsizes[d];
  /* Visits the sub-array in memory order: the last dimension fastest in C
     order, the first in Fortran order. */
  for (long k = 0; k < total; ++k) {
    long linear = 0;
    for (int e = 0; e < ndims; ++e) {
      int d = order == MPI_ORDER_C ? e : ndims - 1 - e;
      linear = linear * sizes[d] + starts[d] + index[d];
    }
    append(t, old, linear * extent(old), &cap);
    for (int e = ndims - 1; e >= 0; --e) {
      int d = order == MPI_ORDER_C ? e : ndims - 1 - e;
      if (++index[d] < subsizes[d])
        break;
      index[d] = 0;
    }
  }
  long full = extent(old);
  for (int d = 0; d < ndims; ++d)
    full *= sizes[d];
  t->lb = 0;
  t->ub = full;
  *out = t;
  return 0;
}

int MPI_Type_commit(MPI_Datatype *t) { return t ? 0 : 1; }

int MPI_Type_free(MPI_Datatype *t) {
  if (!(*t)->builtin) {
    free((*t)->pieces);
    free(*t);
  }
  *t = 0;
  return 0;
}

/* One call on count elements of t at buf. */
static int transfer(const void *buf, int count, MPI_Datatype t) {
  const unsigned char *p = buf;
  for (long c = 0; c < count; ++c)
    for (long k = 0; k < t->n; ++k)
      commcost_record_touch(p + c * extent(t) + t->pieces[k].off,
                            (size_t)t->pieces[k].len);
  commcost_record_call(count * t->size);
  return 0;
}

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag,
             MPI_Comm comm) {
  return transfer(buf, count, t) + 0 * (dest + tag + comm);
}
int MPI_Ssend(const void *buf, int count, MPI_Datatype t, int dest, int tag,
              MPI_Comm comm) {
  return MPI_Send(buf, count, t, dest, tag, comm);
}
int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dest, int tag,
              MPI_Comm comm, MPI_Request *request) {
  *request = 0;
  return MPI_Send(buf, count, t, dest, tag, comm);
}
int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag,
             MPI_Comm comm, MPI_Status *status) {
  if (status)
    status->source = src;
  return transfer(buf, count, t) + 0 * (tag + comm);
}
int MPI_Irecv(void *buf, int count, MPI_Datatype t, int src, int tag,
              MPI_Comm comm, MPI_Request *request) {
  *request = 0;
  return MPI_Recv(buf, count, t, src, tag, comm, MPI_STATUS_IGNORE);
}
int MPI_Put(const void *origin, int origin_count, MPI_Datatype origin_type,
            int target_rank, MPI_Aint target_disp, int target_count,
            MPI_Datatype target_type, MPI_Win win) {
  (void)target_rank, (void)target_disp, (void)target_count, (void)target_type,
      (void)win;
  return transfer(origin, origin_count, origin_type);
}
int MPI_Get(void *origin, int origin_count, MPI_Datatype origin_type,
            int target_rank, MPI_Aint target_disp, int target_count,
            MPI_Datatype target_type, MPI_Win win) {
  return MPI_Put(origin, origin_count, origin_type, target_rank, target_disp,
                 target_count, target_type, win);
}
int MPI_Accumulate(const void *origin, int origin_count,
                   MPI_Datatype origin_type, int target_rank,
                   MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_type, MPI_Op op, MPI_Win win) {
  (void)op;
  return MPI_Put(origin, origin_count, origin_type, target_rank, target_disp,
                 target_count, target_type, win);
}
