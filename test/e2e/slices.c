/* Sites whose remarks the end-to-end test checks against brute force: rows,
   columns and sub-blocks with symbolic sizes, through memcpy and MPI, in
   and out of loops. Compiled twice: with the plugin and the real <mpi.h>
   (the record), and with fake_mpi/ and record.h (the recorded addresses).
   Every buffer is a parameter, so the test can place it at every offset
   the element alignment allows. */
#include <mpi.h>
#include <string.h>

void row_send(double *a, int ld, int i, int n, int to) {
  MPI_Send(a + i * ld, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

void column_send(double *a, int rows, int ld, int to) {
  MPI_Datatype col;
  MPI_Type_vector(rows, 1, ld, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  MPI_Send(a, 1, col, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&col);
}

void block_send(double *a, int rows, int to) {
  MPI_Datatype block;
  MPI_Type_vector(rows, 12, 100, MPI_DOUBLE, &block);
  MPI_Type_commit(&block);
  MPI_Send(a + 3, 1, block, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&block);
}

void column_memcpy(double *restrict col, const double *restrict a, int n,
                   int ld) {
  for (int i = 0; i < n; i++)
    memcpy(col + i, a + i * ld, sizeof(double));
}

void block_memcpy(double *restrict dst, const double *restrict src,
                  int rows) {
  for (int r = 0; r < rows; r++)
    memcpy(dst + r * 16, src + r * 100, 16 * sizeof(double));
}

void tiles_send(double *a, int nb, int to) {
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < 4; j++)
      MPI_Send(a + i * 100 + j * 16, 16, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
}

void rows_recv(double *a, int rows, int n, int from) {
  for (int r = 0; r < rows; r++)
    MPI_Recv(a + r * n, 1, MPI_DOUBLE, from, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}

void bytes_memcpy(char *restrict dst, const char *restrict src, int n,
                  int skip) {
  memcpy(dst, src + skip, n);
}
