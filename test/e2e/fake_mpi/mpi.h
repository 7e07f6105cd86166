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

/* Hooks of the recorder: each contiguous piece of a call's type map, then
   the call with its total bytes. */
void commcost_record_touch(const void *p, size_t n);
void commcost_record_call(long bytes);

int MPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *out);
int MPI_Type_create_hvector(int count, int blocklen, MPI_Aint stride,
                            MPI_Datatype old, MPI_Datatype *out);
int MPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype old,
                             MPI_Datatype *out);
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
#endif
