// The suite generators: Suite 2 keeps the maxima, Suite 3 the totals, and
// random message-passing patterns keep (h_i, h_o, M); the marshalling
// suite's train and test sets span the time it ran, and its shapes include
// those programs pack most.
#include "Generators.h"
#include "Suite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <numeric>

using namespace commcost::calib;

namespace {
uint64_t maxOf(const std::vector<uint64_t> &V) {
  return *std::max_element(V.begin(), V.end());
}
uint64_t sumOf(const std::vector<uint64_t> &V) {
  return std::accumulate(V.begin(), V.end(), uint64_t(0));
}
/// Visits the features of each of N marshalling points drawn (seed 7) for
/// a machine with these caches.
template <class Visitor>
void drawMarshalling(decltype(commcost::MachineInfo::Caches) Caches, int N,
                     Visitor Visit) {
  RunContext Ctx;
  Ctx.Machine.Caches = std::move(Caches);
  Rng Random(7);
  for (int I = 0; I < N; ++I)
    Visit(randomMarshallingPoint(Ctx, Random).Record.Features);
}
} // namespace

TEST(Generators, Suite1MatchesThePaper) {
  Superstep G = suite1Superstep(SmpPattern::LikeGather, 3, 8000, 8);
  EXPECT_EQ(G.Reads, (std::vector<uint64_t>{8000, 8000, 8000, 0, 0, 0, 0, 0}));
  EXPECT_EQ(G.Writes, std::vector<uint64_t>(8, 3000));
  Superstep V = suite1Superstep(SmpPattern::Vary, 2, 100, 4);
  EXPECT_EQ(V.Reads, V.Writes);
  EXPECT_EQ(sumOf(V.Reads), 200u);
  EXPECT_THROW(suite1Superstep(SmpPattern::Vary, 5, 100, 4),
               std::invalid_argument);
}

TEST(Generators, Suite2KeepsTheMaxima) {
  Rng R(3);
  for (SmpPattern P :
       {SmpPattern::LikeGather, SmpPattern::LikeScatter, SmpPattern::Vary})
    for (unsigned X = 1; X <= 4; ++X)
      for (int Rep = 0; Rep < 20; ++Rep) {
        Superstep Ref = suite1Superstep(P, X, 5000, 4);
        Superstep S = suite2Superstep(P, X, 5000, 4, R);
        EXPECT_EQ(maxOf(S.Reads), maxOf(Ref.Reads));
        EXPECT_EQ(maxOf(S.Writes), maxOf(Ref.Writes));
      }
}

TEST(Generators, Suite3KeepsTheTotals) {
  Rng R(4);
  for (SmpPattern P :
       {SmpPattern::LikeGather, SmpPattern::LikeScatter, SmpPattern::Vary})
    for (unsigned X = 1; X <= 4; ++X)
      for (int Rep = 0; Rep < 20; ++Rep) {
        Superstep Ref = suite1Superstep(P, X, 5001, 4);
        Superstep S = suite3Superstep(P, X, 5001, 4, 2 * 4 * 5001, R);
        EXPECT_EQ(sumOf(S.Reads) + sumOf(S.Writes),
                  sumOf(Ref.Reads) + sumOf(Ref.Writes));
        EXPECT_LE(maxOf(S.Reads), 2u * 4 * 5001);
      }
}

TEST(Generators, SuperstepFeaturesSplitAtTheCache) {
  Superstep S{{300, 50}, {20, 700}};
  auto F = superstepFeatures(S, 100);
  EXPECT_EQ(F["hr"], 300);
  EXPECT_EQ(F["hw"], 700);
  EXPECT_EQ(F["h"], 700);
  EXPECT_EQ(F["M"], 1070);
  EXPECT_EQ(F["hrc"], 100);
  EXPECT_EQ(F["hrm"], 200);
  EXPECT_EQ(F["hwc"], 100);
  EXPECT_EQ(F["hwm"], 600);
}

TEST(Generators, HxPatternsHaveThePapersParameters) {
  // A processor's share for itself stays local: the features count the
  // P - 1 shares that travel.
  const uint64_t H = 12000; // divisible by every x and p
  const unsigned P = 4;
  for (unsigned X = 1; X <= P; ++X) {
    auto S = commFeatures(hxPattern(HxPattern::Scatter, H, X, P));
    EXPECT_EQ(S["ho"], H / P * (P - 1));
    EXPECT_EQ(S["hi"], H / P * (X < P ? X : P - 1));
    EXPECT_EQ(S["M"], H / P * (P - 1) * X);
    auto G = commFeatures(hxPattern(HxPattern::Gather, H, X, P));
    EXPECT_EQ(G["hi"], H / P * (P - 1));
    EXPECT_EQ(G["ho"], H / P * (X < P ? X : P - 1));
    EXPECT_EQ(G["M"], H / P * (P - 1) * X);
    // Square: x senders to the last x processors; a processor in both
    // sets keeps its share. Some sender is outside the receivers (and some
    // receiver outside the senders) unless x = p.
    auto Q = commFeatures(hxPattern(HxPattern::Square, H, X, P));
    unsigned Overlap = 2 * X > P ? 2 * X - P : 0;
    EXPECT_EQ(Q["hi"], X == P ? H - H / X : H);
    EXPECT_EQ(Q["ho"], X == P ? H - H / X : H);
    EXPECT_EQ(Q["M"], H * X - Overlap * (H / X));
  }
}

