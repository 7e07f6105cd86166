/* Kernel benchmark, message-passing kernels for two ranks: a column sent
 * as an MPI_Type_vector or packed and sent contiguously, a row, and 1 MiB
 * sent as 1 to 4096 packets, rank 1 receiving each into a contiguous
 * buffer; and a row received into a column, as an MPI_Type_vector or
 * received contiguously and unpacked. Each kernel is its own function
 * with its sizes as parameters, so the measure option predicts each run
 * from the actual sizes and times it (bench/kernel_bench.py): the
 * run-time prediction reads parameters only, so a packet's size is one.
 *
 *   mpirun -np 2 ./kernels_mpi --list | CASE REPS
 * Before each run both ranks put caches and TLB in the state
 * COMMCOST_BENCH_STATE names (harness.h) and meet at a barrier. Rank 0
 * prints "exchange_us MEDIAN": the median over runs of the exchange's
 * time, from the barrier to the later rank's return. A receive's own time does
 * not tell it: under the rendezvous protocol a receive also waits for the
 * sender to pack a derived datatype, so the ranks' site times overlap and
 * their sum counts that packing twice.
 */
#include <mpi.h>

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))

NOINLINE void send_col_vector(const double *a, int n, int ld, int col,
                              int to) {
  MPI_Datatype column;
  MPI_Type_vector(n, 1, ld, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(a + col, 1, column, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&column);
}

NOINLINE void send_col_packed(double *restrict buf, const double *restrict a,
                              int n, int ld, int col, int to) {
  for (int i = 0; i < n; i++)
    buf[i] = a[(long)i * ld + col];
  MPI_Send(buf, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

NOINLINE void send_row(const double *a, int n, int ld, int row, int to) {
  MPI_Send(a + (long)row * ld, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

NOINLINE void send_packets(const char *a, long each, int packets, int to) {
  for (int p = 0; p < packets; p++)
    MPI_Send(a + p * each, (int)each, MPI_BYTE, to, 0, MPI_COMM_WORLD);
}

NOINLINE void recv_doubles(double *buf, int n, int from) {
  MPI_Recv(buf, n, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

NOINLINE void recv_col_vector(double *a, int n, int ld, int col, int from) {
  MPI_Datatype column;
  MPI_Type_vector(n, 1, ld, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Recv(a + col, 1, column, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

NOINLINE void recv_col_unpack(double *restrict a, double *restrict buf, int n,
                              int ld, int col, int from) {
  MPI_Recv(buf, n, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < n; i++)
    a[(long)i * ld + col] = buf[i];
}

NOINLINE void recv_packets(char *buf, long each, int packets, int from) {
  for (int p = 0; p < packets; p++)
    MPI_Recv(buf + p * each, (int)each, MPI_BYTE, from, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

enum { N = 2048, MiB = 1 << 20 };
static double *A, *Buf;
static int Rank;

static void col_vector(void) {
  if (Rank == 0)
    send_col_vector(A, N, N, 5, 1);
  else
    recv_doubles(Buf, N, 0);
}
static void col_packed(void) {
  if (Rank == 0)
    send_col_packed(Buf, A, N, N, 5, 1);
  else
    recv_doubles(Buf, N, 0);
}
static void row(void) {
  if (Rank == 0)
    send_row(A, N, N, 9, 1);
  else
    recv_doubles(Buf, N, 0);
}
static void col_recv_vector(void) {
  if (Rank == 0)
    send_row(A, N, N, 9, 1);
  else
    recv_col_vector(A, N, N, 5, 0);
}
static void col_recv_unpack(void) {
  if (Rank == 0)
    send_row(A, N, N, 9, 1);
  else
    recv_col_unpack(A, Buf, N, N, 5, 0);
}
#define PACKETS(P)                                                            \
  static void packets##P(void) {                                              \
    if (Rank == 0)                                                            \
      send_packets((const char *)A, MiB / P, P, 1);                               \
    else                                                                      \
      recv_packets((char *)Buf, MiB / P, P, 0);                                   \
  }
PACKETS(1)
PACKETS(16)
PACKETS(256)
PACKETS(4096)

static const struct bench_case Cases[] = {
    {"mpi_col_vector", col_vector}, {"mpi_col_packed", col_packed},
    {"mpi_col_recv_vector", col_recv_vector},
    {"mpi_col_recv_unpack", col_recv_unpack},
    {"mpi_row", row},               {"mpi_1mib_1", packets1},
    {"mpi_1mib_16", packets16},     {"mpi_1mib_256", packets256},
    {"mpi_1mib_4096", packets4096},
};
enum { NumCases = sizeof Cases / sizeof Cases[0] };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  int reps = 0;
  int which = pick_case(Cases, NumCases, argc, argv, Rank == 0, &reps);
  if (which < 0) {
    MPI_Finalize();
    return which == -1 ? 0 : 2;
  }
  A = malloc(sizeof(double) * N * N);
  Buf = malloc(MiB > sizeof(double) * N ? MiB : sizeof(double) * N);
  if (!A || !Buf || !evict_init()) {
    fprintf(stderr, "kernels_mpi: out of memory or a bad COMMCOST_BENCH_STATE\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (long i = 0; i < (long)N * N; i++)
    A[i] = (double)i;
  /* Not zeros, which would map Buf to the zero page (harness.h). */
  memset(Buf, 1, MiB);
  double *slowest = malloc(sizeof(double) * reps);
  if (!slowest) {
    fprintf(stderr, "kernels_mpi: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (int r = 0; r < reps; r++) {
    evict();
    MPI_Barrier(MPI_COMM_WORLD);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    Cases[which].Run();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double us = (t1.tv_sec - t0.tv_sec) * 1e6 + (t1.tv_nsec - t0.tv_nsec) / 1e3;
    MPI_Reduce(&us, &slowest[r], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  }
  if (Rank == 0) {
    qsort(slowest, reps, sizeof(double), by_value);
    printf("exchange_us %.3f\n",
           reps % 2 ? slowest[reps / 2]
                    : (slowest[reps / 2 - 1] + slowest[reps / 2]) / 2);
  }
  free(slowest);
  MPI_Finalize();
  return 0;
}
