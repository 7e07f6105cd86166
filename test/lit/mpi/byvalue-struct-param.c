// A struct passed by value becomes several IR arguments (two i64 on
// x86-64 here): the parameters after it still have their names, counted
// from the back (OSU's benchmark_fadd(struct pe_vars v, ..., iterations)).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
struct pe_vars {
  int me, npes, pairs, nxtpe;
};
void send_to_next(int tag, struct pe_vars v, double *buf, int count) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*count bytes;
  MPI_Send(buf, count, MPI_DOUBLE, v.nxtpe, tag, MPI_COMM_WORLD);
}
// CHECK: remark: function 'send_to_next': predicted communication cost ({{.*}}count{{.*}}) ps (1 sites analysed, 0 not)

// The struct's own fields read as the source names them, from the bytes of
// the IR arguments it is passed as: v.pairs is the first half of the second
// i64, v.npes the second half of the first.
// CHECK: [[@LINE+2]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*v.pairs bytes; messages 1, bytes per message 8*v.pairs, bytes 8*v.pairs;
void send_pairs(int tag, struct pe_vars v, double *buf) {
  MPI_Send(buf, v.pairs, MPI_DOUBLE, v.nxtpe, tag, MPI_COMM_WORLD);
}
// CHECK: remark: function 'send_pairs': predicted communication cost ({{.*}}v.pairs{{.*}}) ps (1 sites analysed, 0 not)

// OSU's OpenSHMEM reductions over v.npes processing elements.
#include <shmem.h>
long pwrk[1024], psync[1024];
double rate, sum_rate;
void report(struct pe_vars v) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_double_sum_to_all (collective) of 'sum_rate <- rate', double elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; calls 1; per call among v.npes ranks:
  shmem_double_sum_to_all(&sum_rate, &rate, 1, 0, 0, v.npes, (double *)pwrk,
                          psync);
}
// CHECK: remark: function 'report': predicted communication cost (1040*v.npes + 1500000) ps (1 sites analysed, 0 not)
