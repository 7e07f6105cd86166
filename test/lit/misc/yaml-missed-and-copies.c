// The optimisation record of missed sites (--- !Missed, with the reason)
// and of copies (read and write lines as separate keys, Reads and Writes
// of a copy loop).
// RUN: rm -f %t.yaml
// RUN: %commcost -O2 -fsave-optimization-record -foptimization-record-passes=commcost -foptimization-record-file=%t.yaml %s
// RUN: FileCheck %s < %t.yaml
#include <mpi.h>
#include <string.h>
void send_external(double *a, MPI_Datatype t, int to) {
  MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
}
// CHECK: --- !Missed
// CHECK-NEXT: Pass: commcost
// CHECK-NEXT: Name: UnknownDatatype
// CHECK: Function: send_external
// CHECK-NEXT: Args:
// CHECK-NEXT: - Callee: MPI_Send
// CHECK-NEXT: - String: ' not analysed: '
// CHECK-NEXT: - Reason: 'the datatype is parameter ''t'' of send_external, which has 0 visible callers (exactly one is needed)'
// The function's total: incomplete, since its one site is not analysed.
// CHECK: --- !Analysis
// CHECK-NEXT: Pass: commcost
// CHECK-NEXT: Name: FunctionCost
// CHECK: Function: send_external
// CHECK: - Missed: '1'
// CHECK: - Incomplete: 'the datatype is parameter
double g[64][64];
void copy_row(double *restrict d, int i) { memcpy(d, g[i], sizeof g[i]); }
// CHECK: --- !Analysis
// CHECK-NEXT: Pass: commcost
// CHECK-NEXT: Name: CommunicationCost
// CHECK: Function: copy_row
// CHECK: - Kind: copy
// CHECK: - Array: 'd <- g'
// CHECK: - Bytes: '512'
// CHECK: - Model: M1
// CHECK: - LinesMin: '8'
// CHECK-NEXT: - LinesMax: '9'
// CHECK-NEXT: - ReadLinesMin: '8'
// CHECK-NEXT: - ReadLinesMax: '9'
// CHECK-NEXT: - WriteLinesMin: '8'
// CHECK-NEXT: - WriteLinesMax: '9'
void pack(double *restrict buf, int j) {
  for (int i = 0; i < 64; i++)
    buf[i] = g[i][j];
}
// CHECK: --- !Analysis
// CHECK: Function: pack
// CHECK: - Kind: copy-loop
// CHECK: - Reads: '64'
// CHECK: - Writes: '64'
// CHECK: - Traffic: '128'
// CHECK: - CostUs: '{{[0-9.]+}}'
// CHECK: - ReadLinesMin: '64'
// CHECK-NEXT: - ReadLinesMax: '64'
// CHECK-NEXT: - WriteLinesMin: '8'
// CHECK-NEXT: - WriteLinesMax: '9'
