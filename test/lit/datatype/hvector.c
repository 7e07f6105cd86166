// MPI_Type_create_hvector: the stride is in bytes (a column of a struct-of-rows layout).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
static float field[256][256];
void send_hvector(int to) {
  MPI_Datatype col;
  MPI_Type_create_hvector(256, 2, 1024, MPI_FLOAT, &col);
  MPI_Type_commit(&col);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'field', float elements, datatype MPI_Type_create_hvector(256, 2, 1024, float): 256 rows of 8 bytes, row pitch 1024 bytes; messages 1, bytes per message 2048, bytes 2048; unique lines 256; assumed alignment: aligned to 16 bytes ('field' is aligned); cost 1.517 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(&field[0][8], 1, col, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&col);
}
