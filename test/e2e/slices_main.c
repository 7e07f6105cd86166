/* The driver of check_slices.py. Each line on stdin names a function of
   slices.c, an offset and its integer arguments; the function runs with
   every buffer at that offset from a line-aligned region of the recorder
   (record.c), and one line goes out: what the recorder saw. */
#include "record.h"

#include <stdio.h>
#include <string.h>

void row_send(double *, int, int, int, int);
void column_send(double *, int, int, int);
void block_send(double *, int, int);
void column_memcpy(double *, const double *, int, int);
void block_memcpy(double *, const double *, int);
void tiles_send(double *, int, int);
void rows_recv(double *, int, int, int);
void bytes_memcpy(char *, const char *, int, int);

int main(void) {
  char name[64];
  long off, v[4];
  while (scanf("%63s %ld", name, &off) == 2) {
    int n = 0;
    while (n < 4 && getchar() == ' ' && scanf("%ld", &v[n]) == 1)
      ++n;
    commcost_record_reset();
    /* The marshalled buffer lies in region 0, a copy's destination in 1. */
    void *m = commcost_record_region(0) + off,
         *d = commcost_record_region(1) + off;
    if (!strcmp(name, "row_send"))
      row_send(m, v[0], v[1], v[2], 1);
    else if (!strcmp(name, "column_send"))
      column_send(m, v[0], v[1], 1);
    else if (!strcmp(name, "block_send"))
      block_send(m, v[0], 1);
    else if (!strcmp(name, "column_memcpy"))
      column_memcpy(d, m, v[0], v[1]);
    else if (!strcmp(name, "block_memcpy"))
      block_memcpy(d, m, v[0]);
    else if (!strcmp(name, "tiles_send"))
      tiles_send(m, v[0], 1);
    else if (!strcmp(name, "rows_recv"))
      rows_recv(m, v[0], v[1], 1);
    else if (!strcmp(name, "bytes_memcpy"))
      bytes_memcpy(d, m, v[0], v[1]);
    else {
      fprintf(stderr, "unknown function %s\n", name);
      return 2;
    }
    commcost_record_print();
    printf("\n");
    fflush(stdout);
  }
  return 0;
}
