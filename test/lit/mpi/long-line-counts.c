// An MPI_Get of symbolic rows (cnt2 ints, 36 bytes apart) in symbolic
// planes (ld3 ints apart): the exact line count printed 514 KB per key
// (2.5 MB of record for one call); past 5000 nodes it is the gcd bounds.
// The record stays short and its bounds hold against brute force.
// RUN: %commcost -O2 -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: %python %S/../Inputs/long_line_counts.py %t.yaml 20 | FileCheck %s
// CHECK: short records: LinesMin LinesMax
// CHECK-NEXT: bounds hold at 200 bindings
#include <mpi.h>
#include <stdlib.h>

void sink(int *);

void get_planes(int n0, int n1, int cnt2, int ld3, MPI_Win win) {
  int *d = malloc(1514 * sizeof(int));
  for (int i = n0; i > 0; i--)
    for (int j = 0; j <= n1 - 1; j += 3)
      // The rows of plane i are 36 bytes apart and start 4*ld3*i bytes
      // into d.
      MPI_Get(&d[3 * j + ld3 * i], cnt2, MPI_INT, 1, 0, cnt2, MPI_INT,
              win);
  sink(d);
  free(d);
}
