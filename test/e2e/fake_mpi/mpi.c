/* The recording MPI of fake_mpi/mpi.h: every datatype is flattened into its
   type map (byte pieces relative to the buffer, merged when adjacent), with
   MPI's lower bound and extent; a call walks count copies of the map, one
   extent apart, and reports each piece and the call's bytes to the
   recorder's hooks. A collective plays the calling rank's part of the data
   flow of docs/plugin.md ("Collectives"): the pieces of its send buffer it
   reads, those of its receive buffer it writes, and the bytes it sends and
   receives, from the arguments as the run passes them (counts arrays
   included); the rank and the number of ranks are the driver's. */
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
  long align; /* of the most aligned builtin type in it */
};

#define BUILTIN(name, bytes)                                                   \
  static struct piece name##_piece = {0, bytes};                               \
  struct commcost_type commcost_##name = {0, bytes, bytes, 1, &name##_piece,   \
                                          1, bytes};

int commcost_fake_rank = 0, commcost_fake_size = 1;
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
  t->align = 1;
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
  if (old->align > t->align)
    t->align = old->align;
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

int MPI_Type_create_hindexed(int count, const int lens[],
                             const MPI_Aint displs[], MPI_Datatype old,
                             MPI_Datatype *out) {
  MPI_Datatype t = new_type();
  long cap = 0;
  for (long i = 0; i < count; ++i)
    for (long j = 0; j < lens[i]; ++j)
      append(t, old, displs[i] + j * extent(old), &cap);
  *out = t;
  return 0;
}

int MPI_Type_indexed(int count, const int lens[], const int displs[],
                     MPI_Datatype old, MPI_Datatype *out) {
  MPI_Aint *bytes = checked(malloc((count + 1) * sizeof *bytes));
  for (int i = 0; i < count; ++i)
    bytes[i] = displs[i] * extent(old);
  int r = MPI_Type_create_hindexed(count, lens, bytes, old, out);
  free(bytes);
  return r;
}

int MPI_Type_create_indexed_block(int count, int len, const int displs[],
                                  MPI_Datatype old, MPI_Datatype *out) {
  int *lens = checked(malloc((count + 1) * sizeof *lens));
  for (int i = 0; i < count; ++i)
    lens[i] = len;
  int r = MPI_Type_indexed(count, lens, displs, old, out);
  free(lens);
  return r;
}

/* The extent is rounded up to the alignment of the most aligned member,
   as implementations do. */
int MPI_Type_create_struct(int count, const int lens[],
                           const MPI_Aint displs[], const MPI_Datatype types[],
                           MPI_Datatype *out) {
  MPI_Datatype t = new_type();
  long cap = 0;
  for (long i = 0; i < count; ++i)
    for (long j = 0; j < lens[i]; ++j)
      append(t, types[i], displs[i] + j * extent(types[i]), &cap);
  long e = extent(t);
  if (e % t->align)
    t->ub += t->align - e % t->align;
  *out = t;
  return 0;
}

int MPI_Type_create_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint ext,
                            MPI_Datatype *out) {
  MPI_Datatype t = new_type();
  long cap = 0;
  append(t, old, 0, &cap);
  t->lb = lb;
  t->ub = lb + ext;
  *out = t;
  return 0;
}

