/* What the kernel benchmark's programs share (kernels_smp.c,
 * kernels_mpi.c): the cold state before each run, and picking the case the
 * command line names. */
#ifndef COMMCOST_BENCH_HARNESS_H
#define COMMCOST_BENCH_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Caches and TLB evicted: every line of a buffer four times the size of a
 * large last-level cache written, one page after another; nothing when
 * COMMCOST_BENCH_WARM is set (the run before then warms them). */
enum { EvictBytes = 128 << 20 };
static char *Evict;

static int evict_init(void) {
  Evict = malloc(EvictBytes);
  if (!Evict)
    return 0;
  memset(Evict, 0, EvictBytes);
  return 1;
}

static void evict(void) {
  static int Warm = -1;
  if (Warm < 0)
    Warm = getenv("COMMCOST_BENCH_WARM") != NULL;
  if (Warm)
    return;
  for (long i = 0; i < EvictBytes; i += 64)
    Evict[i]++;
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
