/* The recorder and driver of the end-to-end test. Each line on stdin names
   a function of slices.c, an offset and its integer arguments; the function
   runs with every buffer at that offset from a line-aligned region, and
   one line goes out: calls, total bytes, bytes per call (-1 if they
   differ), and the distinct 64-byte lines of the marshalled buffer and of
   a copy's destination. MPI calls reach the recorder through the hooks of
   fake_mpi/mpi.h. */
#include "fake_mpi/mpi.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LineSize = 64, Region = 1 << 22, Regions = 2 };

static unsigned char *Arena;
static unsigned char Touched[Regions][Region / LineSize];
static long Lines[Regions], Calls, Bytes, PerCall;

/* Records [p, p + n) as touched in the region it lies in. */
void commcost_record_touch(const void *p, size_t n) {
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

void commcost_record_call(long bytes) {
  PerCall = Calls == 0 || PerCall == bytes ? bytes : -1;
  ++Calls;
  Bytes += bytes;
}

/* Collectives, MPI_Pack and atomics report what they read and write:
   touches too, though slices.c calls none of them. */
void commcost_record_read(const void *p, size_t n) {
  commcost_record_touch(p, n);
}
void commcost_record_write(const void *p, size_t n) {
  commcost_record_touch(p, n);
}
void commcost_record_collective(long out, long in) {
  (void)out, (void)in;
  ++Calls;
}

void *commcost_record_copy(void *dst, const void *src, size_t n) {
  commcost_record_touch(src, n);
  commcost_record_touch(dst, n);
  commcost_record_call((long)n);
  return dst;
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