int MPI_Type_dup(MPI_Datatype old, MPI_Datatype *out) {
  return MPI_Type_create_resized(old, old->lb, extent(old), out);
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

/* count elements of t at buf, piece by piece, to a hook. */
static void each_piece(const void *buf, long count, MPI_Datatype t,
                       void (*hook)(const void *, size_t)) {
  const unsigned char *p = buf;
  for (long c = 0; c < count; ++c)
    for (long k = 0; k < t->n; ++k)
      hook(p + c * extent(t) + t->pieces[k].off, (size_t)t->pieces[k].len);
}

static const unsigned char *at(const void *buf, long bytes) {
  return (const unsigned char *)buf + bytes;
}

int MPI_Comm_rank(MPI_Comm comm, int *rank) {
  *rank = commcost_fake_rank + 0 * comm;
  return 0;
}
int MPI_Comm_size(MPI_Comm comm, int *size) {
  *size = commcost_fake_size + 0 * comm;
  return 0;
}

int MPI_Fetch_and_op(const void *origin, void *result, MPI_Datatype t,
                     int target_rank, MPI_Aint target_disp, MPI_Op op,
                     MPI_Win win) {
  (void)target_rank, (void)target_disp, (void)op, (void)win;
  each_piece(origin, 1, t, commcost_record_touch);
  each_piece(result, 1, t, commcost_record_write);
  commcost_record_call(t->size);
  return 0;
}
int MPI_Compare_and_swap(const void *origin, const void *compare,
                         void *result, MPI_Datatype t, int target_rank,
                         MPI_Aint target_disp, MPI_Win win) {
  (void)compare, (void)target_rank, (void)target_disp, (void)win;
  each_piece(origin, 1, t, commcost_record_touch);
  each_piece(result, 1, t, commcost_record_write);
  commcost_record_call(2 * t->size);
  return 0;
}
int MPI_Get_accumulate(const void *origin, int origin_count,
                       MPI_Datatype origin_type, void *result,
                       int result_count, MPI_Datatype result_type,
                       int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_type, MPI_Op op,
                       MPI_Win win) {
  (void)target_rank, (void)target_disp, (void)target_count,
      (void)target_type, (void)op, (void)win;
  each_piece(origin, origin_count, origin_type, commcost_record_touch);
  each_piece(result, result_count, result_type, commcost_record_write);
  commcost_record_call(origin_count * origin_type->size);
  return 0;
}

int MPI_Pack(const void *in, int count, MPI_Datatype t, void *out,
             int outsize, int *position, MPI_Comm comm) {
  long bytes = count * t->size;
  (void)comm;
  if (*position + bytes > outsize)
    abort();
  each_piece(in, count, t, commcost_record_read);
  commcost_record_write(at(out, *position), (size_t)bytes);
  *position += (int)bytes;
  commcost_record_call(bytes);
  return 0;
}
int MPI_Unpack(const void *in, int insize, int *position, void *out,
               int count, MPI_Datatype t, MPI_Comm comm) {
  long bytes = count * t->size;
  (void)comm;
  if (*position + bytes > insize)
    abort();
  commcost_record_read(at(in, *position), (size_t)bytes);
  each_piece(out, count, t, commcost_record_write);
  *position += (int)bytes;
  commcost_record_call(bytes);
  return 0;
}

/* The collectives, as rank r of p plays them. */
#define RANK (commcost_fake_rank)
#define RANKS (commcost_fake_size)

int MPI_Barrier(MPI_Comm comm) {
  (void)comm;
  commcost_record_collective(0, 0);
  return 0;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm) {
  long b = count * t->size;
  (void)comm;
  if (RANK == root) {
    if (RANKS > 1)
      each_piece(buf, count, t, commcost_record_read);
    commcost_record_collective((RANKS - 1) * b, 0);
  } else {
    each_piece(buf, count, t, commcost_record_write);
    commcost_record_collective(0, b);
  }
  return 0;
}
int MPI_Ibcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm,
               MPI_Request *request) {
  *request = 0;
  return MPI_Bcast(buf, count, t, root, comm);
}

int MPI_Reduce(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
               int root, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long b = count * t->size, in = 0;
  (void)op, (void)comm;
  each_piece(ip ? r : s, count, t, commcost_record_read);
  if (RANK == root) {
    each_piece(r, count, t, commcost_record_write);
    in = (ip ? RANKS - 1 : RANKS) * b;
  }
  commcost_record_collective(ip && RANK == root ? 0 : b, in);
  return 0;
}