TEST(Generators, RandomCounterpartsKeepHiHoAndM) {
  Rng R(5);
  for (HxPattern Pat :
       {HxPattern::Scatter, HxPattern::Gather, HxPattern::Square})
    for (unsigned X = 1; X <= 5; ++X) {
      CommMatrix C = hxPattern(Pat, 6000, X, 5);
      auto Want = commFeatures(C);
      bool Changed = false;
      for (int Rep = 0; Rep < 10; ++Rep) {
        CommMatrix Rnd = randomCounterpart(C, R);
        auto Got = commFeatures(Rnd);
        EXPECT_EQ(Got["hi"], Want["hi"]);
        EXPECT_EQ(Got["ho"], Want["ho"]);
        EXPECT_EQ(Got["M"], Want["M"]);
        uint64_t LocalBefore = 0, LocalAfter = 0; // local stays local
        for (unsigned I = 0; I < 5; ++I) {
          LocalBefore += C[I][I];
          LocalAfter += Rnd[I][I];
        }
        EXPECT_EQ(LocalAfter, LocalBefore);
        Changed |= Rnd != C;
      }
      EXPECT_TRUE(Changed);
    }
}

TEST(Generators, JuurlinkPatterns) {
  auto F = commFeatures(fullHRelation(900, 4));
  EXPECT_EQ(F["hi"], 900);
  EXPECT_EQ(F["ho"], 900);
  auto S = commFeatures(hItemScatter(800, 4));
  EXPECT_EQ(S["ho"], 600); // its own share stays with processor 0
  EXPECT_EQ(S["hi"], 200);
  auto B = commFeatures(blockPermutation(64, 4));
  EXPECT_EQ(B["M"], 256);
  EXPECT_EQ(B["m"], 64);
  auto One = commFeatures(singleSend(64, 4));
  EXPECT_EQ(One["M"], 64);
  EXPECT_EQ(One["n"], 1);
}

TEST(Generators, LogSpacedSizes) {
  auto V = logSpaced(10, 1000, 3);
  EXPECT_EQ(V, (std::vector<uint64_t>{10, 100, 1000}));
  auto Q = logSpaced(1, 100, 50, 64);
  EXPECT_TRUE(std::is_sorted(Q.begin(), Q.end()));
  EXPECT_EQ(Q.front(), 64u);
  EXPECT_EQ(std::adjacent_find(Q.begin(), Q.end()), Q.end());
}

TEST(Generators, MessageSizesBracketEachProtocolLimit) {
  // Log-spaced sizes, every power of two, and the sizes within 64 bytes
  // below and 8 above each limit in range; a limit outside the range, or
  // too small to subtract from, adds nothing.
  auto V = messageSizes(8, 1u << 20, 5, {4096, 32768, 4u << 20, 40});
  EXPECT_TRUE(std::is_sorted(V.begin(), V.end()));
  EXPECT_EQ(std::adjacent_find(V.begin(), V.end()), V.end());
  for (uint64_t P = 8; P <= (1u << 20); P *= 2)
    EXPECT_TRUE(std::binary_search(V.begin(), V.end(), P)) << P;
  for (uint64_t L : {4096u, 32768u})
    for (uint64_t S : {L - 64, L - 32, L - 16, L - 8, L, L + 8})
      EXPECT_TRUE(std::binary_search(V.begin(), V.end(), S)) << S;
  for (uint64_t S : logSpaced(8, 1u << 20, 5, 8))
    EXPECT_TRUE(std::binary_search(V.begin(), V.end(), S)) << S;
  // 18 powers of two, 12 beside the limits (4096 and 32768 counted once),
  // 3 log-spaced sizes that are neither.
  EXPECT_EQ(V.size(), 18u + 10u + 3u);
  EXPECT_EQ(V.back(), 1u << 20);
  EXPECT_EQ(V.front(), 8u);
}

TEST(Generators, SparseMessageSizesKeepOnlyTheGivenNeighbours) {
  // --quick's cold streams: log-spaced sizes and 16 below and 8 above each
  // limit, no powers of two of their own.
  auto V = messageSizes(8, 1u << 20, 5, {4096, 32768, 40}, {-16, 8},
                        /*PowersOfTwo=*/false);
  std::vector<uint64_t> Want = logSpaced(8, 1u << 20, 5, 8);
  Want.insert(Want.end(), {4080, 4104, 32752, 32776});
  std::sort(Want.begin(), Want.end());
  EXPECT_EQ(V, Want);
}

