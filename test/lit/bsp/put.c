// bsp_put and bsp_hpput: the source is the marshalled buffer; a column put element by element in a loop is a strided footprint.
// RUN: %commcost -O0 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
#include <bsp.h>
static double u[256][256];
void put_row(int pid, double *remote) {
  // CHECK: [[@LINE+1]]:3: remark: bsp_put (put) of 'u', byte elements: contiguous block of 2048 bytes; messages 1, bytes per message 2048, bytes 2048; unique lines 32 to 33; assumed alignment: aligned to 16 bytes ('u' is aligned); cost 0.625 us (model M1-mpi, profile {{.*}}fixed.json)
  bsp_put(pid, &u[1][0], remote, 0, 256 * sizeof(double));
}
void hpput_column(int pid, double *remote, int n) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: bsp_hpput (put) of 'u', byte elements: n rows of 8 bytes, row pitch 2048 bytes; messages n, bytes per message 8, bytes 8*n; unique lines n; assumed alignment: aligned to 16 bytes ('u' is aligned); cost (354560*n) ps (model M1-mpi, profile {{.*}}fixed.json)
    bsp_hpput(pid, &u[i][0], remote, i * sizeof(double), sizeof(double));
}
