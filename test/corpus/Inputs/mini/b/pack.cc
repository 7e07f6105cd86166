// Driver test unit in C++: a copy loop of a second application.
void pack(double *__restrict out, const double *__restrict in, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = in[2 * i];
}
