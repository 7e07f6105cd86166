/* The part of MPI that slices.c uses, for the recorded build: calls record
   the bytes their datatype's type map covers (record.c) instead of
   communicating. Vector datatypes of builtin ones only. */
#ifndef COMMCOST_FAKE_MPI_H
#define COMMCOST_FAKE_MPI_H
typedef struct commcost_type *MPI_Datatype;
typedef int MPI_Comm;
typedef struct { int source; } MPI_Status;
extern struct commcost_type commcost_double;
#define MPI_DOUBLE (&commcost_double)
#define MPI_COMM_WORLD 0
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
int MPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *out);
int MPI_Type_commit(MPI_Datatype *t);
int MPI_Type_free(MPI_Datatype *t);
int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag,
             MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype t, int src, int tag,
             MPI_Comm comm, MPI_Status *status);
#endif
