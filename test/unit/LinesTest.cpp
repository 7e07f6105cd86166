// Checks the numeric line counts of Lines.h against brute force: every
// byte of every row is mapped to its line and the distinct lines counted,
// on random slices, exhaustive small grids, and over every offset an
// alignment admits. Each test prints how many cases it checked.
#include "commcost/Lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace commcost;

namespace {

/// Distinct lines touched by the bytes
///   Offset + p*PlanePitch + r*RowPitch + x,
/// p < Planes, r < Rows, x < Bytes, enumerated one byte at a time.
uint64_t bruteLines(uint64_t Planes, uint64_t Rows, uint64_t Bytes,
                    uint64_t RowPitch, uint64_t PlanePitch, uint64_t Offset,
                    uint64_t LineSize) {
  static std::vector<char> Seen;
  uint64_t First = Offset / LineSize;
  uint64_t End = Offset;
  if (Planes && Rows && Bytes)
    End += (Planes - 1) * PlanePitch + (Rows - 1) * RowPitch + Bytes;
  Seen.assign((End - First * LineSize) / LineSize + 1, 0);
  uint64_t Count = 0;
  for (uint64_t P = 0; P < Planes; ++P)
    for (uint64_t R = 0; R < Rows; ++R)
      for (uint64_t X = 0; X < Bytes; ++X) {
        char &S = Seen[(Offset + P * PlanePitch + R * RowPitch + X) / LineSize -
                       First];
        Count += !S;
        S = 1;
      }
  return Count;
}

uint64_t brute2D(const Slice2D &S, uint64_t Offset, uint64_t LineSize) {
  return bruteLines(1, S.Rows, S.BytesPerRow, S.Pitch, 0, Offset, LineSize);
}

uint64_t brute3D(const Slice3D &S, uint64_t Offset, uint64_t LineSize) {
  return bruteLines(S.Planes, S.Rows, S.BytesPerRow, S.RowPitch, S.PlanePitch,
                    Offset, LineSize);
}

/// Brute-force [min, max] over the offsets an Align-aligned address can
/// have within a line.
template <typename CountFn>
LineBounds bruteBounds(uint64_t Align, uint64_t LineSize, CountFn Count) {
  LineBounds B{~uint64_t(0), 0};
  for (uint64_t O = 0; O < LineSize; O += std::gcd(Align, LineSize)) {
    uint64_t N = Count(O);
    B.Min = std::min(B.Min, N);
    B.Max = std::max(B.Max, N);
  }
  return B;
}

void reportCases(const char *What, uint64_t N) {
  ::testing::Test::RecordProperty("cases", std::to_string(N));
  std::cout << "[ cases    ] " << N << " " << What << " checked\n";
}

/// Random slices covering every regime: W == c, rows sharing lines, W < L,
/// gaps of more than a line; element sizes 1..16 and offsets of every
/// residue.
struct SliceGen {
  std::mt19937_64 Rng{20240611};
  uint64_t uniform(uint64_t Lo, uint64_t Hi) {
    return std::uniform_int_distribution<uint64_t>(Lo, Hi)(Rng);
  }
  uint64_t lineSize() { return uint64_t(32) << uniform(0, 2); }
  uint64_t rowBytes(uint64_t LineSize) {
    uint64_t Elem = uniform(1, 16);
    return Elem * uniform(1, 2 * LineSize / Elem + 1);
  }
  uint64_t pitch(uint64_t Bytes, uint64_t LineSize) {
    switch (uniform(0, 3)) {
    case 0:
      return Bytes;
    case 1:
      return Bytes + uniform(0, LineSize); // rows may share lines
    default:
      return Bytes + uniform(0, 4 * LineSize);
    }
  }
  uint64_t offset(uint64_t LineSize) {
    return uniform(0, 1) ? uniform(0, LineSize - 1) : uniform(0, 1 << 20);
  }
  uint64_t align() { return uint64_t(1) << uniform(0, 8); }
  Slice2D slice2D(uint64_t LineSize, uint64_t MaxRows) {
    Slice2D S;
    S.Rows = uniform(1, MaxRows);
    S.BytesPerRow = rowBytes(LineSize);
    S.Pitch = pitch(S.BytesPerRow, LineSize);
    return S;
  }
  Slice3D slice3D(uint64_t LineSize) {
    Slice3D S;
    S.Planes = uniform(1, 6);
    S.Rows = uniform(1, 6);
    S.BytesPerRow = rowBytes(LineSize);
    S.RowPitch = pitch(S.BytesPerRow, LineSize);
    uint64_t Extent = (S.Rows - 1) * S.RowPitch + S.BytesPerRow;
    S.PlanePitch =
        uniform(0, 4) == 0 ? S.Rows * S.RowPitch : pitch(Extent, LineSize);
    return S;
  }
};

std::string describe(const Slice2D &S, uint64_t Offset, uint64_t LineSize) {
  return "rows " + std::to_string(S.Rows) + " bytes " +
         std::to_string(S.BytesPerRow) + " pitch " + std::to_string(S.Pitch) +
         " offset " + std::to_string(Offset) + " line " +
         std::to_string(LineSize);
}

std::string describe(const Slice3D &S, uint64_t Offset, uint64_t LineSize) {
  return "planes " + std::to_string(S.Planes) + " plane pitch " +
         std::to_string(S.PlanePitch) + " " +
         describe(Slice2D{S.Rows, S.BytesPerRow, S.RowPitch}, Offset, LineSize);
}

TEST(LinesFloorSum, MatchesTermByTermSum) {
  uint64_t Cases = 0;
  for (uint64_t M = 1; M <= 13; ++M)
    for (uint64_t A = 0; A <= 30; ++A)
      for (uint64_t B = 0; B <= 30; B += 3)
        for (uint64_t N = 0; N <= 12; ++N) {
          uint64_t Sum = 0;
          for (uint64_t I = 0; I < N; ++I)
            Sum += (A * I + B) / M;
          ASSERT_EQ(floorSum(N, M, A, B), Sum)
              << N << " " << M << " " << A << " " << B;
          ++Cases;
        }
  reportCases("floor sums", Cases);
}

TEST(LinesFloorSum, LargeArgumentsAndOverflow) {
  // sum_{i<N} floor(i * M / M) = N(N-1)/2, with operands near 2^32.
  uint64_t N = uint64_t(1) << 32, M = (uint64_t(1) << 32) - 5;
  EXPECT_EQ(floorSum(N, M, M, 0), N * (N - 1) / 2);
  EXPECT_THROW(floorSum(uint64_t(1) << 40, 1, uint64_t(1) << 40, 0),
               std::overflow_error);
  EXPECT_THROW(floorSum(3, 0, 1, 1), std::invalid_argument);
}

TEST(LinesBlock, EveryOffsetAndAlignment) {
  uint64_t Cases = 0;
  for (uint64_t L : {1, 6, 8, 32, 64})
    for (uint64_t Bytes = 0; Bytes <= 3 * L + 1; ++Bytes) {
      auto Brute = [&](uint64_t O) {
        return bruteLines(1, 1, Bytes, 0, 0, O, L);
      };
      for (uint64_t O = 0; O < 2 * L; ++O, ++Cases)
        ASSERT_EQ(uniqueLinesOfBlock(Bytes, O, L), Brute(O))
            << Bytes << " bytes at " << O << " line " << L;
      for (uint64_t A = 1; A <= 4 * L; A *= 2, ++Cases)
        ASSERT_EQ(uniqueLinesOfBlock(Bytes, Placement::aligned(A), L),
                  bruteBounds(A, L, Brute))
            << Bytes << " bytes align " << A << " line " << L;
    }
  reportCases("blocks", Cases);
}

TEST(LinesSlice2D, RandomAgainstBruteForce) {
  SliceGen G;
  const uint64_t N = 100000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    Slice2D S = G.slice2D(L, 40);
    uint64_t O = G.offset(L);
    ASSERT_EQ(uniqueLinesOf2DSlice(S, O, L), brute2D(S, O, L))
        << describe(S, O, L);
  }
  reportCases("random 2-D slices", N);
}

