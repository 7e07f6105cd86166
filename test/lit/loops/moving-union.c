// A buffer that moves with the loop: the union of the slices (here rows that abut, one contiguous block) is what the lines count.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
double field[256][256];
void send_rows(int first, int count, int to) {
  for (int r = 0; r < count; r++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'field', double elements: contiguous block of 2048*count bytes; messages count, bytes per message 2048, bytes 2048*count; unique lines 32*count to min(1, count) + floordiv(2048*count + 47, 64); assumed alignment: aligned to 16 bytes ('field' is aligned);
    MPI_Send(&field[first + r][0], 256, MPI_DOUBLE, to, r, MPI_COMM_WORLD);
}
void recv_column(int to) {
  for (int r = 0; r < 256; r++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Recv (recv) of 'field', double elements: 256 rows of 8 bytes, row pitch 2048 bytes; messages 256, bytes per message 8, bytes 2048; unique lines 256; assumed alignment: offset 8 modulo 16 ('field' is aligned to 16);
    MPI_Recv(&field[r][255], 1, MPI_DOUBLE, to, r, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}
