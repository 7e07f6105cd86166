// The loop that measures a suite's points within its time budget.
#include "Suite.h"

#include "Mpi.h"

#include <algorithm>

namespace commcost::calib {

volatile std::sig_atomic_t Interrupted = 0;

bool RunContext::agreed(bool Flag) const {
  return AllRanks ? mpiBroadcastFlag(Flag) : Flag;
}

std::vector<Point> measureSuite(RunContext &Ctx, const std::string &Name,
                                std::vector<PointSpec> Specs, double BudgetS,
                                size_t &Skipped) {
  // Random order, so that slow drift of the machine (other users, thermal
  // state) spreads over all kinds of points instead of biasing one.
  Rng Order = Ctx.suiteRng(Name + "/order");
  std::shuffle(Specs.begin(), Specs.end(), Order);
  Ctx.Prog->beginSuite(Name, Specs.size(), BudgetS);
  double Start = nowUs();
  std::vector<Point> Out;
  Skipped = 0;
  for (size_t I = 0; I < Specs.size(); ++I) {
    bool InTime = Ctx.agreed(!Interrupted && (nowUs() - Start) / 1e6 < BudgetS);
    if (!InTime) {
      Skipped = Specs.size() - I;
      break;
    }
    PointSpec &S = Specs[I];
    Ctx.Prog->step(I, S.Record.Kind);
    if (S.Setup)
      S.Setup();
    S.Record.SamplesUs =
        repeatUntilStable(S.Once, S.Policy.value_or(Ctx.Policy));
    Out.push_back(std::move(S.Record));
  }
  Ctx.Prog->endSuite(Out.size(), Skipped,
                     Interrupted ? "interrupted" : "time budget");
  return Out;
}

uint64_t lastLevelCacheBytes(const MachineInfo &M) {
  uint64_t Llc = 0;
  for (const CacheLevel &C : M.Caches)
    Llc = std::max(Llc, C.SizeBytes);
  return Llc ? Llc : uint64_t(32) << 20;
}

size_t coldStateBytes(const MachineInfo &M) {
  return size_t(std::min<uint64_t>(4 * lastLevelCacheBytes(M), 128u << 20));
}

} // namespace commcost::calib
