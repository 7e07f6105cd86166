/* The recorder of the differential test's instrumented build. The
   generated sites call it for every element a copy loop loads or stores
   (REC_COPY), for every memcpy (rec_memcpy), and the fake MPI
   (test/e2e/fake_mpi) reports the pieces of each MPI call's type map. It
   keeps, for one run of one site, the distinct 64-byte lines read, written
   and marshalled, the counts of loads, stores and calls, and the bytes, and
   refuses any access outside the buffers the run registered (a generator
   bug, not a plugin one). */
#ifndef COMMCOST_DIFFTEST_RECORDER_H
#define COMMCOST_DIFFTEST_RECORDER_H
#include <stddef.h>

void rec_reset(void);
/* Registers [p, p + n) as a buffer the current run may access. */
void rec_region(const void *p, size_t n);
void rec_read(const void *p, size_t n);
void rec_write(const void *p, size_t n);
void *rec_memcpy(void *dst, const void *src, size_t n);
/* A buffer from malloc, registered. */
void *rec_malloc(size_t n);
/* Prints one line: calls, bytes of the calls, bytes per call (-1 if they
   differ, 0 without calls), loads, stores, bytes stored, the distinct
   lines read, written and marshalled by thread 0, the most loads,
   stores, lines read and lines written of any one thread, and for
   collectives the most bytes one call sent and received and the bytes all
   calls sent. */
void rec_print(void);

/* A copy of one element, recorded: the load of s, then the store to d. */
#define REC_COPY(d, s)                                                         \
  (rec_read(&(s), sizeof(s)), rec_write(&(d), sizeof(d)), (d) = (s))
#endif
