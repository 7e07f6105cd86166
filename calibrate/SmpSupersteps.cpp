// Suite 2, SMP supersteps (Amato et al.): p threads (1..cores) each read
// hr_i and write hw_i integers of a shared array. Good mode: consecutive
// integers in each thread's own block, caches primed before the superstep;
// bad mode: one integer per line, each line held modified by another core
// (a contended line; in memory for one thread). Patterns like-gather,
// like-scatter and vary; Suite 1 deterministic, Suite 2 random with the same
// maxima, Suite 3 random with the same totals. Sizes scale with the per-core
// cache found on the machine, where hrc/hrm and hwc/hwm are split.
#include "Suite.h"

#include "Machine.h"
#include "ThreadTeam.h"
#include "commcost/Site.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>

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

PointSpec makePoint(std::shared_ptr<SmpState> St, const Superstep &S,
                    const std::string &Kind, const std::string &Set, bool Good,
                    uint64_t CacheElems, uint64_t LineElems) {
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
    // Thread i reads and writes the first element of each line of its own
    // blocks. Before the superstep, thread i+1 writes those lines, so that
    // every access is to a line another core holds modified: a contended
    // line, the costliest access there is. Threads never touch a line at
    // the same time: such races cost what the threads' relative speed
    // makes them cost, which no feature derived from code can know.
    // One thread has no neighbour: its lines start in memory.
    auto Stride = [&](Elem *Base, unsigned I, uint64_t N, bool Write) {
      Elem *Line = Base + I * St->Block;
      int64_t Sum = 0;
      for (uint64_t K = 0; K < N; ++K) {
        if (Write)
          Line[K * LineElems] = Elem(K);
        else
          Sum += Line[K * LineElems];
      }
      St->Sinks[I * 8] += Sum;
    };
    unsigned P = unsigned(S.Reads.size());
    if (P == 1) {
      flushRange(St->Reads.data(), S.Reads[0] * LineElems * sizeof(Elem));
      flushRange(St->Writes.data(), S.Writes[0] * LineElems * sizeof(Elem));
    } else {
      T.run([&](unsigned J) {
        unsigned I = (J + P - 1) % P;
        Stride(St->Reads.data(), I, S.Reads[I], true);
        Stride(St->Writes.data(), I, S.Writes[I], true);
      });
    }
    return T.run([&](unsigned I) {
      Stride(St->Reads.data(), I, S.Reads[I], false);
      Stride(St->Writes.data(), I, S.Writes[I], true);
    });
  };
  return P;
}

} // namespace

std::vector<Point> runSmpSupersteps(RunContext &Ctx) {
  const MachineInfo &Mc = Ctx.Machine;
  // The cache that splits hrc from hrm is the one the plugin prices with,
  // so that the fitted coefficients mean the same there.
  uint64_t CacheElems = superstepCacheBytes(Mc) / sizeof(Elem);
  if (CacheElems == 0)
    throw std::runtime_error("the SMP suite needs a cache size, and the "
                             "machine description lists none");
  uint64_t LineElems = Mc.LineSize / sizeof(Elem);
  // The paper's sets H0, H1, H2 were chosen around an L2 of 2^19 integers:
  // the same fractions of this machine's per-core cache (C/100 .. 3.6 C).
  // Bad mode takes a line per access, and its lines must stay in the
  // private cache of the core that wrote them (else they are served by
  // the shared L3 or memory, depending on what else runs): a thread's
  // lines, up to 4 h of reads and as many writes in Suite 3, fit the
  // per-core cache for h up to about C/(8 * line elements).
  unsigned N = Ctx.Quick ? 10 : 48;
  std::vector<uint64_t> GoodH =
      logSpaced(CacheElems / 100, CacheElems * 18 / 5, N, 64);
  std::vector<uint64_t> BadH =
      logSpaced(CacheElems / (128 * LineElems), CacheElems / (8 * LineElems),
                Ctx.Quick ? 8 : 30, 16);
  Rng Random = Ctx.suiteRng("smp");
  std::vector<PointSpec> Specs;
  for (unsigned Threads = 1; Threads <= Mc.Cores; ++Threads) {
    auto St = std::make_shared<SmpState>();
    St->Threads = Threads;
    // Suite 3 may give one thread up to twice the Suite 1 maximum; the
    // bad mode uses a line per access.
    St->Block = 2 * Threads * std::max(GoodH.back(), BadH.back() * LineElems);
    St->Team = std::make_unique<ThreadTeam>(Threads);
    St->Reads.assign(St->Block * Threads, 1);
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
            // Suites 2 and 3 are random: several draws of each.
            std::vector<std::pair<int, Superstep>> Steps = {
                {1, suite1Superstep(Pat, X, H, Threads)}};
            for (unsigned Draw = 0; Draw < (Ctx.Quick ? 1u : 3u); ++Draw) {
              Steps.push_back({2, suite2Superstep(Pat, X, H, Threads, Random)});
              Steps.push_back({3, suite3Superstep(Pat, X, H, Threads,
                                                  2 * Threads * H, Random)});
            }
            for (const auto &[Suite, Step] : Steps) {
              PointSpec P = makePoint(St, Step, smpPatternName(Pat),
                                      "suite" + std::to_string(Suite), Good,
                                      CacheElems, LineElems);
              P.Record.Features["x"] = X;
              Specs.push_back(std::move(P));
            }
          }
  }
  size_t Skipped;
  return measureSuite(Ctx, "smp", std::move(Specs), Ctx.budget(120, 7),
                      Skipped);
}

} // namespace commcost::calib
