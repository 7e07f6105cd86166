// Sites in a loop whose trip count is unknown (a time-step, convergence or
// benchmark loop): analysed per iteration of that loop, with the counts of
// the loops inside it, and the function's total incomplete. A buffer that
// moves in such a loop is where that iteration puts it, aligned as its
// elements are.
// RUN: %commcost -O0 -g0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void until_converged(double *err, const int *flags) {
  for (int i = 0; flags[i]; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Allreduce (collective) {{.*}}; per iteration of the loop at line [[@LINE-1]], whose trip count is unknown; calls 1;
    MPI_Allreduce(MPI_IN_PLACE, err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
}
// CHECK: remark: function 'until_converged': predicted communication cost unknown (1 sites analysed, 0 not); incomplete: the trip count of the loop at line [[#@LINE-4]] is unknown

void exchange_rows(double *g, int nx, volatile int *go) {
  while (*go)
    for (int r = 0; r < 4; r++)
      // CHECK: [[@LINE+1]]:7: remark: MPI_Send (send) of 'g', double elements: contiguous block of 32*nx bytes; per iteration of the loop at line [[@LINE-2]], whose trip count is unknown; messages 4, bytes per message 8*nx, bytes 32*nx;
      MPI_Send(g + r * nx, nx, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}

void pack_steps(double *restrict buf, const double *restrict g, int n,
                volatile int *go) {
  while (*go)
    // CHECK: [[@LINE+1]]:5: remark: loop (copy-loop) of 'buf <- g', double elements: {{.*}}; per iteration of the loop at line [[@LINE-1]], whose trip count is unknown; messages 1, bytes per message 8*n, bytes 8*n;
    for (int i = 0; i < n; i++)
      buf[i] = g[i * 16];
}

void send_while(double *a, int n, volatile int *go) {
  int k = 0;
  while (*go) {
    // The buffer moves with the iterations: one iteration sends n doubles
    // at the place the buffer has in it, aligned as its elements are.
    // CHECK: [[@LINE+1]]:5: remark: MPI_Send (send) of 'a', double elements: contiguous block of 8*n bytes; per iteration of the loop at line [[@LINE-3]], whose trip count is unknown; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64);
    MPI_Send(a + k, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    k += n;
  }
}

// A loop whose bound changes with the iterations of the unknown loop
// (LULESH's load-imbalance repetitions): per iteration the bound is fixed.
int repetitions(int region);
void regions(double *restrict out, const double *restrict in, int n,
             const int *more) {
  for (int r = 0; more[r]; r++) {
    int rep = repetitions(r);
    // CHECK: [[@LINE+1]]:5: remark: loop (copy-loop) of 'out <- in', double elements: {{.*}}; per iteration of the loop at line [[@LINE-2]], whose trip count is unknown; messages 1, bytes per message 8*n*rep, bytes 8*n*rep;
    for (int j = 0; j < rep; j++)
      for (int i = 0; i < n; i++)
        out[i] = in[i];
  }
}

// miniAMR's refinement (block.c): a search over blocks copies fields of the
// block it reaches into a parent it picks. Each iteration copies one
// element per statement, reported at the loop.
struct blk { int number, level; double cen[3]; };
void refine(struct blk *restrict parents, const struct blk *restrict blocks,
            const int *sorted, volatile int *go) {
  for (int in = 0; *go; in++) {
    const struct blk *bp = &blocks[sorted[in]];
    struct blk *pp = &parents[in];
    // CHECK: [[@LINE-3]]:3: remark: loop (copy-loop) of 'parents <- blocks', i32 elements: read contiguous block of 4 bytes, write contiguous block of 4 bytes; per iteration of the loop at line [[@LINE-3]], whose trip count is unknown; messages 1, bytes per message 4, bytes 4; read lines 1, write lines 1; reads 1, writes 1,
    pp->level = bp->level;
  }
}
