// The optimisation record carries the documented keys; without -R flags
// nothing is printed.
// RUN: rm -f %t.yaml
// RUN: %commcost -O2 -fsave-optimization-record -foptimization-record-file=%t.yaml %s 2>&1 | count 0
// RUN: FileCheck %s < %t.yaml
#include <mpi.h>
static double grid[64][128];
void send_row(int to) {
  MPI_Send(&grid[1][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// CHECK: --- !Analysis
// CHECK-NEXT: Pass: commcost
// CHECK-NEXT: Name: CommunicationCost
// CHECK: Function: send_row
// CHECK: - Callee: MPI_Send
// CHECK: - Kind: send
// CHECK: - Array: grid
// CHECK: - Messages: '1'
// CHECK: - BytesPerMessage: '1024'
// CHECK: - Bytes: '1024'
// CHECK: - CostUs: '{{[0-9.]+}}'
// CHECK: - Model: M1-mpi
// CHECK: - LinesMin: '16'
// CHECK: - LinesMax: '17'
