// Source variables named like the model's features (n, m): the symbolic
// cost substitutes the features at once, so the n and m of the source stay
// themselves. With the default M1-mpi model a*n + b*m + c*L_mem
// (a = 0.35 us, b = 0.00007 us/byte, c = 0.004 us/line, in ps: 350000, 70,
// 4000) one message of 8*m*n bytes costs 350000 + 560*m*n + 4000*L_mem.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_block(double *a, int n, int m, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements: contiguous block of 8*m*n bytes; messages 1, bytes per message 8*m*n, bytes 8*m*n; unique lines ceildiv(8*m*n, 64) to min(1, m*n) + floordiv(8*m*n + 55, 64); {{.*}}; cost (560*m*n + 4000*min(1, m*n) + 4000*floordiv(8*m*n + 55, 64) + 350000) ps (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(a, n * m, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// A loop whose counter is n over rows of m elements: messages n, bytes 8*m*n.
void send_rows(double *a, int n, int m, int to) {
  for (int r = 0; r < n; r++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'a', double elements: contiguous block of 8*m*n bytes; messages n, bytes per message 8*m, bytes 8*m*n;{{.*}} cost (350000*n + 560*m*n + 4000*min(1, m*n) + 4000*floordiv(8*m*n + 55, 64)) ps
    MPI_Send(a + r * m, m, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
