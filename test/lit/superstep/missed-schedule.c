// Schedules that hand out iterations at run time make per-thread work
// unknown at compile time: a missed remark with the reason, no analysis
// remark.
// RUN: %commcost -O0 -fopenmp %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fopenmp %remarks %s 2>&1 | FileCheck %s
// CHECK-NOT: (superstep)
void dyn(double *restrict b, const double *restrict a, int n) {
  // CHECK: [[@LINE+1]]:1: remark: superstep not analysed: schedule(dynamic) makes per-thread work unknown at compile time
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
void guided(double *restrict b, const double *restrict a, int n) {
  // CHECK: [[@LINE+1]]:1: remark: superstep not analysed: schedule(guided) makes per-thread work unknown at compile time
#pragma omp parallel for schedule(guided, 4)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
void runtime(double *restrict b, const double *restrict a, int n) {
  // CHECK: [[@LINE+1]]:1: remark: superstep not analysed: schedule(runtime) chooses the schedule when the program runs, so per-thread work is unknown at compile time
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
// CHECK-NOT: (superstep)
