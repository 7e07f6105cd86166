// A profile with warm models (site_models_warm) prices each site of those
// kinds twice: the cost from cold caches (CostUs, the calibration's state)
// and from warm ones (CostUsWarm; CostPsWarm when symbolic, not repeated
// in microseconds), the interval a measured run falls in. Kinds without a
// warm model (recv here) keep one cost.
// RUN: %commcost -O2 -fplugin-arg-commcost-profile=%S/../Inputs/warm-cold-profile.json %remarks %s 2>&1 | FileCheck %s
// RUN: rm -f %t.yaml
// RUN: %commcost -O1 -fplugin-arg-commcost-profile=%S/../Inputs/warm-cold-profile.json -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml
#include <mpi.h>
#include <string.h>
double grid[100][100];
// A row of 800 bytes at 4000 bytes into a 16-byte aligned array: 13 to 14
// lines (priced at the worst, 14). Cold 1 + 0.8 + 0.14 = 1.94 us; warm
// 0.25 + 0.08 + 0.014 = 0.344 us.
void send_row(int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid'{{.*}}; cost 1.940 us cold, 0.344 us warm (model cold, warm warm-send, profile {{.*}}warm-cold-profile.json)
  MPI_Send(&grid[5][0], 100, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// No warm model for receives: one cost, as before.
void recv_row(int from) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Recv (recv) of 'grid'{{.*}}; cost 1.940 us (model cold, profile
  MPI_Recv(&grid[5][0], 100, MPI_DOUBLE, from, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}
// Symbolic: both ends are expressions in picoseconds, in the C-like
// grammar (n bytes from 1-byte alignment: at worst min(1, n) +
// floordiv(n + 62, 64) lines).
void copy_bytes(char *restrict d, const char *restrict s, int n) {
  // CHECK: [[@LINE+1]]:3: remark: memcpy (copy) {{.*}}; cost (1000*n + 10000*min(1, n) + 10000*floordiv(n + 62, 64) + 1000000) ps cold, (500*n + 1000*min(1, n) + 1000*floordiv(n + 62, 64) + 500000) ps warm (model cold, warm warm,
  memcpy(d, s, n);
}
// YAML-LABEL: Function: send_row
// YAML: - CostUs: '1.940'
// YAML: - CostUsWarm: '0.344'
// YAML: - Model: cold
// YAML: - ModelWarm: warm-send
// YAML-NOT: CostUsCold
// YAML-LABEL: Function: recv_row
// YAML: - CostUs: '1.940'
// YAML-NOT: CostUsWarm
// YAML: - Model: cold
// YAML-NOT: CostUsWarm
// YAML: ...
// YAML-LABEL: Function: copy_bytes
// YAML: - CostPs: '1000*n + 10000*min(1, n) + 10000*floordiv(n + 62, 64) + 1000000'
// YAML: - CostPsWarm: '500*n + 1000*min(1, n) + 1000*floordiv(n + 62, 64) + 500000'
// YAML-NOT: CostUsWarm
// YAML: - CostUs: '(1000*n + 10000*min(1, n) + 10000*floordiv(n + 62, 64) + 1000000) / 1000000'
// YAML-NOT: CostUs{{Warm|Cold}}
// YAML: ...
