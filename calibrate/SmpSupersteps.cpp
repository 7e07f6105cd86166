// Suite 2, SMP supersteps (Amato et al.): p threads (1..cores) each read
// hr_i and write hw_i integers of a shared array. Good mode: consecutive
// integers in each thread's own block, caches primed before the superstep;
// bad mode: one integer per line, every thread in the same lines (the
// most contention). Patterns like-gather, like-scatter and vary; Suite 1
// deterministic, Suite 2 random with the same maxima, Suite 3 random with
// the same totals. Sizes scale with the per-core cache found on the
// machine, where hrc/hrm and hwc/hwm are split.
#include "Suite.h"

#include "Machine.h"
#include "ThreadTeam.h"

#include <algorithm>
#include <cstdint>
#include <memory>

namespace commcost::calib {

namespace {

using Elem = int32_t;

struct SmpState {
  unsigned Threads;
  uint64_t Block; // elements of one thread's block (good mode)
  std::unique_ptr<ThreadTeam> Team;
  std::vector<Elem> Reads, Writes; // one block per thread
  std::vector<int64_t> Sinks;
};

void readGood(const Elem *Src, uint64_t N, int64_t &Sink) {
  int64_t Sum = 0;
  for (uint64_t K = 0; K < N; ++K)
    Sum += Src[K];
  Sink += Sum;
}

void writeGood(Elem *Dst, uint64_t N) {
  for (uint64_t K = 0; K < N; ++K)
    Dst[K] = Elem(K);
}

PointSpec makePoint(RunContext &Ctx, std::shared_ptr<SmpState> St,
                    const Superstep &S, const std::string &Kind,
                    const std::string &Set, bool Good, uint64_t CacheElems,
                    uint64_t LineElems) {
  PointSpec P;
  P.Record.Suite = "smp";
  P.Record.Kind = Kind + (Good ? "/good" : "/bad");
  P.Record.Set = Set;
  P.Record.P = St->Threads;
  P.Record.Features = superstepFeatures(S, CacheElems);
  P.Record.Features["x"] = 0; // filled in by the caller
  P.Once = [St, S, Good, LineElems] {
    ThreadTeam &T = *St->Team;
    if (Good) {
      // Prime: each thread brings what it will touch into its cache.
      T.run([&](unsigned I) {
        readGood(&St->Reads[I * St->Block], S.Reads[I], St->Sinks[I * 8]);
        readGood(&St->Writes[I * St->Block], S.Writes[I], St->Sinks[I * 8]);
      });
      return T.run([&](unsigned I) {
        readGood(&St->Reads[I * St->Block], S.Reads[I], St->Sinks[I * 8]);
        writeGood(&St->Writes[I * St->Block], S.Writes[I]);
      });
    }
    // Thread i reads and writes element i + k*line of one shared array:
    // every thread works in the same lines.
    return T.run([&](unsigned I) {
      const Elem *Src = St->Reads.data() + I;
      int64_t Sum = 0;
      for (uint64_t K = 0; K < S.Reads[I]; ++K)
        Sum += Src[K * LineElems];
      St->Sinks[I * 8] += Sum;
      Elem *Dst = St->Reads.data() + I;
      for (uint64_t K = 0; K < S.Writes[I]; ++K)
        Dst[K * LineElems] = Elem(K);
    });
  };
  return P;
}

} // namespace

std::vector<Point> runSmpSupersteps(RunContext &Ctx) {
  const MachineInfo &Mc = Ctx.Machine;
  uint64_t CacheElems = cacheBytes(Mc, 2, 1 << 20) / sizeof(Elem);
  uint64_t LineElems = Mc.LineSize / sizeof(Elem);
  // The paper's sets H0, H1, H2 were chosen around an L2 of 2^19 integers:
  // the same fractions of this machine's per-core cache (C/100 .. 3.6 C).
  // Bad mode is one miss per access, so its sizes stop at C/4.
  unsigned N = Ctx.Quick ? 5 : 14;
  std::vector<uint64_t> GoodH = logSpaced(CacheElems / 100, CacheElems * 18 / 5,
                                          N, 64);
  std::vector<uint64_t> BadH =
      logSpaced(CacheElems / 256, CacheElems / 4, Ctx.Quick ? 4 : 10, 16);
  uint64_t MaxH = std::max(GoodH.back(), BadH.back());
  Rng Random = Ctx.suiteRng("smp");
  std::vector<PointSpec> Specs;
  for (unsigned Threads = 1; Threads <= Mc.Cores; ++Threads) {
    auto St = std::make_shared<SmpState>();
    St->Threads = Threads;
    // Suite 3 may give one thread up to twice the Suite 1 maximum.
    St->Block = 2 * Threads * MaxH;
    St->Team = std::make_unique<ThreadTeam>(Threads);
    // Bad mode strides a line per access over up to 2*p*h accesses.
    St->Reads.assign(std::max(St->Block * Threads,
                              2 * Threads * BadH.back() * LineElems + Threads),
                     1);
    St->Writes.assign(St->Block * Threads, 1);
    St->Sinks.assign(Threads * 8, 0);
    for (bool Good : {true, false})
      for (uint64_t H : Good ? GoodH : BadH)
        for (unsigned X = 1; X <= Threads; ++X)
          for (SmpPattern Pat : {SmpPattern::LikeGather,
                                 SmpPattern::LikeScatter, SmpPattern::Vary}) {
            // At x = p the three patterns coincide: run vary only.
            if (X == Threads && Pat != SmpPattern::Vary)
              continue;
            Superstep Steps[3] = {
                suite1Superstep(Pat, X, H, Threads),
                suite2Superstep(Pat, X, H, Threads, Random),
                suite3Superstep(Pat, X, H, Threads, 2 * Threads * H,
                                Random)};
            for (int Suite = 0; Suite < 3; ++Suite) {
              PointSpec P = makePoint(Ctx, St, Steps[Suite],
                                      smpPatternName(Pat),
                                      "suite" + std::to_string(Suite + 1),
                                      Good, CacheElems, LineElems);
              P.Record.Features["x"] = X;
              Specs.push_back(std::move(P));
            }
          }
  }
  size_t Skipped;
  return measureSuite(Ctx, "smp", std::move(Specs), Ctx.budget(150, 6),
                      Skipped);
}

} // namespace commcost::calib
