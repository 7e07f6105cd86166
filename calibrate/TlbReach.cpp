// The `tlb` suite and the TLB's reach from it (see TlbReach.h).
#include "TlbReach.h"
#include "Suite.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <numeric>

namespace commcost::calib {

const std::vector<uint64_t> &tlbPagesChased() {
  static const std::vector<uint64_t> Pages = {256,  384,   512,  768,  1024,
                                              1536, 2048,  3072, 4096, 6144,
                                              8192, 16384, 32768};
  return Pages;
}

namespace {

constexpr uint64_t PageBytes = 4096, LineBytes = 64;
constexpr uint64_t LinesPerPage = PageBytes / LineBytes;

/// Memory for the chases, allocated as the marshalling suite's matrices
/// are (aligned_alloc, first touched here) so that it is backed by pages
/// of the same kind.
struct ChaseMemory {
  char *Data = nullptr;
  explicit ChaseMemory(size_t Bytes)
      : Data(static_cast<char *>(std::aligned_alloc(PageBytes, Bytes))) {
    if (!Data)
      throw std::bad_alloc();
    std::fill(Data, Data + Bytes, 1);
  }
  ~ChaseMemory() { std::free(Data); }
};

/// Links the slots at Addr(0..Count-1) into one cycle in a random order
/// (no prefetcher follows it) and returns the first slot.
template <typename AddrFn>
void *const *linkCycle(uint64_t Count, AddrFn Addr, Rng &Random) {
  std::vector<uint64_t> Order(Count);
  std::iota(Order.begin(), Order.end(), 0);
  std::shuffle(Order.begin(), Order.end(), Random);
  for (uint64_t I = 0; I < Count; ++I)
    *reinterpret_cast<void **>(Addr(Order[I])) = Addr(Order[(I + 1) % Count]);
  return reinterpret_cast<void *const *>(Addr(Order[0]));
}

/// Microseconds for Steps accesses along the cycle from Start.
double chase(void *const *Start, uint64_t Steps) {
  void *const *P = Start;
  double T0 = nowUs();
  for (uint64_t I = 0; I < Steps; ++I)
    P = static_cast<void *const *>(*P);
  double T = nowUs() - T0;
  // The chase's end is used, so that it is not optimised away.
  if (P == nullptr)
    std::abort();
  return T;
}

} // namespace

std::vector<Point> runTlbReach(RunContext &Ctx) {
  const uint64_t MaxPages = tlbPagesChased().back();
  auto Memory = std::make_shared<ChaseMemory>(MaxPages * PageBytes);
  Rng Random = Ctx.suiteRng("tlb");
  std::vector<PointSpec> Specs;
  for (uint64_t Pages : tlbPagesChased())
    for (bool Sparse : {true, false}) {
      // Enough steps to go round the cycle a few times and take a few ms.
      uint64_t Steps = std::max<uint64_t>(8 * Pages, 100000);
      PointSpec S;
      S.Record.Suite = "tlb";
      S.Record.Kind = Sparse ? "sparse" : "dense";
      S.Record.Set = "chase";
      S.Record.Features = {{"pages", double(Pages)}, {"steps", double(Steps)}};
      auto Start = std::make_shared<void *const *>(nullptr);
      uint64_t Seed = Random();
      S.Setup = [=] {
        Rng R(Seed);
        char *Base = Memory->Data;
        // Sparse: one line a page, at an offset that walks through the
        // lines of a page so that the lines spread over the cache sets.
        *Start = Sparse
                     ? linkCycle(
                           Pages,
                           [=](uint64_t I) {
                             return Base + I * PageBytes +
                                    (I * 5 % LinesPerPage) * LineBytes;
                           },
                           R)
                     : linkCycle(
                           Pages,
                           [=](uint64_t I) { return Base + I * LineBytes; }, R);
        chase(*Start, 2 * Pages); // into the caches and TLB
      };
      S.Once = [=] { return chase(*Start, Steps); };
      Specs.push_back(std::move(S));
    }
  size_t Skipped = 0;
  return measureSuite(Ctx, "tlb", std::move(Specs), Ctx.budget(6, 3), Skipped);
}

std::vector<TranslationCost> translationCosts(const std::vector<Point> &Tlb) {
  // Sparse and dense ns per access by page count.
  std::map<uint64_t, std::pair<std::optional<double>, std::optional<double>>>
      NsPerAccess;
  for (const Point &P : Tlb) {
    auto Pages = P.Features.find("pages"), Steps = P.Features.find("steps");
    if (Pages == P.Features.end() || Steps == P.Features.end() ||
        Steps->second <= 0 || P.SamplesUs.empty())
      continue;
    double Ns = 1000 * P.medianUs() / Steps->second;
    auto &Pair = NsPerAccess[uint64_t(Pages->second)];
    (P.Kind == "sparse" ? Pair.first : Pair.second) = Ns;
  }
  std::vector<TranslationCost> Out;
  for (const auto &[Pages, Pair] : NsPerAccess)
    if (Pair.first && Pair.second)
      Out.push_back({Pages, *Pair.first - *Pair.second});
  return Out;
}

std::optional<uint64_t> tlbReach(const std::vector<TranslationCost> &Costs) {
  if (Costs.size() < 3)
    return std::nullopt;
  // A full walk's cost is the highest level two neighbouring counts both
  // reach, not the last count's: past the TLB the page-table lines leave
  // the caches too, and one calibration of a Zen 1 AMD EPYC guest paid
  // 171 ns at 16384 pages beside 35-44 from 2048 to 8192, which put half
  // way above every count below 16384 (reach 8192, where another
  // calibration of the machine found 1536, its second-level TLB's size).
  double Lo = Costs.front().Ns, Hi = -INFINITY;
  for (size_t I = 0; I + 1 < Costs.size(); ++I)
    Hi = std::max(Hi, std::min(Costs[I].Ns, Costs[I + 1].Ns));
  if (Hi - Lo < MinStepNs)
    return std::nullopt;
  double Half = (Lo + Hi) / 2;
  for (size_t I = 1; I < Costs.size(); ++I)
    if (Costs[I].Ns > Half)
      return Costs[I - 1].Pages;
  return std::nullopt;
}

std::optional<uint64_t>
tlbClimbStart(const std::vector<TranslationCost> &Costs) {
  if (!tlbReach(Costs))
    return std::nullopt;
  double Lo = Costs.front().Ns;
  for (size_t I = 1; I < Costs.size(); ++I)
    if (Costs[I].Ns > Lo + MinStepNs)
      return Costs[I - 1].Pages;
  return std::nullopt;
}

std::vector<uint64_t> tlbSizesToFit(const std::vector<uint64_t> &Sizes,
                                    std::optional<uint64_t> Reach) {
  if (!Reach || Sizes.empty())
    return Sizes;
  return {nearestTlbSize(*Reach, Sizes)};
}

uint64_t nearestTlbSize(uint64_t Reach, const std::vector<uint64_t> &Sizes) {
  auto Distance = [&](uint64_t S) {
    return std::abs(std::log2(double(S)) - std::log2(double(Reach)));
  };
  return *std::min_element(
      Sizes.begin(), Sizes.end(),
      [&](uint64_t A, uint64_t B) { return Distance(A) < Distance(B); });
}

} // namespace commcost::calib
