// Sites of blocks touched in pieces and of collectives: the lines of a
// footprint with Pieces (exact for one block, bounds when repeated) and
// with a LongestPiece (bounds) against brute-force enumeration, and the
// features of a collective's relation.
#include "commcost/Site.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

using namespace commcost;

namespace {
constexpr uint64_t Line = 64;

/// Sorted, disjoint pieces in a block of at most Span bytes.
std::vector<Piece> randomPieces(std::mt19937 &R, int64_t Span) {
  std::vector<Piece> P;
  int64_t At = std::uniform_int_distribution<int64_t>(0, 8)(R);
  while (At < Span) {
    int64_t Len = std::uniform_int_distribution<int64_t>(1, 40)(R);
    Len = std::min(Len, Span - At);
    P.push_back({At, Len});
    At += Len + std::uniform_int_distribution<int64_t>(1, 90)(R);
    if (P.size() == 12)
      break;
  }
  return P;
}

/// Lines of Rows copies of the pieces, Pitch apart, the block at Residue.
uint64_t bruteForce(const std::vector<Piece> &P, uint64_t Residue,
                    uint64_t Rows, uint64_t Pitch) {
  std::set<uint64_t> Lines;
  for (uint64_t R = 0; R < Rows; ++R)
    for (const Piece &X : P)
      for (int64_t B = 0; B < X.Bytes; ++B)
        Lines.insert((Residue + R * Pitch + uint64_t(X.Offset + B)) / Line);
  return Lines.size();
}

/// Residues (in a line) of the first byte the anchor allows.
std::vector<uint64_t> residues(const Anchor &A) {
  Placement P = placementIn(A, Line);
  std::vector<uint64_t> Out;
  for (uint64_t R = P.firstIn(Line); R < Line; R += P.stepIn(Line))
    Out.push_back(R);
  return Out;
}

Footprint footprint(const std::vector<Piece> &P, uint64_t Rows,
                    uint64_t Pitch, const Anchor &A) {
  Footprint F;
  int64_t Span = P.back().Offset + P.back().Bytes;
  F.Slice.BytesPerRow = Expr::constant(Span);
  F.Slice.Rows = Expr::constant(int64_t(Rows));
  F.Slice.RowPitch = Expr::constant(int64_t(Pitch));
  F.Slice.PlanePitch = Expr::constant(int64_t(Pitch * Rows));
  F.Pieces = P;
  F.Where = A;
  return F;
}

Anchor randomAnchor(std::mt19937 &R) {
  Anchor A;
  if (R() % 2) {
    A.BaseAlign = 64;
    A.Offset = int64_t(R() % 200);
  } else {
    A.BaseAlign = uint64_t(1) << (R() % 7);
    A.OffsetAlign = uint64_t(1) << (R() % 7);
  }
  return A;
}
} // namespace

TEST(Site, PiecesOfOneBlockAreExactOverPlacements) {
  std::mt19937 R(7);
  for (int Case = 0; Case < 3000; ++Case) {
    auto P = randomPieces(R, 400);
    Anchor A = randomAnchor(R);
    std::string Why;
    auto B = uniqueLinesOfFootprint(footprint(P, 1, 1000, A), Line, Why,
                                    nullptr);
    ASSERT_TRUE(B) << Why;
    uint64_t Min = UINT64_MAX, Max = 0;
    for (uint64_t Res : residues(A)) {
      uint64_t N = bruteForce(P, Res, 1, 0);
      Min = std::min(Min, N);
      Max = std::max(Max, N);
    }
    ASSERT_EQ(B->Min, Expr::constant(int64_t(Min))) << "case " << Case;
    ASSERT_EQ(B->Max, Expr::constant(int64_t(Max))) << "case " << Case;
  }
}

