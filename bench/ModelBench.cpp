// Google Benchmark: the cost of evaluating a model of a profile, as the
// plugin does once per analysed site, and of a symbolic cost expression.
#include "commcost/Profile.h"

#include <benchmark/benchmark.h>

using namespace commcost;

namespace {

void BM_EvaluateM1(benchmark::State &State) {
  const Model &M = defaultProfile().model("M1");
  FeatureVector F = {{"n", 1}, {"m", 16000}, {"L_mem", 2000}};
  for (auto _ : State) {
    F["m"] += 1;
    benchmark::DoNotOptimize(M.evaluate(F));
  }
}
BENCHMARK(BM_EvaluateM1);

void BM_EvaluateHrHwMc(benchmark::State &State) {
  const Model &M = defaultProfile().model("HrHwM-c");
  FeatureVector F = {{"hrc", 1000}, {"hrm", 5000}, {"hwc", 800},
                     {"hwm", 4000}, {"M", 40000}};
  for (auto _ : State) {
    F["M"] += 1;
    benchmark::DoNotOptimize(M.evaluate(F));
  }
}
BENCHMARK(BM_EvaluateHrHwMc);

// A symbolic copy cost in N, bound at run time: what a user's program or a
// regression test of predicted costs pays per evaluation.
void BM_EvaluateSymbolicCost(benchmark::State &State) {
  const Model &M = defaultProfile().model("M1");
  Expr N = Expr::var("N");
  Expr Bytes = Expr::constant(8) * N;
  Expr Cost = M.costExprPs({{"n", Expr::constant(1)},
                            {"m", Bytes},
                            {"L_mem", Expr::ceilDiv(Bytes, Expr::constant(64))}});
  Expr::IntBindings Vars = {{"N", State.range(0)}};
  for (auto _ : State)
    benchmark::DoNotOptimize(Cost.evaluate(Vars));
}
BENCHMARK(BM_EvaluateSymbolicCost)->Arg(10)->Arg(1000000)->Arg(1000000000);

} // namespace