TEST(Generators, MarshallingSetsSpanTheSuite) {
  // 300 cold and 100 warm points in the order measured, each timed at its
  // place in the order: a machine that slows down linearly while the suite
  // runs. Trained on the first third, a model would see the fastest third;
  // the sets must see the drift alike.
  std::vector<Point> Points;
  for (int I = 0; I < 400; ++I) {
    bool Warm = I % 4 == 3;
    Points.push_back({"marshalling",
                      "column",
                      "",
                      1,
                      {{"warm", Warm ? 1.0 : 0.0}},
                      {double(I)}});
  }
  splitMarshallingSets(Points);
  std::map<std::string, std::vector<double>> Times;
  for (const Point &P : Points)
    Times[P.Set].push_back(P.SamplesUs[0]);
  ASSERT_EQ(Times.size(), 4u);
  EXPECT_EQ(Times["train"].size(), 100u);
  EXPECT_EQ(Times["test"].size(), 200u);
  EXPECT_EQ(Times["warm-train"].size(), 50u);
  EXPECT_EQ(Times["warm-test"].size(), 50u);
  auto Mean = [](const std::vector<double> &V) {
    return std::accumulate(V.begin(), V.end(), 0.0) / V.size();
  };
  // Each set's mean time within 2% of the suite's (199.5; the first
  // third's would be 66.5).
  for (const auto &[Set, T] : Times)
    EXPECT_NEAR(Mean(T), 199.5, 4) << Set;
}

TEST(Generators, MarshallingDrawsTheShapesProgramsPack) {
  // The copy model is fitted on random shapes; the shapes programs pack
  // most must be among them in numbers a fit weighs: single columns that
  // cross a page a row (a halo pack), and 2-16 columns walked columns
  // outer at a power-of-two pitch (each column after the first brought in
  // again). About 1 shape in 7 and 1 in 8 are drawn; at random widths
  // alone, single columns were 1 in 16.
  unsigned Single = 0, ColumnsOuter = 0;
  drawMarshalling({{1, 48 << 10, false, 12},
                   {2, 1280 << 10, false, 20},
                   {3, 32 << 20, false, 16}},
                  1200, [&](const auto &F) {
    bool PageARow = F.at("cols") * 8 >= 4096 && F.at("memcpy_rows") == 0;
    Single += PageARow && F.at("count") == 1 && F.at("rows") >= 2;
    double Cols = F.at("cols");
    ColumnsOuter += F.at("columns_outer") != 0 && F.at("count") >= 2 &&
                    std::has_single_bit(uint64_t(Cols)) && PageARow;
  });
  EXPECT_GE(Single, 1200u / 10) << "single columns a page a row";
  EXPECT_GE(ColumnsOuter, 1200u / 12) << "columns outer, power-of-two pitch";
}

TEST(Generators, MarshallingDrawsTiledTransposesAtBothKindsOfPitch) {
  // Transposes in square tiles, with rows a multiple of the L1's way span
  // apart (each tile's written lines crowd one set: L_swc) and padded
  // (none): what L_swc costs apart from the lines L2 brings in again,
  // which the untiled power-of-two transposes carry beside it.
  unsigned Crowded = 0, Spread = 0;
  drawMarshalling({{1, 32 << 10, false, 8},
                   {2, 1 << 20, false, 8},
                   {3, 32 << 20, true, 16}},
                  1200, [&](const auto &F) {
    if (F.at("tile") != 0 && F.at("L_sww") != 0)
      (F.at("L_swc") > 0 ? Crowded : Spread) += 1;
  });
  // About 1 in 200 and 1 in 40 (7 and 101 of a calibration's cold
  // points, 6 and 33 here).
  EXPECT_GE(Crowded, 3u) << "tiled, one set";
  EXPECT_GE(Spread, 1200u / 60) << "tiled, spread";
}

TEST(Generators, MarshallingWalksColumnsBeyondEveryTlbTriedBesideASmallCache) {
  // Beside a last level of 8 MiB the largest matrix side is 2048: without
  // taller matrices no column walked more pages than a TLB of 2048 holds,
  // and the pages walked again were priced 0 for want of shapes. Columns
  // outer of up to twice the largest TLB tried in rows: about 1 shape in
  // 56 walks pages again beyond a TLB of 2048 and 1 in 170 beyond 8192.
  unsigned Beyond2048 = 0, Beyond8192 = 0;
  drawMarshalling({{1, 32 << 10, false, 8},
                   {2, 512 << 10, false, 8},
                   {3, 8 << 20, true, 16}},
                  3000, [&](const auto &F) {
    Beyond2048 += F.at("P_re_2048") > 0;
    Beyond8192 += F.at("P_re_8192") > 0;
  });
  EXPECT_GE(Beyond2048, 3000u / 100) << "pages walked again, TLB of 2048";
  EXPECT_GE(Beyond8192, 3000u / 400) << "pages walked again, TLB of 8192";
}
