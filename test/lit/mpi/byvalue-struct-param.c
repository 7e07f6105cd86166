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
