/* The program of check_receive_wait.py: two ranks, compiled with the
 * measure option. Rank 0 sleeps DELAY_MS after a barrier and then sends
 * one message and four packets, so rank 1's first receive waits for it; rank 1
 * checks that what it received, and the status, are what was sent (the probe
 * before each receive must not change which message a receive takes or what it
 * reports).
 *
 *   mpirun -np 2 receive_wait REPS DELAY_MS
 * exits 0 when every message arrived intact. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))
enum { N = 1024, Packets = 4 };

NOINLINE void recv_one(double *buf, int n, int from, int tag, MPI_Status *st) {
  MPI_Recv(buf, n, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, st);
}

NOINLINE void recv_any(double *buf, int each, int packets) {
  for (int p = 0; p < packets; p++)
    MPI_Recv(buf + (long)p * each, each, MPI_DOUBLE, MPI_ANY_SOURCE,
             MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

NOINLINE void send_one(const double *buf, int n, int to, int tag) {
  MPI_Send(buf, n, MPI_DOUBLE, to, tag, MPI_COMM_WORLD);
}

NOINLINE void send_packets(const double *buf, int each, int packets, int to) {
  for (int p = 0; p < packets; p++)
    MPI_Send(buf + (long)p * each, each, MPI_DOUBLE, to, p, MPI_COMM_WORLD);
}

static double value(int rep, int i) { return rep * 1e6 + i; }

static int wrong(const double *buf, int n, int rep, const char *what) {
  for (int i = 0; i < n; i++)
    if (buf[i] != value(rep, i)) {
      fprintf(stderr, "rank 1, run %d, %s: element %d is %g, sent %g\n", rep,
              what, i, buf[i], value(rep, i));
      return 1;
    }
  return 0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 3 || size != 2) {
    if (rank == 0)
      fprintf(stderr, "usage: mpirun -np 2 %s REPS DELAY_MS\n", argv[0]);
    MPI_Finalize();
    return 2;
  }
  int reps = atoi(argv[1]);
  long delay_ms = atol(argv[2]);
  static double buf[N];
  int bad = 0;
  for (int r = 0; r < reps; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
      for (int i = 0; i < N; i++)
        buf[i] = value(r, i);
      struct timespec d = {delay_ms / 1000, delay_ms % 1000 * 1000000};
      nanosleep(&d, NULL);
      send_one(buf, N, 1, 10 + r);
      send_packets(buf, N / Packets, Packets, 1);
    } else {
      MPI_Status st;
      int count;
      recv_one(buf, N, 0, 10 + r, &st);
      MPI_Get_count(&st, MPI_DOUBLE, &count);
      if (st.MPI_SOURCE != 0 || st.MPI_TAG != 10 + r || count != N) {
        fprintf(stderr, "rank 1, run %d: status source %d tag %d count %d\n", r,
                st.MPI_SOURCE, st.MPI_TAG, count);
        bad = 1;
      }
      bad |= wrong(buf, N, r, "one message");
      recv_any(buf, N / Packets, Packets);
      bad |= wrong(buf, N, r, "four messages");
    }
  }
  MPI_Finalize();
  return bad;
}
