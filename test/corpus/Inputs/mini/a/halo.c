/* Driver test unit: one analysed send, one analysed copy loop, an
   analysed collective (MPI_Allreduce), a site in a function clang does
   not emit, and one on a branch the optimiser removes. */
#include <mpi.h>

void halo(double *restrict grid, double *restrict buf, int n, MPI_Comm c) {
  for (int i = 0; i < n; i++)
    buf[i] = grid[i * 1024];
  MPI_Send(buf, n, MPI_DOUBLE, 1, 0, c);
  MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_DOUBLE, MPI_SUM, c);
}

static void unused(double *buf, MPI_Comm c) {
  MPI_Send(buf, 8, MPI_DOUBLE, 1, 0, c);
}

void resend(double *buf, MPI_Comm c) {
  int again = 0;
  if (again)
    MPI_Send(buf, 8, MPI_DOUBLE, 1, 0, c);
}