TEST(LinesSlice2D, ExhaustiveSmallGrid) {
  uint64_t Cases = 0;
  std::vector<uint64_t> AtOffset;
  for (uint64_t L : {1, 2, 4, 6, 8})
    for (uint64_t C = 1; C <= 2 * L + 1; ++C)
      for (uint64_t W = C; W <= C + 2 * L + 1; ++W)
        for (uint64_t R = 1; R <= 2 * L + 2; ++R) {
          Slice2D S{R, C, W};
          AtOffset.clear();
          for (uint64_t O = 0; O < L; ++O, ++Cases) {
            AtOffset.push_back(brute2D(S, O, L));
            ASSERT_EQ(uniqueLinesOf2DSlice(S, O, L), AtOffset.back())
                << describe(S, O, L);
          }
          for (uint64_t A = 1; A <= 2 * L; A *= 2, ++Cases)
            ASSERT_EQ(
                uniqueLinesOf2DSlice(S, Placement::aligned(A), L),
                bruteBounds(A, L, [&](uint64_t O) { return AtOffset[O]; }))
                << describe(S, 0, L) << " align " << A;
        }
  reportCases("2-D grid slices and alignments", Cases);
}

TEST(LinesSlice2D, AlignedBoundsAreAttained) {
  SliceGen G;
  const uint64_t N = 4000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    Slice2D S = G.slice2D(L, 10);
    uint64_t A = G.align();
    ASSERT_EQ(uniqueLinesOf2DSlice(S, Placement::aligned(A), L),
              bruteBounds(A, L, [&](uint64_t O) { return brute2D(S, O, L); }))
        << describe(S, 0, L) << " align " << A;
  }
  reportCases("random 2-D slices over alignments", N);
}

