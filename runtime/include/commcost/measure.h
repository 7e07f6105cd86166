/* The run-time interface of measured runs (-fplugin-arg-commcost-measure).
 *
 * The plugin brackets every analysed communication site of the program:
 *
 *   uint64_t start = __commcost_measure_now();
 *   MPI_Send(...);                        (or a memcpy, a copy loop, ...)
 *   __commcost_measure_record(&site, start, predicted_ps, predicted_warm_ps);
 *
 * (or times each execution of a call in a loop nest itself and calls
 * __commcost_measure_record_sum with the sum; a receive's wait for its
 * message, timed before the run, goes to __commcost_measure_wait),
 * with one static struct commcost_site per site; the program is linked
 * with libcommcost-measure.a (C11 and libc only). At normal exit each
 * process writes $COMMCOST_MEASURE_DIR/commcost-run.<pid>.json (default:
 * the current directory) with per-site counts, times and the summed
 * predictions; docs/measure.md describes the file.
 *
 * The plugin emits the descriptor as the IR type
 * { ptr, ptr, ptr, ptr, i32, i32, ptr }: the layout below must not change.
 */
#ifndef COMMCOST_MEASURE_H
#define COMMCOST_MEASURE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One per instrumented site, in writable memory, state zero-initialised. */
struct commcost_site {
  const char *file;     /* the site's DebugLoc file, as in the record */
  const char *function; /* the function, as in the record (mangled in C++) */
  const char *kind;     /* the record's kind: send, recv, copy, copy-loop, ... */
  const char *callee;   /* "MPI_Send", "memcpy", "loop" */
  uint32_t line, column;
  void *state;          /* owned by the library: NULL until the site first runs */
};

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t __commcost_measure_now(void);

/* Records one run of site that began at start_ns (a value of
 * __commcost_measure_now) and ends now, less the clock's overhead (the
 * run file's timer_overhead_ns). predicted_ps is the plugin's
 * prediction for this run in picoseconds from cold caches, predicted_warm_ps
 * from warm ones (the ends of the site's interval), each negative when
 * there is none. Thread-safe. */
void __commcost_measure_record(struct commcost_site *site, uint64_t start_ns,
                               int64_t predicted_ps, int64_t predicted_warm_ps);

/* The same for a run the caller timed as spans pieces, ns nanoseconds in
 * all (the plugin's sum of a call's executions over a loop nest, one
 * piece each): recorded less spans clock overheads. */
void __commcost_measure_record_sum(struct commcost_site *site, uint64_t ns,
                                   uint64_t spans, int64_t predicted_ps,
                                   int64_t predicted_warm_ps);

/* Adds to site's time spent waiting, kept apart from its runs: ns
 * nanoseconds timed as spans pieces (recorded less spans clock overheads),
 * which a receive waited for its message to arrive before the runs it
 * follows (the plugin probes for the message before the receive's
 * clock starts). Thread-safe. */
void __commcost_measure_wait(struct commcost_site *site, uint64_t ns,
                             uint64_t spans);

#ifdef __cplusplus
}
#endif

#endif /* COMMCOST_MEASURE_H */
