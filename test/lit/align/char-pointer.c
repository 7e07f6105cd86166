// A char pointer guarantees no more than 1-byte alignment: a float read
// through it (MPI_FLOAT from a char buffer, as MPI_Pack allows) may straddle
// two lines. A void pointer says nothing, and the element's alignment is
// assumed. (Differential seed 236676469: 1 line claimed where a placement
// of the char array gives 2.)
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_float_of_chars(const char *s) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 's'{{.*}}; unique lines 1 to 2; assumed alignment: aligned to 1 byte ('s' points to 1-byte aligned elements)
  MPI_Send(s + 4, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
}
void send_float_of_void(const void *v) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'v'{{.*}}; unique lines 1; assumed alignment: aligned to 4 bytes (element alignment)
  MPI_Send(v, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
}
