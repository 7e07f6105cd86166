// The noise floor N: the same points measured three times over (each time
// a full median of repetitions, the three passes interleaved), and the
// median over the points of how far their three medians disagree. Every
// accuracy target is judged against max(target, 1.5 N).
#include "Suite.h"

namespace commcost::calib {

std::vector<Point> runNoiseFloor(RunContext &Ctx) {
  struct Probe {
    const char *Kind;
    uint64_t Rows, Cols, Count;
  };
  const Probe Probes[] = {{"row", 1000, 1000, 1},  {"row", 2000, 500, 20},
                          {"row", 300, 2000, 100}, {"column", 1000, 1000, 1},
                          {"column", 2000, 500, 20}, {"column", 300, 2000, 100}};
  const unsigned Passes = 3;
  std::vector<Point> Out;
  Ctx.Prog->beginSuite("noise floor", std::size(Probes) * Passes,
                       Ctx.budget(20, 3));
  size_t Done = 0;
  for (unsigned Pass = 0; Pass < Passes; ++Pass)
    for (const Probe &Pr : Probes) {
      PointSpec S = marshallingPoint(Ctx, Pr.Kind, Pr.Rows, Pr.Cols, Pr.Count);
      S.Record.Suite = "noise";
      S.Record.Set = "pass" + std::to_string(Pass + 1);
      Ctx.Prog->step(Done++, S.Record.Kind);
      S.Setup();
      S.Record.SamplesUs = repeatUntilStable(S.Once, Ctx.Policy);
      Out.push_back(std::move(S.Record));
    }
  Ctx.Prog->endSuite(Out.size(), 0);
  return Out;
}

} // namespace commcost::calib
