// Cost per call of the line counts (Lines.h): a 2-D slice at a known
// offset, over an alignment, a 3-D slice, and the evaluation of a symbolic
// count, each at 10 to 10^9 rows to show the cost does not grow with rows.
#include "commcost/Lines.h"

#include <benchmark/benchmark.h>

#include <string>

using namespace commcost;

namespace {

constexpr uint64_t LineSize = 64;

/// 24-byte rows 200 bytes apart: gaps of more than a line, so the count
/// takes the floor-sum path rather than the one-range shortcut.
Slice2D rows(benchmark::State &State) {
  return {static_cast<uint64_t>(State.range(0)), 24, 200};
}

void BM_2DSliceKnownOffset(benchmark::State &State) {
  Slice2D S = rows(State);
  for (auto _ : State)
    benchmark::DoNotOptimize(uniqueLinesOf2DSlice(S, 3, LineSize));
}

void BM_2DSliceAligned8(benchmark::State &State) {
  Slice2D S = rows(State);
  for (auto _ : State)
    benchmark::DoNotOptimize(uniqueLinesOf2DSliceAligned(S, 8, LineSize));
}

/// Planes of 7 such rows whose plane pitch neither continues the rows nor
/// is a multiple of the line size (plane offsets repeat every 8 planes).
void BM_3DSliceKnownOffset(benchmark::State &State) {
  Slice3D S{static_cast<uint64_t>(State.range(0)), 7, 24, 200, 1464};
  for (auto _ : State)
    benchmark::DoNotOptimize(uniqueLinesOf3DSlice(S, 3, LineSize));
}

void BM_SymbolicRowsEvaluate(benchmark::State &State) {
  std::string Reason;
  SymbolicSlice S{Expr::constant(1), Expr::var("n"), Expr::constant(24),
                  Expr::constant(200), Expr()};
  std::optional<SymbolicLineBounds> B =
      uniqueLinesOfSymbolicSlice(S, {8, std::nullopt}, LineSize, Reason);
  if (!B) {
    State.SkipWithError(Reason.c_str());
    return;
  }
  Expr::IntBindings Vars{{"n", State.range(0)}};
  for (auto _ : State)
    benchmark::DoNotOptimize(B->Max.evaluate(Vars));
}

void rowCounts(benchmark::internal::Benchmark *B) {
  for (int64_t Rows : {10LL, 1000LL, 1000000LL, 1000000000LL})
    B->Arg(Rows);
}

BENCHMARK(BM_2DSliceKnownOffset)->Apply(rowCounts);
BENCHMARK(BM_2DSliceAligned8)->Apply(rowCounts);
BENCHMARK(BM_3DSliceKnownOffset)->Apply(rowCounts);
BENCHMARK(BM_SymbolicRowsEvaluate)->Apply(rowCounts);

} // namespace
