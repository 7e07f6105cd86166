// A datatype the analysis cannot see built (a parameter of an external function) or does not model (a distributed array): missed remarks naming the reason, no crash.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_external(double *a, MPI_Datatype t, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: the datatype is parameter 't' of send_external, which has 0 visible callers (exactly one is needed)
  MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
}
void send_darray(double *a, int to) {
  int gsizes[2] = {64, 64}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
  int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {2, 2};
  MPI_Datatype block;
  MPI_Type_create_darray(4, 0, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: MPI_Type_create_darray datatypes are not supported
  MPI_Send(a, 1, block, to, 0, MPI_COMM_WORLD);
}
