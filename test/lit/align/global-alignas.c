// A global with _Alignas(64): the offset in the line is known, so the line count is exact (one number, not a range).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) double grid[64][100];
void send_row(int i, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements: contiguous block of 800 bytes; messages 1, bytes per message 800, bytes 800; unique lines 13; assumed alignment: offset 0 in a 64-byte line ('grid' is aligned to 64);
  MPI_Send(&grid[2][0], 100, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_row_at(int n, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid', double elements: contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines min(1, n) + floordiv(8*n + 7, 64); assumed alignment: offset 8 in a 64-byte line ('grid' is aligned to 64);
  MPI_Send(&grid[3][5], n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
