// A loop's counter that changes through a conditional (OSU's message
// sizes: size = size ? size * 2 : 1) is no one value, though the merge of
// the conditional's two sides is assigned to a variable: a send of that
// size is analysed per iteration of the loop, where the counter is one
// value, at every level (at -O0 the merge is a phi of the promoted copy,
// above it a select that the call names as the argument 'size'). Its
// counts are never those of the whole loop (a fixed 'size' for 24*iters
// messages was wrong), and the function has no total.
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
      // CHECK: counter-through-merge.c:[[@LINE+1]]:7: remark: MPI_Send (send) of 'sbuf', char elements: contiguous block of size bytes; per iteration of the loop at line [[@LINE-2]], in which its size changes; messages iters, bytes per message size, bytes iters*size;
      MPI_Send(sbuf, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
}

// CHECK: remark: function 'latency': predicted communication cost unknown (1 sites analysed, 0 not); incomplete: a size changes from one loop iteration to the next