TEST(LinesSlice2D, HermiteFormPerPeriod) {
  // docs/design.md: rows that never share a line touch P + floor((c-1+b)/g)
  // lines per period of P = L/g rows, g = gcd(W, L), b = offset mod g.
  SliceGen G;
  const uint64_t N = 20000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    uint64_t C = G.rowBytes(L);
    uint64_t W = C + L - 1 + G.uniform(0, 3 * L);
    uint64_t O = G.offset(L);
    uint64_t Gcd = std::gcd(W, L), Period = L / Gcd;
    uint64_t Periods = G.uniform(1, uint64_t(1) << 30);
    uint64_t PerPeriod = Period + (C - 1 + O % Gcd) / Gcd;
    ASSERT_EQ(uniqueLinesOf2DSlice({Periods * Period, C, W}, O, L),
              Periods * PerPeriod)
        << describe(Slice2D{Periods * Period, C, W}, O, L);
  }
  reportCases("full-period slices against the Hermite form", N);
}

TEST(LinesSlice2D, HugeRowCountsSplitIntoParts) {
  // Rows that never share a line: the count of R1 + R2 rows is the count of
  // the first R1 rows plus that of the last R2, which start R1 pitches on.
  SliceGen G;
  const uint64_t N = 2000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    uint64_t C = G.rowBytes(L);
    uint64_t W = C + L + G.uniform(0, 1000);
    uint64_t R1 = G.uniform(1, uint64_t(1) << 40), R2 = G.uniform(1, 1000);
    uint64_t O = G.offset(L);
    EXPECT_EQ(uniqueLinesOf2DSlice({R1 + R2, C, W}, O, L),
              uniqueLinesOf2DSlice({R1, C, W}, O, L) +
                  uniqueLinesOf2DSlice({R2, C, W}, O + R1 * W, L))
        << describe(Slice2D{R1 + R2, C, W}, O, L);
    EXPECT_EQ(uniqueLinesOf2DSlice({R2, C, W}, O + R1 * W, L),
              brute2D({R2, C, W}, (O + R1 * W) % L, L));
  }
  reportCases("huge 2-D slices split in two", N);
}

TEST(LinesSlice3D, RandomAgainstBruteForce) {
  SliceGen G;
  const uint64_t N = 20000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    Slice3D S = G.slice3D(L);
    uint64_t O = G.offset(L);
    ASSERT_EQ(uniqueLinesOf3DSlice(S, O, L), brute3D(S, O, L))
        << describe(S, O, L);
  }
  reportCases("random 3-D slices", N);
}

