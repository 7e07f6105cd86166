// What every measurement suite shares: the run's settings, the machine,
// the seeded random source, the progress display, and the loop that
// measures a suite's points in random order within its time budget.
#pragma once

#include "Generators.h"
#include "Measure.h"
#include "Progress.h"
#include "RawData.h"
#include "commcost/Profile.h"

#include <csignal>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace commcost::calib {

/// The signal that interrupted the run (SIGINT from Ctrl-C, or SIGTERM), 0
/// while none has: the suites stop, and nothing is written.
extern volatile std::sig_atomic_t Interrupted;

struct RunContext {
  bool Quick = false;
  bool Mpi = false;
  MachineInfo Machine;
  uint64_t Seed = 20240601;
  Progress *Prog = nullptr;
  RepeatPolicy Policy;
  /// Every rank runs the current suite, so rank 0's decisions (time left,
  /// Ctrl-C) are broadcast; false for the thread suites, which rank 0
  /// runs alone.
  bool AllRanks = true;
  /// Rank 0's Flag on every rank when AllRanks, else Flag.
  bool agreed(bool Flag) const;
  /// A random source of its own for each suite, so that ranks that skip
  /// the thread suites still draw the same MPI patterns.
  Rng suiteRng(const std::string &Suite) const {
    uint64_t H = Seed;
    for (char C : Suite)
      H = H * 1099511628211ull + uint8_t(C);
    return Rng(H);
  }
  /// Seconds each suite may take; scaled down under --quick.
  double budget(double FullS, double QuickS) const {
    return Quick ? QuickS : FullS;
  }
  /// Repetitions of a sample that starts with evictByReading: an eviction
  /// takes milliseconds, so fewer of them, none to warm up.
  RepeatPolicy evictingPolicy() const {
    return Quick ? RepeatPolicy{0, 5, 9, 0.02, 3e5}
                 : RepeatPolicy{0, 5, 15, 0.01, 1e6};
  }
};

/// The largest cache the machine reports (the last level), 32 MiB when it
/// reports none.
uint64_t lastLevelCacheBytes(const MachineInfo &M);

/// What a sample reads to start cold (evictByReading): four times the
/// last-level cache (the kernel benchmark's 128 MiB on a 32 MiB one), at
/// most 128 MiB, since a virtual machine may report its host's cache.
size_t coldStateBytes(const MachineInfo &M);

/// A point to measure: its record (samples not yet taken) and the function
/// that takes one sample in microseconds.
struct PointSpec {
  Point Record;
  std::function<double()> Once;
  /// Runs before the repetitions of this point (allocation, first touch).
  std::function<void()> Setup;
  /// How often Once runs, when not the run's policy (RunContext::Policy).
  std::optional<RepeatPolicy> Policy;
};

/// Measures Specs in a random order (seeded) until BudgetS runs out; the
/// points not reached are dropped and counted in Skipped. With MPI every
/// rank must call this with the same specs; rank 0 decides when the
/// budget is spent.
std::vector<Point> measureSuite(RunContext &Ctx, const std::string &Name,
                                std::vector<PointSpec> Specs, double BudgetS,
                                size_t &Skipped);

/// One marshalling point of a random shape, drawn as the marshalling suite
/// draws them; the noise floor's probes are such points.
PointSpec randomMarshallingPoint(RunContext &Ctx, Rng &Random);

/// The TLB sizes (entries) whose P_re_<N> each marshalling point carries.
const std::vector<uint64_t> &tlbSizesTried();
/// N points of one random shape: the first where the suite would draw it,
/// the others at other random places in the same matrix.
std::vector<PointSpec> randomMarshallingPlacements(RunContext &Ctx, Rng &Random,
                                                   unsigned N);

/// Sets the train and test sets of the marshalling suite's points, given
/// in the order measured: every third cold point trains ("train", the
/// others "test"), every other warm one ("warm-train", "warm-test").
void splitMarshallingSets(std::vector<Point> &Points);

/// The suites. Each returns its raw points. Thread suites run on rank 0
/// only (the others wait asleep); the MPI suite runs on every rank.
std::vector<Point> runNoiseFloor(RunContext &Ctx);
std::vector<Point> runTlbReach(RunContext &Ctx);
std::vector<Point> runMarshalling(RunContext &Ctx);
std::vector<Point> runSmpSupersteps(RunContext &Ctx);
std::vector<Point> runMessagePassing(RunContext &Ctx);
std::vector<Point> runPackets(RunContext &Ctx);

} // namespace commcost::calib
