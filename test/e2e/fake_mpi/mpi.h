/* A recording stand-in for the part of MPI that the end-to-end and
   differential tests use, for their instrumented builds: no communication;
   each call reports the bytes its datatype's type map covers to hooks the
   test's recorder defines (below). Datatypes: the builtin ones, contiguous,
   vector, hvector and subarray (C and Fortran order), nested. The same
   source compiles against the real <mpi.h> for the plugin's records. */
#ifndef COMMCOST_FAKE_MPI_H
#define COMMCOST_FAKE_MPI_H
#include <stddef.h>

typedef struct commcost_type *MPI_Datatype;
typedef int MPI_Comm;
typedef int MPI_Win;
typedef int MPI_Request;
typedef int MPI_Op;
typedef long MPI_Aint;
typedef struct { int source; } MPI_Status;

extern struct commcost_type commcost_char, commcost_short, commcost_int,
    commcost_long, commcost_float, commcost_double, commcost_byte;
#define MPI_SUCCESS 0
#define MPI_CHAR (&commcost_char)
#define MPI_SIGNED_CHAR (&commcost_char)
#define MPI_BYTE (&commcost_byte)
#define MPI_SHORT (&commcost_short)
#define MPI_INT (&commcost_int)
#define MPI_LONG (&commcost_long)
#define MPI_FLOAT (&commcost_float)
#define MPI_DOUBLE (&commcost_double)
#define MPI_COMM_WORLD 0
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57
#define MPI_SUM 1
#define MPI_IN_PLACE ((void *)1)

/* Hooks of the recorder: each contiguous piece of a call's type map, then
   the call with its total bytes. Collectives, MPI_Pack/Unpack and atomics
   report the pieces they read and write, and a collective the bytes the
   calling rank sends and receives in the call. */
void commcost_record_touch(const void *p, size_t n);
void commcost_record_call(long bytes);
void commcost_record_read(const void *p, size_t n);
void commcost_record_write(const void *p, size_t n);
void commcost_record_collective(long out, long in);

/* One process plays one rank of a communicator of commcost_fake_size
   ranks: the driver sets both before a run. */
extern int commcost_fake_rank, commcost_fake_size;
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);

int MPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *out);
int MPI_Type_create_hvector(int count, int blocklen, MPI_Aint stride,
                            MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype old,
                             MPI_Datatype *out);
int MPI_Type_indexed(int count, const int lens[], const int displs[],
                     MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_create_indexed_block(int count, int len, const int displs[],
                                  MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_create_hindexed(int count, const int lens[],
                             const MPI_Aint displs[], MPI_Datatype old,
                             MPI_Datatype *out);
int MPI_Type_create_struct(int count, const int lens[],
                           const MPI_Aint displs[], const MPI_Datatype types[],
                           MPI_Datatype *out);
int MPI_Type_create_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent,
                            MPI_Datatype *out);
int MPI_Type_dup(MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_commit(MPI_Datatype *t);
int MPI_Type_free(MPI_Datatype *t);

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag,
             MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype t, int dest, int tag,
              MPI_Comm comm);
int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dest, int tag,
              MPI_Comm comm, MPI_Request *request);
int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag,
             MPI_Comm comm, MPI_Status *status);
int MPI_Irecv(void *buf, int count, MPI_Datatype t, int src, int tag,
              MPI_Comm comm, MPI_Request *request);
int MPI_Put(const void *origin, int origin_count, MPI_Datatype origin_type,
            int target_rank, MPI_Aint target_disp, int target_count,
            MPI_Datatype target_type, MPI_Win win);
int MPI_Get(void *origin, int origin_count, MPI_Datatype origin_type,
            int target_rank, MPI_Aint target_disp, int target_count,
            MPI_Datatype target_type, MPI_Win win);
int MPI_Accumulate(const void *origin, int origin_count,
                   MPI_Datatype origin_type, int target_rank,
                   MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_type, MPI_Op op, MPI_Win win);
int MPI_Fetch_and_op(const void *origin, void *result, MPI_Datatype t,
                     int target_rank, MPI_Aint target_disp, MPI_Op op,
                     MPI_Win win);
int MPI_Compare_and_swap(const void *origin, const void *compare,
                         void *result, MPI_Datatype t, int target_rank,
                         MPI_Aint target_disp, MPI_Win win);
int MPI_Get_accumulate(const void *origin, int origin_count,
                       MPI_Datatype origin_type, void *result,
                       int result_count, MPI_Datatype result_type,
                       int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_type, MPI_Op op,
                       MPI_Win win);

int MPI_Pack(const void *in, int count, MPI_Datatype t, void *out,
             int outsize, int *position, MPI_Comm comm);
int MPI_Unpack(const void *in, int insize, int *position, void *out,
               int count, MPI_Datatype t, MPI_Comm comm);

/* Collectives: the data flow of docs/plugin.md, "Collectives", as the
   calling rank sees it. */
int MPI_Barrier(MPI_Comm comm);
int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm);
int MPI_Ibcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm,
               MPI_Request *request);
int MPI_Reduce(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
               int root, MPI_Comm comm);
int MPI_Allreduce(const void *s, void *r, int count, MPI_Datatype t,
                  MPI_Op op, MPI_Comm comm);
int MPI_Iallreduce(const void *s, void *r, int count, MPI_Datatype t,
                   MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Scan(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
             MPI_Comm comm);
int MPI_Exscan(const void *s, void *r, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm);
int MPI_Reduce_scatter_block(const void *s, void *r, int count,
                             MPI_Datatype t, MPI_Op op, MPI_Comm comm);
int MPI_Reduce_scatter(const void *s, void *r, const int counts[],
                       MPI_Datatype t, MPI_Op op, MPI_Comm comm);
int MPI_Gather(const void *s, int sc, MPI_Datatype st, void *r, int rc,
               MPI_Datatype rt, int root, MPI_Comm comm);
int MPI_Gatherv(const void *s, int sc, MPI_Datatype st, void *r,
                const int rcounts[], const int displs[], MPI_Datatype rt,
                int root, MPI_Comm comm);
int MPI_Scatter(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                MPI_Datatype rt, int root, MPI_Comm comm);
int MPI_Scatterv(const void *s, const int scounts[], const int displs[],
                 MPI_Datatype st, void *r, int rc, MPI_Datatype rt, int root,
                 MPI_Comm comm);
int MPI_Allgather(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                  MPI_Datatype rt, MPI_Comm comm);
int MPI_Allgatherv(const void *s, int sc, MPI_Datatype st, void *r,
                   const int rcounts[], const int displs[], MPI_Datatype rt,
                   MPI_Comm comm);
int MPI_Alltoall(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                 MPI_Datatype rt, MPI_Comm comm);
int MPI_Ialltoall(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                  MPI_Datatype rt, MPI_Comm comm, MPI_Request *request);
int MPI_Alltoallv(const void *s, const int scounts[], const int sdispls[],
                  MPI_Datatype st, void *r, const int rcounts[],
                  const int rdispls[], MPI_Datatype rt, MPI_Comm comm);
#endif
