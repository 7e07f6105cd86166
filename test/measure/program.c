/* The program of the end-to-end test (run_program.py): C, linked with
 * libcommcost-measure alone, it times a copy through the public API as
 * instrumented code does, forks a child that times a site of its own, and
 * exits normally, so that each process writes its run file at exit.
 * `program sum` instead records two runs of known durations, as the plugin
 * does for a call timed over a loop nest: 1 ms timed as 40 pieces, and
 * 5 ns as 1000 pieces (less than their clock overheads), and a wait of
 * 0.5 ms timed as 40 pieces, as for a receive, and nothing else. */
#define _POSIX_C_SOURCE 200809L

#include "commcost/measure.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct commcost_site parent_site = {"program.c", "main", "copy",
                                           "memcpy", 30, 5, NULL};
static struct commcost_site child_site = {"program.c", "child", "send",
                                          "MPI_Send", 40, 7, NULL};
static struct commcost_site nest_site = {"program.c", "nest", "recv",
                                         "MPI_Recv", 50, 9, NULL};

/* External, so that the copies are not optimised away. */
char from[4096], to[4096];

static void copy(struct commcost_site *site, int64_t predicted_ps) {
  uint64_t start = __commcost_measure_now();
  memcpy(to, from, sizeof to);
  // Warm: a quarter of the cold prediction, none when there is none.
  __commcost_measure_record(site, start, predicted_ps,
                            predicted_ps < 0 ? -1 : predicted_ps / 4);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "sum") == 0) {
    __commcost_measure_record_sum(&nest_site, 1000000, 40, 3000, 700);
    __commcost_measure_record_sum(&nest_site, 5, 1000, 3000, 700);
    __commcost_measure_wait(&nest_site, 500000, 40);
    return 0;
  }
  for (int i = 0; i < 5; ++i)
    copy(&parent_site, 1000);
  pid_t child = fork();
  if (child < 0)
    return 1;
  if (child == 0) {
    copy(&child_site, -1);
    exit(0); /* not _exit: the exit handlers write the child's file */
  }
  int status;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 1;
  copy(&parent_site, 1000);
  return 0;
}
