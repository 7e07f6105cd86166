// L_swc: the written line switches (L_sww) of a walk whose every switch
// lands in the L1 set of the line it leaves, its innermost moving
// dimension a multiple of the L1's way span apart (the profile's L1: 32
// KiB, 8 ways, 4 KiB a way). The model prices 1 ps each, so the cost in us
// is the count over 10^6.
// RUN: %commcost -O2 -fplugin-arg-commcost-profile=%S/../Inputs/switches-one-set-profile.json %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O0 -fplugin-arg-commcost-profile=%S/../Inputs/switches-one-set-profile.json %remarks %s 2>&1 | FileCheck %s
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define TILED(NAME, LD, B)                                                     \
  void NAME(double *restrict t, const double *restrict a) {                    \
    for (int ii = 0; ii < 2048; ii += B)                                       \
      for (int jj = 0; jj < 2048; jj += B)                                     \
        for (int i = ii; i < MIN(2048, ii + B); i++)                           \
          for (int j = jj; j < MIN(2048, jj + B); j++)                         \
            t[(long)j * LD + i] = a[(long)i * LD + j];                         \
  }

// 2048 x 2048 in tiles of 8, rows 16 KiB apart: each tile's 8 written
// lines share one set, and every one of the 4194304 writes but the 524288
// first touches of a line switches: 3670016.
// CHECK: remark: function 'tiles8_pitch2048': predicted communication cost 3.670 us
TILED(tiles8_pitch2048, 2048, 8)
// 16448 bytes apart, the same switches spread over every set: none.
// CHECK: remark: function 'tiles8_pitch2056': predicted communication cost 0.000 us
TILED(tiles8_pitch2056, 2056, 8)
// 20 KiB apart, a multiple of the way span too.
// CHECK: remark: function 'tiles8_pitch2560': predicted communication cost 3.670 us
TILED(tiles8_pitch2560, 2560, 8)

// Untiled 512 x 512 at a pitch of 4 KiB: 7 switches a written line, 229376.
void transpose512(double *restrict t, const double *restrict a) {
  for (int i = 0; i < 512; i++)
    for (int j = 0; j < 512; j++)
      t[j * 512 + i] = a[i * 512 + j];
}
// CHECK: remark: function 'transpose512': predicted communication cost 0.229 us
// Padded to 520 doubles: none.
void transpose520(double *restrict t, const double *restrict a) {
  for (int i = 0; i < 512; i++)
    for (int j = 0; j < 512; j++)
      t[j * 520 + i] = a[i * 512 + j];
}
// CHECK: remark: function 'transpose520': predicted communication cost 0.000 us

// A column unpacked 16 KiB apart: one set, but each line is written once,
// so no switch goes beyond the unique lines.
void unpack_column(double *restrict g, const double *restrict buf) {
  for (int i = 0; i < 2048; i++)
    g[(long)i * 2048 + 7] = buf[i];
}
// CHECK: remark: function 'unpack_column': predicted communication cost 0.000 us

// A symbolic pitch: the test on it is part of the cost.
void transpose_ld(double *restrict t, const double *restrict a, int n, int ld) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t[(long)j * ld + i] = a[(long)i * ld + j];
}
// CHECK: remark: function 'transpose_ld': predicted communication cost {{.*}}8*ld%4096

// A memcpy of w bytes a row: its block has no walk, so, as for L_sww, its
// lines are taken to be reused: none, and the site is priced.
void memcpy_rows(char *restrict d, const char *restrict s, int rows, long w,
                 long pitch) {
  for (int r = 0; r < rows; r++)
    __builtin_memcpy(d + r * w, s + r * pitch, w);
}
// CHECK: remark: function 'memcpy_rows': predicted communication cost 0.000 us (1 sites analysed, 0 not)
