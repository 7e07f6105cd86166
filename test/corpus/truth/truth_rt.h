/* The truth recorder (truth_rt.c) as the drivers see it. */
#ifndef TRUTH_RT_H
#define TRUTH_RT_H
#include <stddef.h>

/* Forgets the registered regions. */
void truth_clear_regions(void);
/* Registers [lo, lo + bytes) as region id (several ranges may share one). */
void truth_region(int id, const void *lo, size_t bytes);
/* Forgets what was recorded and starts recording. */
void truth_start(void);
/* Stops, prints what was recorded (E lines, then END). */
void truth_stop(void);

#endif
