// MPI_Bsend of float data with a symbolic count.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void bsend_floats(float *x, int len, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Bsend (send) of 'x', float elements: contiguous block of 4*len bytes; messages 1, bytes per message 4*len, bytes 4*len; unique lines ceildiv(4*len, 64) to min(1, len) + floordiv(4*len + 59, 64); assumed alignment: aligned to 4 bytes (element alignment);
  MPI_Bsend(x, len, MPI_FLOAT, to, 2, MPI_COMM_WORLD);
}
