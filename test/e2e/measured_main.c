/* Runs each kernel of measured.c a known number of times with known sizes
   (check_measure.py reads the same values from its table). */
#include <stdlib.h>

void pack_col(double *restrict, const double *restrict, int, int, int);
void copy_rows(char *restrict, const char *restrict, int, long, long);
void copy_block(char *restrict, const char *restrict, long);
void transpose(double *restrict, const double *restrict, int);
void from_global(double *restrict, const double *restrict);
extern int global_n;

int main(void) {
  enum { N = 256, Reps = 7 };
  double *a = calloc(N * N, sizeof(double));
  double *b = calloc(N * N, sizeof(double));
  if (!a || !b)
    return 1;
  global_n = 1000;
  for (int k = 0; k < Reps; k++) {
    pack_col(b, a, N, N, 3);
    copy_rows((char *)b, (const char *)a, 64, 512, 8 * N);
    copy_block((char *)b, (const char *)a, 8 * N * 16);
    transpose(b, a, N);
    from_global(b, a);
  }
  free(a);
  free(b);
  return 0;
}
