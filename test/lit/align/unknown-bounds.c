// Unknown alignment: only the element's is guaranteed, so lines are a range whose ends are the best and worst placements.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_unknown(double *p, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'p', double elements: contiguous block of 192 bytes; messages 1, bytes per message 192, bytes 192; unique lines 3 to 4; assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Send(p, 24, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_bytes(char *p, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'p', char elements: contiguous block of 100 bytes; messages 1, bytes per message 100, bytes 100; unique lines 2 to 3; assumed alignment: aligned to 1 byte (element alignment);
  MPI_Send(p, 100, MPI_CHAR, to, 0, MPI_COMM_WORLD);
}
