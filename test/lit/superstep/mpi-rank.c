// Loops split by MPI_Comm_rank: a block transpose of rank's rows, and a
// block of ceildiv(n, size) elements clipped with a min. P is the variable
// that MPI_Comm_size filled in; without it, P stands for the number of
// processes.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
#include <mpi.h>
void transpose_rows(double *restrict b, const double *restrict a, int n,
                    int m) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int lo = rank * n / size, hi = (rank + 1) * n / size;
  // CHECK: [[@LINE+1]]:3: remark: loop (superstep) of 'b <- a', double elements, split among size processes by rank (MPI_Comm_rank): rank runs n*(rank + 1)/size - n*rank/size iterations, at most ceildiv(n, size) of n;{{.*}} reads m*(n*(rank + 1)/size - n*rank/size), writes m*(n*(rank + 1)/size - n*rank/size), per processor at most hr m*ceildiv(n, size), hw m*ceildiv(n, size), total M 2*m*n; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment); cost (2200*m*ceildiv(n, size) + 1000000) ps (model HrHw, profile {{.*}}fixed.json)
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < m; j++)
      b[j * n + i] = a[i * m + j];
}
double src[1000], dst[1000];
void copy_mine(int chunk) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int lo = rank * chunk;
  // CHECK: [[@LINE+1]]:3: remark: loop (superstep) of 'dst <- src', double elements, split among P processes by rank (MPI_Comm_rank), P = number of processes: rank runs chunk iterations, at most chunk of P*chunk;{{.*}} one processor reads contiguous block of 8*chunk bytes, writes contiguous block of 8*chunk bytes;{{.*}} reads chunk, writes chunk, per processor at most hr chunk, hw chunk, total M 2*P*chunk;
  for (int i = lo; i < lo + chunk; i++)
    dst[i] = src[i];
}
