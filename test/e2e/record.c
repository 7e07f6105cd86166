/* The recorder of the end-to-end tests: what the recorded builds of
   slices.c and per_iteration.c touch and send, through memcpy (record.h)
   and the hooks of fake_mpi/mpi.h. Calls, total bytes, bytes per call (-1
   if they differ), and the distinct 64-byte lines of each of two regions
   of an arena: the marshalled buffer's and a copy's destination. */
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

/* An element copy counts as a call: Calls are the reads and the writes. */
void commcost_record_element(const void *src, const void *dst, size_t n) {
  commcost_record_touch(src, n);
  commcost_record_touch(dst, n);
  commcost_record_call((long)n);
}

unsigned char *commcost_record_region(int k) {
  if (!Arena)
    Arena = aligned_alloc(4096, (size_t)Regions * Region);
  return Arena + (size_t)k * Region;
}

void commcost_record_reset(void) {
  memset(Touched, 0, sizeof Touched);
  Lines[0] = Lines[1] = Calls = Bytes = PerCall = 0;
}

void commcost_record_print(void) {
  printf("%ld %ld %ld %ld %ld", Calls, Bytes, PerCall, Lines[0], Lines[1]);
}