/* A reduce to rank 0 and its broadcast. */
int MPI_Allreduce(const void *s, void *r, int count, MPI_Datatype t,
                  MPI_Op op, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long b = count * t->size;
  long moved = (ip ? RANKS - 1 : RANKS) * b;
  (void)op, (void)comm;
  each_piece(ip ? r : s, count, t, commcost_record_read);
  each_piece(r, count, t, commcost_record_write);
  if (RANK == 0)
    commcost_record_collective(moved, moved);
  else
    commcost_record_collective(b, b);
  return 0;
}
int MPI_Iallreduce(const void *s, void *r, int count, MPI_Datatype t,
                   MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  *request = 0;
  return MPI_Allreduce(s, r, count, t, op, comm);
}

/* Rank j's contribution goes to every rank i >= j (i > j: Exscan). */
int MPI_Scan(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
             MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long b = count * t->size;
  (void)op, (void)comm;
  each_piece(ip ? r : s, count, t, commcost_record_read);
  each_piece(r, count, t, commcost_record_write);
  commcost_record_collective((RANKS - RANK - ip) * b, (RANK + 1 - ip) * b);
  return 0;
}
int MPI_Exscan(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long b = count * t->size;
  (void)op, (void)comm;
  if (RANK < RANKS - 1)
    each_piece(ip ? r : s, count, t, commcost_record_read);
  if (RANK > 0)
    each_piece(r, count, t, commcost_record_write);
  commcost_record_collective((RANKS - 1 - RANK) * b, RANK * b);
  return 0;
}

/* Block j of every rank's contribution goes to rank j. */
int MPI_Reduce_scatter_block(const void *s, void *r, int count,
                             MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long moved = (ip ? RANKS - 1 : RANKS) * count * t->size;
  (void)op, (void)comm;
  each_piece(ip ? r : s, (long)RANKS * count, t, commcost_record_read);
  each_piece(r, count, t, commcost_record_write);
  commcost_record_collective(moved, moved);
  return 0;
}
int MPI_Reduce_scatter(const void *s, void *r, const int counts[],
                       MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long sum = 0;
  (void)op, (void)comm;
  for (int i = 0; i < RANKS; ++i)
    sum += counts[i];
  each_piece(ip ? r : s, sum, t, commcost_record_read);
  each_piece(r, counts[RANK], t, commcost_record_write);
  commcost_record_collective((sum - (ip ? counts[RANK] : 0)) * t->size,
                             (ip ? RANKS - 1 : RANKS) * counts[RANK] *
                                 t->size);
  return 0;
}

int MPI_Gatherv(const void *s, int sc, MPI_Datatype st, void *r,
                const int rcounts[], const int displs[], MPI_Datatype rt,
                int root, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long out = 0, in = 0;
  (void)comm;
  if (!ip) {
    each_piece(s, sc, st, commcost_record_read);
    out = sc * st->size;
  } else if (RANK != root) {
    out = rcounts[RANK] * rt->size;
  }
  if (RANK == root)
    for (int i = 0; i < RANKS; ++i) {
      if (ip && i == RANK)
        continue;
      each_piece(at(r, displs[i] * extent(rt)), rcounts[i], rt,
                 commcost_record_write);
      in += rcounts[i] * rt->size;
    }
  commcost_record_collective(out, in);
  return 0;
}

/* Uniform counts as arrays, for the forms without v. */
static int *uniform(int count, int stride) {
  int *a = checked(malloc(((size_t)RANKS + 1) * sizeof *a));
  for (int i = 0; i < RANKS; ++i)
    a[i] = stride ? i * stride : count;
  return a;
}

int MPI_Gather(const void *s, int sc, MPI_Datatype st, void *r, int rc,
               MPI_Datatype rt, int root, MPI_Comm comm) {
  int *counts = uniform(rc, 0), *displs = uniform(0, rc);
  int e = MPI_Gatherv(s, sc, st, r, counts, displs, rt, root, comm);
  free(counts);
  free(displs);
  return e;
}

