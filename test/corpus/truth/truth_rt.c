/* Truth recorder for check_truth.py: the memory accesses of corpus code
   compiled with -fsanitize-coverage=inline-8bit-counters,trace-loads,
   trace-stores (the corpus unit only; this file and the drivers are not
   instrumented). Between truth_start() and truth_stop() every load and
   store the instrumented code makes inside a registered region (a data
   buffer: a block's rows, a send buffer) is counted per (instruction,
   region, load or store): accesses, bytes and the distinct 64-byte lines.
   Accesses outside the regions (row-pointer tables, globals, the stack)
   are ignored. memcpy/memmove calls of the instrumented object (loop
   idioms at -O2) reach truth_wrap_* through -Wl,--wrap and count as one
   load and one store of n bytes each.

   truth_stop() prints one line per (instruction, region, kind):
     E <pc> <region> <L|S> <accesses> <bytes> <line> <line> ...
   (pc: the return address of the callback, in the instrumented code; the
   lines as decimal addr/64) and then "END". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "truth_rt.h"

#define MAX_REGIONS 16
#define MAX_ENTRIES 1024
#define SET_BITS 21
#define SET_SIZE (1u << SET_BITS)

static struct { uintptr_t lo, hi; int id; } regions[MAX_REGIONS];
static int num_regions;
static int active;

struct entry {
  uintptr_t pc;
  int region;
  int store;
  long long count, bytes;
  uintptr_t *lines;
  size_t nlines, cap;
};
static struct entry entries[MAX_ENTRIES];
static int num_entries;

/* Set of (entry, line) pairs, open addressing; used slots listed to clear. */
static uint64_t *set_keys;
static uint32_t *set_used;
static size_t set_count;

void truth_clear_regions(void) { num_regions = 0; }

void truth_region(int id, const void *lo, size_t bytes) {
  if (num_regions == MAX_REGIONS) {
    fprintf(stderr, "truth: too many regions\n");
    exit(3);
  }
  regions[num_regions].lo = (uintptr_t)lo;
  regions[num_regions].hi = (uintptr_t)lo + bytes;
  regions[num_regions].id = id;
  num_regions++;
}

static int region_of(uintptr_t a) {
  for (int i = 0; i < num_regions; i++)
    if (a >= regions[i].lo && a < regions[i].hi) return regions[i].id;
  return -1;
}

static int set_insert(uint64_t key) {
  uint64_t h = key * 0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(h >> (64 - SET_BITS));
  for (;;) {
    if (set_keys[i] == 0) {
      if (set_count + 1 >= SET_SIZE / 2) {
        fprintf(stderr, "truth: line set full\n");
        exit(3);
      }
      set_keys[i] = key;
      set_used[set_count++] = (uint32_t)i;
      return 1;
    }
    if (set_keys[i] == key) return 0;
    i = (i + 1) & (SET_SIZE - 1);
  }
}

static struct entry *entry_of(uintptr_t pc, int region, int store) {
  static int last = -1;
  if (last >= 0 && last < num_entries && entries[last].pc == pc &&
      entries[last].region == region && entries[last].store == store)
    return &entries[last];
  for (int i = 0; i < num_entries; i++)
    if (entries[i].pc == pc && entries[i].region == region &&
        entries[i].store == store)
      return &entries[last = i];
  if (num_entries == MAX_ENTRIES) {
    fprintf(stderr, "truth: too many entries\n");
    exit(3);
  }
  struct entry *e = &entries[last = num_entries++];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->region = region;
  e->store = store;
  return e;
}

static void access_range(uintptr_t pc, uintptr_t a, size_t n, int store) {
  if (!active || n == 0) return;
  /* A range is attributed to the region of its first byte; the bytes of
     one access never straddle two buffers in the drivers. */
  int r = region_of(a);
  if (r < 0) return;
  struct entry *e = entry_of(pc, r, store);
  e->count++;
  e->bytes += (long long)n;
  size_t index = (size_t)(e - entries);
  for (uintptr_t line = a >> 6; line <= (a + n - 1) >> 6; line++) {
    uint64_t key = ((uint64_t)(index + 1) << 52) ^ (uint64_t)line;
    if (set_insert(key)) {
      if (e->nlines == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 64;
        e->lines = realloc(e->lines, e->cap * sizeof *e->lines);
      }
      e->lines[e->nlines++] = line;
    }
  }
}

void truth_start(void) {
  if (!set_keys) {
    set_keys = calloc(SET_SIZE, sizeof *set_keys);
    set_used = malloc(SET_SIZE / 2 * sizeof *set_used);
  }
  for (size_t i = 0; i < set_count; i++) set_keys[set_used[i]] = 0;
  set_count = 0;
  for (int i = 0; i < num_entries; i++) free(entries[i].lines);
  num_entries = 0;
  active = 1;
}

void truth_stop(void) {
  active = 0;
  for (int i = 0; i < num_entries; i++) {
    struct entry *e = &entries[i];
    printf("E %#lx %d %c %lld %lld", (unsigned long)e->pc, e->region,
           e->store ? 'S' : 'L', e->count, e->bytes);
    for (size_t k = 0; k < e->nlines; k++)
      printf(" %lu", (unsigned long)e->lines[k]);
    printf("\n");
  }
  printf("END\n");
  fflush(stdout);
}

/* The callbacks of -fsanitize-coverage=trace-loads,trace-stores. */
#define PC ((uintptr_t)__builtin_return_address(0))
#define CALLBACKS(n)                                                       \
  void __sanitizer_cov_load##n(void *p) { access_range(PC, (uintptr_t)p, n, 0); } \
  void __sanitizer_cov_store##n(void *p) { access_range(PC, (uintptr_t)p, n, 1); }
CALLBACKS(1)
CALLBACKS(2)
CALLBACKS(4)
CALLBACKS(8)
CALLBACKS(16)

/* The coverage kind trace-loads needs beside it: counters nobody reads. */
void __sanitizer_cov_8bit_counters_init(char *start, char *end) {
  (void)start;
  (void)end;
}

/* memcpy/memmove of the instrumented object (-Wl,--wrap=memcpy). */
void *__real_memcpy(void *d, const void *s, size_t n);
void *__real_memmove(void *d, const void *s, size_t n);
void *__wrap_memcpy(void *d, const void *s, size_t n) {
  access_range(PC, (uintptr_t)s, n, 0);
  access_range(PC, (uintptr_t)d, n, 1);
  return __real_memcpy(d, s, n);
}
void *__wrap_memmove(void *d, const void *s, size_t n) {
  access_range(PC, (uintptr_t)s, n, 0);
  access_range(PC, (uintptr_t)d, n, 1);
  return __real_memmove(d, s, n);
}
