// schedule(static, 16) deals chunks of 16 round robin: with n = 1000 and
// num_threads(3), thread 0 gets 21 full chunks (336 elements), the most of
// any thread; schedule(static) with num_threads(4) gives ceildiv(1000, 4).
// RUN: %commcost -O0 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
double a[1000], b[1000];
void chunked(void) {
  // CHECK: [[@LINE+1]]:1: remark: loop (superstep) of 'b <- a', double elements, split among 3 threads (num_threads) by the OpenMP schedule(static, 16): each thread runs at most 336 of 1000 iterations;{{.*}} lines of one processor's part not counted: a processor's iterations are chunks spread over the range; reads 336, writes 336, per processor at most hr 336, hw 336, total M 2000; cost 1.739 us (model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for schedule(static, 16) num_threads(3)
  for (int i = 0; i < 1000; i++)
    b[i] = a[i];
}
void blocked(void) {
  // CHECK: [[@LINE+1]]:1: remark: loop (superstep) of 'b <- a', double elements, split among 4 threads (num_threads) by the OpenMP static schedule: each thread runs at most 250 of 1000 iterations;{{.*}} one processor reads contiguous block of 2000 bytes, writes contiguous block of 2000 bytes; read lines 32 to 33, write lines 32 to 33; reads 250, writes 250, per processor at most hr 250, hw 250, total M 2000;{{.*}}; cost 1.550 us (model HrHw, profile {{.*}}fixed.json)
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 1000; i++)
    b[i] = a[i];
}
