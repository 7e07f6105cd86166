/* Decision benchmark, MPI cases over two ranks (as cases_smp.c, but rank 0
 * sends and rank 1 receives and acknowledges with one byte; an exchange is
 * timed on rank 0 from before the send to the acknowledgement):
 * a column sent with a vector datatype or packed by hand; both boundaries
 * of a row-major or column-major grid; a large buffer in packets of the
 * profile's best size (commcost_packet_bytes) or of sizes around it.
 *
 *   mpirun -np 2 ./cases_mpi [--quick]   rank 0 prints "CASE ALT MEDIAN_NS"
 */
#include <commcost/variants.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank;

/* ---- Datatype vs manual pack: column j of an n x n row-major grid. */
static void column_datatype(const double *g, double *buf, int n, int to) {
  MPI_Datatype column;
  (void)buf;
  MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(g + 1, 1, column, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&column);
}
static void column_packed(const double *g, double *buf, int n, int to) {
  for (int i = 0; i < n; ++i)
    buf[i] = g[i * n + 1];
  MPI_Send(buf, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
COMMCOST_VARIANTS(column_1024, column_datatype, column_packed);
COMMCOST_VARIANTS(column_4096, column_datatype, column_packed);

/* ---- Halo layout over MPI: both boundaries of an nx x ny grid. */
static void halo_rowmajor(const double *g, double *buf, int nx, int ny,
                          int to) {
  MPI_Datatype column;
  (void)buf;
  MPI_Type_vector(ny, 1, nx, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(g, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  MPI_Send(g + (ny - 1) * nx, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  MPI_Send(g, 1, column, to, 0, MPI_COMM_WORLD);
  MPI_Send(g + nx - 1, 1, column, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&column);
}
static void halo_colmajor(const double *g, double *buf, int nx, int ny,
                          int to) {
  MPI_Datatype row;
  (void)buf;
  MPI_Type_vector(nx, 1, ny, MPI_DOUBLE, &row);
  MPI_Type_commit(&row);
  MPI_Send(g, 1, row, to, 0, MPI_COMM_WORLD);
  MPI_Send(g + ny - 1, 1, row, to, 0, MPI_COMM_WORLD);
  MPI_Send(g, ny, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  MPI_Send(g + (nx - 1) * ny, ny, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&row);
}
COMMCOST_VARIANTS(mpi_halo_wide, halo_rowmajor, halo_colmajor);
COMMCOST_VARIANTS(mpi_halo_tall, halo_rowmajor, halo_colmajor);

/* ---- A buffer of total bytes in packets of packet bytes. */
static void send_packets(const char *data, long long total, long long packet,
                         int to) {
  for (long long off = 0; off < total; off += packet)
    MPI_Send(data + off, (int)(total - off < packet ? total - off : packet),
             MPI_BYTE, to, 0, MPI_COMM_WORLD);
}

static double *A, *B;
void decide(void) {
  column_1024(A, B, 1024, 1);
  column_4096(A, B, 4096, 1);
  mpi_halo_wide(A, B, 8192, 64, 1);
  mpi_halo_tall(A, B, 64, 8192, 1);
}
static long long packet_1m(void) { return commcost_packet_bytes(1 << 20); }
static long long packet_16m(void) { return commcost_packet_bytes(1 << 24); }

/* An alternative and what rank 1 receives of it: message sizes in bytes
 * (the sizes a, b repeated as the counts say). */
struct alternative {
  const char *choice, *name;
  void (*send)(void);
  long long packet; /* for the packet cases: the size sent */
  int count_a, count_b;
  long long size_a, size_b;
};
static long long packet_arg;
static void s_col1024_0(void) { column_datatype(A, B, 1024, 1); }
static void s_col1024_1(void) { column_packed(A, B, 1024, 1); }
static void s_col4096_0(void) { column_datatype(A, B, 4096, 1); }
static void s_col4096_1(void) { column_packed(A, B, 4096, 1); }
static void s_wide_0(void) { halo_rowmajor(A, B, 8192, 64, 1); }
static void s_wide_1(void) { halo_colmajor(A, B, 8192, 64, 1); }
static void s_tall_0(void) { halo_rowmajor(A, B, 64, 8192, 1); }
static void s_tall_1(void) { halo_colmajor(A, B, 64, 8192, 1); }
static void s_packets_1m(void) {
  send_packets((const char *)A, 1 << 20, packet_arg, 1);
}
static void s_packets_16m(void) {
  send_packets((const char *)A, 1 << 24, packet_arg, 1);
}

static struct alternative alternatives[64];
static int count;
static void add(const char *choice, const char *name, void (*send)(void),
                long long packet, int count_a, long long size_a, int count_b,
                long long size_b) {
  struct alternative a = {choice, name,    send,   packet,
                          count_a, count_b, size_a, size_b};
  alternatives[count++] = a;
}

/* Packets of p bytes of total: full ones, then the rest. */
static void add_packets(const char *choice, const char *name,
                        void (*send)(void), long long total, long long p) {
  add(choice, name, send, p, (int)(total / p), p, total % p ? 1 : 0,
      total % p);
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* One exchange, timed on rank 0 up to the acknowledgement. */
static double exchange(const struct alternative *a, char *into) {
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  char ack = 0;
  if (rank == 0) {
    packet_arg = a->packet;
    a->send();
    MPI_Recv(&ack, 1, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    for (int m = 0; m < a->count_a + a->count_b; ++m)
      MPI_Recv(into, (int)(m < a->count_a ? a->size_a : a->size_b), MPI_BYTE,
               0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&ack, 1, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
  }
  return (MPI_Wtime() - start) * 1e9;
}

int main(int argc, char **argv) {
  int repetitions = argc > 1 && !strcmp(argv[1], "--quick") ? 1 : 15;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  size_t elems = (size_t)4096 * 4096; /* the largest case */
  A = malloc(elems * sizeof(double));
  B = malloc(elems * sizeof(double));
  char *into = malloc((size_t)1 << 24);
  if (!A || !B || !into)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (size_t i = 0; i < elems; ++i)
    A[i] = (double)i, B[i] = 0;
  add("column_1024", "column_datatype", s_col1024_0, 0, 1, 8 * 1024, 0, 0);
  add("column_1024", "column_packed", s_col1024_1, 0, 1, 8 * 1024, 0, 0);
  add("column_4096", "column_datatype", s_col4096_0, 0, 1, 8 * 4096, 0, 0);
  add("column_4096", "column_packed", s_col4096_1, 0, 1, 8 * 4096, 0, 0);
  /* Both layouts send two boundaries of nx, then two of ny. */
  add("mpi_halo_wide", "halo_rowmajor", s_wide_0, 0, 2, 8 * 8192, 2, 8 * 64);
  add("mpi_halo_wide", "halo_colmajor", s_wide_1, 0, 2, 8 * 8192, 2, 8 * 64);
  add("mpi_halo_tall", "halo_rowmajor", s_tall_0, 0, 2, 8 * 64, 2, 8 * 8192);
  add("mpi_halo_tall", "halo_colmajor", s_tall_1, 0, 2, 8 * 64, 2, 8 * 8192);
  /* The packet sizes: the profile's choice, then powers of 4 around it. */
  static char names[2][16][24];
  const char *cases[2] = {"packet_1m", "packet_16m"};
  long long totals[2] = {1 << 20, 1 << 24};
  long long chosen[2] = {packet_1m(), packet_16m()};
  void (*senders[2])(void) = {s_packets_1m, s_packets_16m};
  for (int c = 0; c < 2; ++c) {
    int n = 0;
    snprintf(names[c][n], sizeof names[c][n], "%lld", chosen[c]);
    add_packets(cases[c], names[c][n], senders[c], totals[c], chosen[c]);
    for (long long p = 4096; p <= totals[c] && n < 15; p *= 4) {
      if (p == chosen[c])
        continue;
      ++n;
      snprintf(names[c][n], sizeof names[c][n], "%lld", p);
      add_packets(cases[c], names[c][n], senders[c], totals[c], p);
    }
  }
  double t[64];
  for (int i = 0; i < count; ++i) {
    for (int r = -3; r < repetitions; ++r) {
      double v = exchange(&alternatives[i], into);
      if (r >= 0)
        t[r] = v;
    }
    qsort(t, repetitions, sizeof t[0], by_value);
    if (rank == 0)
      printf("%s %s %.1f\n", alternatives[i].choice, alternatives[i].name,
             t[repetitions / 2]);
  }
  MPI_Finalize();
  return 0;
}
