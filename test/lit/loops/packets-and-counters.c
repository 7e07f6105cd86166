// Loops the corpus is made of: packets with a symbolic step (ceildiv(D, l)
// messages; with the last message shorter, D bytes in all), a running pack
// counter (buf[pos++] across nested loops is affine), and a void pointer
// built from a double one (the doubles' alignment is kept).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void packets(char *buf, int D, int l, int to) {
  for (int off = 0; off < D; off += l)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', char elements: contiguous block of l*ceildiv(D, l) bytes; messages ceildiv(D, l), bytes per message l, bytes l*ceildiv(D, l);
    MPI_Send(buf + off, l, MPI_CHAR, to, 0, MPI_COMM_WORLD);
}
void packets_last(double *buf, int D, int l, int to) {
  for (int off = 0; off < D; off += l) {
    int n = D - off < l ? D - off : l;
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*D bytes in messages of 8*l bytes, the last shorter; messages ceildiv(D, l), bytes 8*D; unique lines ceildiv(8*D, 64) to min(1, D) + floordiv(8*D + 55, 64);
    MPI_Send(buf + off, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  }
}
void pack_counter(double *restrict buf, const double *restrict a, int ny) {
  int pos = 0;
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'buf <- a', double elements: read ny rows of 64 bytes, row pitch 1024 bytes, write contiguous block of 64*ny bytes; messages 1, bytes per message 64*ny, bytes 64*ny;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < 8; i++)
      buf[pos++] = a[j * 128 + i];
}
void send_void(double *A, int q, int m, int to) {
  void *p = &A[q * m];
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'A', byte elements: contiguous block of 8*m bytes; {{.*}} assumed alignment: aligned to 8 bytes ('A' points to 8-byte aligned elements)
  MPI_Send(p, 8 * m, MPI_BYTE, to, 0, MPI_COMM_WORLD);
}
