// Rows reached through pointers loaded in the loops (miniAMR's halo pack
// and unpack over double ****array): the innermost loops walk one row; the
// loops that load another row pointer give rows at places not known, which
// may coincide, so their lines are bounds: at least one row's, at most each
// row's own. A loop that loads the same pointer again reads the same row
// again. A running counter n++ through three loops gives the packed
// buffer's contiguous block.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
typedef struct { double ****array; } block;
int x_block_size, y_block_size, z_block_size;

void pack_face(block *bp, double *send_buf, int num_vars, int i) {
  int n = 0;
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'send_buf <- bp', double elements: read contiguous block of 8*z_block_size bytes at each of num_vars*y_block_size pointers loaded in the loop at line [[@LINE+2]], write contiguous block of 8*num_vars*y_block_size*z_block_size bytes; messages 1, bytes per message 8*num_vars*y_block_size*z_block_size, bytes 8*num_vars*y_block_size*z_block_size; read lines min(1, num_vars*y_block_size)*ceildiv(8*z_block_size, 64) to num_vars*y_block_size*(min(1, z_block_size) + floordiv(8*z_block_size + 55, 64)), write lines
  for (int m = 0; m < num_vars; m++)
    for (int j = 1; j <= y_block_size; j++)
      for (int k = 1; k <= z_block_size; k++, n++)
        send_buf[n] = bp->array[m][i][j][k];
}

// Ghost rows included: 0..z_block_size + 1, a row of z_block_size + 2.
void unpack_face(block *bp, const double *recv_buf, int num_vars, int j) {
  int n = 0;
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'bp <- recv_buf', double elements: read contiguous block of 8*num_vars*(max(-1, x_block_size + 1) + 1)*(max(-1, z_block_size + 1) + 1) bytes, write contiguous block of 8*(max(-1, z_block_size + 1) + 1) bytes at each of num_vars*(max(-1, x_block_size + 1) + 1) pointers loaded in the loop at line [[@LINE+2]];
  for (int m = 0; m < num_vars; m++)
    for (int i = 0; i <= x_block_size + 1; i++)
      for (int k = 0; k <= z_block_size + 1; k++, n++)
        bp->array[m][i][j][k] = recv_buf[n];
}

// The same row pointer loaded again in the inner loop: n rows, read m
// times each, not m*n rows.
void same_row(int n, int m, double **s, double *restrict d) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'd <- s', double elements: read contiguous block of 8 bytes at each of n pointers loaded in the loop at line [[@LINE+1]], write n rows of 8*m bytes, row pitch 512 bytes; {{.*}}; read lines min(1, m)*min(1, n) to n*min(1, m), {{.*}}; reads m*n, writes m*n,
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[64 * i + j] = s[i][0];
}

// A pointer that is not loaded in the loop it moves in (an index table):
// no rows of pointers, missed.
void gather(double *dst, const double *src, const int *idx, int n) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+1]]
  for (int i = 0; i < n; i++)
    dst[i] = src[idx[i]];
}
