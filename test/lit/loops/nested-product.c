// Calls in nested loops: messages are the product of the trip counts; the buffer moves in both loops, so the union of the slices is a 2-D footprint.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_tiles(double *a, int nb, int to) {
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < 4; j++)
      // CHECK: [[@LINE+1]]:7: remark: MPI_Send (send) of 'a', double elements: nb rows of 512 bytes, row pitch 1024 bytes; messages 4*nb, bytes per message 128, bytes 512*nb; unique lines 8*nb to 9*nb; assumed alignment: aligned to 8 bytes (element alignment);
      MPI_Send(a + i * 128 + j * 16, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// With a symbolic pitch the rows' offsets in a line vary with ldb: the gcd
// bounds, with g = gcd(64, 8*ldb) and a period of 64/g rows.
void send_tiles_ld(double *a, int nb, int ldb, int to) {
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < 4; j++)
      // CHECK: [[@LINE+1]]:7: remark: MPI_Send (send) of 'a', double elements: nb rows of 512 bytes, row pitch 8*ldb bytes; messages 4*nb, bytes per message 128, bytes 512*nb; unique lines min(1, nb)*min((64/gcd(64, 8*ldb) + floordiv(511, gcd(64, 8*ldb)))*floordiv(nb, 64/gcd(64, 8*ldb)) + 8*(nb%(64/gcd(64, 8*ldb))), ceildiv(8*ldb*(nb - 1) + 512, 64)) to min(1, nb)*min((64/gcd(64, 8*ldb) + floordiv(gcd(64, 8*ldb) + 503, gcd(64, 8*ldb)))*floordiv(nb, 64/gcd(64, 8*ldb)) + min(64/gcd(64, 8*ldb) + floordiv(gcd(64, 8*ldb) + 503, gcd(64, 8*ldb)), 9*(nb%(64/gcd(64, 8*ldb)))), floordiv(8*ldb*(nb - 1) + 567, 64) + 1); assumed alignment: aligned to 8 bytes (element alignment);
      MPI_Send(a + i * ldb + j * 16, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
void send_repeatedly(double *a, int steps, int k, int to) {
  for (int s = 0; s < steps; s++)
    for (int r = 0; r < k; r++)
      // CHECK: [[@LINE+1]]:7: remark: MPI_Send (send) of 'a', double elements: contiguous block of 64 bytes; messages k*steps, bytes per message 64, bytes 64*k*steps; unique lines min(1, k*steps) to 2*min(1, k*steps); assumed alignment: aligned to 8 bytes (element alignment);
      MPI_Send(a, 8, MPI_DOUBLE, to, s, MPI_COMM_WORLD);
}
