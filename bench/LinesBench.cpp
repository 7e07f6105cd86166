// Cost per call of the line counts (Lines.h): a 2-D slice at a known
// offset, over an alignment, a 3-D slice, the evaluation of symbolic
// counts (a constant pitch, and the gcd bounds of a symbolic pitch), each
// at 10 to 10^9 rows to show the cost does not grow with rows. The floor
// sum is timed on numbers and as a constant-folded expression: the cost of
// computing numeric counts by folding the symbolic ones, which
// LineFormulas.h avoids by running the same formulas on numbers.
#include "commcost/Lines.h"

#include "LineFormulas.h"

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
    benchmark::DoNotOptimize(
        uniqueLinesOf2DSlice(S, Placement::aligned(8), LineSize));
}

/// Planes of 7 such rows whose plane pitch neither continues the rows nor
/// is a multiple of the line size (plane offsets repeat every 8 planes).
void BM_3DSliceKnownOffset(benchmark::State &State) {
  Slice3D S{static_cast<uint64_t>(State.range(0)), 7, 24, 200, 1464};
  for (auto _ : State)
    benchmark::DoNotOptimize(uniqueLinesOf3DSlice(S, 3, LineSize));
}

/// Evaluates the bounds of slice S at n = the benchmark's argument.
void evaluateBounds(benchmark::State &State, const SymbolicSlice &S,
                    const Placement &Where) {
  std::string Reason;
  std::optional<SymbolicLineBounds> B =
      uniqueLinesOfSymbolicSlice(S, Where, LineSize, Reason);
  if (!B) {
    State.SkipWithError(Reason.c_str());
    return;
  }
  Expr::IntBindings Vars{{"n", State.range(0)}, {"ld", 1000}};
  for (auto _ : State)
    benchmark::DoNotOptimize(B->Max.evaluate(Vars));
}

void BM_SymbolicRowsEvaluate(benchmark::State &State) {
  evaluateBounds(State,
                 {Expr::constant(1), Expr::var("n"), Expr::constant(24),
                  Expr::constant(200), Expr()},
                 Placement::aligned(8));
}

/// 512-byte rows (a 64-element block of doubles) of a matrix with a
/// runtime leading dimension: the gcd bounds.
void BM_SymbolicPitchEvaluate(benchmark::State &State) {
  evaluateBounds(State,
                 {Expr::constant(1), Expr::var("n"), Expr::constant(512),
                  Expr::constant(8) * Expr::var("ld"), Expr()},
                 Placement::aligned(8));
}

/// Building the gcd bounds of that slice (what the plugin does per site).
void BM_SymbolicPitchBuild(benchmark::State &State) {
  SymbolicSlice S{Expr::constant(1), Expr::var("n"), Expr::constant(512),
                  Expr::constant(8) * Expr::var("ld"), Expr()};
  std::string Reason;
  for (auto _ : State)
    benchmark::DoNotOptimize(uniqueLinesOfSymbolicSlice(
        S, Placement::aligned(8), LineSize, Reason));
}

/// One floor sum of 7 terms (a tail of rows) on numbers, and the same
/// built as an expression of constants, which folds to the number.
void BM_FloorSumNumber(benchmark::State &State) {
  formulas::Num N = 7, B = 3 + 23;
  for (auto _ : State) {
    benchmark::DoNotOptimize(N);
    benchmark::DoNotOptimize(formulas::floorSum(N, LineSize, 200 % 64, B));
  }
}

void BM_FloorSumFoldedExpr(benchmark::State &State) {
  Expr N = Expr::constant(7), B = Expr::constant(3 + 23);
  for (auto _ : State)
    benchmark::DoNotOptimize(formulas::floorSum(N, LineSize, 200 % 64, B));
}

void rowCounts(benchmark::internal::Benchmark *B) {
  for (int64_t Rows : {10LL, 1000LL, 1000000LL, 1000000000LL})
    B->Arg(Rows);
}

BENCHMARK(BM_2DSliceKnownOffset)->Apply(rowCounts);
BENCHMARK(BM_2DSliceAligned8)->Apply(rowCounts);
BENCHMARK(BM_3DSliceKnownOffset)->Apply(rowCounts);
BENCHMARK(BM_SymbolicRowsEvaluate)->Apply(rowCounts);
BENCHMARK(BM_SymbolicPitchEvaluate)->Apply(rowCounts);
BENCHMARK(BM_SymbolicPitchBuild);
BENCHMARK(BM_FloorSumNumber);
BENCHMARK(BM_FloorSumFoldedExpr);

} // namespace
