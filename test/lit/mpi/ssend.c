// MPI_Ssend of a constant block of ints from a global.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
static int counts[1000];
void ssend_counts(int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Ssend (send) of 'counts', int elements: contiguous block of 1024 bytes; messages 1, bytes per message 1024, bytes 1024; unique lines 16 to 17; assumed alignment: aligned to 16 bytes ('counts' is aligned); cost 0.490 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Ssend(counts + 16, 256, MPI_INT, to, 1, MPI_COMM_WORLD);
}
