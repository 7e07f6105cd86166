// bsp_get and bsp_hpget: the destination is the marshalled buffer, aligned
// as the doubles its pointer points to although the sizes are in bytes.
// RUN: %commcost -O0 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
#include <bsp.h>
void get_block(int pid, const double *remote, double *local, int n) {
  // CHECK: [[@LINE+1]]:3: remark: bsp_get (get) of 'local', byte elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes ('local' points to 8-byte aligned elements);
  bsp_get(pid, remote, 0, local, n * sizeof(double));
}
void hpget_rows(int pid, const double *remote, double *local, int rows,
                int width) {
  for (int r = 0; r < rows; r++)
    // CHECK: [[@LINE+1]]:5: remark: bsp_hpget (get) of 'local', byte elements: rows rows of 256 bytes, row pitch 512 bytes; messages rows, bytes per message 256, bytes 256*rows; unique lines 4*rows to 5*rows; assumed alignment: aligned to 8 bytes ('local' points to 8-byte aligned elements);
    bsp_hpget(pid, remote, r * 64 * sizeof(double), local + r * 64,
              32 * sizeof(double));
}
