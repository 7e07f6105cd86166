/* libcommcost-measure, the writing half: the run file
 * <dir>/commcost-run.<pid>.json (format "commcost-run/2", docs/measure.md).
 * A snapshot of every site's statistics, descriptors with the same key
 * merged, sorted, written to a temporary file beside the target and
 * renamed over it, so that a reader never sees half a file. */
#define _POSIX_C_SOURCE 200809L

#include "measure_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RUN_FILE_FORMAT "%s/commcost-run.%ld.json"

/* One site of the file: a state's statistics, or the sum of several
 * states whose descriptors have the same key (an inline function
 * instrumented in two translation units). */
struct entry {
  const struct commcost_site *key;
  uint64_t count, total_ns, min_ns, max_ns;
  uint64_t predicted_count, predicted_warm_count;
  unsigned __int128 predicted_total_ps, predicted_warm_total_ps;
  uint64_t waited_count, waited_ns;
  uint64_t *samples;
  size_t nsamples;
};

static const char *text_or_empty(const char *s) { return s ? s : ""; }

static int compare_keys(const void *a, const void *b) {
  const struct commcost_site *x = ((const struct entry *)a)->key;
  const struct commcost_site *y = ((const struct entry *)b)->key;
  int c = strcmp(text_or_empty(x->file), text_or_empty(y->file));
  if (c)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  if ((c = strcmp(text_or_empty(x->function), text_or_empty(y->function))))
    return c;
  if ((c = strcmp(text_or_empty(x->kind), text_or_empty(y->kind))))
    return c;
  return strcmp(text_or_empty(x->callee), text_or_empty(y->callee));
}

static void free_entries(struct entry *entries, size_t n) {
  for (size_t i = 0; i < n; ++i)
    free(entries[i].samples);
  free(entries);
}

/* Copies the statistics of every site that has run since the process
 * began (or was forked). Returns 0 or ENOMEM. */
static int snapshot(struct entry **out, size_t *count) {
  int err = 0;
  size_t n = 0, capacity = 0;
  pthread_mutex_lock(&commcost_measure_states_lock);
  for (struct commcost_measure_state *st = commcost_measure_states; st;
       st = st->next)
    ++capacity;
  struct entry *entries = calloc(capacity ? capacity : 1, sizeof *entries);
  for (struct commcost_measure_state *st = commcost_measure_states;
       entries && st; st = st->next) {
    uint64_t *samples =
        malloc(COMMCOST_MEASURE_RESERVOIR * sizeof *samples);
    if (!samples) {
      err = ENOMEM;
      break;
    }
    pthread_mutex_lock(&st->lock);
    struct entry *e = &entries[n];
    e->key = st->site;
    e->count = st->count;
    e->total_ns = st->total_ns;
    e->min_ns = st->min_ns;
    e->max_ns = st->max_ns;
    e->predicted_count = st->predicted_count;
    e->predicted_total_ps = st->predicted_total_ps;
    e->predicted_warm_count = st->predicted_warm_count;
    e->predicted_warm_total_ps = st->predicted_warm_total_ps;
    e->waited_count = st->waited_count;
    e->waited_ns = st->waited_ns;
    e->nsamples = st->count < COMMCOST_MEASURE_RESERVOIR
                      ? st->count
                      : COMMCOST_MEASURE_RESERVOIR;
    memcpy(samples, st->samples, e->nsamples * sizeof *samples);
    pthread_mutex_unlock(&st->lock);
    e->samples = samples;
    // Not kept: a site of a forked child's parent that has not run since.
    if (e->count)
      ++n;
    else
      free(samples);
  }
  pthread_mutex_unlock(&commcost_measure_states_lock);
  if (!entries)
    err = ENOMEM;
  if (err) {
    free_entries(entries, n);
    return err;
  }
  *out = entries;
  *count = n;
  return 0;
}

/* Sorts entries by key and merges each run of equal keys into its first
 * entry; returns the number of entries left. 0 or ENOMEM in *err. The
 * median of a merged entry is taken over the union of the reservoirs:
 * exact while each one holds all its runs, approximate beyond. */
