// MPI_Pack and MPI_Unpack are copies: the datatype's layout read (written)
// and a contiguous run of the packed buffer written (read) at *position.
// The position is known when the code sets it before the call in the same
// block, also across earlier MPI_Pack calls, which advance it by the bytes
// they pack; in a loop the runs of all the calls make one block, at a
// place known only to a byte. MPI_Pack_size moves nothing: no site.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static char buf[65536];
_Alignas(64) static double grid[64][64];
int pack_column_and_row(int j) {
  MPI_Datatype column;
  MPI_Type_vector(64, 1, 64, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  int pos = 0, size;
  MPI_Pack_size(64, MPI_DOUBLE, MPI_COMM_WORLD, &size);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Pack (copy) of 'buf <- grid', double elements, datatype MPI_Type_vector(64, 1, 64, double): from 64 rows of 8 bytes, row pitch 512 bytes to contiguous block of 512 bytes; messages 1, bytes per message 512, bytes 512; unique lines 64; read lines 64, write lines 8; assumed alignment: aligned to 8 bytes ('grid' is aligned, plus offset); cost 0.291 us (model M1-reuse, profile {{.*}}fixed.json)
  MPI_Pack(&grid[0][j], 1, column, buf, sizeof buf, &pos, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Pack (copy) of 'buf <- grid', double elements: from contiguous block of 512 bytes to contiguous block of 512 bytes; messages 1, bytes per message 512, bytes 512; unique lines 8; read lines 8, write lines 8; assumed alignment: offset 0 in a 64-byte line ('grid' is aligned); cost 0.067 us (model M1-reuse, profile {{.*}}fixed.json)
  MPI_Pack(grid[j], 64, MPI_DOUBLE, buf, sizeof buf, &pos, MPI_COMM_WORLD);
  MPI_Type_free(&column);
  return pos;
}
void unpack_rows(int n, int *pos) {
  for (int i = 0; i < n; i++)
    // CHECK: [[@LINE+1]]:5: remark: MPI_Unpack (copy) of 'grid <- buf', double elements: from contiguous block of 512*n bytes (at an unknown *position) to contiguous block of 512*n bytes; messages n, bytes per message 512, bytes 512*n; unique lines 8*n*min(1, n) to (min(1, n) + floordiv(512*n + 62, 64))*min(1, n); read lines 8*n*min(1, n) to (min(1, n) + floordiv(512*n + 62, 64))*min(1, n), write lines 8*n*min(1, n); assumed alignment: aligned to 1 byte ('buf' is aligned, plus offset); cost (35360*n + 4000*(min(1, n) + floordiv(512*n + 62, 64))*min(1, n)) ps (model M1-reuse, profile {{.*}}fixed.json)
    MPI_Unpack(buf, sizeof buf, pos, grid[i], 64, MPI_DOUBLE, MPI_COMM_WORLD);
}
