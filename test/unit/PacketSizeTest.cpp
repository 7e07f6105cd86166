// Tests of the packet size search (commcost/PacketSize.h and the header's
// commcost_packet_bytes_in): regimes read off packet models, and the size
// chosen against a brute force over every packet size.
#include "commcost/PacketSize.h"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <random>

using namespace commcost;

namespace {

const char *FischerForm =
    "c7*k*l*r + c6*k*r + c5*k*l + c4*l*r + c3*k + c2*l + c1*r + c0";

Model fischer(double C7, double C6, double C5, double C4, double C3,
              double C2, double C1, double C0) {
  return Model("Fischer", FischerForm,
               {{"c7", C7}, {"c6", C6}, {"c5", C5}, {"c4", C4}, {"c3", C3},
                {"c2", C2}, {"c1", C1}, {"c0", C0}});
}

/// The model's time of TotalBytes in packets of L bytes, at r = 1.
double timeOf(const Model &M, int64_t TotalBytes, int64_t L) {
  double K = double((TotalBytes + L - 1) / L);
  return M.evaluate({{"k", K}, {"l", double(L)}, {"r", 1.0}});
}

/// The least time over every packet size.
double bruteForceBest(const Model &M, int64_t TotalBytes) {
  double Best = INFINITY;
  for (int64_t L = 1; L <= TotalBytes; ++L)
    Best = std::min(Best, timeOf(M, TotalBytes, L));
  return Best;
}

TEST(PacketRegimes, FischerAtROneIsOneRegime) {
  Model M = fischer(0.5, 0.1, 0.02, 0.004, 0.25, 0.001, 0.5, 1.0);
  auto R = packetRegimes(M);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].lo, 1);
  EXPECT_EQ(R[0].hi, LLONG_MAX);
  EXPECT_NEAR(R[0].a0, 1.5, 1e-12);   // c1 + c0
  EXPECT_NEAR(R[0].a1, 0.35, 1e-12);  // c6 + c3
  EXPECT_NEAR(R[0].a2, 0.005, 1e-12); // c4 + c2
  EXPECT_NEAR(R[0].a3, 0.52, 1e-12);  // c7 + c5
}

TEST(PacketRegimes, StepsInTheSizeSplitRegimes) {
  // A protocol switch at 8192 bytes: each packet then costs 2 more.
  Model M("Fischer-pw", std::string(FischerForm) + " + s*k*min(1, floordiv(l, 8192))",
          {{"c7", 0}, {"c6", 0.1}, {"c5", 0.00002}, {"c4", 0.00005},
           {"c3", 0.25}, {"c2", 0.00001}, {"c1", 0.5}, {"c0", 1}, {"s", 2}});
  auto R = packetRegimes(M);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].hi, 8191);
  EXPECT_EQ(R[1].lo, 8192);
  EXPECT_NEAR(R[0].a1, 0.35, 1e-9);
  EXPECT_NEAR(R[1].a1, 2.35, 1e-9);
}

TEST(PacketRegimes, RefusesOtherFeaturesAndOtherShapes) {
  EXPECT_THROW(packetRegimes(Model("M1", "a*n + b*m", {{"a", 1}, {"b", 1}})),
               ModelError);
  // Quadratic in l: not a0 + a1*k + a2*l + a3*k*l.
  EXPECT_THROW(packetRegimes(Model("Q", "a*k + b*l*l", {{"a", 1}, {"b", 1}})),
               ModelError);
  // floordiv(l, 100) without min(1, ...) steps at every multiple of 100.
  EXPECT_THROW(packetRegimes(Model("F", "a*k + b*floordiv(l, 100)",
                                   {{"a", 1}, {"b", 1}})),
               ModelError);
}

TEST(BestPacketBytes, FischersOptimum) {
  // a1 = 0.35 per packet, a2 = 0.00006 per byte: l0 = sqrt(a1/a2 * D). A
  // whole number of packets moves the best size to ceil(D/k) for a k next
  // to D/l0: never worse than l0 rounded, and close to it.
  Model M = fischer(0, 0.1, 0.00002, 0.00005, 0.25, 0.00001, 0.5, 1.0);
  auto R = packetRegimes(M);
  for (int64_t D : {int64_t(1) << 20, int64_t(1) << 24, int64_t(12345678)}) {
    double L0 = std::sqrt(0.35 / 0.00006 * double(D));
    int64_t L = bestPacketBytes(R, D);
    EXPECT_LE(timeOf(M, D, L), timeOf(M, D, std::llround(L0))) << D;
    EXPECT_LE(std::fabs(double(L) - L0), L0 / (double(D) / L0)) << D;
  }
}

TEST(BestPacketBytes, WithinAFractionOfBruteForce) {
  std::mt19937_64 Rng(7);
  std::uniform_real_distribution<double> Coef(0.0, 1.0);
  std::uniform_int_distribution<int64_t> Size(1, 10000);
  for (int Case = 0; Case < 150; ++Case) {
    double S = Case % 3 == 0 ? 0 : 3 * Coef(Rng);
    int64_t Break = 2 + Size(Rng) % 5000;
    Model M("P",
            std::string(FischerForm) + " + s*k*min(1, floordiv(l, " +
                std::to_string(Break) + "))",
            {{"c7", Coef(Rng) * 1e-4}, {"c6", Coef(Rng)}, {"c5", 0},
             {"c4", Coef(Rng) * 1e-3}, {"c3", Coef(Rng)},
             {"c2", Coef(Rng) * 1e-3}, {"c1", Coef(Rng)}, {"c0", Coef(Rng)},
             {"s", S}});
    int64_t D = Size(Rng);
    int64_t L = bestPacketBytes(packetRegimes(M), D);
    SCOPED_TRACE("case " + std::to_string(Case) + ", D " + std::to_string(D));
    ASSERT_GE(L, 1);
    ASSERT_LE(L, D);
    double Best = bruteForceBest(M, D);
    // Rounding k up makes the time jagged in l; the search takes the sizes
    // around each regime's real optimum.
    EXPECT_LE(timeOf(M, D, L), Best * 1.005 + 1e-9);
  }
}

TEST(BestPacketBytes, EdgeCases) {
  Model M = fischer(0, 0.1, 0, 0.00005, 0.25, 0.00001, 0.5, 1.0);
  auto R = packetRegimes(M);
  EXPECT_EQ(bestPacketBytes(R, 0), 0);
  EXPECT_EQ(bestPacketBytes(R, 1), 1);
  EXPECT_EQ(bestPacketBytes({}, 5000), 5000);
  // Nothing per byte of packet: one packet of everything.
  EXPECT_EQ(bestPacketBytes(packetRegimes(fischer(0, 0.1, 0, 0, 0.2, 0, 0, 1)),
                            5000),
            5000);
  // Nothing per packet: the smallest packet.
  EXPECT_EQ(bestPacketBytes(
                packetRegimes(fischer(0, 0, 0, 0.001, 0, 0.001, 0, 1)), 5000),
            1);
}

} // namespace
