/* How far the cold cost of one column depends on things no feature of the
 * program holds: where its matrix lands in memory, how much the eviction
 * reads, and the page size. Packs column 5 of a fresh 2048 x 2048 double
 * matrix (a page a row), cold as `commcost calibrate` and the kernel
 * benchmark make it (every line of a buffer read first), and prints the
 * median of REPS runs for each of TRIALS fresh matrices (mapped, written,
 * unmapped after), in three states: 4 KiB pages after reading 128 MiB
 * (what both measure in), 4 KiB pages after reading 1 GiB, and
 * transparent huge pages asked for (madvise) after 128 MiB; with PAUSE,
 * also one matrix measured TRIALS times PAUSE seconds apart (the machine
 * left to others between). The spread within a line bounds what a model
 * of the program can reach; docs/measure.md has the figures.
 *
 * Usage: commcost-bench-cold-columns [TRIALS [REPS [PAUSE]]]
 * (default 8, 21, no pause line). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { N = 2048, Column = 5 };

static double nowUs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e6 + T.tv_nsec / 1e3;
}

static int byValue(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

static void evict(const char *Buffer, size_t Bytes) {
  volatile char Sink = 0;
  for (size_t I = 0; I < Bytes; I += 64)
    Sink += Buffer[I];
}

/* A fresh matrix, written; NULL if it could not be mapped. */
static double *mapMatrix(int Huge) {
  size_t Bytes = (size_t)N * N * sizeof(double);
  double *A = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (A == MAP_FAILED)
    return NULL;
  if (Huge)
    madvise(A, Bytes, MADV_HUGEPAGE);
  for (size_t I = 0; I < (size_t)N * N; I++)
    A[I] = (double)I;
  return A;
}

/* The median cold time of A's column over Reps runs, in us. */
static double coldColumn(const double *A, const char *Evict, size_t EvictBytes,
                         int Reps, double *Times) {
  static double Out[N];
  for (int R = 0; R < Reps; R++) {
    evict(Evict, EvictBytes);
    double T0 = nowUs();
    for (int I = 0; I < N; I++)
      Out[I] = A[(size_t)I * N + Column];
    Times[R] = nowUs() - T0;
    __asm__ volatile("" : : "g"(Out) : "memory");
  }
  qsort(Times, Reps, sizeof *Times, byValue);
  return Times[Reps / 2];
}

/* Prints one line's medians and their max/min. */
static void printLine(const char *Name, const double *Medians, int Trials) {
  double Low = Medians[0], High = Medians[0];
  printf("%-28s", Name);
  for (int T = 0; T < Trials; T++) {
    Low = Medians[T] < Low ? Medians[T] : Low;
    High = Medians[T] > High ? Medians[T] : High;
    printf(" %7.1f", Medians[T]);
  }
  printf("   max/min %.2f\n", High / Low);
  fflush(stdout);
}

int main(int argc, char **argv) {
  int Trials = argc > 1 ? atoi(argv[1]) : 8;
  int Reps = argc > 2 ? atoi(argv[2]) : 21;
  int Pause = argc > 3 ? atoi(argv[3]) : 0;
  if (argc > 4 || Trials < 1 || Reps < 1 || Pause < 0) {
    fprintf(stderr, "usage: %s [TRIALS [REPS [PAUSE]]]\n", argv[0]);
    return 2;
  }
  const struct {
    const char *Name;
    size_t EvictMiB;
    int Huge;
  } States[] = {{"4 KiB pages, 128 MiB read", 128, 0},
                {"4 KiB pages, 1 GiB read", 1024, 0},
                {"huge pages, 128 MiB read", 128, 1}};
  size_t MaxBytes = (size_t)1024 << 20;
  char *Evict = malloc(MaxBytes);
  double *Times = malloc(Reps * sizeof *Times);
  double *Medians = malloc(Trials * sizeof *Medians);
  if (!Evict || !Times || !Medians) {
    fprintf(stderr, "%s: out of memory for a 1 GiB eviction buffer\n", argv[0]);
    return 1;
  }
  /* Not zeros: untouched or zeroed pages would all map one zero page. */
  memset(Evict, 1, MaxBytes);
  printf("column of %d doubles at a pitch of %d, cold; median us of %d "
         "runs per fresh matrix\n",
         N, N, Reps);
  for (size_t S = 0; S < sizeof States / sizeof *States; S++) {
    for (int T = 0; T < Trials; T++) {
      double *A = mapMatrix(States[S].Huge);
      if (!A) {
        fprintf(stderr, "%s: cannot map a %zu MiB matrix\n", argv[0],
                (size_t)N * N * sizeof(double) >> 20);
        return 1;
      }
      Medians[T] = coldColumn(A, Evict, States[S].EvictMiB << 20, Reps, Times);
      munmap(A, (size_t)N * N * sizeof(double));
    }
    printLine(States[S].Name, Medians, Trials);
  }
  if (Pause) {
    double *A = mapMatrix(0);
    if (!A)
      return 1;
    for (int T = 0; T < Trials; T++) {
      if (T)
        sleep(Pause);
      Medians[T] = coldColumn(A, Evict, (size_t)128 << 20, Reps, Times);
    }
    char Name[64];
    snprintf(Name, sizeof Name, "one matrix, %d s apart", Pause);
    printLine(Name, Medians, Trials);
  }
  free(Medians);
  free(Times);
  free(Evict);
  return 0;
}
