// A buffer whose C type guarantees less alignment than the datatype's
// elements (a short array given with a struct of doubles): the analysis
// assumes what the C type guarantees, so the line count is a range over
// the placements it allows (found by the differential test, seed
// 1944308904: 2 lines were claimed where a placement gives 1).
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
void get_struct(short (*restrict d)[11], MPI_Win win) {
  MPI_Datatype t1, t0;
  int len[2] = {3, 3};
  MPI_Aint dsp[2] = {16, 40};
  MPI_Datatype typ[2] = {MPI_DOUBLE, MPI_CHAR};
  MPI_Type_create_struct(2, len, dsp, typ, &t1);
  MPI_Type_commit(&t1);
  MPI_Type_create_resized(t1, 0, 32, &t0);
  MPI_Type_commit(&t0);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Get (get) of 'd', {{.*}}: 2 rows of 27 bytes, row pitch 32 bytes; {{.*}}; unique lines 1 to 2; assumed alignment: aligned to 2 bytes ('d' points to 2-byte aligned elements);
  MPI_Get(&d[0][3], 2, t0, 1, 0, 2, t0, win);
  MPI_Type_free(&t1);
  MPI_Type_free(&t0);
}
void get_doubles(double *restrict d, MPI_Win win) {
  // An untyped or char buffer says nothing; a double one agrees with the
  // datatype's elements.
  // CHECK: [[@LINE+1]]:3: remark: MPI_Get (get) of 'd', double elements: contiguous block of 64 bytes; {{.*}}; unique lines 1 to 2; assumed alignment: aligned to 8 bytes (element alignment);
  MPI_Get(&d[1], 8, MPI_DOUBLE, 1, 0, 8, MPI_DOUBLE, win);
}
