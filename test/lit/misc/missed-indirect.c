// An indirect call that may reach MPI_Send is reported, not silently skipped.
// RUN: %commcost -O0 -Rpass-missed=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-missed=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void send_either(double *a, int n, int sync, int to) {
  int (*f)(const void *, int, MPI_Datatype, int, int, MPI_Comm) =
      sync ? MPI_Ssend : MPI_Send;
  // CHECK: [[@LINE+1]]:3: remark: {{MPI_Ssend|MPI_Send}} not analysed: indirect call that may call {{MPI_Ssend|MPI_Send}}; only direct calls are analysed
  f(a, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
