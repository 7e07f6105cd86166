/* The driver of check_per_iteration.py: runs each function of
   per_iteration.c on buffers in the recorder's arena (record.c). A line
   "= function" starts a function; each iteration then prints what it did
   (the recorder's five numbers) and the values of the names its records
   use, and the recorder starts afresh. */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>

void commcost_iteration(const char *names, ...) {
  va_list ap;
  va_start(ap, names);
  commcost_record_print();
  printf(" ");
  vprintf(names, ap);
  printf("\n");
  va_end(ap);
  commcost_record_reset();
}

void doubling_or_one(char *, int, int);
void doubling(double *, int);
void increment(double *, int);
void per_neighbour(double *, const int *, int);
void per_neighbour_offsets(double *, const int *, const int *, int);
void escaped_buffer(int);
void checked_window(char *, int);
void until_sentinel(double *, const int *, int);
void copy_until_sentinel(double *, const double *, const int *, int);
void element_until_sentinel(double *, const double *, const int *);
extern struct options_t {
  int loop, loop_large;
} options;

void alloc_buffer(char **buf) { *buf = (char *)commcost_record_region(0); }

int main(void) {
  void *m = commcost_record_region(0);
  static const int counts[] = {5, 0, 17, 1, 64, 3};
  puts("= doubling_or_one");
  doubling_or_one(m, 3, 1 << 12);
  puts("= doubling");
  doubling(m, 1000);
  puts("= increment");
  increment(m, 40);
  puts("= per_neighbour");
  per_neighbour(m, counts, 6);
  static const int index[] = {3, 100, 1, 250, 7, 9};
  puts("= per_neighbour_offsets");
  per_neighbour_offsets(m, index, counts, 6);
  puts("= checked_window");
  checked_window(m, 1 << 12);
  puts("= escaped_buffer");
  options.loop = 4;
  options.loop_large = 2;
  escaped_buffer(1024);
  static const int next[] = {2, 0, 7, 3, 3, -1};
  puts("= until_sentinel");
  until_sentinel(m, next, 5);
  double *copy = (double *)commcost_record_region(1);
  puts("= copy_until_sentinel");
  copy_until_sentinel(copy, m, next, 5);
  puts("= element_until_sentinel");
  element_until_sentinel(copy + 1, (double *)m + 3, next);
  return 0;
}
