// MPI_Type_create_struct (blocks of several types at byte displacements:
// their pieces; of one type: an hindexed type), _create_resized (the
// extent a count repeats the type by) and _dup (the same type). A struct
// whose extent MPI would pad to its members' alignment in an
// implementation-defined way is not repeated: resize it.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <stddef.h>
struct particle {
  double x[3];
  int id;
  double v[3];
};
_Alignas(64) static struct particle parts[256];
void send_positions(int n, int to) {
  int lens[2] = {3, 1};
  MPI_Aint displs[2] = {offsetof(struct particle, x),
                        offsetof(struct particle, id)};
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT}, pos, pos_resized, copy;
  MPI_Type_create_struct(2, lens, displs, types, &pos);
  MPI_Type_create_resized(pos, 0, sizeof(struct particle), &pos_resized);
  MPI_Type_dup(pos_resized, &copy);
  MPI_Type_commit(&pos);
  MPI_Type_commit(&copy);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'parts', struct elements, datatype MPI_Type_create_struct(2, [3,1], [0,24], [double,int]): contiguous block of 28 bytes; messages 1, bytes per message 28, bytes 28; unique lines 1; assumed alignment: offset 0 in a 64-byte line ('parts' is aligned to 64); cost 0.356 us (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(parts, 1, pos, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send not analysed: the count of the call repeats a struct datatype whose extent MPI pads to the alignment of its members in an implementation-defined way; set it with MPI_Type_create_resized
  MPI_Send(parts, 2, pos, to, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'parts', struct elements, datatype MPI_Type_create_resized(MPI_Type_create_struct(2, [3,1], [0,24], [double,int]), 0, 56): n rows of 28 bytes, row pitch 56 bytes; messages 1, bytes per message 28*n, bytes 28*n; unique lines ceildiv(56*n - 28, 64); assumed alignment: offset 0 in a 64-byte line ('parts' is aligned to 64); cost (1960*n + 4000*ceildiv(56*n - 28, 64) + 350000) ps (model M1-mpi, profile {{.*}}fixed.json)
  MPI_Send(parts, n, copy, to, 0, MPI_COMM_WORLD);
}
