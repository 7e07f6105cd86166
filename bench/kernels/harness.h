/* What the kernel benchmark's programs share (kernels_smp.c,
 * kernels_mpi.c): the cold state before each run, and picking the case the
 * command line names. */
#ifndef COMMCOST_BENCH_HARNESS_H
#define COMMCOST_BENCH_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The state of caches and TLB before each run, from COMMCOST_BENCH_STATE:
 * "cold" (the default): evicted by reading every line of a buffer four
 * times the size of a large last-level cache, one page after another, so
 * that caches hold clean lines of other data and the TLB other pages, the
 * state `commcost calibrate` measures in; "dirty": the same by writing, so
 * that every line the run brings in first writes another back (a run after
 * a phase that wrote much else); "warm": nothing (the run before warms
 * them). */
enum { EvictBytes = 128 << 20 };
static char *Evict;
static enum { Cold, Dirty, Warm } State;

static int evict_init(void) {
  const char *S = getenv("COMMCOST_BENCH_STATE");
  State = !S || !strcmp(S, "cold") ? Cold : !strcmp(S, "dirty") ? Dirty
          : !strcmp(S, "warm")     ? Warm
                                   : -1;
  if ((int)State < 0) {
    fprintf(stderr, "COMMCOST_BENCH_STATE: '%s' is none of cold, dirty, "
                    "warm\n", S);
    return 0;
  }
  Evict = malloc(EvictBytes);
  if (!Evict)
    return 0;
  /* Not zeros: a compiler turns malloc + memset(0) into calloc, whose
   * pages all map the one zero page until written, and reading them would
   * evict nothing but the TLB (the state every earlier benchmark run
   * called cold). */
  memset(Evict, 1, EvictBytes);
  return 1;
}

static void evict(void) {
  volatile char Sink = 0;
  if (State == Dirty)
    for (long i = 0; i < EvictBytes; i += 64)
      Evict[i]++;
  else if (State == Cold)
    for (long i = 0; i < EvictBytes; i += 64)
      Sink += Evict[i];
}

struct bench_case {
  const char *Name;
  void (*Run)(void);
};

/* The case "CASE REPS" names, with its repetitions; -1 after printing the
 * cases for --list (Print: whether this process prints), -2 on a bad
 * command line. */
static int pick_case(const struct bench_case *Cases, int N, int argc,
                     char **argv, int Print, int *Reps) {
  if (argc == 2 && !strcmp(argv[1], "--list")) {
    for (int i = 0; Print && i < N; i++)
      puts(Cases[i].Name);
    return -1;
  }
  *Reps = argc == 3 ? atoi(argv[2]) : 0;
  for (int i = 0; argc == 3 && *Reps > 0 && i < N; i++)
    if (!strcmp(argv[1], Cases[i].Name))
      return i;
  if (Print)
    fprintf(stderr, "usage: %s --list | CASE REPETITIONS\n", argv[0]);
  return -2;
}

#endif