TEST(Site, RepeatedPiecesAreBoundedByTheirLongestAndTheirSum) {
  std::mt19937 R(11);
  int Exact = 0;
  for (int Case = 0; Case < 2000; ++Case) {
    auto P = randomPieces(R, 300);
    int64_t Span = P.back().Offset + P.back().Bytes;
    uint64_t Rows = 2 + R() % 6;
    uint64_t Pitch = uint64_t(Span) + R() % 200;
    Anchor A = randomAnchor(R);
    std::string Why;
    auto B = uniqueLinesOfFootprint(footprint(P, Rows, Pitch, A), Line, Why,
                                    nullptr);
    ASSERT_TRUE(B) << Why;
    ASSERT_TRUE(B->Min.isConstant() && B->Max.isConstant());
    for (uint64_t Res : residues(A)) {
      int64_t N = int64_t(bruteForce(P, Res, Rows, Pitch));
      ASSERT_LE(B->Min.constantValue(), N) << "case " << Case;
      ASSERT_GE(B->Max.constantValue(), N) << "case " << Case;
    }
    Exact += B->Min == B->Max;
  }
  // Bounds, not a constant: they differ for most shapes.
  EXPECT_LT(Exact, 1000);
}

TEST(Site, LongestPieceBoundsBlocksOfUnknownPieces) {
  std::mt19937 R(13);
  for (int Case = 0; Case < 2000; ++Case) {
    auto P = randomPieces(R, 500);
    int64_t Longest = 0;
    for (const Piece &X : P)
      Longest = std::max(Longest, X.Bytes);
    uint64_t Rows = 1 + R() % 4;
    int64_t Span = P.back().Offset + P.back().Bytes;
    uint64_t Pitch = uint64_t(Span) + R() % 100;
    Anchor A = randomAnchor(R);
    Footprint F = footprint(P, Rows, Pitch, A);
    F.Pieces.clear();
    F.LongestPiece = Expr::constant(Longest - int64_t(R() % 2));
    std::string Why;
    auto B = uniqueLinesOfFootprint(F, Line, Why, nullptr);
    ASSERT_TRUE(B) << Why;
    for (uint64_t Res : residues(A)) {
      int64_t N = int64_t(bruteForce(P, Res, Rows, Pitch));
      ASSERT_LE(B->Min.constantValue(), N) << "case " << Case;
      ASSERT_GE(B->Max.constantValue(), N) << "case " << Case;
    }
  }
}

TEST(Site, CollectiveFeaturesAreTheRelationOfOneCall) {
  Site S;
  S.Kind = SiteKind::Collective;
  S.Messages = Expr::var("steps");
  S.Collective = Relation{Expr::var("p"), Expr::constant(64),
                          Expr::var("p") * Expr::constant(8),
                          Expr::var("p") * Expr::constant(72)};
  MachineInfo M;
  SiteFeatures F = featuresOf(S, M);
  EXPECT_EQ(F.Values.at("hi"), Expr::constant(64));
  EXPECT_EQ(F.Values.at("ho"), Expr::var("p") * Expr::constant(8));
  EXPECT_EQ(F.Values.at("h"),
            Expr::max(Expr::constant(64), Expr::var("p") * Expr::constant(8)));
  EXPECT_EQ(F.Values.at("M"), F.Values.at("V"));
  EXPECT_EQ(F.Values.at("p"), Expr::var("p"));
  EXPECT_EQ(F.Values.at("n"), Expr::var("steps"));
  EXPECT_EQ(siteKindName(S.Kind), "collective");
  // Priced per call, times the calls: n*(gi*hi + go*ho + l).
  Model Mo("F_io-calls", "n*(gi*hi + go*ho + l)",
           {{"gi", 0.5}, {"go", 0.25}, {"l", 1}});
  S.Messages = Expr::constant(3);
  S.Collective->HOut = Expr::constant(16);
  SiteCost C = priceSite(featuresOf(S, M), Mo);
  ASSERT_TRUE(C.Us) << C.Why;
  EXPECT_DOUBLE_EQ(*C.Us, 3 * (0.5 * 64 + 0.25 * 16 + 1));
}