TEST(LinesSlice3D, ExhaustiveSmallGrid) {
  uint64_t Cases = 0;
  for (uint64_t L : {2, 4, 8})
    for (uint64_t C = 1; C <= L + 1; ++C)
      for (uint64_t W = C; W <= C + L + 1; W += 1 + (W - C) / 2)
        for (uint64_t R = 1; R <= 3; ++R) {
          uint64_t Extent = (R - 1) * W + C;
          for (uint64_t PW = Extent; PW <= Extent + 2 * L + 1; ++PW)
            for (uint64_t P = 1; P <= 2 * L + 1; ++P)
              for (uint64_t O = 0; O < L; ++O, ++Cases) {
                Slice3D S{P, R, C, W, PW};
                ASSERT_EQ(uniqueLinesOf3DSlice(S, O, L), brute3D(S, O, L))
                    << describe(S, O, L);
              }
        }
  reportCases("3-D grid slices", Cases);
}

TEST(LinesSlice3D, AlignedBoundsAreAttained) {
  SliceGen G;
  const uint64_t N = 2000;
  for (uint64_t I = 0; I < N; ++I) {
    uint64_t L = G.lineSize();
    Slice3D S = G.slice3D(L);
    uint64_t A = G.align();
    ASSERT_EQ(uniqueLinesOf3DSlice(S, Placement::aligned(A), L),
              bruteBounds(A, L, [&](uint64_t O) { return brute3D(S, O, L); }))
        << describe(S, 0, L) << " align " << A;
  }
  reportCases("random 3-D slices over alignments", N);
}

TEST(LinesSlice3D, CollapsedDimensionsAgreeWith2D) {
  // A plane pitch of rows * row pitch continues the rows of one 2-D slice.
  Slice3D S{1000000000, 7, 24, 40, 280};
  EXPECT_EQ(uniqueLinesOf3DSlice(S, 3, 64),
            uniqueLinesOf2DSlice({7000000000, 24, 40}, 3, 64));
  // A row pitch equal to the row length makes each plane one block.
  Slice3D T{1000000, 5, 24, 24, 1000};
  EXPECT_EQ(uniqueLinesOf3DSlice(T, 3, 64),
            uniqueLinesOf2DSlice({1000000, 120, 1000}, 3, 64));
}

TEST(LinesErrors, BadSlicesNameTheField) {
  auto Message = [](auto F) -> std::string {
    try {
      F();
    } catch (const SliceError &E) {
      return E.what();
    }
    return "no SliceError";
  };
  EXPECT_EQ(Message([] {
              uniqueLinesOf2DSlice({3, 16, 8}, 0, 64);
            }),
            "row pitch 8 is smaller than bytes per row 16 (rows would "
            "overlap)");
  EXPECT_NE(Message([] {
              uniqueLinesOf3DSlice({2, 2, 8, 16, 20}, 0, 64);
            }).find("plane pitch 20 is smaller than the plane extent 24"),
            std::string::npos);
  EXPECT_NE(Message([] { uniqueLinesOfBlock(8, 0, 0); }).find("line size"),
            std::string::npos);
  EXPECT_NE(Message([] {
              uniqueLinesOf2DSlice({2, 8, 8}, 0, uint64_t(1) << 33);
            }).find("above 2^32"),
            std::string::npos);
  EXPECT_NE(Message([] {
              uniqueLinesOf2DSlice({uint64_t(1) << 40, 8, 1 << 30}, 0, 64);
            }).find("2^64"),
            std::string::npos);
  // One row or one plane needs no pitch.
  EXPECT_EQ(uniqueLinesOf2DSlice({1, 16, 0}, 60, 64), 2u);
  EXPECT_EQ(uniqueLinesOf3DSlice({1, 2, 16, 64, 0}, 60, 64), 3u);
}

TEST(LinesErrors, EmptySlicesTouchNothing) {
  EXPECT_EQ(uniqueLinesOfBlock(0, 5, 64), 0u);
  EXPECT_EQ(uniqueLinesOf2DSlice({0, 16, 4}, 5, 64), 0u);
  EXPECT_EQ(uniqueLinesOf2DSlice({4, 0, 4}, 5, 64), 0u);
  EXPECT_EQ(uniqueLinesOf3DSlice({0, 4, 4, 4, 4}, Placement::aligned(8), 64),
            (LineBounds{0, 0}));
}

} // namespace
