/* The differential test's recorder (recorder.h): three sets of (thread,
   line) pairs in open-addressing hash tables, emptied in O(1) per run by a
   generation stamp, and the counters of one run, per OpenMP thread. One
   lock serialises the threads of an OpenMP site; the other sites run on
   thread 0. */
#include "recorder.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi.h"

#ifdef _OPENMP
#include <omp.h>
static omp_lock_t Lock;
static int thread(void) { return omp_get_thread_num(); }
static void lock(void) { omp_set_lock(&Lock); }
static void unlock(void) { omp_unset_lock(&Lock); }
#else
static int thread(void) { return 0; }
static void lock(void) {}
static void unlock(void) {}
#endif

enum { LineBits = 6, SetBits = 21, MaxRegions = 16, MaxThreads = 8 };

struct line_set {
  uintptr_t key[1u << SetBits];
  unsigned stamp[1u << SetBits];
  long count[MaxThreads];
};

static struct line_set Read, Written, Marshalled;
static unsigned Generation = 1;
static long Calls, CallBytes, PerCall, Loads[MaxThreads], Stores[MaxThreads],
    StoredBytes;
/* Collectives: the most bytes one call sent and received, and all sent. */
static long CallOutMax, CallInMax, TotalOut;
static struct {
  uintptr_t begin, end;
} Regions[MaxRegions];
static int NumRegions;

static void fail(const char *what, uintptr_t at, size_t n) {
  fprintf(stderr, "recorder: %s [%#lx, +%zu)\n", what, (unsigned long)at, n);
  exit(3);
}

static void insert(struct line_set *s, int t, uintptr_t line) {
  size_t mask = (1u << SetBits) - 1;
  uintptr_t key = line << 3 | (uintptr_t)t;
  size_t h = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & mask;
  while (s->stamp[h] == Generation) {
    if (s->key[h] == key)
      return;
    h = (h + 1) & mask;
  }
  if (++s->count[t] > (long)(mask / 2 / MaxThreads))
    fail("too many lines in one run", line << LineBits, 0);
  s->stamp[h] = Generation;
  s->key[h] = key;
}

/* Adds the lines of [p, p + n) to s for the calling thread, after checking
   that the bytes lie in one registered buffer. */
static void touch(struct line_set *s, const void *p, size_t n) {
  uintptr_t a = (uintptr_t)p;
  int t = thread();
  if (n == 0)
    return;
  if (t >= MaxThreads)
    fail("too many threads", a, n);
  int inside = 0;
  for (int r = 0; r < NumRegions && !inside; ++r)
    inside = a >= Regions[r].begin && a + n <= Regions[r].end;
  if (!inside)
    fail("access outside the registered buffers", a, n);
  for (uintptr_t l = a >> LineBits; l <= (a + n - 1) >> LineBits; ++l)
    insert(s, t, l);
}

void rec_reset(void) {
#ifdef _OPENMP
  static int initialised;
  if (!initialised) {
    omp_init_lock(&Lock);
    initialised = 1;
  }
#endif
  ++Generation;
  memset(Read.count, 0, sizeof Read.count);
  memset(Written.count, 0, sizeof Written.count);
  memset(Marshalled.count, 0, sizeof Marshalled.count);
  memset(Loads, 0, sizeof Loads);
  memset(Stores, 0, sizeof Stores);
  Calls = CallBytes = PerCall = StoredBytes = 0;
  CallOutMax = CallInMax = TotalOut = 0;
  NumRegions = 0;
}

void rec_region(const void *p, size_t n) {
  if (NumRegions == MaxRegions)
    fail("too many buffers", (uintptr_t)p, n);
  Regions[NumRegions].begin = (uintptr_t)p;
  Regions[NumRegions++].end = (uintptr_t)p + n;
}

void rec_read(const void *p, size_t n) {
  lock();
  touch(&Read, p, n);
  ++Loads[thread()];
  unlock();
}

void rec_write(const void *p, size_t n) {
  lock();
  touch(&Written, p, n);
  ++Stores[thread()];
  StoredBytes += (long)n;
  unlock();
}

void commcost_record_call(long bytes) {
  PerCall = Calls == 0 || PerCall == bytes ? bytes : -1;
  ++Calls;
  CallBytes += bytes;
}

void commcost_record_touch(const void *p, size_t n) {
  touch(&Marshalled, p, n);
}

void commcost_record_read(const void *p, size_t n) { touch(&Read, p, n); }

void commcost_record_write(const void *p, size_t n) {
  touch(&Written, p, n);
}

void commcost_record_collective(long out, long in) {
  ++Calls;
  CallOutMax = out > CallOutMax ? out : CallOutMax;
  CallInMax = in > CallInMax ? in : CallInMax;
  TotalOut += out;
}

void *rec_memcpy(void *dst, const void *src, size_t n) {
  touch(&Read, src, n);
  touch(&Written, dst, n);
  commcost_record_call((long)n);
  return memmove(dst, src, n);
}

void *rec_malloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    fail("out of memory", 0, n);
  rec_region(p, n);
  return p;
}

static long sum(const long *v) {
  long s = 0;
  for (int t = 0; t < MaxThreads; ++t)
    s += v[t];
  return s;
}

static long most(const long *v) {
  long m = 0;
  for (int t = 0; t < MaxThreads; ++t)
    m = v[t] > m ? v[t] : m;
  return m;
}

void rec_print(void) {
  printf("%ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld\n",
         Calls, CallBytes, PerCall, sum(Loads), sum(Stores), StoredBytes,
         Read.count[0], Written.count[0], Marshalled.count[0], most(Loads),
         most(Stores), most(Read.count), most(Written.count), CallOutMax,
         CallInMax, TotalOut);
}
