/* The code of the consumer project: a halo exchange whose costs the
 * project pins. test/install/run.sh turns the row exchange into a column
 * exchange (the line marked ROW) and expects the cost check to fail. */
#include <commcost/budget.h>
#include <mpi.h>

#define N 1024

static double grid[N][N];

COMMCOST_BUDGET_US(1000.0)
void exchange(int up, int down) {
  MPI_Datatype column;
  MPI_Type_vector(N, 1, N, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  MPI_Send(&grid[1][0], N, MPI_DOUBLE, up, 0, MPI_COMM_WORLD); /* ROW */
  MPI_Recv(&grid[N - 1][0], N, MPI_DOUBLE, down, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Type_free(&column);
}

COMMCOST_BUDGET_US_AT(1000.0, "nx=1024")
void exchange_n(double *g, int nx, int up) {
  MPI_Send(g + nx, nx, MPI_DOUBLE, up, 0, MPI_COMM_WORLD);
}
