/* Kernel benchmark, shared-memory kernels: ordinary copies of slices of a
 * matrix (columns, rows, blocks, transposes, untiled and in tiles, rows by
 * memcpy) at sizes and pitches where caches, sets and loop order matter. Each
 * kernel is its own function with its sizes as parameters, so the measure
 * option
 * (-fplugin-arg-commcost-measure, docs/measure.md) predicts each run from
 * the actual sizes and times it; bench/kernel_bench.py compares the two.
 *
 *   ./kernels_smp --list        the cases
 *   ./kernels_smp CASE REPS     runs one case REPS times, in the state
 *                               COMMCOST_BENCH_STATE names (harness.h)
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

NOINLINE void pack_col(double *restrict buf, const double *restrict a, int n,
                       int ld, int col) {
  for (int i = 0; i < n; i++)
    buf[i] = a[(long)i * ld + col];
}

NOINLINE void unpack_col(double *restrict a, const double *restrict buf,
                         int n, int ld, int col) {
  for (int i = 0; i < n; i++)
    a[(long)i * ld + col] = buf[i];
}

NOINLINE void pack_cols_rows_outer(double *restrict buf,
                                   const double *restrict a, int n, int ld,
                                   int k) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++)
      buf[(long)j * n + i] = a[(long)i * ld + j];
}

NOINLINE void pack_cols_cols_outer(double *restrict buf,
                                   const double *restrict a, int n, int ld,
                                   int k) {
  for (int j = 0; j < k; j++)
    for (int i = 0; i < n; i++)
      buf[(long)j * n + i] = a[(long)i * ld + j];
}

NOINLINE void pack_row(double *restrict buf, const double *restrict a, int n,
                       int ld, int row) {
  for (int j = 0; j < n; j++)
    buf[j] = a[(long)row * ld + j];
}

NOINLINE void pack_block(double *restrict buf, const double *restrict a,
                         int b, int ld) {
  for (int i = 0; i < b; i++)
    for (int j = 0; j < b; j++)
      buf[i * b + j] = a[(long)i * ld + j];
}

NOINLINE void transpose(double *restrict t, const double *restrict a, int n,
                        int ld) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t[(long)j * ld + i] = a[(long)i * ld + j];
}

/* The transpose in tiles of b x b, the last ones cut (the Parallel
 * Research Kernels' transpose): a tile's rows and columns stay cached while
 * it is copied when b lines a set fit the ways. */
#define MIN(x, y) ((x) < (y) ? (x) : (y))
NOINLINE void transpose_tiled(double *restrict t, const double *restrict a,
                              int n, int ld, int b) {
  for (int ii = 0; ii < n; ii += b)
    for (int jj = 0; jj < n; jj += b)
      for (int i = ii; i < MIN(n, ii + b); i++)
        for (int j = jj; j < MIN(n, jj + b); j++)
          t[(long)j * ld + i] = a[(long)i * ld + j];
}

NOINLINE void memcpy_rows(char *restrict d, const char *restrict s, int rows,
                          long w, long pitch) {
  for (int r = 0; r < rows; r++)
    memcpy(d + r * w, s + r * pitch, w);
}

NOINLINE void memcpy_block(char *restrict d, const char *restrict s,
                           long bytes) {
  memcpy(d, s, bytes);
}


enum { N = 2048, Pad = 2056, Small = 512, SmallPad = 520 };
static double *A, *T, *Buf;

/* The cases: one kernel at one size each, run alone so that each has a
 * run file of its own (a kernel's site is the same site at every size). */
static void col(void) { pack_col(Buf, A, N, N, 5); }
static void col_padded(void) { pack_col(Buf, A, N, Pad, 5); }
static void unpack(void) { unpack_col(T, Buf, N, N, 7); }
static void cols8_rows_outer(void) { pack_cols_rows_outer(Buf, A, N, N, 8); }
static void cols8_cols_outer(void) { pack_cols_cols_outer(Buf, A, N, N, 8); }
static void row(void) { pack_row(Buf, A, N, N, 9); }
static void block64(void) { pack_block(Buf, A, 64, N); }
static void transpose2048(void) { transpose(T, A, N, N); }
static void transpose2048_tiles8(void) { transpose_tiled(T, A, N, N, 8); }
static void transpose2048_tiles32(void) { transpose_tiled(T, A, N, N, 32); }
static void transpose512(void) { transpose(T, A, Small, Small); }
static void transpose512_padded(void) { transpose(T, A, Small, SmallPad); }
static void rows64(void) {
  memcpy_rows((char *)Buf, (const char *)A, 64, 1024, 8L * N);
}
static void contiguous_1mib(void) {
  memcpy_block((char *)T, (const char *)A, 1L << 20);
}

static const struct bench_case Cases[] = {
    {"col", col},
    {"col_padded", col_padded},
    {"unpack_col", unpack},
    {"cols8_rows_outer", cols8_rows_outer},
    {"cols8_cols_outer", cols8_cols_outer},
    {"row", row},
    {"block64", block64},
    {"transpose2048", transpose2048},
    {"transpose2048_tiles8", transpose2048_tiles8},
    {"transpose2048_tiles32", transpose2048_tiles32},
    {"transpose512", transpose512},
    {"transpose512_padded", transpose512_padded},
    {"rows64_memcpy", rows64},
    {"contiguous_1mib", contiguous_1mib},
};
enum { NumCases = sizeof Cases / sizeof Cases[0] };

int main(int argc, char **argv) {
  int reps = 0;
  int which = pick_case(Cases, NumCases, argc, argv, 1, &reps);
  if (which < 0)
    return which == -1 ? 0 : 2;
  A = malloc(sizeof(double) * Pad * N);
  T = malloc(sizeof(double) * Pad * N);
  Buf = malloc(sizeof(double) * N * 16);
  if (!A || !T || !Buf || !evict_init()) {
    fprintf(stderr, "kernels_smp: out of memory or a bad COMMCOST_BENCH_STATE\n");
    return 1;
  }
  for (long i = 0; i < (long)Pad * N; i++)
    A[i] = T[i] = (double)i;
  /* Not zeros, which would map Buf to the zero page (harness.h). */
  memset(Buf, 1, sizeof(double) * N * 16);
  for (int r = 0; r < reps; r++) {
    evict();
    Cases[which].Run();
  }
  return 0;
}
