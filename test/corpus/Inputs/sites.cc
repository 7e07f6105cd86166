// Census test input in C++: accessors returning references, pointers to
// member functions, operator[], range-based for, lambdas, templates, and
// OpenMP regions (compiled with -fopenmp). Lines with a site end in
// "site:" and its kinds; "loop: A-B" gives the lines of the outermost loop
// of the statement's nest: from its keyword (or OpenMP directive) to the
// start of its body.
#include <cstring>
#include <vector>

struct Domain {
  double &x(int i) { return m_x[i]; }
  double &y(int i) { return m_y[i]; }
  int size() const { return n; }
  std::vector<double> m_x, m_y;
  int n;
};
typedef double &(Domain::*Field)(int);

struct Grid {
  double &operator()(int i, int j) { return d[i * w + j]; }
  double *d;
  int w;
};

void pack(Domain &dom, Field *fields, int nf, double *buf, int n) {
  for (int f = 0; f < nf; ++f) {
    Field src = fields[f];
    for (int i = 0; i < n; ++i)
      buf[f * n + i] = (dom.*src)(i); // site: copy-loop loop: 26-26
  }
  for (int f = 0; f < nf; ++f)
    buf[f] = (dom.*fields[f])(0); // site: copy-loop loop: 31-31
  for (int i = 0; i < n; ++i)
    dom.y(i) = dom.x(i); // site: copy-loop loop: 33-33
}

void containers(std::vector<double> &v, const std::vector<double> &w,
                Grid &a, Grid &b, int n) {
  for (int i = 0; i < n; ++i)
    v[i] = w[n - i - 1]; // site: copy-loop loop: 39-39
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      b(j, i) = a(i, j); // site: copy-loop loop: 41-41
  int k = 0;
  for (double x : w)
    v[k++] = x; // site: copy-loop loop: 45-45
  for (const double &x : w)
    v[k++] = x; // site: copy-loop loop: 47-47
  auto copy = [&](int m) {
    for (int i = 0; i < m; ++i)
      v[i] = w[i]; // site: copy-loop loop: 50-50
  };
  copy(n);
  std::memcpy(v.data(), w.data(), 8 * n); // site: call
}

template <typename T> void gather(T *dst, const T *src, const int *at, int n) {
  for (int i = 0; i < n; ++i)
    dst[i] = src[at[i]]; // site: copy-loop (not compiled) loop: 58-58
}

void openmp(double *dst, const double *src, int n, int reps) {
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel
    {
#pragma omp for nowait
      for (int i = 0; i < n; ++i)
        dst[i] = src[i]; // site: copy-loop loop: 66-67
    }
  }
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      dst[i] = src[i]; // site: copy-loop loop: 72-73
  }
  for (int r = 0; r < reps; ++r) {
#pragma omp simd
    for (int i = 0; i < n; ++i)
      dst[i] = src[i]; // site: copy-loop loop: 76-76
  }
}

void multiline(double *dst, const double *src, int n) {
  for (int i = 0;
       i < n;
       ++i) {
    dst[i] = src[i]; // site: copy-loop loop: 84-86
  }
}

void conditional(double *dst, const double *src, int n, int reps) {
  for (int r = 0; r < reps; ++r) {
#if 0
#pragma omp simd
#else
#pragma omp parallel for
#endif
    for (int i = 0; i < n; ++i)
      dst[i] = src[i]; // site: copy-loop loop: 96-98
  }
}

#include <mpi.h>

// A call with dependent arguments: resolved only when instantiated.
template <typename T> void send(const T *buf, int count, MPI_Datatype dt) {
  MPI_Send(buf, count, dt, 0, 0, MPI_COMM_WORLD); // site: call
}

// Compiled only when used: a template no one instantiates, a static
// function that only an unused static function calls; and one used.
template <typename T> void unused_send(const T *buf, int n) {
  MPI_Send(buf, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD); // site: call (not compiled)
}
static void helper(double *a, int n) {
  MPI_Send(a, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD); // site: call (not compiled)
}
static void unused(double *a, int n) { helper(a, n); }
static void used_static(double *a, int n) {
  MPI_Send(a, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD); // site: call
}
void user(double *a, int n) {
  used_static(a, n);
  send(a, n, MPI_DOUBLE);
}
