// What a run-time choice of commcost/variants.h costs per call: a call of
// a COMMCOST_VARIANTS name whose alternatives' costs depend on an argument,
// against a direct call of the same alternative. Compiled by
// bench/dispatch_bench.py with clang and the plugin (the choice is the
// plugin's code); the target is at most 20 ns per call.
//   Hit:  the same argument every call (the decision is reused)
//   Miss: two arguments in turn (the costs are evaluated every call)
#include <commcost/variants.h>

#include <benchmark/benchmark.h>

#include <cstring>

namespace {

alignas(64) char Src[1 << 16];
alignas(64) char Dst[1 << 16];

// One copy of n bytes, or n/64 copies of one line each (n a multiple of
// 64).
__attribute__((noinline)) void copyWhole(char *D, const char *S, int N) {
  std::memcpy(D, S, N);
}
__attribute__((noinline)) void copyLines(char *D, const char *S, int N) {
  for (int I = 0; I < N; I += 64)
    std::memcpy(D + I, S + I, 64);
}

} // namespace

COMMCOST_VARIANTS(copyBytes, copyLines, copyWhole);

static void Direct(benchmark::State &State) {
  int N = int(State.range(0));
  for (auto _ : State) {
    benchmark::DoNotOptimize(N);
    copyWhole(Dst, Src, N);
    benchmark::ClobberMemory();
  }
}

static void Hit(benchmark::State &State) {
  int N = int(State.range(0));
  for (auto _ : State) {
    benchmark::DoNotOptimize(N);
    copyBytes(Dst, Src, N);
    benchmark::ClobberMemory();
  }
}

static void Miss(benchmark::State &State) {
  int Sizes[2] = {int(State.range(0)), int(State.range(0)) + 64};
  unsigned I = 0;
  for (auto _ : State) {
    int N = Sizes[I++ & 1];
    benchmark::DoNotOptimize(N);
    copyBytes(Dst, Src, N);
    benchmark::ClobberMemory();
  }
}

static void DirectAlternating(benchmark::State &State) {
  int Sizes[2] = {int(State.range(0)), int(State.range(0)) + 64};
  unsigned I = 0;
  for (auto _ : State) {
    int N = Sizes[I++ & 1];
    benchmark::DoNotOptimize(N);
    copyWhole(Dst, Src, N);
    benchmark::ClobberMemory();
  }
}

BENCHMARK(Direct)->Arg(256);
BENCHMARK(Hit)->Arg(256);
BENCHMARK(DirectAlternating)->Arg(256);
BENCHMARK(Miss)->Arg(256);
BENCHMARK_MAIN();
