/* Included first into slices.c for the recorded build: memcpy calls go to
   the recorder (record.c) instead of libc. */
#include <string.h>
void *commcost_record_copy(void *dst, const void *src, size_t n);
#define memcpy(d, s, n) commcost_record_copy((d), (s), (n))
