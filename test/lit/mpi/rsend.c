// MPI_Rsend of a char buffer: byte elements.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void rsend_bytes(char *msg, int len, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Rsend (send) of 'msg', char elements: contiguous block of len bytes; messages 1, bytes per message len, bytes len; unique lines ceildiv(len, 64) to min(1, len) + floordiv(len + 62, 64); assumed alignment: aligned to 1 byte (element alignment);
  MPI_Rsend(msg, len, MPI_CHAR, to, 3, MPI_COMM_WORLD);
}
