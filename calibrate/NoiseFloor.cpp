// The noise floor N: marshalling points drawn as the marshalling suite
// draws them, each measured three times over (each time a full median of
// repetitions, the three passes interleaved so that minutes of drift come
// in), and the median over the points of how far their three medians
// disagree. Every accuracy target is judged against max(target, 1.5 N).
#include "Suite.h"

namespace commcost::calib {

std::vector<Point> runNoiseFloor(RunContext &Ctx) {
  const unsigned Probes = Ctx.Quick ? 8 : 16, Passes = 3;
  Rng Random = Ctx.suiteRng("noise");
  std::vector<PointSpec> Specs;
  for (unsigned I = 0; I < Probes; ++I)
    Specs.push_back(randomMarshallingPoint(Ctx, Random));
  std::vector<Point> Out;
  Ctx.Prog->beginSuite("noise floor", Probes * Passes, Ctx.budget(20, 2));
  size_t Done = 0;
  for (unsigned Pass = 0; Pass < Passes && !Interrupted; ++Pass)
    for (unsigned I = 0; I < Probes && !Interrupted; ++I) {
      PointSpec S = Specs[I];
      S.Record.Suite = "noise";
      S.Record.Set = "pass" + std::to_string(Pass + 1);
      S.Record.Features["probe"] = I;
      Ctx.Prog->step(Done++, S.Record.Kind);
      S.Setup();
      S.Record.SamplesUs = repeatUntilStable(S.Once, Ctx.Policy);
      Out.push_back(std::move(S.Record));
    }
  Ctx.Prog->endSuite(Out.size(), 0);
  return Out;
}

} // namespace commcost::calib
