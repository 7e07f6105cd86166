/* libcommcost-measure, the timing half: the clock and its overhead, the
 * per-site statistics that __commcost_measure_record keeps, and the hooks
 * that write the run file at exit (dump.c) and start a forked child
 * afresh.
 *
 * Sites run from several threads at once (OpenMP copy loops), so each
 * site's statistics have a mutex of their own; the global lock is taken
 * only when a site first runs, to create and list its state. */
#define _POSIX_C_SOURCE 200809L

#include "measure_internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <time.h>

/* The plugin emits the descriptor as { ptr, ptr, ptr, ptr, i32, i32, ptr }
 * with the ABI's natural alignment; the struct must match it. */
_Static_assert(offsetof(struct commcost_site, line) == 4 * sizeof(void *),
               "line follows the four strings");
_Static_assert(offsetof(struct commcost_site, column) ==
                   4 * sizeof(void *) + 4,
               "column follows line");
_Static_assert(offsetof(struct commcost_site, state) == 4 * sizeof(void *) + 8,
               "state follows column without padding");
_Static_assert(sizeof(struct commcost_site) == 5 * sizeof(void *) + 8,
               "no tail padding");

struct commcost_measure_state *commcost_measure_states;
pthread_mutex_t commcost_measure_states_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t commcost_measure_timer_overhead_ns;

static pthread_once_t start_once = PTHREAD_ONCE_INIT;

/* A fixed seed: the same runs give the same reservoir, run after run. */
static const uint64_t reservoir_seed = 0x9E3779B97F4A7C15u;

uint64_t __commcost_measure_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

double commcost_measure_median(uint64_t *v, size_t n) {
  qsort(v, n, sizeof *v, compare_u64);
  if (n % 2)
    return (double)v[n / 2];
  return (double)v[n / 2 - 1] + (double)(v[n / 2] - v[n / 2 - 1]) / 2.0;
}

uint64_t commcost_measure_net_ns(uint64_t ns, uint64_t spans,
                                 uint64_t overhead_ns) {
  // spans * overhead_ns beyond 64 bits is beyond any ns.
  if (overhead_ns && spans > UINT64_MAX / overhead_ns)
    return 0;
  uint64_t held = spans * overhead_ns;
  return ns > held ? ns - held : 0;
}

/* The median of back-to-back clock readings, rounded down: a piece timed
 * around a site holds the second half of one reading and the first half
 * of the next, as these do (about 30 ns under a hypervisor, which 64
 * memcpy calls of 1 KiB timed one by one would add as 2 us). */
static uint64_t measured_timer_overhead_ns(void) {
  uint64_t d[1001];
  for (size_t i = 0; i < sizeof d / sizeof *d; ++i) {
    uint64_t t0 = __commcost_measure_now();
    d[i] = __commcost_measure_now() - t0;
  }
  return (uint64_t)commcost_measure_median(d, sizeof d / sizeof *d);
}

/* A state as if its site had never run. */
static void reset_state(struct commcost_measure_state *st) {
  st->count = 0;
  st->total_ns = 0;
  st->min_ns = UINT64_MAX;
  st->max_ns = 0;
  st->predicted_count = st->predicted_warm_count = 0;
  st->predicted_total_ps = st->predicted_warm_total_ps = 0;
  st->waited_count = st->waited_ns = 0;
  st->rng = reservoir_seed;
}

/* The site's state, created on its first run; NULL when there is no memory
 * for it. */
