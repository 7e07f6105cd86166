// A loop whose calls end the program on an error (OSU's MPI_CHECK: exit(1)
// when a call fails) has a second exit; a run that goes on leaves by the
// loop's own test, so its trip count is that test's. A second exit the
// program continues after (a break) leaves the count unknown: the send is
// known per iteration only.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include "../../e2e/mpi_check.h"

void window(char *buf, int size, int n) {
  for (int j = 0; j < n; j++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', char elements: contiguous block of n*size bytes; messages n, bytes per message size, bytes n*size;
    CHECK(MPI_Send(buf + j * size, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD));
}

void window_until_error(char *buf, int size, int n) {
  for (int j = 0; j < n; j++)
    // CHECK: [[@LINE+1]]:9: remark: MPI_Send (send) of 'buf', char elements: contiguous block of size bytes; per iteration of the loop at line [[@LINE-1]], whose trip count is unknown; messages 1, bytes per message size, bytes size;
    if (MPI_Send(buf + j * size, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD))
      break;
}
