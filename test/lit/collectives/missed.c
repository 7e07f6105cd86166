// Collectives the analysis cannot follow get a missed remark with a typed
// reason: count arrays it cannot read, counts that differ between ranks,
// neighbourhood collectives, OpenSHMEM collects of per-PE counts, and the
// loop reasons of any site.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
#include <mpi.h>
#include <shmem.h>
void counts_from_caller(double *s, double *r, const int *counts,
                        const int *displs) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Alltoallv not analysed: the entries of the send counts of MPI_Alltoallv are not known: the array is not filled in the same function before the call, at constant indices or by a loop over the index
  MPI_Alltoallv(s, counts, displs, MPI_DOUBLE, r, counts, displs, MPI_DOUBLE,
                MPI_COMM_WORLD);
}
void rank_dependent(double *s, double *r) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Allgather not analysed: a count of MPI_Allgather depends on the rank ('rank'), so it may differ between ranks; the analysis needs the most any rank moves
  MPI_Allgather(s, rank + 1, MPI_DOUBLE, r, rank + 1, MPI_DOUBLE,
                MPI_COMM_WORLD);
}
void neighbours(double *s, double *r, MPI_Comm cart) {
  // CHECK: [[@LINE+1]]:3: remark: MPI_Neighbor_allgather not analysed: MPI_Neighbor_allgather exchanges with the neighbours of a topology communicator, whose number the analysis does not know
  MPI_Neighbor_allgather(s, 2, MPI_DOUBLE, r, 2, MPI_DOUBLE, cart);
}
void varying_in_place(double *v, int np) {
  int counts[64], displs[64];
  for (int i = 0; i < np; i++) {
    counts[i] = i;
    displs[i] = 64 * i;
  }
  // CHECK: [[@LINE+1]]:3: remark: MPI_Alltoallv not analysed: with MPI_IN_PLACE a rank keeps its own block, whose size differs between ranks, so the most a rank moves is not known
  MPI_Alltoallv(MPI_IN_PLACE, counts, displs, MPI_DOUBLE, v, counts, displs,
                MPI_DOUBLE, MPI_COMM_WORLD);
}
void collect(int *dest, const int *src, int n, long *psync) {
  // CHECK: [[@LINE+1]]:3: remark: shmem_collect32 not analysed: shmem_collect32 gathers a count of elements that may differ between processing elements, and only this one's is known
  shmem_collect32(dest, src, n, 0, 0, 4, psync);
}
void until_converged(double *err, const int *flags) {
  for (int i = 0; flags[i]; i++)
    // Not missed: each iteration reduces one double at its own place.
    // CHECK: [[@LINE+1]]:5: remark: MPI_Allreduce (collective) of 'err', double elements: send contiguous block of 8 bytes; receive contiguous block of 8 bytes; per iteration of the loop at line [[@LINE-2]], whose trip count is unknown; calls 1;
    MPI_Allreduce(MPI_IN_PLACE, err + i, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
}

// A struct whose extent (42 bytes) MPI pads to its members' alignment in an
// implementation-defined way: the ranks' blocks lie one padded extent apart
// (48 bytes under the differential test's MPI), which the analysis cannot
// tell; resized, the type is analysed.
void padded_struct_blocks(double *d) {
  MPI_Datatype t;
  int len[2] = {3, 3};
  MPI_Aint dsp[2] = {6, 24};
  MPI_Datatype typ[2] = {MPI_SHORT, MPI_LONG};
  MPI_Type_create_struct(2, len, dsp, typ, &t);
  MPI_Type_commit(&t);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Alltoall not analysed: MPI_Alltoall places a block per rank one extent of a struct datatype apart, which MPI pads to the alignment of its members in an implementation-defined way; set it with MPI_Type_create_resized
  MPI_Alltoall(MPI_IN_PLACE, 1, t, d, 1, t, MPI_COMM_WORLD);
  MPI_Type_free(&t);
}
void resized_struct_blocks(double *d) {
  MPI_Datatype t, r;
  int len[2] = {3, 3};
  MPI_Aint dsp[2] = {6, 24};
  MPI_Datatype typ[2] = {MPI_SHORT, MPI_LONG};
  MPI_Type_create_struct(2, len, dsp, typ, &t);
  MPI_Type_create_resized(t, 0, 48, &r);
  MPI_Type_commit(&r);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Alltoall (collective) of 'd', struct elements, datatype MPI_Type_create_resized(MPI_Type_create_struct(2, [3,3], [6,24], [short,long]), 0, 48): send nranks rows of 42 bytes, row pitch 48 bytes; receive nranks rows of 42 bytes, row pitch 48 bytes;
  MPI_Alltoall(MPI_IN_PLACE, 1, r, d, 1, r, MPI_COMM_WORLD);
  MPI_Type_free(&r);
}
