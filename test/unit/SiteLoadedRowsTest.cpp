// Units of a footprint repeated at pointers loaded in its loops
// (Footprint::LoadedRows, a row of miniAMR's double ****array per
// iteration): the bounds against brute force over placements of the copies,
// apart, abutting, overlapping or the same, and each bound reached by some
// placement.
#include "commcost/Site.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

using namespace commcost;

namespace {
constexpr uint64_t Line = 64;

struct Shape {
  uint64_t Elem, Rows, RowBytes, Pitch; ///< one copy: Rows rows, Pitch apart
  uint64_t extent() const { return (Rows - 1) * Pitch + RowBytes; }
};

Shape randomShape(std::mt19937 &R) {
  uint64_t Elem = uint64_t(1) << (R() % 4);
  uint64_t Rows = R() % 3 ? 1 : 1 + R() % 4;
  uint64_t RowBytes = Elem * (1 + R() % 40);
  uint64_t Pitch = RowBytes + Elem * (R() % 30);
  return {Elem, Rows, RowBytes, Pitch};
}

Footprint footprint(const Shape &S, uint64_t Copies) {
  Footprint F;
  F.Slice.Rows = Expr::constant(int64_t(S.Rows));
  F.Slice.BytesPerRow = Expr::constant(int64_t(S.RowBytes));
  F.Slice.RowPitch = Expr::constant(int64_t(S.Pitch));
  F.Slice.PlanePitch = Expr::constant(int64_t(S.extent()));
  // A loaded pointer is known to be aligned to its element only.
  F.Where.BaseAlign = S.Elem;
  F.Where.OffsetAlign = S.Elem;
  F.Where.BaseNote = "element alignment";
  F.LoadedRows = Expr::constant(int64_t(Copies));
  return F;
}

/// Lines of the copies of S starting at Starts (bytes).
uint64_t bruteForce(const Shape &S, const std::vector<uint64_t> &Starts) {
  std::set<uint64_t> Lines;
  for (uint64_t At : Starts)
    for (uint64_t Row = 0; Row < S.Rows; ++Row)
      for (uint64_t B = 0; B < S.RowBytes; ++B)
        Lines.insert((At + Row * S.Pitch + B) / Line);
  return Lines.size();
}

/// Copies of S at element-aligned places: in a random order, some apart,
/// some abutting, some overlapping and some the same.
std::vector<uint64_t> randomPlacement(std::mt19937 &R, const Shape &S,
                                      uint64_t Copies) {
  std::vector<uint64_t> Starts;
  uint64_t At = S.Elem * (R() % (Line / S.Elem));
  for (uint64_t C = 0; C < Copies; ++C) {
    Starts.push_back(At);
    switch (R() % 4) {
    case 0: // the same again
      break;
    case 1: // overlapping
      At += S.Elem * (R() % (S.extent() / S.Elem + 1));
      break;
    case 2: // abutting
      At += S.extent();
      break;
    default:
      At += S.extent() + S.Elem * (R() % 20);
    }
  }
  std::shuffle(Starts.begin(), Starts.end(), R);
  return Starts;
}

SymbolicLineBounds bounds(const Shape &S, uint64_t Copies) {
  std::string Why;
  auto B = uniqueLinesOfFootprint(footprint(S, Copies), Line, Why, nullptr);
  EXPECT_TRUE(B) << Why;
  EXPECT_TRUE(B->Min.isConstant() && B->Max.isConstant());
  return *B;
}
} // namespace

TEST(SiteLoadedRows, BoundsHoldWhereverTheCopiesLie) {
  std::mt19937 R(20261127);
  for (int Case = 0; Case < 3000; ++Case) {
    Shape S = randomShape(R);
    uint64_t Copies = R() % 9;
    SymbolicLineBounds B = bounds(S, Copies);
    for (int Try = 0; Try < 10; ++Try) {
      int64_t N = int64_t(bruteForce(S, randomPlacement(R, S, Copies)));
      ASSERT_LE(B.Min.constantValue(), N) << "case " << Case;
      ASSERT_GE(B.Max.constantValue(), N) << "case " << Case;
    }
  }
}

TEST(SiteLoadedRows, EachBoundIsReached) {
  std::mt19937 R(5);
  for (int Case = 0; Case < 2000; ++Case) {
    Shape S = randomShape(R);
    uint64_t Copies = 1 + R() % 8;
    SymbolicLineBounds B = bounds(S, Copies);
    std::vector<uint64_t> Same(Copies), Spread(Copies);
    // All at the residue where one copy spans the fewest lines, and all
    // apart at the one where it spans the most.
    uint64_t Best = 0, BestLines = UINT64_MAX, Worst = 0, WorstLines = 0;
    for (uint64_t Res = 0; Res < Line; Res += S.Elem) {
      uint64_t N = bruteForce(S, {Res});
      if (N < BestLines)
        Best = Res, BestLines = N;
      if (N > WorstLines)
        Worst = Res, WorstLines = N;
    }
    std::fill(Same.begin(), Same.end(), Best);
    for (uint64_t C = 0; C < Copies; ++C)
      Spread[C] = Worst + C * Line * (2 + S.extent() / Line);
    EXPECT_EQ(B.Min.constantValue(), int64_t(bruteForce(S, Same)))
        << "case " << Case;
    EXPECT_EQ(B.Max.constantValue(), int64_t(bruteForce(S, Spread)))
        << "case " << Case;
  }
}
