// Typed OpenSHMEM put/get (and the sized form): sizes in elements.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <shmem.h>
static double field[64][64];
// CHECK: [[@LINE+1]]:38: remark: shmem_double_put (put) of 'field', double elements: contiguous block of 512 bytes; messages 1, bytes per message 512, bytes 512; unique lines 8 to 9; assumed alignment: aligned to 16 bytes ('field' is aligned);
void put_row(double *dest, int pe) { shmem_double_put(dest, &field[3][0], 64, pe); }
// CHECK: [[@LINE+1]]:58: remark: shmem_int_get (get) of 'dst', int elements: contiguous block of 4*n bytes; messages 1, bytes per message 4*n, bytes 4*n; unique lines ceildiv(4*n, 64) to min(1, n) + floordiv(4*n + 59, 64); assumed alignment: aligned to 4 bytes (element alignment);
void get_ints(int *dst, const int *src, int n, int pe) { shmem_int_get(dst, src, n, pe); }
// CHECK: [[@LINE+1]]:62: remark: shmem_put64 (put) of 'src', 64-bit elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: aligned to 8 bytes (element alignment);
void put_words(void *dest, const void *src, int n, int pe) { shmem_put64(dest, src, n, pe); }
