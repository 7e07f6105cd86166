// Strided OpenSHMEM iput/iget: a column of a global matrix.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <shmem.h>
static double field[64][64];
void iput_column(double *dest, int pe) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_double_iput (put) of 'field', double elements, datatype stride 64 elements: 64 rows of 8 bytes, row pitch 512 bytes; messages 1, bytes per message 512, bytes 512; unique lines 64; assumed alignment: offset 8 modulo 16 ('field' is aligned to 16);
  shmem_double_iput(dest, &field[0][5], 1, 64, 64, pe);
}
void iget_column(const double *src, int n, int pe) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_double_iget (get) of 'field', double elements, datatype stride 64 elements: n rows of 8 bytes, row pitch 512 bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines n; assumed alignment: offset 8 modulo 16 ('field' is aligned to 16);
  shmem_double_iget(&field[0][7], src, 64, 1, n, pe);
}
