/* Included first into the sources of the recorded builds: memcpy calls
   go to the recorder (record.c) instead of libc; the drivers reach the
   recorder's state here. */
#include <string.h>
void *commcost_record_copy(void *dst, const void *src, size_t n);
#define memcpy(d, s, n) commcost_record_copy((d), (s), (n))

/* One element of a copy loop (per_iteration.c): its source, which should
   lie in region 0, and its destination, in region 1. */
void commcost_record_element(const void *src, const void *dst, size_t n);
#define COPY(d, s) (commcost_record_element(&(s), &(d), sizeof(d)), (d) = (s))

/* Region k (0 or 1) of the recorder's arena, line-aligned. */
unsigned char *commcost_record_region(int k);
/* Forgets what was recorded. */
void commcost_record_reset(void);
/* Prints calls, bytes, bytes per call and the lines of regions 0 and 1. */
void commcost_record_print(void);
/* Prints what was recorded and the names' values (a printf format and its
   arguments), then forgets it: per_iteration_main.c. */
void commcost_iteration(const char *names, ...);