int MPI_Scatterv(const void *s, const int scounts[], const int displs[],
                 MPI_Datatype st, void *r, int rc, MPI_Datatype rt, int root,
                 MPI_Comm comm) {
  int ip = r == MPI_IN_PLACE;
  long out = 0, in = 0;
  (void)comm;
  if (RANK == root)
    for (int i = 0; i < RANKS; ++i) {
      if (ip && i == RANK)
        continue;
      each_piece(at(s, displs[i] * extent(st)), scounts[i], st,
                 commcost_record_read);
      out += scounts[i] * st->size;
    }
  if (!ip) {
    each_piece(r, rc, rt, commcost_record_write);
    in = rc * rt->size;
  } else if (RANK != root) {
    in = scounts[RANK] * st->size;
  }
  commcost_record_collective(out, in);
  return 0;
}

int MPI_Scatter(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                MPI_Datatype rt, int root, MPI_Comm comm) {
  int *counts = uniform(sc, 0), *displs = uniform(0, sc);
  int e = MPI_Scatterv(s, counts, displs, st, r, rc, rt, root, comm);
  free(counts);
  free(displs);
  return e;
}

/* Rank i's block goes to every rank. */
int MPI_Allgatherv(const void *s, int sc, MPI_Datatype st, void *r,
                   const int rcounts[], const int displs[], MPI_Datatype rt,
                   MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long out, in = 0;
  (void)comm;
  if (!ip) {
    each_piece(s, sc, st, commcost_record_read);
    out = RANKS * sc * st->size;
  } else {
    if (RANKS > 1)
      each_piece(at(r, displs[RANK] * extent(rt)), rcounts[RANK], rt,
                 commcost_record_read);
    out = (RANKS - 1) * rcounts[RANK] * rt->size;
  }
  for (int i = 0; i < RANKS; ++i) {
    if (ip && i == RANK)
      continue;
    each_piece(at(r, displs[i] * extent(rt)), rcounts[i], rt,
               commcost_record_write);
    in += rcounts[i] * rt->size;
  }
  commcost_record_collective(out, in);
  return 0;
}

int MPI_Allgather(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                  MPI_Datatype rt, MPI_Comm comm) {
  int *counts = uniform(rc, 0), *displs = uniform(0, rc);
  int e = MPI_Allgatherv(s, sc, st, r, counts, displs, rt, comm);
  free(counts);
  free(displs);
  return e;
}

int MPI_Alltoallv(const void *s, const int scounts[], const int sdispls[],
                  MPI_Datatype st, void *r, const int rcounts[],
                  const int rdispls[], MPI_Datatype rt, MPI_Comm comm) {
  int ip = s == MPI_IN_PLACE;
  long out = 0, in = 0;
  (void)comm;
  for (int i = 0; i < RANKS; ++i) {
    if (ip && i == RANK)
      continue;
    if (ip) {
      each_piece(at(r, rdispls[i] * extent(rt)), rcounts[i], rt,
                 commcost_record_read);
      out += rcounts[i] * rt->size;
    } else {
      each_piece(at(s, sdispls[i] * extent(st)), scounts[i], st,
                 commcost_record_read);
      out += scounts[i] * st->size;
    }
    each_piece(at(r, rdispls[i] * extent(rt)), rcounts[i], rt,
               commcost_record_write);
    in += rcounts[i] * rt->size;
  }
  commcost_record_collective(out, in);
  return 0;
}

int MPI_Alltoall(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                 MPI_Datatype rt, MPI_Comm comm) {
  int *scounts = uniform(sc, 0), *sdispls = uniform(0, sc);
  int *rcounts = uniform(rc, 0), *rdispls = uniform(0, rc);
  int e = MPI_Alltoallv(s, scounts, sdispls, st, r, rcounts, rdispls, rt,
                        comm);
  free(scounts);
  free(sdispls);
  free(rcounts);
  free(rdispls);
  return e;
}
int MPI_Ialltoall(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                  MPI_Datatype rt, MPI_Comm comm, MPI_Request *request) {
  *request = 0;
  return MPI_Alltoall(s, sc, st, r, rc, rt, comm);
}
