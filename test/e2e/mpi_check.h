/* OSU's MPI_CHECK: every call checked, the program ends on an error, a
   second exit of each loop around the call (per_iteration.c and
   test/lit/loops/exit-on-error.c). */
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    int status = (call);                                                       \
    if (status != MPI_SUCCESS) {                                               \
      fprintf(stderr, "error %d\n", status);                                   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
