// MPI_Irecv into the last row of a global matrix.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
static double halo[64][512];
void irecv_row(int from, MPI_Request *req) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Irecv (recv) of 'halo', double elements: contiguous block of 4096 bytes; messages 1, bytes per message 4096, bytes 4096; unique lines 64 to 65; assumed alignment: aligned to 16 bytes ('halo' is aligned); cost 0.897 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Irecv(&halo[63][0], 512, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, req);
}
