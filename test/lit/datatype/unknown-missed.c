// A datatype the analysis cannot see built (a parameter of an external function, and a struct type): missed remarks naming the reason, no crash.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_external(double *a, MPI_Datatype t, int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: the datatype is parameter 't' of send_external, which has 0 visible callers (exactly one is needed)
  MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
}
void send_struct(double *a, int to) {
  int lens[2] = {1, 1};
  MPI_Aint displs[2] = {0, 16};
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_DOUBLE}, pair;
  MPI_Type_create_struct(2, lens, displs, types, &pair);
  MPI_Type_commit(&pair);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: MPI_Type_create_struct datatypes are not supported
  MPI_Send(a, 1, pair, to, 0, MPI_COMM_WORLD);
}
