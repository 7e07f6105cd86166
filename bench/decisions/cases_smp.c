/* Decision benchmark, shared-memory cases: each case is a choice of
 * commcost/variants.h made with constant sizes (so the plugin decides at
 * compile time, and its record names the choice), and a table that calls
 * every alternative directly, so that the harness measures them all.
 * bench/decision_bench.py compiles this with the plugin, reads the
 * records, runs the harness and prints chosen vs measured best.
 *
 *   ./cases_smp            prints "CASE ALTERNATIVE MEDIAN_NS" per line
 *   ./cases_smp --quick    one short repetition (the test suite)
 */
#include <commcost/variants.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Halo layout: both boundaries of an nx x ny grid (two rows of nx,
 * two columns of ny) copied into buffers; the grid stored row-major or
 * column-major. The longer boundary wants to be contiguous. */
static void halo_rowmajor(const double *g, double *buf, int nx, int ny) {
  for (int x = 0; x < nx; ++x) /* rows 0 and ny-1: contiguous */
    buf[x] = g[x];
  for (int x = 0; x < nx; ++x)
    buf[nx + x] = g[(ny - 1) * nx + x];
  for (int y = 0; y < ny; ++y) /* columns 0 and nx-1: strided */
    buf[2 * nx + y] = g[y * nx];
  for (int y = 0; y < ny; ++y)
    buf[2 * nx + ny + y] = g[y * nx + nx - 1];
}
static void halo_colmajor(const double *g, double *buf, int nx, int ny) {
  for (int x = 0; x < nx; ++x) /* rows: strided */
    buf[x] = g[x * ny];
  for (int x = 0; x < nx; ++x)
    buf[nx + x] = g[x * ny + ny - 1];
  for (int y = 0; y < ny; ++y) /* columns: contiguous */
    buf[2 * nx + y] = g[y];
  for (int y = 0; y < ny; ++y)
    buf[2 * nx + ny + y] = g[(nx - 1) * ny + y];
}
COMMCOST_VARIANTS(halo_wide, halo_rowmajor, halo_colmajor);
COMMCOST_VARIANTS(halo_tall, halo_rowmajor, halo_colmajor);

/* ---- Pack loop order: an r x c sub-block of a matrix with leading
 * dimension ld packed into a contiguous buffer, by rows or by columns. */
static void pack_by_columns(const double *m, double *buf, int r, int c,
                            int ld) {
  for (int j = 0; j < c; ++j)
    for (int i = 0; i < r; ++i)
      buf[i * c + j] = m[i * ld + j];
}
static void pack_by_rows(const double *m, double *buf, int r, int c, int ld) {
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      buf[i * c + j] = m[i * ld + j];
}
COMMCOST_VARIANTS(pack_square, pack_by_columns, pack_by_rows);
COMMCOST_VARIANTS(pack_flat, pack_by_columns, pack_by_rows);

/* ---- k columns of an n x n row-major matrix into a k x n buffer: one
 * strided copy loop over the columns, or one copy of k contiguous
 * elements per row (blocked). */
static void columns_one_by_one(const double *m, double *buf, int n, int k) {
  for (int c = 0; c < k; ++c)
    for (int r = 0; r < n; ++r)
      buf[c * n + r] = m[r * n + c];
}
static void columns_blocked(const double *m, double *buf, int n, int k) {
  for (int r = 0; r < n; ++r)
    memcpy(buf + r * k, m + r * n, (size_t)k * sizeof(double));
}
COMMCOST_VARIANTS(columns_few, columns_one_by_one, columns_blocked);
COMMCOST_VARIANTS(columns_many, columns_one_by_one, columns_blocked);

/* ---- Transpose of an n x n matrix in b x b blocks (n a multiple of b). */
#define TRANSPOSE_TILED(dst, src, n, b)                                        \
  for (int i0 = 0; i0 < (n); i0 += (b))                                        \
    for (int j0 = 0; j0 < (n); j0 += (b))                                      \
      for (int i = i0; i < i0 + (b); ++i)                                      \
        for (int j = j0; j < j0 + (b); ++j)                                    \
          (dst)[j * (n) + i] = (src)[i * (n) + j]
static void transpose(double *restrict dst, const double *restrict src, int n,
                      int b) {
  TRANSPOSE_TILED(dst, src, n, b);
}
void transpose_512(double *restrict dst, const double *restrict src) {
  const int b = COMMCOST_TUNE(block_512, 8, 32, 128);
  TRANSPOSE_TILED(dst, src, 512, b);
}
void transpose_2048(double *restrict dst, const double *restrict src) {
  const int b = COMMCOST_TUNE(block_2048, 8, 32, 128);
  TRANSPOSE_TILED(dst, src, 2048, b);
}

