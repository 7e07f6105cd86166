// A subarray at a known offset into an array aligned to less than a line
// (issue 8, defect 13): the offset fixes the first byte modulo the
// alignment, which leaves only placements with the same count (30 lines);
// keeping only the offset's own alignment (8) gave 27 to 30. Aligned to a
// line, the offset fixes the placement outright.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <stdlib.h>
_Alignas(32) double g32[100][26];
_Alignas(64) double g64[100][26];
void send_g32(int to) {
  for (int i = 0; i < 10; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'g32', double elements: 10 rows of 128 bytes, row pitch 208 bytes; messages 10, bytes per message 128, bytes 1280; unique lines 30; assumed alignment: offset 24 modulo 32 ('g32' is aligned to 32);
    MPI_Send(&g32[i + 1][1], 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_g64(int to) {
  for (int i = 0; i < 10; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'g64', double elements: 10 rows of 128 bytes, row pitch 208 bytes; messages 10, bytes per message 128, bytes 1280; unique lines 30; assumed alignment: offset 24 in a 64-byte line ('g64' is aligned to 64);
    MPI_Send(&g64[i + 1][1], 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_heap(int to) {
  double *a = aligned_alloc(16, 2600 * sizeof(double));
  for (int i = 0; i < 10; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'a', double elements: 10 rows of 128 bytes, row pitch 208 bytes; messages 10, bytes per message 128, bytes 1280; unique lines 30; assumed alignment: offset 8 modulo 16 (aligned_alloc to 16);
    MPI_Send(a + (i + 1) * 26 + 1, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  free(a);
}