static size_t sort_and_merge(struct entry *entries, size_t n, int *err) {
  qsort(entries, n, sizeof *entries, compare_keys);
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    struct entry *into = kept ? &entries[kept - 1] : NULL;
    if (!into || compare_keys(into, &entries[i]) != 0) {
      entries[kept++] = entries[i];
      continue;
    }
    struct entry *e = &entries[i];
    uint64_t *samples = realloc(into->samples, (into->nsamples + e->nsamples) *
                                                   sizeof *samples);
    if (!samples) {
      *err = ENOMEM;
      // Everything from i on is still owned by the array's tail.
      for (size_t j = i; j < n; ++j)
        free(entries[j].samples);
      return kept;
    }
    memcpy(samples + into->nsamples, e->samples,
           e->nsamples * sizeof *samples);
    into->samples = samples;
    into->nsamples += e->nsamples;
    free(e->samples);
    into->count += e->count;
    into->total_ns += e->total_ns;
    if (e->min_ns < into->min_ns)
      into->min_ns = e->min_ns;
    if (e->max_ns > into->max_ns)
      into->max_ns = e->max_ns;
    into->predicted_count += e->predicted_count;
    into->predicted_total_ps += e->predicted_total_ps;
    into->predicted_warm_count += e->predicted_warm_count;
    into->predicted_warm_total_ps += e->predicted_warm_total_ps;
    into->waited_count += e->waited_count;
    into->waited_ns += e->waited_ns;
  }
  *err = 0;
  return kept;
}

/* The length of the valid UTF-8 sequence at s, 0 when s starts none
 * (overlong forms, surrogates and code points beyond U+10FFFF included).
 * Stops at the first bad byte, so never reads past a terminating 0. */
static size_t utf8_length(const unsigned char *s) {
  unsigned char lo = 0x80, hi = 0xBF; // the second byte's range
  size_t n;
  if (s[0] >= 0xC2 && s[0] <= 0xDF) {
    n = 2;
  } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
    n = 3;
    lo = s[0] == 0xE0 ? 0xA0 : lo;
    hi = s[0] == 0xED ? 0x9F : hi;
  } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
    n = 4;
    lo = s[0] == 0xF0 ? 0x90 : lo;
    hi = s[0] == 0xF4 ? 0x8F : hi;
  } else {
    return 0;
  }
  if (s[1] < lo || s[1] > hi)
    return 0;
  for (size_t i = 2; i < n; ++i)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  return n;
}

/* s as a JSON string. File names are bytes, JSON is UTF-8: a byte that
 * starts no valid sequence becomes U+FFFD, so the file always parses. */
static void put_string(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)text_or_empty(s);
       *p;) {
    size_t n;
    if (*p == '"' || *p == '\\') {
      fputc('\\', out);
      fputc(*p++, out);
    } else if (*p < 0x20) {
      fprintf(out, "\\u%04x", *p++);
    } else if (*p < 0x80) {
      fputc(*p++, out);
    } else if ((n = utf8_length(p))) {
      fwrite(p, 1, n, out);
      p += n;
    } else {
      fputs("\\ufffd", out);
      ++p;
    }
  }
  fputc('"', out);
}

/* x with the fewest digits that read back as x, and always with a point
 * or an exponent, so that readers see the same type every time. */
static void put_double(FILE *out, double x) {
  char text[32];
  for (int digits = 15; digits <= 17; ++digits) {
    snprintf(text, sizeof text, "%.*g", digits, x);
    if (strtod(text, NULL) == x)
      break;
  }
  fputs(text, out);
  if (strspn(text, "-0123456789") == strlen(text))
    fputs(".0", out);
}

static void put_u128(FILE *out, unsigned __int128 v) {
  char text[40]; // 2^128 has 39 digits
  char *p = text + sizeof text;
  *--p = '\0';
  do
    *--p = (char)('0' + (int)(v % 10));
  while (v /= 10);
  fputs(p, out);
}

/* The MPI rank the launcher gave the process (Open MPI, PMIx, then PMI
 * for MPICH and Slurm), -1 when none is set to a number. */
static long launcher_rank(void) {
  static const char *const names[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK",
                                      "PMI_RANK"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i) {
    const char *value = getenv(names[i]);
    if (!value || !*value)
      continue;
    char *end;
    errno = 0;
    long rank = strtol(value, &end, 10);
    if (!*end && !errno && rank >= 0)
      return rank;
  }
  return -1;
}

static void put_entry(FILE *out, struct entry *e) {
  fputs("    {\"file\": ", out);
  put_string(out, e->key->file);
  fprintf(out, ", \"line\": %u, \"column\": %u, \"function\": ",
          (unsigned)e->key->line, (unsigned)e->key->column);
  put_string(out, e->key->function);
  fputs(", \"kind\": ", out);
  put_string(out, e->key->kind);
  fputs(", \"callee\": ", out);
  put_string(out, e->key->callee);
  fprintf(out, ",\n     \"count\": %llu, \"total_ns\": %llu, \"median_ns\": ",
          (unsigned long long)e->count, (unsigned long long)e->total_ns);
  put_double(out, commcost_measure_median(e->samples, e->nsamples));
  fprintf(out, ", \"min_ns\": %llu, \"max_ns\": %llu",
          (unsigned long long)e->min_ns, (unsigned long long)e->max_ns);
  if (e->predicted_count) {
    fprintf(out, ",\n     \"predicted_count\": %llu, \"predicted_total_ps\": ",
            (unsigned long long)e->predicted_count);
    put_u128(out, e->predicted_total_ps);
  }
  if (e->predicted_warm_count) {
    fprintf(out,
            ",\n     \"predicted_warm_count\": %llu, "
            "\"predicted_warm_total_ps\": ",
            (unsigned long long)e->predicted_warm_count);
    put_u128(out, e->predicted_warm_total_ps);
  }
  if (e->waited_count)
    fprintf(out, ",\n     \"waited_count\": %llu, \"waited_ns\": %llu",
            (unsigned long long)e->waited_count,
            (unsigned long long)e->waited_ns);
  fputc('}', out);
}

