/* Kernels for the end-to-end test of the measure option
   (check_measure.py): each is one site whose predicted cost the
   instrumented code computes from its parameters, except from_global,
   whose size is a global and is predicted by the record only. */
#include <string.h>

int global_n;

void pack_col(double *restrict buf, const double *restrict a, int n, int m,
              int col) {
  for (int i = 0; i < n; i++)
    buf[i] = a[i * m + col];
}

void copy_rows(char *restrict d, const char *restrict s, int r, long w,
               long pitch) {
  for (int i = 0; i < r; i++)
    memcpy(d + i * w, s + i * pitch, w);
}

void copy_block(char *restrict d, const char *restrict s, long bytes) {
  memcpy(d, s, bytes);
}

void transpose(double *restrict b, const double *restrict a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j * n + i] = a[i * n + j];
}

void from_global(double *restrict d, const double *restrict s) {
  for (int i = 0; i < global_n; i++)
    d[i] = s[i];
}
