/* The recorder and driver of the end-to-end test. Each line on stdin names
   a function of slices.c, an offset and its integer arguments; the function
   runs with every buffer at that offset from a line-aligned region, and
   one line goes out: calls, total bytes, bytes per call (-1 if they
   differ), and the distinct 64-byte lines of the marshalled buffer and of
   a copy's destination. */
#include "fake_mpi/mpi.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LineSize = 64, Region = 1 << 22, Regions = 2 };

struct commcost_type {
  long count, blocklen, stride; /* in elements of 8 bytes */
  int builtin;
};
struct commcost_type commcost_double = {1, 1, 1, 1};

static unsigned char *Arena;
static unsigned char Touched[Regions][Region / LineSize];
static long Lines[Regions], Calls, Bytes, PerCall;

/* Records [p, p + n) as touched in the region it lies in. */
static void touch(const void *p, size_t n) {
  size_t at = (size_t)((const unsigned char *)p - Arena);
  if (at + n > (size_t)Regions * Region) {
    fprintf(stderr, "access outside the arena\n");
    exit(2);
  }
  for (size_t b = at; b < at + n; ++b) {
    unsigned char *t = &Touched[b / Region][(b % Region) / LineSize];
    if (!*t) {
      *t = 1;
      ++Lines[b / Region];
    }
  }
}

static void call(long bytes) {
  PerCall = Calls == 0 || PerCall == bytes ? bytes : -1;
  ++Calls;
  Bytes += bytes;
}

void *commcost_record_copy(void *dst, const void *src, size_t n) {
  touch(src, n);
  touch(dst, n);
  call((long)n);
  return dst;
}

/* The bytes of count elements of t at buf. */
static long typemap(const void *buf, int count, MPI_Datatype t) {
  const unsigned char *p = buf;
  long elem = 8, extent = ((t->count - 1) * t->stride + t->blocklen) * elem;
  for (int c = 0; c < count; ++c)
    for (long k = 0; k < t->count; ++k)
      touch(p + c * extent + k * t->stride * elem, t->blocklen * elem);
  return count * t->count * t->blocklen * elem;
}

int MPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *out) {
  if (!old->builtin)
    abort();
  *out = malloc(sizeof **out);
  **out = (struct commcost_type){count, blocklen, stride, 0};
  return 0;
}
int MPI_Type_commit(MPI_Datatype *t) { return t ? 0 : 1; }
int MPI_Type_free(MPI_Datatype *t) {
  free(*t);
  return 0;
}
int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag,
             MPI_Comm comm) {
  call(typemap(buf, count, t));
  return dest + tag + comm < 0;
}
int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag,
             MPI_Comm comm, MPI_Status *status) {
  call(typemap(buf, count, t));
  return src + tag + comm < 0 || status;
}

void row_send(double *, int, int, int, int);
void column_send(double *, int, int, int);
void block_send(double *, int, int);
void column_memcpy(double *, const double *, int, int);
void block_memcpy(double *, const double *, int);
void tiles_send(double *, int, int);
void rows_recv(double *, int, int, int);
void bytes_memcpy(char *, const char *, int, int);

int main(void) {
  Arena = aligned_alloc(4096, (size_t)Regions * Region);
  char name[64];
  long off, v[4];
  while (scanf("%63s %ld", name, &off) == 2) {
    int n = 0;
    while (n < 4 && getchar() == ' ' && scanf("%ld", &v[n]) == 1)
      ++n;
    memset(Touched, 0, sizeof Touched);
    Lines[0] = Lines[1] = Calls = Bytes = PerCall = 0;
    /* The marshalled buffer lies in region 0, a copy's destination in 1. */
    void *m = Arena + off, *d = Arena + Region + off;
    if (!strcmp(name, "row_send"))
      row_send(m, v[0], v[1], v[2], 1);
    else if (!strcmp(name, "column_send"))
      column_send(m, v[0], v[1], 1);
    else if (!strcmp(name, "block_send"))
      block_send(m, v[0], 1);
    else if (!strcmp(name, "column_memcpy"))
      column_memcpy(d, m, v[0], v[1]);
    else if (!strcmp(name, "block_memcpy"))
      block_memcpy(d, m, v[0]);
    else if (!strcmp(name, "tiles_send"))
      tiles_send(m, v[0], 1);
    else if (!strcmp(name, "rows_recv"))
      rows_recv(m, v[0], v[1], 1);
    else if (!strcmp(name, "bytes_memcpy"))
      bytes_memcpy(d, m, v[0], v[1]);
    else {
      fprintf(stderr, "unknown function %s\n", name);
      return 2;
    }
    printf("%ld %ld %ld %ld %ld\n", Calls, Bytes, PerCall, Lines[0], Lines[1]);
    fflush(stdout);
  }
  return 0;
}