/* ---- The calls the plugin decides (constant sizes) ---- */
static double *A, *B;
void decide(void) {
  halo_wide(A, B, 8192, 64);
  halo_tall(A, B, 64, 8192);
  pack_square(A, B, 256, 256, 4096);
  pack_flat(A, B, 2048, 32, 4096);
  columns_few(A, B, 2048, 4);
  columns_many(A, B, 2048, 64);
}

/* ---- Every alternative, called directly ---- */
static void run_halo_wide_0(void) { halo_rowmajor(A, B, 8192, 64); }
static void run_halo_wide_1(void) { halo_colmajor(A, B, 8192, 64); }
static void run_halo_tall_0(void) { halo_rowmajor(A, B, 64, 8192); }
static void run_halo_tall_1(void) { halo_colmajor(A, B, 64, 8192); }
static void run_pack_square_0(void) { pack_by_columns(A, B, 256, 256, 4096); }
static void run_pack_square_1(void) { pack_by_rows(A, B, 256, 256, 4096); }
static void run_pack_flat_0(void) { pack_by_columns(A, B, 2048, 32, 4096); }
static void run_pack_flat_1(void) { pack_by_rows(A, B, 2048, 32, 4096); }
static void run_columns_few_0(void) { columns_one_by_one(A, B, 2048, 4); }
static void run_columns_few_1(void) { columns_blocked(A, B, 2048, 4); }
static void run_columns_many_0(void) { columns_one_by_one(A, B, 2048, 64); }
static void run_columns_many_1(void) { columns_blocked(A, B, 2048, 64); }
static void run_block_512_0(void) { transpose(B, A, 512, 8); }
static void run_block_512_1(void) { transpose(B, A, 512, 32); }
static void run_block_512_2(void) { transpose(B, A, 512, 128); }
static void run_block_2048_0(void) { transpose(B, A, 2048, 8); }
static void run_block_2048_1(void) { transpose(B, A, 2048, 32); }
static void run_block_2048_2(void) { transpose(B, A, 2048, 128); }

struct alternative {
  const char *choice, *name;
  void (*run)(void);
};
static const struct alternative alternatives[] = {
    {"halo_wide", "halo_rowmajor", run_halo_wide_0},
    {"halo_wide", "halo_colmajor", run_halo_wide_1},
    {"halo_tall", "halo_rowmajor", run_halo_tall_0},
    {"halo_tall", "halo_colmajor", run_halo_tall_1},
    {"pack_square", "pack_by_columns", run_pack_square_0},
    {"pack_square", "pack_by_rows", run_pack_square_1},
    {"pack_flat", "pack_by_columns", run_pack_flat_0},
    {"pack_flat", "pack_by_rows", run_pack_flat_1},
    {"columns_few", "columns_one_by_one", run_columns_few_0},
    {"columns_few", "columns_blocked", run_columns_few_1},
    {"columns_many", "columns_one_by_one", run_columns_many_0},
    {"columns_many", "columns_blocked", run_columns_many_1},
    {"block_512", "8", run_block_512_0},
    {"block_512", "32", run_block_512_1},
    {"block_512", "128", run_block_512_2},
    {"block_2048", "8", run_block_2048_0},
    {"block_2048", "32", run_block_2048_1},
    {"block_2048", "128", run_block_2048_2},
};

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median over repetitions of the time of one call, each repetition a
 * batch of calls lasting about 2 ms, after a warm-up batch. */
static double median_ns(void (*run)(void), int repetitions) {
  double t[64];
  int batch = 1;
  double start = now_ns();
  run();
  double one = now_ns() - start;
  if (one < 2e6)
    batch = (int)(2e6 / (one > 1 ? one : 1)) + 1;
  for (int i = 0; i < batch; ++i)
    run();
  for (int r = 0; r < repetitions; ++r) {
    start = now_ns();
    for (int i = 0; i < batch; ++i)
      run();
    t[r] = (now_ns() - start) / batch;
  }
  qsort(t, repetitions, sizeof t[0], by_value);
  return t[repetitions / 2];
}

int main(int argc, char **argv) {
  int repetitions = argc > 1 && !strcmp(argv[1], "--quick") ? 1 : 15;
  size_t elems = (size_t)2048 * 4096; /* the largest case */
  A = malloc(elems * sizeof(double));
  B = malloc(elems * sizeof(double));
  if (!A || !B)
    return 1;
  for (size_t i = 0; i < elems; ++i)
    A[i] = (double)i, B[i] = 0;
  for (size_t i = 0; i < sizeof alternatives / sizeof alternatives[0]; ++i)
    printf("%s %s %.1f\n", alternatives[i].choice, alternatives[i].name,
           median_ns(alternatives[i].run, repetitions));
  return 0;
}
