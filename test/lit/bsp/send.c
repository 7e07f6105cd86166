// bsp_send (BSMP): the payload is the marshalled buffer.
// RUN: %commcost -O0 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -I%S/../Inputs %remarks %s 2>&1 | FileCheck %s
#include <bsp.h>
void send_payload(int pid, const int *tag, const float *data, int n) {
  // CHECK: [[@LINE+1]]:3: remark: bsp_send (send) of 'data', byte elements: contiguous block of 4*n bytes; messages 1, bytes per message 4*n, bytes 4*n; unique lines ceildiv(4*n, 64) to min(1, n) + floordiv(4*n + 59, 64); assumed alignment: aligned to 4 bytes ('data' points to 4-byte aligned elements);
  bsp_send(pid, tag, data, n * sizeof(float));
}
