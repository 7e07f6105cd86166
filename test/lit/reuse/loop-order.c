// Lines brought in again by the loop order (L_re<k>, docs/plugin.md), with
// the test profile's caches (test/profiles/fixed.json): L1 48 KiB 12-way (64 sets), L2
// 2 MiB 16-way (2048 sets), 64-byte lines.
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s

// 64 rows x 8 columns of a matrix of 512 doubles a row (4 KiB: 64 lines,
// a multiple of the 64 sets), packed column by column: a column's 64
// lines fall into one L1 set of 12 ways, so each of the 8 columns brings
// them in again (8 x 64 - 64 = 448); the packed buffer's lines, one per
// row, spread one a set with the column's one beside them, 2 of 12 ways,
// and stay (an LRU cache loses the one in the column's set: 7 more).
// In L2 the 4 KiB pitch shifts by 64 of 2048 sets: 32 sets, 2 lines each,
// and the buffer's line beside them: 3 of 16 ways, every line kept.
void pack_columns_pow2(double *restrict buf, const double *restrict m) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) {{.*}}; lines brought in again (loop order): L1 448; assumed
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 64; ++i)
      buf[i * 8 + j] = m[i * 512 + j];
}

// Padded by one line (520 doubles): the column spreads over 64 sets, one
// line each, with the buffer's: every line once.
void pack_columns_padded(double *restrict buf, const double *restrict m) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) {{.*}}, total M 1024; assumed
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 64; ++i)
      buf[i * 8 + j] = m[i * 520 + j];
}

// Rows outer: each row's line is used up before the next: every line once.
void pack_rows_pow2(double *restrict buf, const double *restrict m) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) {{.*}}, total M 1024; assumed
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 8; ++j)
      buf[i * 8 + j] = m[i * 512 + j];
}

// 64 columns of 1024 rows of a 16 KiB pitch: the column's 1024 lines
// overflow L1 and crowd L2 too (a shift of 256 of 2048 sets: 8 sets of 128
// lines), so both levels bring the matrix's lines in again, 64 x 1024 -
// 1024 x 8 = 57344; the buffer is written contiguously, each line once.
// In L3 (32768 sets) a column takes 128 sets, 8 lines each: kept.
void pack_columns_big(double *restrict buf, const double *restrict m) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) {{.*}}; lines brought in again (loop order): L1 57344, L2 57344; assumed
  for (int j = 0; j < 64; ++j)
    for (int i = 0; i < 1024; ++i)
      buf[j * 1024 + i] = m[i * 2048 + j];
}