static struct commcost_measure_state *state_of(struct commcost_site *site) {
  struct commcost_measure_state *st =
      __atomic_load_n(&site->state, __ATOMIC_ACQUIRE);
  if (st)
    return st;
  pthread_mutex_lock(&commcost_measure_states_lock);
  // Another thread may have created it while this one waited.
  st = __atomic_load_n(&site->state, __ATOMIC_RELAXED);
  if (!st && (st = malloc(sizeof *st))) {
    pthread_mutex_init(&st->lock, NULL);
    st->site = site;
    reset_state(st);
    st->next = commcost_measure_states;
    commcost_measure_states = st;
    // Release: a thread that sees the pointer sees the state initialised.
    __atomic_store_n(&site->state, st, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&commcost_measure_states_lock);
  return st;
}

static uint64_t xorshift64(uint64_t *x) {
  *x ^= *x << 13;
  *x ^= *x >> 7;
  *x ^= *x << 17;
  return *x;
}

void commcost_measure_record_duration(struct commcost_site *site, uint64_t ns,
                                      int64_t predicted_ps,
                                      int64_t predicted_warm_ps) {
  struct commcost_measure_state *st = state_of(site);
  if (!st)
    return; // Out of memory: the run goes unrecorded rather than abort.
  pthread_mutex_lock(&st->lock);
  uint64_t n = ++st->count;
  st->total_ns += ns;
  if (ns < st->min_ns)
    st->min_ns = ns;
  if (ns > st->max_ns)
    st->max_ns = ns;
  // Algorithm R: the n-th run replaces a random sample with probability
  // RESERVOIR / n, which keeps every run in the reservoir equally likely.
  if (n <= COMMCOST_MEASURE_RESERVOIR) {
    st->samples[n - 1] = ns;
  } else {
    uint64_t j = xorshift64(&st->rng) % n;
    if (j < COMMCOST_MEASURE_RESERVOIR)
      st->samples[j] = ns;
  }
  if (predicted_ps >= 0) {
    ++st->predicted_count;
    st->predicted_total_ps += (uint64_t)predicted_ps;
  }
  if (predicted_warm_ps >= 0) {
    ++st->predicted_warm_count;
    st->predicted_warm_total_ps += (uint64_t)predicted_warm_ps;
  }
  pthread_mutex_unlock(&st->lock);
}

void commcost_measure_record_wait(struct commcost_site *site, uint64_t ns,
                                  uint64_t spans) {
  struct commcost_measure_state *st = state_of(site);
  if (!st)
    return;
  pthread_mutex_lock(&st->lock);
  st->waited_count += spans;
  st->waited_ns += ns;
  pthread_mutex_unlock(&st->lock);
}

static void dump_at_exit(void) {
  const char *dir = getenv("COMMCOST_MEASURE_DIR");
  commcost_measure_dump(dir && *dir ? dir : ".");
}

/* fork: the list must not be mid-insertion in the child. */
static void lock_states(void) {
  pthread_mutex_lock(&commcost_measure_states_lock);
}

static void unlock_states(void) {
  pthread_mutex_unlock(&commcost_measure_states_lock);
}

/* A forked child writes a file of its own at exit; the parent's runs are
 * in the parent's file, so the child starts from none. Another thread of
 * the parent may have held a site's lock at the fork; the child has only
 * the forking thread, so the locks are made anew. */
static void forget_parent_runs(void) {
  unlock_states();
  for (struct commcost_measure_state *st = commcost_measure_states; st;
       st = st->next) {
    pthread_mutex_init(&st->lock, NULL);
    reset_state(st);
  }
}

/* On the first run recorded, after its clock reading: the overhead, and
 * the hooks. */
static void start_library(void) {
  commcost_measure_timer_overhead_ns = measured_timer_overhead_ns();
  atexit(dump_at_exit);
  pthread_atfork(lock_states, unlock_states, forget_parent_runs);
}

void __commcost_measure_record_sum(struct commcost_site *site, uint64_t ns,
                                   uint64_t spans, int64_t predicted_ps,
                                   int64_t predicted_warm_ps) {
  pthread_once(&start_once, start_library);
  commcost_measure_record_duration(
      site, commcost_measure_net_ns(ns, spans, commcost_measure_timer_overhead_ns),
      predicted_ps, predicted_warm_ps);
}

void __commcost_measure_record(struct commcost_site *site, uint64_t start_ns,
                               int64_t predicted_ps,
                               int64_t predicted_warm_ps) {
  // The clock first: what follows is the library's time, not the site's.
  uint64_t end_ns = __commcost_measure_now();
  // A start after the end is a caller's bug; 0 keeps the totals sane.
  __commcost_measure_record_sum(site, end_ns > start_ns ? end_ns - start_ns : 0,
                                1, predicted_ps, predicted_warm_ps);
}

void __commcost_measure_wait(struct commcost_site *site, uint64_t ns,
                             uint64_t spans) {
  pthread_once(&start_once, start_library);
  commcost_measure_record_wait(
      site,
      commcost_measure_net_ns(ns, spans, commcost_measure_timer_overhead_ns),
      spans);
}
