/* Input of the record fixtures (test/records/data/README.md): halo.c after
 * changes: exchange_rows sends a column instead of a row (a rise);
 * exchange_rows_n sends two rows (a symbolic change) and receives with a
 * datatype the plugin cannot see (not analysed any more); exchange_columns
 * receives a row (a fall); pack_rows sends 4 rows (a fall) and a new
 * function sends one more row. */
#include <mpi.h>

#define N 1024

static double grid[N][N];

void exchange_rows(int up, int down) {
  MPI_Datatype column;
  MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(&grid[0][1], 1, column, up, 0, MPI_COMM_WORLD);
  MPI_Recv(&grid[N - 1][0], N, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

void exchange_columns(int left, int right) {
  MPI_Datatype column;
  MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(&grid[0][1], 1, column, left, 1, MPI_COMM_WORLD);
  MPI_Recv(&grid[N - 1][0], N, MPI_DOUBLE, right, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

extern MPI_Datatype row_type;

void exchange_rows_n(double *g, int nx, int ny, int up, int down) {
  MPI_Send(g + nx, 2 * nx, MPI_DOUBLE, up, 0, MPI_COMM_WORLD);
  MPI_Recv(g + (ny - 1) * nx, 1, row_type, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

void send_external(double *g, MPI_Datatype t, int to) {
  MPI_Send(g, 1, t, to, 2, MPI_COMM_WORLD);
}

void pack_rows(double *buf, int to) {
  for (int r = 0; r < 4; ++r)
    MPI_Send(&grid[r][0], 64, MPI_DOUBLE, to, 3, MPI_COMM_WORLD);
  (void)buf;
}

void send_more(int to) {
  MPI_Send(&grid[2][0], N, MPI_DOUBLE, to, 4, MPI_COMM_WORLD);
}
