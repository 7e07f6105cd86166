// A transpose split among threads by an OpenMP parallel for over the rows
// of the source: each of 8 threads reads 16 contiguous rows and writes 16
// columns; two copy statements in one split loop form one superstep.
// RUN: %commcost -O0 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %commcost -O2 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s --check-prefixes=CHECK,O2
double A[128][64], B[64][128], C[128][64];
void transpose(void) {
  // CHECK: [[@LINE+1]]:1: remark: loop (superstep) of 'B <- A', double elements, split among 8 threads (num_threads) by the OpenMP static schedule: each thread runs at most 16 of 128 iterations;{{.*}} one processor reads contiguous block of 8192 bytes, writes 64 rows of 128 bytes, row pitch 1024 bytes; read lines 128 to 129, write lines 128 to 192; reads 1024, writes 1024, per processor at most hr 1024, hw 1024, total M 16384;{{.*}} cost 3.253 us (model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for num_threads(8)
  for (int i = 0; i < 128; i++)
    for (int j = 0; j < 64; j++)
      B[j][i] = A[i][j];
}
void transpose_and_copy(void) {
  // -O2 loads A[i][j] once for both statements: one read per iteration.
  // O0: [[@LINE+2]]:1: remark: loop (superstep) of 'B <- A, C <- A', double elements, split among P threads (P = number of threads) by the OpenMP static schedule: each thread runs at most ceildiv(128, P) of 128 iterations;{{.*}} lines of one processor's part not counted: several copy statements; reads 128*ceildiv(128, P), writes 128*ceildiv(128, P), per processor at most hr 128*ceildiv(128, P), hw 128*ceildiv(128, P), total M 32768;
  // O2: [[@LINE+1]]:1: remark: loop (superstep) of 'B <- A, C <- A', double elements, split among P threads (P = number of threads) by the OpenMP static schedule: each thread runs at most ceildiv(128, P) of 128 iterations;{{.*}} lines of one processor's part not counted: several copy statements; reads 64*ceildiv(128, P), writes 128*ceildiv(128, P), per processor at most hr 64*ceildiv(128, P), hw 128*ceildiv(128, P), total M 24576;
#pragma omp parallel for
  for (int i = 0; i < 128; i++)
    for (int j = 0; j < 64; j++) {
      B[j][i] = A[i][j];
      C[i][j] = A[i][j];
    }
}
