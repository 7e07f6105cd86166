// A profile whose copy and send model needs the features pages and runs:
// the plugin supplies both for every slice site (numeric or symbolic), and
// says, with a missed remark naming the model and the feature, when a
// model needs one it cannot supply (here Fischer's k for a put).
// RUN: %commcost -O2 -fplugin-arg-commcost-profile=%S/../Inputs/pages-runs-profile.json %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O0 -fplugin-arg-commcost-profile=%S/../Inputs/pages-runs-profile.json %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <string.h>
double grid[100][100];
// The model is 1*n + 0.001*m + 0.01*L_mem + 0.1*pages + 0.5*runs (us). A
// column of 100 doubles, 800 bytes apart, 16-byte aligned: n 1, m 800,
// L_mem 100, runs 100, and the 79208 bytes it spans lie on 20 pages at best
// and 21 at worst: 1 + 0.8 + 1 + 2.1 + 50 = 54.9 us.
void send_column(int to) {
  MPI_Datatype col;
  MPI_Type_vector(100, 1, 100, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid'{{.*}} unique lines 100;{{.*}} cost 54.900 us (model M1-pages-runs, profile {{.*}}pages-runs-profile.json)
  MPI_Send(&grid[0][0], 1, col, to, 0, MPI_COMM_WORLD);
}
// A row of 800 bytes, 4000 bytes into a 16-byte aligned array: one run, 13
// to 14 lines (the worst count) and 1 to 2 pages, 2 in 49 of the 256
// placements the alignment allows: 1.19 pages expected, 1 priced (the
// nearest): 1 + 0.8 + 0.14 + 0.1 + 0.5 = 2.54 us.
void send_row(int to) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'grid'{{.*}} unique lines 13 to 14;{{.*}} cost 2.540 us
  MPI_Send(&grid[5][0], 100, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
// Symbolic: pages of n bytes at 1-byte alignment (a memcpy of bytes) are
// floordiv(n + 4094, 4096) at worst; one more than the fewest in a share
// ((n - 1) % 4096) / 4096 of the placements, so the worst less the rest,
// rounded: 100000*(floordiv(n + 4094, 4096) - floordiv((4096 - (n - 1) %
// 4096)*min(1, (n - 1) % 4096) + 2048, 4096)) ps; the contiguous block
// is one run (500000 ps).
void copy_bytes(char *restrict d, const char *restrict s, int n) {
  // CHECK: [[@LINE+1]]:3: remark: memcpy (copy) {{.*}} cost (1000*n + 610000*min(1, n) + 10000*floordiv(n + 62, 64) + 100000*floordiv(n + 4094, 4096) - 100000*floordiv((-(max(0, n - 1)%4096) + 4096)*min(1, max(0, n - 1)%4096) + 2048, 4096) + 1000000) ps (model M1-pages-runs
  memcpy(d, s, n);
}
// A strided copy loop: runs is n unless the rows abut (m == 1).
void pack(double *restrict buf, const double *restrict a, int n, int m) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) {{.*}} cost ({{.*}}500000*max(((n - 1)*min(1, (n - 1)*(8*m - 8)) + 1)*min(1, n), min(1, n)){{.*}}) ps (model M1-pages-runs
  for (int i = 0; i < n; i++)
    buf[i] = a[i * m];
}
void put_row(int target, MPI_Win win) {
  // CHECK: [[@LINE+2]]:3: remark: MPI_Put (put) of 'grid'{{.*}} no cost: model Fischer needs feature 'k', which the plugin cannot supply here: this site does not have it
  // CHECK: [[@LINE+1]]:3: remark: MPI_Put not priced: model Fischer of profile {{.*}}pages-runs-profile.json needs feature 'k', which the plugin cannot supply here: this site does not have it
  MPI_Put(&grid[1][0], 100, MPI_DOUBLE, target, 0, 100, MPI_DOUBLE, win);
}
