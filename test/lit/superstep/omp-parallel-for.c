// An OpenMP parallel for with the static schedule: each of the P threads
// copies at most ceildiv(max(0, n), P) elements; the YAML record carries the
// superstep keys.
// RUN: %commcost -O0 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: rm -f %t.yaml
// RUN: %commcost -O2 -fopenmp -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
void copy_in(double *restrict local, const double *restrict global, int n) {
  // CHECK: [[@LINE+1]]:1: remark: loop (superstep) of 'local <- global', double elements, split among P threads (P = number of threads) by the OpenMP static schedule: each thread runs at most ceildiv(max(0, n), P) of max(0, n) iterations; reads and writes count element accesses, {{.*}}hrc and hwc count the first 262144 elements of a processor (its 2097152-byte private L2 cache): one processor reads contiguous block of 8*ceildiv(max(0, n), P) bytes, writes contiguous block of 8*ceildiv(max(0, n), P) bytes; read lines ceildiv(8*ceildiv(max(0, n), P), 64) to min(1, ceildiv(max(0, n), P)) + floordiv(8*ceildiv(max(0, n), P) + 55, 64), {{.*}}; reads ceildiv(max(0, n), P), writes ceildiv(max(0, n), P), per processor at most hr ceildiv(max(0, n), P), hw ceildiv(max(0, n), P), total M 2*max(0, n); {{.*}}; cost (2200*ceildiv(max(0, n), P) + 1000000) ps (model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    local[i] = global[i];
}
// YAML: --- !Analysis
// YAML: Name: CommunicationCost
// YAML: Function: copy_in.omp_outlined
// YAML: - Callee: loop
// YAML: - Kind: superstep
// YAML: - Array: 'local <- global'
// YAML: - Reads: 'ceildiv(max(0, n), P)'
// YAML: - Writes: 'ceildiv(max(0, n), P)'
// YAML: - ReadsMax: 'ceildiv(max(0, n), P)'
// YAML: - WritesMax: 'ceildiv(max(0, n), P)'
// YAML: - Traffic: '2*max(0, n)'
// YAML: - CostPs: '2200*ceildiv(max(0, n), P) + 1000000'
// YAML: - Model: HrHw
// YAML: - ReadLinesMin: 'ceildiv(8*ceildiv(max(0, n), P), 64)'
// YAML: - ReadLinesMax: 'min(1, ceildiv(max(0, n), P)) + floordiv(8*ceildiv(max(0, n), P) + 55, 64)'
// YAML: - WriteLinesMin: 'ceildiv(8*ceildiv(max(0, n), P), 64)'
// YAML: - WriteLinesMax: 'min(1, ceildiv(max(0, n), P)) + floordiv(8*ceildiv(max(0, n), P) + 55, 64)'
// YAML: - CostUs: '(2200*ceildiv(max(0, n), P) + 1000000) / 1000000'
