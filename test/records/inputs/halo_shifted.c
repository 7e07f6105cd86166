/* Input of the record fixtures (test/records/data/README.md): halo.c with
 * lines inserted above and inside the functions; every site costs the same.
 */
#include <mpi.h>

#define N 1024

/* Inserted: a comment of a few lines
 * that moves everything below it
 * down.
 */
static double grid[N][N];

void exchange_rows(int up, int down) {
  int tag = 0; /* inserted */

  MPI_Send(&grid[1][0], N, MPI_DOUBLE, up, tag, MPI_COMM_WORLD);
  MPI_Recv(&grid[N - 1][0], N, MPI_DOUBLE, down, tag, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

void exchange_columns(int left, int right) {
  MPI_Datatype column;
  MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  /* inserted */
  MPI_Send(&grid[0][1], 1, column, left, 1, MPI_COMM_WORLD);
  MPI_Recv(&grid[0][N - 1], 1, column, right, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

void exchange_rows_n(double *g, int nx, int ny, int up, int down) {
  MPI_Send(g + nx, nx, MPI_DOUBLE, up, 0, MPI_COMM_WORLD);
  MPI_Recv(g + (ny - 1) * nx, nx, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

void send_external(double *g, MPI_Datatype t, int to) {
  MPI_Send(g, 1, t, to, 2, MPI_COMM_WORLD);
}

void pack_rows(double *buf, int to) {
  for (int r = 0; r < 8; ++r)
    MPI_Send(&grid[r][0], 64, MPI_DOUBLE, to, 3, MPI_COMM_WORLD);
  (void)buf;
}
