// Indexed datatypes from arrays the code fills before the constructor:
// MPI_Type_indexed (displacements in extents of the old type),
// _create_indexed_block (one block length), _create_hindexed (bytes), at
// constant indices or by a loop with values affine in the index. Evenly
// spaced blocks of one length are rows (exact lines); irregular constant
// blocks are pieces of one block, exact for one element of the type and
// bounded when it repeats.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
_Alignas(64) static double a[4096];
void upper_triangle(int to) {
  int lens[4] = {4, 3, 2, 1}, displs[4] = {0, 5, 10, 15};
  MPI_Datatype tri;
  MPI_Type_indexed(4, lens, displs, MPI_DOUBLE, &tri);
  MPI_Type_commit(&tri);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements, datatype MPI_Type_indexed(4, [4,3,2,1], [0,5,10,15], double): block spanning 128 bytes; messages 1, bytes per message 80, bytes 80; unique lines 2; assumed alignment: offset 0 in a 64-byte line ('a' is aligned to 64); cost 0.364 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(a, 1, tri, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', double elements, datatype MPI_Type_indexed(4, [4,3,2,1], [0,5,10,15], double): block spanning 256 bytes; messages 1, bytes per message 160, bytes 160; unique lines 4; assumed alignment: offset 0 in a 64-byte line ('a' is aligned to 64); cost 0.377 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(a, 2, tri, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&tri);
}
void every_third_pair(int n, int to) {
  int displs[256];
  for (int i = 0; i < n; i++)
    displs[i] = 3 * i;
  MPI_Datatype pairs;
  MPI_Type_create_indexed_block(n, 2, displs, MPI_FLOAT, &pairs);
  MPI_Type_commit(&pairs);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'a', float elements, datatype MPI_Type_create_indexed_block(n, 2, [3*i], float): n rows of 8 bytes, row pitch 12 bytes; messages 1, bytes per message 8*n, bytes 8*n; unique lines ceildiv(12*n - 4, 64); assumed alignment: offset 0 in a 64-byte line ('a' is aligned to 64); cost (560*n + 4000*ceildiv(12*n - 4, 64) + 350000) ps (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(a, 1, pairs, to, 0, MPI_COMM_WORLD);
  MPI_Type_free(&pairs);
}
void hindexed_rows(int to) {
  int lens[3] = {8, 8, 8};
  MPI_Aint displs[3] = {0, 512, 1024};
  MPI_Datatype rows;
  MPI_Type_create_hindexed(3, lens, displs, MPI_DOUBLE, &rows);
  MPI_Type_commit(&rows);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Recv (recv) of 'a', double elements, datatype MPI_Type_create_hindexed(3, [8,8,8], [0,512,1024], double): 3 rows of 64 bytes, row pitch 512 bytes; messages 1, bytes per message 192, bytes 192; unique lines 3; assumed alignment: offset 0 in a 64-byte line ('a' is aligned to 64); cost 0.375 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Recv(a, 1, rows, to, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&rows);
}
