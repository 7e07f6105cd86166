// The TLB's reach, measured. The copy models price the pages a copy walks
// again beyond a TLB of N entries (P_re_<N>), and no interface tells N: a
// hypervisor hides CPUID's TLB leaves. The fit used to pick N among a few
// sizes by least error, and picked 2048, 4096 and 8192 on four
// calibrations of one Xeon guest, whose pages-walked-again term then
// priced 8 columns walked column by column from -36% to -57%. The suite
// `tlb` measures it: a pointer chase through P pages in a fixed random
// cycle, one line in each (sparse), against a chase through as many lines
// packed into P/64 pages (dense), so that the difference is what the
// translations cost, not where the lines are cached.
#pragma once

#include "RawData.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace commcost::calib {

/// Page counts the suite chases through: the sizes of tlbSizesTried() and
/// the steps between them, from past any first-level TLB to four times
/// the largest (two counts past it: a full walk is a level two
/// neighbouring counts reach).
const std::vector<uint64_t> &tlbPagesChased();

/// What a translation adds to one access when P pages are walked in a
/// cycle: the sparse chase's median minus the dense one's, per access.
struct TranslationCost {
  uint64_t Pages = 0;
  double Ns = 0;
};
std::vector<TranslationCost> translationCosts(const std::vector<Point> &Tlb);

/// The most pages a cycle walks without missing the TLB: the last page
/// count before the cost first passes half way from the smallest count's
/// cost (second-level hits) to a full walk's, the highest cost two
/// neighbouring counts both reach (every page walked; the largest counts
/// also miss the page-table lines in cache). None when the costs climb by
/// less than MinStepNs (huge pages, or a TLB larger than the chase).
constexpr double MinStepNs = 2;
std::optional<uint64_t> tlbReach(const std::vector<TranslationCost> &Costs);

/// The most pages a cycle walks before its translations start to cost
/// more: the last page count before the cost first rises MinStepNs above
/// the smallest count's. Below the reach where the TLB thins out
/// gradually: a Xeon guest (Granite Rapids host) paid 1.8-2.8 ns up to
/// 1536 pages, 5.1 at 2048, 11.3 at 4096 (its reach) and 36.6 at 16384,
/// and with one pages-walked-again term at the reach, 8 columns of 2048
/// rows walked column by column, each page walked again 2080 pages later,
/// were priced 39% low. None without a reach.
std::optional<uint64_t> tlbClimbStart(const std::vector<TranslationCost> &Costs);

/// The TLB sizes a pages-walked-again term is fitted with: of Sizes, the
/// nearest to a measured Reach, or all of them (the fit's least error
/// chooses) when none was measured.
std::vector<uint64_t> tlbSizesToFit(const std::vector<uint64_t> &Sizes,
                                    std::optional<uint64_t> Reach);

/// Of the TLB sizes Sizes, the nearest to Reach on a log scale.
uint64_t nearestTlbSize(uint64_t Reach, const std::vector<uint64_t> &Sizes);

} // namespace commcost::calib
