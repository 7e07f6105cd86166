// A test written with commcost's own lit substitutions, which only
// --lit-config gives the update script (../update-checks.test).
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>

static double grid[64][128];

void send_row(int to) {
  MPI_Send(&grid[1][0], 128, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}
