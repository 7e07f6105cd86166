// The noise floor N: marshalling points drawn as the marshalling suite
// draws them, each measured three times over (each time a full median of
// repetitions, the three passes interleaved so that drift comes in), and
// the median over the points of how far their three medians disagree.
// Every accuracy target is judged against max(target, 1.5 N).
//
// Also the placement spread: the same shapes at two more places in the
// same matrix, measured once each in the first pass. Their features are
// the same (give or take a line per row), so how far the medians of one
// shape disagree across places bounds what any feature-based model can
// reach; the report sets it beside the targets.
#include "Suite.h"

namespace commcost::calib {

std::vector<Point> runNoiseFloor(RunContext &Ctx) {
  const unsigned Probes = Ctx.Quick ? 24 : 64, Passes = 3, Places = 3;
  Rng Random = Ctx.suiteRng("noise");
  std::vector<std::vector<PointSpec>> Specs;
  for (unsigned I = 0; I < Probes; ++I)
    Specs.push_back(randomMarshallingPlacements(Ctx, Random, Places));
  std::vector<Point> Out;
  double BudgetS = Ctx.budget(20, 3), Start = nowUs();
  Ctx.Prog->beginSuite("noise floor", Probes * (Passes + Places - 1), BudgetS);
  size_t Done = 0;
  auto Measure = [&](PointSpec S, unsigned Probe, const std::string &Set) {
    S.Record.Suite = "noise";
    S.Record.Set = Set;
    S.Record.Features["probe"] = Probe;
    Ctx.Prog->step(Done++, S.Record.Kind);
    S.Setup();
    S.Record.SamplesUs =
        repeatUntilStable(S.Once, S.Policy.value_or(Ctx.Policy));
    Out.push_back(std::move(S.Record));
  };
  // Each pass has its share of the budget and the later ones repeat the
  // probes the first reached: where points are slow, the floor still has
  // probes measured in every pass (a Xeon guest, whose largest matrices
  // are 2 GiB, spent the whole budget in the first pass: no floor).
  unsigned Reached = Probes;
  for (unsigned Pass = 0; Pass < Passes; ++Pass)
    for (unsigned I = 0; I < Reached; ++I) {
      double PassEndS = BudgetS * (Pass + 1) / Passes;
      if (!Ctx.agreed(!Interrupted && (nowUs() - Start) / 1e6 < PassEndS)) {
        if (Pass == 0)
          Reached = I;
        break;
      }
      Measure(Specs[I][0], I, "pass" + std::to_string(Pass + 1));
      if (Pass == 0)
        for (unsigned K = 1; K < Places; ++K)
          Measure(Specs[I][K], I, "place" + std::to_string(K + 1));
    }
  Ctx.Prog->endSuite(Out.size(), 0);
  return Out;
}

} // namespace commcost::calib
