// Tests of the features of slices and supersteps shared by the calibrator
// and the plugin.
#include "commcost/Features.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace commcost;

namespace {

TEST(Features, SliceFeaturesCountBytesLinesPagesAndRuns) {
  // 100 rows of 8 bytes, 8000 bytes apart, from offset 0: every row is in
  // a line of its own; pages are 4096 bytes, so the rows lie on the pages
  // floor(r*8000/4096), which brute force counts.
  Slice2D Column{100, 8, 8000};
  FeatureVector F = sliceFeatures(Column, 0, 64, 4096);
  std::set<uint64_t> Pages;
  for (uint64_t R = 0; R < 100; ++R)
    Pages.insert(R * 8000 / 4096);
  EXPECT_EQ(F.at("n"), 1);
  EXPECT_EQ(F.at("m"), 800);
  EXPECT_EQ(F.at("L_mem"), 100);
  EXPECT_EQ(F.at("pages"), double(Pages.size()));
  EXPECT_EQ(F.at("runs"), 100);
  // Lines of page-table entries: 8 entries of 8 bytes a line, a 32 KiB
  // span each. The base is aligned to a page, not to a span: the count
  // expected over the 8 placements, between their fewest and most and
  // within one of their mean, which brute force finds.
  auto SpanCounts = [](uint64_t Offset, uint64_t Pitch) {
    std::vector<double> Counts;
    for (uint64_t Base = 0; Base < 32768; Base += 4096) {
      std::set<uint64_t> Spans;
      for (uint64_t R = 0; R < 100; ++R)
        Spans.insert((Base + Offset + R * Pitch) / 32768);
      Counts.push_back(double(Spans.size()));
    }
    return Counts;
  };
  auto ExpectExpected = [](double Got, const std::vector<double> &Counts) {
    double Mean = 0;
    for (double C : Counts)
      Mean += C / double(Counts.size());
    EXPECT_GE(Got, *std::min_element(Counts.begin(), Counts.end()));
    EXPECT_LE(Got, *std::max_element(Counts.begin(), Counts.end()));
    EXPECT_LT(std::abs(Got - Mean), 1) << Mean;
  };
  ExpectExpected(F.at("L_pt"), SpanCounts(0, 8000)); // 25 to 26, mean 25.1
  // Rows 16 KiB apart share a span by twos: 50, or 51 where the first
  // row is alone in its span.
  ExpectExpected(sliceFeatures({100, 8, 16384}, 4096, 64, 4096).at("L_pt"),
                 SpanCounts(4096, 16384));
  // A row of 8000 bytes crosses a span's boundary in 1 of the 8
  // placements (the page before the boundary): 1.125 spans expected, 1
  // counted (the nearest whole unit).
  EXPECT_EQ(sliceFeatures({1, 8000, 8000}, 0, 64, 4096).at("L_pt"), 1);

  Slice2D Rows{10, 800, 800};
  F = sliceFeatures(Rows, 32, 64, 4096);
  EXPECT_EQ(F.at("runs"), 1);
  EXPECT_EQ(F.at("L_mem"), 126); // bytes 32..8031: lines 0..125
  EXPECT_EQ(F.at("pages"), 2);
  EXPECT_EQ(sliceFeatures({0, 8, 8}, 0, 64, 4096).at("runs"), 0);
  EXPECT_EQ(sliceFeatures({3, 0, 8}, 0, 64, 4096).at("L_mem"), 0);
}

// Runs of a symbolic slice, bound at random, equal brute-force counts of
// the maximal contiguous pieces (and sliceFeatures' runs in 2-D), empty
// slices included.
TEST(Features, SymbolicRunsAgreeWithBruteForce) {
  SymbolicSlice S;
  S.Planes = Expr::var("P");
  S.Rows = Expr::var("R");
  S.BytesPerRow = Expr::var("c");
  S.RowPitch = Expr::var("w");
  S.PlanePitch = Expr::var("v");
  Expr Runs = contiguousRunsOfSymbolicSlice(S);
  std::mt19937_64 Rng(11);
  for (int I = 0; I < 5000; ++I) {
    auto Pick = [&](uint64_t Lo, uint64_t Hi) {
      return std::uniform_int_distribution<uint64_t>(Lo, Hi)(Rng);
    };
    uint64_t P = Pick(0, 4), R = Pick(0, 5), C = Pick(0, 6);
    uint64_t W = C + (Pick(0, 1) ? 0 : Pick(0, 3));
    uint64_t V = (R ? (R - 1) * W + C : C) + (Pick(0, 1) ? 0 : Pick(0, 3));
    // Brute force: starts of pieces that do not continue the previous one.
    std::set<uint64_t> Bytes;
    for (uint64_t Pl = 0; Pl < P; ++Pl)
      for (uint64_t Row = 0; Row < R; ++Row)
        for (uint64_t X = 0; X < C; ++X)
          Bytes.insert(Pl * V + Row * W + X);
    uint64_t Expected = 0;
    for (uint64_t B : Bytes)
      Expected += B == 0 || !Bytes.count(B - 1);
    Expr::IntBindings At{{"P", int64_t(P)}, {"R", int64_t(R)},
                         {"c", int64_t(C)}, {"w", int64_t(W)},
                         {"v", int64_t(V)}};
    ASSERT_EQ(uint64_t(Runs.evaluate(At)), Expected)
        << "P=" << P << " R=" << R << " c=" << C << " w=" << W << " v=" << V;
    if (P == 1) {
      ASSERT_EQ(Expected, sliceFeatures({R, C, W}, 0, 64, 4096).at("runs"));
    }
  }
}

TEST(Features, SuperstepMaximaTotalsAndCacheSplit) {
  FeatureVector F = superstepFeatures({10, 300, 20}, {5, 5, 400}, 100);
  EXPECT_EQ(F.at("hr"), 300);
  EXPECT_EQ(F.at("hw"), 400);
  EXPECT_EQ(F.at("h"), 400);
  EXPECT_EQ(F.at("M"), 740);
  EXPECT_EQ(F.at("p"), 3);
  EXPECT_EQ(F.at("hrc"), 100);
  EXPECT_EQ(F.at("hrm"), 200);
  EXPECT_EQ(F.at("hwc"), 100);
  EXPECT_EQ(F.at("hwm"), 300);
  // The busiest processor is the third (20 + 400), not the sum of the
  // maxima of two different processors (300 + 400).
  EXPECT_EQ(F.at("hrw"), 420);
  EXPECT_EQ(F.at("hrwc"), 100);
  EXPECT_EQ(F.at("hrwm"), 320);
  EXPECT_EQ(F.at("hrb"), 20);
  EXPECT_EQ(F.at("hwb"), 400);
  // Of equally busy processors, the one with the most reads.
  F = superstepFeatures({5, 8, 6}, {9, 6, 8}, 100);
  EXPECT_EQ(F.at("hrw"), 14);
  EXPECT_EQ(F.at("hrb"), 8);
  EXPECT_EQ(F.at("hwb"), 6);
  F = superstepFeatures({10}, {20}, 100);
  EXPECT_EQ(F.at("hrm"), 0);
  EXPECT_EQ(F.at("hwc"), 20);
  EXPECT_EQ(F.at("hrw"), 30);
  EXPECT_EQ(F.at("hrwc"), 30);
  EXPECT_EQ(F.at("hrwm"), 0);
  EXPECT_THROW(superstepFeatures({1, 2}, {1}, 10), std::invalid_argument);
  EXPECT_THROW(superstepFeatures({}, {}, 10), std::invalid_argument);
}

// The symbolic features must equal the numeric ones at every binding.
TEST(Features, SymbolicSuperstepFeaturesAgreeWithNumeric) {
  Expr N = Expr::var("N"), P = Expr::var("P");
  Expr Hr = Expr::ceilDiv(N, P), Hw = Hr, M = N + N;
  std::mt19937_64 Rng(7);
  for (int I = 0; I < 1000; ++I) {
    int64_t NV = int64_t(Rng() % 100000) + 1, PV = int64_t(Rng() % 8) + 1;
    std::vector<uint64_t> Reads, Writes;
    for (int64_t K = 0; K < PV; ++K) {
      // Block partition: processor K gets ceil or floor of N/P elements.
      uint64_t Elems = uint64_t(NV / PV + (K < NV % PV ? 1 : 0));
      Reads.push_back(Elems);
      Writes.push_back(Elems);
    }
    uint64_t C = Rng() % 20000;
    FeatureVector Num = superstepFeatures(Reads, Writes, C);
    auto Sym = superstepFeatureExprs(Hr, Hw, M, P, C);
    for (const auto &[Name, E] : Sym)
      ASSERT_EQ(double(E.evaluate({{"N", NV}, {"P", PV}})), Num.at(Name))
          << Name << " N=" << NV << " P=" << PV << " C=" << C;
  }
}

// hrw, hrb and hwb against brute force over random counts; the symbolic
// Hr + Hw equals hrw exactly when one processor holds both maxima (the
// plugin's uniform partitions) and bounds it from above otherwise.
TEST(Features, BusiestProcessorAccessesAgainstBruteForce) {
  std::mt19937_64 Rng(3);
  int Split = 0;
  for (int I = 0; I < 2000; ++I) {
    size_t P = Rng() % 6 + 1;
    std::vector<uint64_t> Reads(P), Writes(P);
    uint64_t Busiest = 0, BusiestReads = 0;
    for (size_t K = 0; K < P; ++K) {
      Reads[K] = Rng() % 1000;
      Writes[K] = Rng() % 1000;
      Busiest = std::max(Busiest, Reads[K] + Writes[K]);
    }
    for (size_t K = 0; K < P; ++K)
      if (Reads[K] + Writes[K] == Busiest)
        BusiestReads = std::max(BusiestReads, Reads[K]);
    uint64_t C = Rng() % 2000;
    FeatureVector Num = superstepFeatures(Reads, Writes, C);
    ASSERT_EQ(Num.at("hrw"), double(Busiest));
    ASSERT_EQ(Num.at("hrb"), double(BusiestReads));
    ASSERT_EQ(Num.at("hwb"), double(Busiest - BusiestReads));
    ASSERT_EQ(Num.at("hrwc"), double(std::min(Busiest, C)));
    ASSERT_EQ(Num.at("hrwm"), double(Busiest > C ? Busiest - C : 0));
    auto Sym = superstepFeatureExprs(
        Expr::constant(int64_t(Num.at("hr"))),
        Expr::constant(int64_t(Num.at("hw"))),
        Expr::constant(int64_t(Num.at("M"))), Expr::constant(int64_t(P)), C);
    double Upper = double(Sym.at("hrw").evaluate({}));
    ASSERT_EQ(Upper, Num.at("hr") + Num.at("hw"));
    ASSERT_GE(Upper, Num.at("hrw"));
    ASSERT_EQ(Sym.at("hrb").evaluate({}), int64_t(Num.at("hr")));
    ASSERT_EQ(Sym.at("hwb").evaluate({}), int64_t(Num.at("hw")));
    Split += Upper > Num.at("hrw");
  }
  // The random counts do put the maxima on different processors.
  EXPECT_GT(Split, 100);
}

} // namespace
