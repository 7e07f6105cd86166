/* Choosing by predicted cost (commcost/variants.h): a column halo sent with
 * an MPI_Type_vector datatype or packed by hand into a buffer first; how
 * many rows go in one message; the packet size of a large transfer. With
 * the plugin the choices are made at compile time where the sizes are
 * constants, at run time from the arguments where they are not; without
 * it the first alternative runs.
 *
 *   clang-19 -O2 -fplugin=build/lib/CommCost.so -Iruntime/include \
 *     $(mpicc --showme:compile) -Rpass=commcost -c examples/variants_halo.c
 */
#include <commcost/variants.h>
#include <mpi.h>

#define N 1024

/* The column j of an n x n row-major grid, sent with a vector datatype:
 * no copy, but one memory line per element on the sending side. */
static void column_datatype(const double *g, double *buf, int n, int j,
                            int to) {
  MPI_Datatype column;
  (void)buf;
  MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(g + j, 1, column, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&column);
}

/* The same column packed into a contiguous buffer by a copy loop, then
 * sent as n doubles. */
static void column_packed(const double *g, double *buf, int n, int j,
                          int to) {
  for (int i = 0; i < n; ++i)
    buf[i] = g[i * n + j];
  MPI_Send(buf, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

COMMCOST_VARIANTS(send_column, column_datatype, column_packed);

static double grid[N * N], column[N];

/* Constant sizes: the choice is made at compile time. */
void halo_fixed(int right) { send_column(grid, column, N, N - 2, right); }

/* A grid size known at run time: the costs are expressions in n, compared
 * at run time (once per new n). */
void halo(double *g, double *buf, int n, int right) {
  send_column(g, buf, n, n - 2, right);
}

/* The n rows of a block (n a multiple of 64) sent in messages of `rows`
 * rows each: fewer, larger messages. */
void send_block(const double *g, int n, int to) {
  int rows = COMMCOST_TUNE(rows_per_message, 1, 8, 64);
  for (int r = 0; r < n; r += rows)
    MPI_Send(g + r * n, rows * n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

/* A 16 MiB buffer sent in packets of the profile's best size, then the
 * rest. */
void send_large(const char *data, int to) {
  const long long total = 1 << 24;
  long long packet = commcost_packet_bytes(total);
  long long full = total / packet * packet;
  for (long long off = 0; off < full; off += packet)
    MPI_Send(data + off, (int)packet, MPI_BYTE, to, 0, MPI_COMM_WORLD);
  if (full < total)
    MPI_Send(data + full, (int)(total - full), MPI_BYTE, to, 0, MPI_COMM_WORLD);
}