/* The file's text in *text (malloc'd, *length bytes). Returns 0 or
 * ENOMEM. */
static int run_text(char **text, size_t *length) {
  struct entry *entries;
  size_t n;
  int err = snapshot(&entries, &n);
  if (err)
    return err;
  n = sort_and_merge(entries, n, &err);
  FILE *out = err ? NULL : open_memstream(text, length);
  if (!out) {
    free_entries(entries, n);
    return ENOMEM;
  }

  char program[PATH_MAX];
  ssize_t size = readlink("/proc/self/exe", program, sizeof program);
  // Unreadable, or possibly cut short.
  if (size < 0 || (size_t)size == sizeof program)
    size = 0;
  program[size] = '\0';

  fputs("{\n  \"format\": \"commcost-run/2\",\n  \"program\": ", out);
  put_string(out, program);
  fprintf(out, ",\n  \"pid\": %ld,\n  \"rank\": ", (long)getpid());
  long rank = launcher_rank();
  if (rank < 0)
    fputs("null", out);
  else
    fprintf(out, "%ld", rank);
  fputs(",\n  \"clock\": \"CLOCK_MONOTONIC\",\n  \"timer_overhead_ns\": ",
        out);
  put_double(out, (double)commcost_measure_timer_overhead_ns);
  fputs(",\n  \"sites\": [", out);
  for (size_t i = 0; i < n; ++i) {
    fputs(i ? ",\n" : "\n", out);
    put_entry(out, &entries[i]);
  }
  fputs(n ? "\n  ]\n}\n" : "]\n}\n", out);
  free_entries(entries, n);
  // A memory stream fails only for want of memory.
  if (ferror(out)) {
    fclose(out);
    free(*text);
    return ENOMEM;
  }
  return fclose(out) ? ENOMEM : 0;
}

/* Writes text to path through a new temporary file beside it. Returns 0
 * or the errno of the step that failed, with the temporary removed. */
static int write_atomically(const char *path, char *temp, size_t temp_size,
                            const char *text, size_t length) {
  // Exclusive creation with mode 0666 honours the umask, as a file the
  // program wrote itself would (mkstemp's 0600 would not).
  int fd;
  unsigned attempt = 0;
  do {
    snprintf(temp, temp_size, "%s.tmp.%016llx", path,
             (unsigned long long)(__commcost_measure_now() + attempt));
    fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  } while (fd < 0 && errno == EEXIST && ++attempt < 100);
  if (fd < 0)
    return errno;

  int err = 0;
  for (size_t done = 0; !err && done < length;) {
    ssize_t written = write(fd, text + done, length - done);
    if (written >= 0)
      done += (size_t)written;
    else if (errno != EINTR)
      err = errno;
  }
  if (!err && fsync(fd) != 0)
    err = errno;
  if (close(fd) != 0 && !err)
    err = errno;
  if (!err && rename(temp, path) != 0)
    err = errno;
  if (err)
    unlink(temp);
  return err;
}

/* Returns 0 or an errno value. */
static int write_run_file(const char *dir) {
  char *text;
  size_t length;
  int err = run_text(&text, &length);
  if (err)
    return err;
  // The path, ".tmp." and 16 hexadecimal digits.
  size_t size = (size_t)snprintf(NULL, 0, RUN_FILE_FORMAT, dir,
                                 (long)getpid()) +
                sizeof ".tmp.0123456789abcdef";
  char *path = malloc(size), *temp = malloc(size);
  if (path && temp) {
    snprintf(path, size, RUN_FILE_FORMAT, dir, (long)getpid());
    err = write_atomically(path, temp, size, text, length);
  } else {
    err = ENOMEM;
  }
  free(path);
  free(temp);
  free(text);
  return err;
}

int commcost_measure_dump(const char *dir) {
  int err = write_run_file(dir);
  if (!err)
    return 0;
  fprintf(stderr, "commcost-measure: cannot write " RUN_FILE_FORMAT ": %s\n",
          dir, (long)getpid(), strerror(err));
  return -1;
}
