// A size set on several paths that are not a diamond (the result of a
// search loop, as PRK's factor() gives the process grid): without -g it
// has no name and the site is missed with a reason that says so; with -g
// the variable names it.
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -g %remarks %s 2>&1 | FileCheck --check-prefix=G %s
#include <math.h>
#include <mpi.h>
static inline void factor(int r, int *fac1, int *fac2) {
  for (*fac1 = (int)(sqrt(r + 1.0)); *fac1 > 0; (*fac1)--)
    if (!(r % (*fac1))) {
      *fac2 = r / (*fac1);
      break;
    }
}
void send_strip(double *buf, int n, int np) {
  int px, py;
  factor(np, &px, &py);
  int width = n / px;
  // CHECK: [[@LINE+2]]:3: remark: MPI_Send not analysed: a size depends on a value merged from {{[0-9]+}} paths at line {{[0-9]+}}, which has no source-level name (compile with -g to name it)
  // G: [[@LINE+1]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 8*width bytes;
  MPI_Send(buf, width, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
