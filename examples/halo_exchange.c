/* Halo exchange of a 2-D grid over MPI: the row halo is contiguous, the
 * column halo is strided. The plugin shows why the column costs more: the
 * same bytes touch one memory line per row instead of a few in total.
 *
 *   clang-19 -O2 -fplugin=build/lib/CommCost.so -Rpass-analysis=commcost \
 *     $(mpicc --showme:compile) -c examples/halo_exchange.c
 */
#include <mpi.h>

#define NX 1024
#define NY 1024

static double grid[NY][NX];

/* Send the first interior row to the neighbour above, receive its row into
 * the halo row below. */
void exchange_rows(int up, int down) {
  MPI_Send(&grid[1][0], NX, MPI_DOUBLE, up, 0, MPI_COMM_WORLD);
  MPI_Recv(&grid[NY - 1][0], NX, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

/* The same with columns: one element per row, NX elements apart. */
void exchange_columns(int left, int right) {
  MPI_Datatype column;
  MPI_Type_vector(NY, 1, NX, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(&grid[0][1], 1, column, left, 1, MPI_COMM_WORLD);
  MPI_Recv(&grid[0][NX - 1], 1, column, right, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

/* Rows of a grid whose size is only known at run time. */
void exchange_rows_n(double *g, int nx, int ny, int up, int down) {
  MPI_Send(g + nx, nx, MPI_DOUBLE, up, 0, MPI_COMM_WORLD);
  MPI_Recv(g + (ny - 1) * nx, nx, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
}

/* Columns of a grid whose size is only known at run time: lines, and so the
 * cost, are expressions in nx and ny. */
void exchange_columns_n(double *g, int nx, int ny, int left, int right) {
  MPI_Datatype column;
  MPI_Type_vector(ny, 1, nx, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(g + 1, 1, column, left, 1, MPI_COMM_WORLD);
  MPI_Recv(g + nx - 1, 1, column, right, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}
