// A loop's counter that changes through a conditional (OSU's message
// sizes: size = size ? size * 2 : 1) is no one value, though the merge of
// the conditional's two sides is assigned to a variable: a size that is
// that counter changes from one iteration to the next, at every level
// (at -O0 the merge is a phi of the promoted copy, above it a select).
// Merges that are not counters keep their names: names-without-g.c.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#define MAX_SIZE (1 << 22)

void latency(char *sbuf, int iters) {
  int size, i;
  for (size = 0; size <= MAX_SIZE; size = size ? size * 2 : 1)
    for (i = 0; i < iters; i++)
      // CHECK: counter-through-merge.c:[[@LINE+1]]:7: remark: MPI_Send not analysed: a size changes from one loop iteration to the next
      MPI_Send(sbuf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
}

