/* Internals of libcommcost-measure shared by its two sources (measure.c:
 * timing and per-site statistics; dump.c: the run file) and by its tests
 * (test/measure), which feed exact durations and dump into a directory of
 * their choice. Not installed.
 *
 * The functions and variables here have hidden visibility: when the static
 * library is linked into several shared objects, only the public entry
 * points are exported, so that they resolve to one copy per process. */
#ifndef COMMCOST_MEASURE_INTERNAL_H
#define COMMCOST_MEASURE_INTERNAL_H

#include "commcost/measure.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COMMCOST_MEASURE_HIDDEN __attribute__((visibility("hidden")))

/* Durations kept per site for the median: exact up to this many runs, a
 * uniform sample of the runs (Algorithm R) beyond. */
#define COMMCOST_MEASURE_RESERVOIR 1024

/* What site->state points to once the site has run. Fields other than
 * site and next are guarded by lock. */
struct commcost_measure_state {
  pthread_mutex_t lock;
  struct commcost_site *site;
  struct commcost_measure_state *next; /* the list of all states */
  uint64_t count, total_ns, min_ns, max_ns;
  /* Runs with a prediction, and its sum: from cold caches, from warm ones.
   * Up to count * 2^63 ps: beyond 64 bits over a long run. */
  uint64_t predicted_count, predicted_warm_count;
  unsigned __int128 predicted_total_ps, predicted_warm_total_ps;
  /* Pieces of waiting timed apart from the runs, and their time. */
  uint64_t waited_count, waited_ns;
  uint64_t rng; /* xorshift64 state of the reservoir's choices */
  /* The first min(count, COMMCOST_MEASURE_RESERVOIR) are valid. */
  uint64_t samples[COMMCOST_MEASURE_RESERVOIR];
};

/* Every state, newest first, and the lock that guards the list's head
 * (a state's next never changes once it is linked). */
COMMCOST_MEASURE_HIDDEN extern struct commcost_measure_state
    *commcost_measure_states;
COMMCOST_MEASURE_HIDDEN extern pthread_mutex_t commcost_measure_states_lock;

/* Adds one run of site that took ns nanoseconds (a prediction < 0: none):
 * __commcost_measure_record_sum of one piece without the clock's overhead
 * taken off and without arranging the dump at exit. */
COMMCOST_MEASURE_HIDDEN void
commcost_measure_record_duration(struct commcost_site *site, uint64_t ns,
                                 int64_t predicted_ps,
                                 int64_t predicted_warm_ps);

/* Adds ns nanoseconds of waiting, timed as spans pieces, to site's
 * waiting time, as __commcost_measure_wait does without the clock's
 * overhead taken off and without arranging the dump at exit. */
COMMCOST_MEASURE_HIDDEN void
commcost_measure_record_wait(struct commcost_site *site, uint64_t ns,
                             uint64_t spans);

/* Nanoseconds a timed piece holds beyond its site (about one clock
 * reading): the median of back-to-back clock readings, measured when the
 * process records its first run (0 before). */
COMMCOST_MEASURE_HIDDEN extern uint64_t commcost_measure_timer_overhead_ns;

/* A site's own time: ns, measured as spans timed pieces, less spans timer
 * overheads of overhead_ns each, or 0 where that would be negative. */
COMMCOST_MEASURE_HIDDEN uint64_t commcost_measure_net_ns(uint64_t ns,
                                                         uint64_t spans,
                                                         uint64_t overhead_ns);

/* The median of v[0..n), n > 0; sorts v. */
COMMCOST_MEASURE_HIDDEN double commcost_measure_median(uint64_t *v, size_t n);

/* Writes dir/commcost-run.<pid>.json atomically. Returns 0, or -1 after
 * printing "commcost-measure: cannot write <path>: <reason>" to stderr. */
COMMCOST_MEASURE_HIDDEN int commcost_measure_dump(const char *dir);

#ifdef __cplusplus
}
#endif

#endif /* COMMCOST_MEASURE_INTERNAL_H */
