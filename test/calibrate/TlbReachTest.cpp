// The TLB's reach from the tlb suite's chases: translation costs are the
// sparse chase's time per access minus the dense one's, and the reach is
// the last page count before they pass half way to a full walk.
#include "TlbReach.h"

#include <gtest/gtest.h>

using namespace commcost::calib;

namespace {

Point chasePoint(const std::string &Kind, uint64_t Pages, double NsPerAccess) {
  double Steps = 100000;
  double Us = NsPerAccess * Steps / 1000;
  return {"tlb",
          Kind,
          "chase",
          1,
          {{"pages", double(Pages)}, {"steps", Steps}},
          {Us * 1.01, Us, Us * 0.99}};
}

std::vector<TranslationCost> costs(std::vector<std::pair<uint64_t, double>> C) {
  std::vector<TranslationCost> Out;
  for (auto [P, Ns] : C)
    Out.push_back({P, Ns});
  return Out;
}

} // namespace

TEST(TlbReach, TranslationCostIsSparseMinusDensePerAccess) {
  std::vector<Point> Ps = {
      chasePoint("sparse", 512, 7.5), chasePoint("dense", 512, 4.25),
      chasePoint("dense", 256, 1.5), chasePoint("sparse", 256, 3.5),
      // No dense partner: no cost.
      chasePoint("sparse", 1024, 9)};
  auto C = translationCosts(Ps);
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0].Pages, 256u);
  EXPECT_NEAR(C[0].Ns, 2.0, 1e-9);
  EXPECT_EQ(C[1].Pages, 512u);
  EXPECT_NEAR(C[1].Ns, 3.25, 1e-9);
}

TEST(TlbReach, TheLastCountBeforeHalfWayToAFullWalk) {
  // A sharp step past 3072 pages.
  EXPECT_EQ(tlbReach(costs({{256, 2},
                            {1024, 2.1},
                            {2048, 2.2},
                            {3072, 2.4},
                            {4096, 15},
                            {16384, 16}})),
            3072u);
  // The chase on a Xeon guest (ns, 29 November 2026): the second-level
  // TLB thins out from 1024 pages, half way (9.4 ns) is passed at 3072.
  EXPECT_EQ(tlbReach(costs({{256, 1.83},
                            {384, 1.89},
                            {512, 2.09},
                            {768, 2.40},
                            {1024, 2.91},
                            {1536, 3.93},
                            {2048, 7.78},
                            {3072, 12.20},
                            {4096, 12.85},
                            {6144, 13.82},
                            {8192, 14.25},
                            {16384, 16.98}})),
            2048u);
  // A noisy dip after the crossing does not move it.
  EXPECT_EQ(
      tlbReach(costs({{256, 2}, {512, 2}, {1024, 12}, {2048, 8}, {16384, 14}})),
      512u);
}

TEST(TlbReach, NoReachWithoutAStep) {
  // Huge pages, or a TLB larger than the chase: translations cost about
  // the same throughout.
  EXPECT_EQ(tlbReach(costs({{256, 1}, {2048, 1.5}, {16384, 2.5}})),
            std::nullopt);
  // Too few counts measured (a budget cut short).
  EXPECT_EQ(tlbReach(costs({{256, 1}, {16384, 20}})), std::nullopt);
}

TEST(TlbReach, NearestSizeOnALogScale) {
  std::vector<uint64_t> Sizes = {512, 1024, 2048, 3072, 4096, 8192};
  EXPECT_EQ(nearestTlbSize(2048, Sizes), 2048u);
  EXPECT_EQ(nearestTlbSize(1536, Sizes), 2048u); // 0.42 vs 0.58 octaves
  EXPECT_EQ(nearestTlbSize(6144, Sizes), 8192u);
  EXPECT_EQ(nearestTlbSize(100, Sizes), 512u);
  EXPECT_EQ(nearestTlbSize(1 << 20, Sizes), 8192u);
}

TEST(TlbReach, AFullWalkIsALevelTwoNeighbouringCountsReach) {
  // Two calibrations of one Zen 1 AMD EPYC guest (ns, 2 December 2026),
  // whose second-level TLB holds 1536 pages: the first paid 171 ns at
  // 16384 pages, where page-table lines missed the caches too. Half way to
  // that is above every count below 16384; half way to the level 8192 and
  // 16384 both reach (44.2 ns) is passed at 2048, as in the second.
  EXPECT_EQ(tlbReach(costs({{256, 3.36},
                            {384, 4.90},
                            {512, 2.22},
                            {768, 3.60},
                            {1024, 3.50},
                            {1536, 17.55},
                            {2048, 30.97},
                            {3072, 37.91},
                            {4096, 38.30},
                            {6144, 35.42},
                            {8192, 44.16},
                            {16384, 171.24}})),
            1536u);
  EXPECT_EQ(tlbReach(costs({{256, 3.70},
                            {384, 3.06},
                            {512, 3.60},
                            {768, 2.60},
                            {1024, 3.51},
                            {1536, 12.06},
                            {2048, 28.02},
                            {3072, 27.74},
                            {4096, 31.91},
                            {6144, 38.07},
                            {8192, 37.24},
                            {16384, 37.80}})),
            1536u);
  // One count alone above the rest is no full walk: a reach of 16384
  // shows at the two counts beyond it.
  EXPECT_EQ(tlbReach(costs({{256, 2}, {4096, 2.2}, {16384, 2.5}, {32768, 30}})),
            std::nullopt);
  EXPECT_EQ(tlbReach(costs({{256, 2},
                            {4096, 2.2},
                            {16384, 2.5},
                            {32768, 30},
                            {65536, 31}})),
            16384u);
}

TEST(TlbReach, WhereTheCostsStartToClimb) {
  // A Xeon guest on a Granite Rapids host (ns, 3 December 2026): 1.8-2.8
  // ns to 1536 pages, then a climb to a reach of 4096 and on.
  auto Xeon = costs({{256, 2.01},
                     {512, 1.86},
                     {768, 1.94},
                     {1024, 1.85},
                     {1536, 2.81},
                     {2048, 5.12},
                     {3072, 10.33},
                     {4096, 11.32},
                     {6144, 22.57},
                     {8192, 27.67},
                     {16384, 36.65},
                     {32768, 39.78}});
  EXPECT_EQ(tlbReach(Xeon), 4096u);
  EXPECT_EQ(tlbClimbStart(Xeon), 1536u);
  // A sharp step: the climb starts at the reach.
  auto Sharp = costs({{256, 2}, {1024, 2.1}, {2048, 2.2}, {3072, 2.4},
                      {4096, 15}, {16384, 16}});
  EXPECT_EQ(tlbClimbStart(Sharp), tlbReach(Sharp));
  // No reach, no climb: costs that never step.
  EXPECT_EQ(tlbClimbStart(costs({{256, 1}, {2048, 1.5}, {16384, 2.5}})),
            std::nullopt);
}
