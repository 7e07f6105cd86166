// Broadcast and reductions. MPI_Bcast: the root sends its buffer to the
// others (h_o = (p-1)*B), which receive it once; a single rank moves
// nothing. MPI_Reduce: every rank's contribution goes to the root (h_i =
// p*B; with MPI_IN_PLACE the root's own stays). MPI_Allreduce flows as a
// reduce to one rank and a broadcast (MPI 3.1, 5.9.6): h = p*B, volume
// (2p-1)*B. MPI_Scan: rank j's contribution goes to every rank i >= j;
// MPI_Exscan: i > j. MPI_Reduce_scatter_block: block j of each rank's
// contribution goes to rank j. MPI_Barrier moves nothing.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static double params[32];
void setup(int root) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Bcast (collective) of 'params', double elements: send contiguous block of 256 bytes; receive contiguous block of 256 bytes; calls 1; per call among nranks ranks: a rank sends at most 256*(nranks - 1) bytes and receives at most 256*min(1, nranks - 1), all ranks send 256*(nranks - 1); send buffer lines 4*min(1, nranks - 1), receive buffer lines 4*min(1, nranks - 1); assumed alignment: read offset 0 in a 64-byte line ('params' is aligned to 64), write offset 0 in a 64-byte line ('params' is aligned to 64); cost (20480*nranks + 12800*min(1, nranks - 1) + 1479520) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Bcast(params, 32, MPI_DOUBLE, root, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Barrier (collective); calls 1; per call among nranks ranks: a rank sends at most 0 bytes and receives at most 0, all ranks send 0; cost 1.500 us (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Barrier(MPI_COMM_WORLD);
}
double norm(const double *local, int n) {
  double partial = local[n - 1], total = 0;
  // CHECK: [[@LINE+1]]:3: remark: MPI_Reduce (collective) of 'local array', double elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; calls 1; per call among nranks ranks: a rank sends at most 8 bytes and receives at most 8*nranks, all ranks send 8*nranks; send buffer lines 1, receive buffer lines 1; assumed alignment: read aligned to 8 bytes (stack array), write aligned to 8 bytes (stack array); cost (400*nranks + 1500640) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Reduce(&partial, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allreduce (collective) of 'local array', double elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; calls 1; per call among nranks ranks: a rank sends at most 8*nranks bytes and receives at most 8*nranks, all ranks send 8*(2*nranks - 1); send buffer lines 1, receive buffer lines 1; assumed alignment: read aligned to 8 bytes (stack array), write aligned to 8 bytes (stack array); cost (1040*nranks + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Allreduce(&partial, &total, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return total;
}
void sums(double *v, int n, long *offset, long count) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allreduce (collective) of 'v', double elements: send contiguous block of 8*n bytes; receive contiguous block of 8*n bytes; calls 1; per call among nranks ranks: a rank sends at most 8*n*(nranks - 1) bytes and receives at most 8*n*(nranks - 1), all ranks send 8*n*(2*nranks - 2); send buffer lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64), receive buffer lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (1040*n*(nranks - 1) + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Reduce (collective) of 'v', double elements: send contiguous block of 8*n bytes; receive contiguous block of 8*n bytes; calls 1; per call among nranks ranks: a rank sends at most 8*n*min(1, nranks - 1) bytes and receives at most 8*n*(nranks - 1), all ranks send 8*n*(nranks - 1); send buffer lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64), receive buffer lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (400*n*(nranks - 1) + 640*n*min(1, nranks - 1) + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Reduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Scan (collective) of 'offset <- local array', long elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; calls 1; per call among nranks ranks: a rank sends at most 8*nranks bytes and receives at most 8*nranks, all ranks send 8*(nranks*(nranks + 1)/2); send buffer lines 1, receive buffer lines 1; assumed alignment: read aligned to 8 bytes (stack array), write aligned to 8 bytes (element alignment); cost (1040*nranks + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Scan(&count, offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Exscan (collective) of 'offset <- local array', long elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; calls 1; per call among nranks ranks: a rank sends at most 8*(nranks - 1) bytes and receives at most 8*(nranks - 1), all ranks send 8*(nranks*(nranks - 1)/2); send buffer lines min(1, nranks - 1), receive buffer lines min(1, nranks - 1); assumed alignment: read aligned to 8 bytes (stack array), write aligned to 8 bytes (element alignment); cost (1040*nranks + 1498960) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Exscan(&count, offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
}
void reduce_scatter(const float *contrib, float *mine, int m) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Reduce_scatter_block (collective) of 'mine <- contrib', float elements: send contiguous block of 4*m*nranks bytes; receive contiguous block of 4*m bytes; calls 1; per call among nranks ranks: a rank sends at most 4*m*nranks bytes and receives at most 4*m*nranks, all ranks send 4*m*nranks*nranks; send buffer lines ceildiv(4*m*nranks, 64) to min(1, m*nranks) + floordiv(4*m*nranks + 59, 64), receive buffer lines ceildiv(4*m, 64) to min(1, m) + floordiv(4*m + 59, 64); assumed alignment: read aligned to 4 bytes (element alignment), write aligned to 4 bytes (element alignment); cost (520*m*nranks + 1500000) ps (model F_io-calls, profile {{.*}}fixed.json)
  MPI_Reduce_scatter_block(contrib, mine, m, MPI_FLOAT, MPI_SUM,
                           MPI_COMM_WORLD);
}
void iterate(double *x, int steps) {
  for (int s = 0; s < steps; s++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Iallreduce (collective) of 'x', double elements: send contiguous block of 32 bytes; receive contiguous block of 32 bytes; calls steps; per call among nranks ranks: a rank sends at most 32*(nranks - 1) bytes and receives at most 32*(nranks - 1), all ranks send 32*(2*nranks - 2); send buffer lines min(1, steps) to 2*min(1, steps), receive buffer lines min(1, steps) to 2*min(1, steps); assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (steps*(4160*nranks + 1495840)) ps (model F_io-calls, profile {{.*}}fixed.json)
    MPI_Iallreduce(MPI_IN_PLACE, x, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD,
                   &(MPI_Request){0});
}
