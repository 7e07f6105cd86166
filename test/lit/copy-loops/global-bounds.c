// A bound and a buffer pointer read from globals inside the loop (miniAMR's
// z_block_size, a global send buffer). Above -O0 the analysis runs before
// LICM has hoisted such loads, so a function with sites missed for want of
// a trip count or an address is analysed again on a copy after LICM; type-
// based alias information says the stores of doubles leave the int and the
// pointer unchanged. At -O0 there is no such information: the bound and
// the pointer the copy writes through are assumed unchanged, and the
// remark says so.
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck --check-prefix=O0 %s
extern int z_block_size;
extern double *gbuf;
void pack_column(const double *a, int n) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'gbuf <- a', double elements: read z_block_size rows of 8 bytes, row pitch 8*n bytes, write contiguous block of 8*z_block_size bytes; messages 1,
  // O0: [[@LINE+1]]:3: remark: loop (copy-loop) of 'gbuf <- a', double elements: read z_block_size rows of 8 bytes, row pitch 8*n bytes, write contiguous block of 8*z_block_size bytes; only when gbuf is not changed by the loop at line [[@LINE+1]] and z_block_size is not changed by the loop at line [[@LINE+1]]; messages 1,
  for (int k = 0; k < z_block_size; k++)
    gbuf[k] = a[k * n];
}
// CHECK: remark: function 'pack_column': predicted communication cost ({{.*}}z_block_size{{.*}}) ps (1 sites analysed, 0 not)
extern int y_size;
// Loads in inner loops move to the outermost preheader the stores leave them
// unchanged in.
void pack_plane(const double *a, int ld) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'gbuf <- a', double elements: read y_size rows of 8*z_block_size bytes, row pitch 8*ld bytes, write contiguous block of 8*y_size*z_block_size bytes;
  for (int j = 0; j < y_size; j++)
    for (int k = 0; k < z_block_size; k++)
      gbuf[j * z_block_size + k] = a[j * ld + k];
}
// A store of ints may change an int bound. The loop does not store to the
// bound itself, so the counts hold when it is not changed, and say so.
void pack_ints(int *dst, const int *src) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'dst <- src', i32 elements: read z_block_size rows of 4 bytes, row pitch 8 bytes, write contiguous block of 4*z_block_size bytes; only when z_block_size is not changed by the loop at line [[@LINE+2]]; messages 1,
  // O0: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', i32 elements: read z_block_size rows of 4 bytes, row pitch 8 bytes, write contiguous block of 4*z_block_size bytes; only when z_block_size is not changed by the loop at line [[@LINE+1]]; messages 1,
  for (int k = 0; k < z_block_size; k++)
    dst[k] = src[2 * k];
}
// A call in the loop may change any global; the inner loop's bound moves
// out of both loops, assumed unchanged by the outer one.
extern int nsteps;
void progress(void);
void copy_steps(double *dst, const double *src, int ld) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', double elements: read nsteps rows of 8*z_block_size bytes, row pitch 8*ld bytes, write nsteps rows of 8*z_block_size bytes, row pitch 8*ld bytes; only when z_block_size is not changed by the loop at line [[@LINE+1]] and nsteps is not changed by the loop at line [[@LINE+1]]; messages 1,
  for (int s = 0; s < nsteps; s++) {
    for (int k = 0; k < z_block_size; k++)
      dst[s * ld + k] = src[s * ld + k];
    progress();
  }
}
// A loop that stores to its own bound changes it: its trip count is
// unknown, and each iteration copies one element.
void shrinking(int *dst, const int *src) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', i32 elements: read contiguous block of 4 bytes, write contiguous block of 4 bytes; per iteration of the loop at line [[@LINE+1]], whose trip count is unknown; messages 1, bytes per message 4, bytes 4; read lines 1, write lines 1; reads 1, writes 1,
  for (int k = 0; k < z_block_size; k++) {
    dst[k] = src[k];
    if (src[k] < 0)
      z_block_size--;
  }
}
// A bound in a global struct's first field reads at the struct's address:
// it is the field, not the struct (miniAMR's par_p.num_comm_part).
struct Partners {
  int num;
  int comm_num[8];
};
extern struct Partners par_p;
void copy_partners(int *dst, const int *src) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'dst <- src', i32 elements: read par_p.num rows of 4 bytes, row pitch 8 bytes, write contiguous block of 4*par_p.num bytes; only when par_p.num is not changed by the loop at line [[@LINE+2]];
  // O0: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', i32 elements: read par_p.num rows of 4 bytes, row pitch 8 bytes, write contiguous block of 4*par_p.num bytes; only when par_p.num is not changed by the loop at line [[@LINE+1]];
  for (int i = 0; i < par_p.num; i++)
    dst[i] = src[2 * i];
}
