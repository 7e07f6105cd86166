// A library's inline copy, for misc/system-header.c.
static inline void lib_copy(double *d, const double *s, int n) {
  for (int i = 0; i < n; i++)
    d[i] = s[i];
}
