// OpenSHMEM shmem_putmem/shmem_getmem: sizes in bytes.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <shmem.h>
static char sym[1 << 16];
// CHECK: [[@LINE+1]]:42: remark: shmem_putmem (put) of 'sym', byte elements: contiguous block of n bytes; messages 1, bytes per message n, bytes n; unique lines ceildiv(n, 64) to min(1, n) + floordiv(n + 47, 64); assumed alignment: aligned to 16 bytes ('sym' is aligned); cost (70*n + 4000*min(1, n) + 4000*floordiv(n + 47, 64) + 350000) ps (model M1-mpi, profile {{.*}}fixed.json)
void putmem(char *dest, int n, int pe) { shmem_putmem(dest, sym + 128, n, pe); }
// CHECK: [[@LINE+1]]:40: remark: shmem_getmem (get) of 'sym', byte elements: contiguous block of 4096 bytes; messages 1, bytes per message 4096, bytes 4096; unique lines 64 to 65; assumed alignment: aligned to 16 bytes ('sym' is aligned); cost 0.897 us (model M1-mpi, profile {{.*}}fixed.json)
void getmem(const char *src, int pe) { shmem_getmem(sym, src, 4096, pe); }
