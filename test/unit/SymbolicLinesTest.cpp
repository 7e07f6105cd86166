// Checks uniqueLinesOfSymbolicSlice: for every supported shape the Min and
// Max expressions are evaluated at many random bindings and compared with
// the numeric counts (themselves checked against brute force in
// LinesTest.cpp) and, for small slices, with brute force directly.
// Unsupported shapes must give a reason. The exactness checks lift the
// limit on printed size (Unlimited); the tests at the end check that limit.
#include "commcost/Lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <set>
#include <string>

using namespace commcost;

namespace {

const Expr N = Expr::var("n");
const Expr M = Expr::var("m");
const Expr P = Expr::var("p");

Expr num(uint64_t V) { return Expr::constant(static_cast<int64_t>(V)); }

constexpr uint64_t Unlimited = ~uint64_t(0);

/// Distinct lines of a 2-D slice, one byte at a time.
uint64_t brute2D(const Slice2D &S, uint64_t Offset, uint64_t LineSize) {
  std::set<uint64_t> Lines;
  for (uint64_t R = 0; R < S.Rows; ++R)
    for (uint64_t X = 0; X < S.BytesPerRow; ++X)
      Lines.insert((Offset + R * S.Pitch + X) / LineSize);
  return Lines.size();
}

struct Checker {
  std::mt19937_64 Rng{77};
  uint64_t Evaluations = 0;

  uint64_t uniform(uint64_t Lo, uint64_t Hi) {
    return std::uniform_int_distribution<uint64_t>(Lo, Hi)(Rng);
  }
  /// Small values, every residue of a period, and large ones.
  int64_t value(uint64_t Max) {
    return static_cast<int64_t>(uniform(0, 2) ? uniform(1, 300)
                                              : uniform(1, Max));
  }

  SymbolicLineBounds bounds(const SymbolicSlice &S, const Placement &Where,
                            uint64_t LineSize) {
    std::string Reason;
    std::optional<SymbolicLineBounds> B =
        uniqueLinesOfSymbolicSlice(S, Where, LineSize, Reason, Unlimited);
    EXPECT_TRUE(B.has_value()) << Reason;
    EXPECT_TRUE(Reason.empty());
    return B.value_or(SymbolicLineBounds{num(0), num(0)});
  }

  /// Compares the bounds at Vars with the numeric result Expected (at a
  /// known offset, Min == Max == the count).
  void expectAt(const SymbolicLineBounds &B, const Expr::IntBindings &Vars,
                const LineBounds &Expected, const std::string &What) {
    ++Evaluations;
    ASSERT_EQ(B.Min.evaluate(Vars), static_cast<int64_t>(Expected.Min))
        << What << "\nmin: " << B.Min;
    ASSERT_EQ(B.Max.evaluate(Vars), static_cast<int64_t>(Expected.Max))
        << What << "\nmax: " << B.Max;
  }
};

LineBounds exactly(uint64_t Lines) { return {Lines, Lines}; }

std::string bindingText(const Expr::IntBindings &Vars) {
  std::string Text;
  for (const auto &[Name, Value] : Vars)
    Text += Name + "=" + std::to_string(Value) + " ";
  return Text;
}

TEST(SymbolicLinesConstant, FoldsToTheNumericCount) {
  Checker C;
  for (int I = 0; I < 500; ++I) {
    uint64_t L = uint64_t(32) << C.uniform(0, 2);
    Slice3D S{C.uniform(1, 4), C.uniform(1, 4), C.uniform(1, 100), 0, 0};
    S.RowPitch = S.BytesPerRow + C.uniform(0, 2 * L);
    S.PlanePitch =
        (S.Rows - 1) * S.RowPitch + S.BytesPerRow + C.uniform(0, 2 * L);
    SymbolicSlice Sym{num(S.Planes), num(S.Rows), num(S.BytesPerRow),
                      num(S.RowPitch), num(S.PlanePitch)};
    uint64_t O = C.uniform(0, L - 1), A = uint64_t(1) << C.uniform(0, 7);
    SymbolicLineBounds Known = C.bounds(Sym, Placement::exactly(O), L);
    SymbolicLineBounds Aligned = C.bounds(Sym, Placement::aligned(A), L);
    ASSERT_TRUE(Known.Min.isConstant() && Aligned.Max.isConstant());
    C.expectAt(Known, {}, exactly(uniqueLinesOf3DSlice(S, O, L)), "known");
    C.expectAt(Aligned, {}, uniqueLinesOf3DSlice(S, Placement::aligned(A), L), "aligned");
  }
  std::cout << "[ cases    ] " << C.Evaluations << " constant slices checked\n";
}

TEST(SymbolicLinesBlock, SymbolicBytes) {
  Checker C;
  for (uint64_t L : {32, 64, 128}) {
    SymbolicSlice Row{num(1), num(1), M, Expr(), Expr()};
    // Rows that continue each other: a block of n * m bytes.
    SymbolicSlice Rows{num(1), N, M, M, Expr()};
    for (uint64_t A = 1; A <= 2 * L; A *= 2) {
      SymbolicLineBounds RowB = C.bounds(Row, Placement::aligned(A), L);
      SymbolicLineBounds RowsB = C.bounds(Rows, Placement::aligned(A), L);
      for (int I = 0; I < 200; ++I) {
        Expr::IntBindings Vars{{"m", C.value(1 << 30)}, {"n", C.value(1000)}};
        C.expectAt(RowB, Vars, uniqueLinesOfBlock(Vars["m"], Placement::aligned(A), L),
                   bindingText(Vars));
        C.expectAt(RowsB, Vars,
                   uniqueLinesOfBlock(Vars["m"] * Vars["n"], Placement::aligned(A), L),
                   bindingText(Vars));
      }
    }
    for (uint64_t O = 0; O < L; ++O) {
      SymbolicLineBounds B = C.bounds(Row, Placement::exactly(O), L);
      for (int I = 0; I < 20; ++I) {
        Expr::IntBindings Vars{{"m", C.value(1 << 30)}};
        C.expectAt(B, Vars, exactly(uniqueLinesOfBlock(Vars["m"], O, L)),
                   bindingText(Vars) + " offset " + std::to_string(O));
      }
    }
  }
  std::cout << "[ cases    ] " << C.Evaluations << " block bindings checked\n";
}

TEST(SymbolicLinesBlock, PrintsCeilDivAtLineStart) {
  std::string Reason;
  auto B = uniqueLinesOfSymbolicSlice({num(1), num(1), M, Expr(), Expr()},
                                      Placement::aligned(64), 64, Reason);
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Min.str(), "ceildiv(m, 64)");
  EXPECT_EQ(B->Min, B->Max);
}

TEST(SymbolicLinesRows, SymbolicRowCountConstantPitch) {
  Checker C;
  for (int I = 0; I < 400; ++I) {
    uint64_t L = uint64_t(32) << C.uniform(0, 2);
    uint64_t Elem = C.uniform(1, 16);
    uint64_t Bytes = Elem * C.uniform(1, 2 * L / Elem + 1);
    // Half the pitches leave gaps of a line or more, half do not.
    uint64_t Pitch = Bytes + C.uniform(0, 1) * L + C.uniform(0, 3 * L);
    SymbolicSlice S{num(1), N, num(Bytes), num(Pitch), Expr()};
    bool Known = C.uniform(0, 1);
    uint64_t O = C.uniform(0, L - 1), A = uint64_t(1) << C.uniform(0, 7);
    Placement Where = Known ? Placement::exactly(O) : Placement::aligned(A);
    SymbolicLineBounds B = C.bounds(S, Where, L);
    for (int J = 0; J < 60; ++J) {
      Expr::IntBindings Vars{{"n", J < 20 ? J + 1 : C.value(1000000000)}};
      Slice2D Flat{static_cast<uint64_t>(Vars["n"]), Bytes, Pitch};
      std::string What = bindingText(Vars) + "bytes " + std::to_string(Bytes) +
                         " pitch " + std::to_string(Pitch) + " line " +
                         std::to_string(L) +
                         (Known ? " offset " + std::to_string(O)
                                : " align " + std::to_string(A));
      LineBounds Expected = Known ? exactly(uniqueLinesOf2DSlice(Flat, O, L))
                                  : uniqueLinesOf2DSlice(Flat, Placement::aligned(A), L);
      C.expectAt(B, Vars, Expected, What);
      if (Known && Flat.Rows <= 40) {
        ASSERT_EQ(Expected.Min, brute2D(Flat, O, L)) << What;
      }
    }
  }
  std::cout << "[ cases    ] " << C.Evaluations
            << " symbolic-row bindings checked\n";
}

// Rows a page or more apart at page size, their start known only modulo
// a small alignment (a char array's rows at up to 4096 offsets of a page,
// up to 4096 rows a period): exact where the floor sums take at most 10
// steps and the offsets times a period's rows are at most 2^16 or the
// offsets at most 16, bounds that hold elsewhere. Pruning every such candidate by its counts took minutes.
TEST(SymbolicLinesRows, PageRowsAtManyOffsets) {
  Checker C;
  const uint64_t L = 4096;
  uint64_t Exact = 0, Bounded = 0;
  for (int I = 0; I < 120; ++I) {
    uint64_t Elem = uint64_t(1) << C.uniform(0, 3);
    uint64_t Bytes = Elem * (C.uniform(0, 1) ? C.uniform(1, 8)
                                             : C.uniform(1, 2 * L / Elem));
    uint64_t Pitch = Bytes + L + Elem * C.uniform(0, 3 * L / Elem);
    uint64_t A = Elem << C.uniform(0, 12 - C.uniform(0, 3));
    uint64_t Offsets = L / std::min(A, L);
    uint64_t Period = L / std::gcd(Pitch % L, L);
    unsigned Steps = 0;
    for (uint64_t M = L, W = Pitch % L; W != 0; ++Steps)
      std::swap(M %= W, W);
    bool ExactHere = Steps <= 10 && (Offsets <= 16 ||
                                     Offsets * Period <= (uint64_t(1) << 16));
    SymbolicSlice S{num(1), N, num(Bytes), num(Pitch), Expr()};
    SymbolicLineBounds B = C.bounds(S, Placement::aligned(A), L);
    for (int J = 0; J < 12; ++J) {
      Expr::IntBindings Vars{{"n", J < 6 ? J + 1 : C.value(100000)}};
      Slice2D Flat{static_cast<uint64_t>(Vars["n"]), Bytes, Pitch};
      std::string What = bindingText(Vars) + "bytes " + std::to_string(Bytes) +
                         " pitch " + std::to_string(Pitch) + " align " +
                         std::to_string(A);
      LineBounds Truth = uniqueLinesOf2DSlice(Flat, Placement::aligned(A), L);
      if (ExactHere) {
        C.expectAt(B, Vars, Truth, What);
        ++Exact;
        continue;
      }
      ASSERT_LE(B.Min.evaluate(Vars), int64_t(Truth.Min)) << What;
      ASSERT_GE(B.Max.evaluate(Vars), int64_t(Truth.Max)) << What;
      ++Bounded;
    }
  }
  EXPECT_GT(Exact, 0u);
  EXPECT_GT(Bounded, 0u);
  std::cout << "[ cases    ] " << Exact << " exact, " << Bounded
            << " bounded page-row bindings\n";
}

TEST(SymbolicLinesRows, SymbolicPitchAlignedRows) {
  // A column of an n x n matrix of e-byte elements (pitch e*n), and wider
  // columns, with every guaranteed alignment and every known offset whose
  // rows keep their line count.
  Checker C;
  for (uint64_t L : {32, 64, 128})
    for (uint64_t Elem : {1, 2, 4, 8, 16})
      for (uint64_t Width : {1, 2, 3})
        for (uint64_t A = Elem; A <= 2 * L; A *= 2) {
          uint64_t Bytes = Elem * Width;
          SymbolicSlice S{num(1), N, num(Bytes), num(Elem) * N, Expr()};
          Placement Where = Placement::aligned(A);
          std::string Reason;
          auto B = uniqueLinesOfSymbolicSlice(S, Where, L, Reason, Unlimited);
          ASSERT_TRUE(B) << Reason;
          // Rows that keep their line count at every start give an exact
          // count; the others the gcd bounds (checked in RandomSlices).
          uint64_t D = std::gcd(std::gcd(A, Elem), L);
          if ((Bytes - 1) % L >= D)
            continue;
          for (int I = 0; I < 100; ++I) {
            int64_t Side = I < 30 ? I : C.value(3000000);
            if (Side != 0 && Side < int64_t(Width))
              continue;
            Expr::IntBindings Vars{{"n", Side}};
            Slice2D Flat{uint64_t(Side), Bytes, Elem * Side};
            C.expectAt(*B, Vars, uniqueLinesOf2DSlice(Flat, Placement::aligned(A), L),
                       bindingText(Vars) + "elem " + std::to_string(Elem) +
                           " width " + std::to_string(Width) + " align " +
                           std::to_string(A));
          }
        }
  std::cout << "[ cases    ] " << C.Evaluations
            << " symbolic-pitch bindings checked\n";
}

TEST(SymbolicLinesRows, SymbolicPitchKnownOffsetAndSymbolicBytes) {
  Checker C;
  const uint64_t L = 64;
  // Known offset 8 into the line, pitch 16*n, 8-byte rows: each row stays
  // in one line.
  SymbolicSlice Column{num(1), P, num(8), num(16) * N, Expr()};
  SymbolicLineBounds B = C.bounds(Column, Placement::exactly(8), L);
  // Rows of m bytes, pitch 64*n, line-aligned: ceildiv(m, 64) lines a row.
  SymbolicSlice Wide{num(1), P, M, num(64) * N, Expr()};
  SymbolicLineBounds W = C.bounds(Wide, Placement::aligned(64), L);
  for (int I = 0; I < 3000; ++I) {
    int64_t Rows = C.value(100000), Side = C.value(100000);
    int64_t Bytes = std::min<int64_t>(C.value(100000), 64 * Side);
    Expr::IntBindings Vars{{"m", Bytes}, {"n", Side}, {"p", Rows}};
    C.expectAt(B, Vars,
               exactly(uniqueLinesOf2DSlice(
                   {uint64_t(Rows), 8, uint64_t(16 * Side)}, 8, L)),
               bindingText(Vars));
    C.expectAt(
        W, Vars,
        exactly(uniqueLinesOf2DSlice(
            {uint64_t(Rows), uint64_t(Bytes), uint64_t(64 * Side)}, 0, L)),
        bindingText(Vars));
  }
  std::cout << "[ cases    ] " << C.Evaluations
            << " symbolic pitch and bytes bindings checked\n";
}

TEST(SymbolicLines3D, CollapsibleShapes) {
  Checker C;
  const uint64_t L = 64;
  // p planes of n rows, 24 of every 40 bytes: the planes continue the rows.
  SymbolicSlice Continued{P, N, num(24), num(40), N * num(40)};
  // p planes of n contiguous 8-byte rows, 64m bytes apart from a line
  // start: a 2-D slice of p blocks of 8n bytes that all start a line.
  SymbolicSlice Pencils{P, N, num(8), num(8), num(64) * M};
  for (uint64_t A : {8, 64}) {
    SymbolicLineBounds B1 = C.bounds(Continued, Placement::aligned(A), L);
    SymbolicLineBounds B2 = C.bounds(Pencils, Placement::aligned(64), L);
    for (int I = 0; I < 500; ++I) {
      int64_t Planes = C.value(10000), Rows = C.value(10000);
      int64_t Pitch = std::max<int64_t>(C.value(10000), (8 * Rows + 63) / 64);
      Expr::IntBindings Vars{{"m", Pitch}, {"n", Rows}, {"p", Planes}};
      Slice3D S1{uint64_t(Planes), uint64_t(Rows), 24, 40, uint64_t(40 * Rows)};
      Slice3D S2{uint64_t(Planes), uint64_t(Rows), 8, 8, uint64_t(64 * Pitch)};
      C.expectAt(B1, Vars, uniqueLinesOf3DSlice(S1, Placement::aligned(A), L),
                 bindingText(Vars));
      C.expectAt(B2, Vars, uniqueLinesOf3DSlice(S2, Placement::aligned(64), L),
                 bindingText(Vars));
    }
  }
  std::cout << "[ cases    ] " << C.Evaluations
            << " collapsible 3-D bindings checked\n";
}

/// Distinct lines of a 3-D slice at every offset the placement admits,
/// marking each row's lines (from its first byte's to its last byte's):
/// [min, max].
LineBounds bruteBounds3D(const Slice3D &S, const Placement &Where,
                         uint64_t L) {
  LineBounds B{~uint64_t(0), 0};
  uint64_t End = (S.Planes && S.Rows && S.BytesPerRow)
                     ? (S.Planes - 1) * S.PlanePitch +
                           (S.Rows - 1) * S.RowPitch + S.BytesPerRow
                     : 0;
  std::vector<char> Seen;
  for (uint64_t O = Where.firstIn(L); O < L; O += Where.stepIn(L)) {
    Seen.assign((O + End) / L + 1, 0);
    uint64_t Count = 0;
    for (uint64_t P = 0; P < S.Planes; ++P)
      for (uint64_t R = 0; R < S.Rows && S.BytesPerRow; ++R) {
        uint64_t First = O + P * S.PlanePitch + R * S.RowPitch;
        for (uint64_t Line = First / L;
             Line <= (First + S.BytesPerRow - 1) / L; ++Line) {
          Count += !Seen[Line];
          Seen[Line] = 1;
        }
      }
    B.Min = std::min(B.Min, Count);
    B.Max = std::max(B.Max, Count);
  }
  return B;
}

/// A random slice with symbolic sizes, and how to bind its variables to
/// values that make it a valid slice.
struct RandomSlice {
  SymbolicSlice S;
  Placement Where;
  uint64_t L = 64, Elem = 8;
  /// Whether the offsets of every row within a line are known (constant
  /// pitch, or a multiple of the line plus a constant): the bounds are
  /// then the exact extremes over the placement, when the placement admits
  /// at most 16 offsets in a line or the rows' sizes are constants.
  bool RowResidueKnown = false;
  uint64_t RowResidue = 0;
  bool Planar = false; ///< a 3-D slice whose planes do not continue rows
  bool PlanesConstant = true, PlaneResidueKnown = false;
};

/// Slices of every kind the analysis builds: row and plane counts, row
/// widths and pitches each a constant or an expression (a leading
/// dimension times the element, a multiple of the line plus a constant,
/// a plane of a 3-D grid with runtime sizes), and placements that fix the
/// offset, only an alignment, or the offset modulo less than a line.
RandomSlice randomSlice(Checker &C) {
  RandomSlice R;
  R.L = C.uniform(0, 5) ? uint64_t(16) << C.uniform(0, 3) : 48;
  R.Elem = uint64_t(1) << C.uniform(0, 4);
  Expr E = num(R.Elem), Line = num(R.L);
  uint64_t Cols = C.uniform(1, 3 * R.L / R.Elem + 1);
  R.S.Rows = C.uniform(0, 2) ? Expr::var("r") : num(C.uniform(1, 40));
  R.S.BytesPerRow = C.uniform(0, 1) ? E * Expr::var("w") : num(R.Elem * Cols);
  switch (C.uniform(0, 4)) {
  case 0: // a constant pitch
    R.S.RowPitch = num(R.Elem * (Cols + C.uniform(0, 3 * R.L / R.Elem)));
    R.RowResidueKnown = R.S.BytesPerRow.isConstant();
    R.RowResidue = uint64_t(R.S.RowPitch.constantValue()) % R.L;
    if (!R.RowResidueKnown)
      R.S.RowPitch = E * Expr::var("ld"); // w may exceed a constant
    break;
  case 1: // a multiple of the line plus a constant: residue known
    R.RowResidue = R.Elem * C.uniform(0, 3) % R.L;
    R.S.RowPitch = Line * Expr::var("ld") + num(R.RowResidue);
    R.RowResidueKnown = true;
    break;
  default: // a leading dimension of elements: residue unknown
    R.S.RowPitch = E * Expr::var("ld");
    break;
  }
  R.Where = C.uniform(0, 2) == 0 ? Placement::exactly(C.uniform(0, 4 * R.L))
            : C.uniform(0, 1)
                ? Placement::aligned(uint64_t(1) << C.uniform(0, 7))
                : Placement{uint64_t(2) << C.uniform(0, 6), C.uniform(0, 200)};
  switch (C.uniform(0, 3)) {
  case 0: // 2-D
    R.S.PlanePitch = R.S.RowPitch * R.S.Rows;
    break;
  case 1: // planes that continue the rows: collapses to 2-D
    R.S.Planes = Expr::var("p");
    R.S.PlanePitch = R.S.Rows * R.S.RowPitch;
    break;
  default: // a sub-box of a 3-D grid: plane pitch row pitch times ny
    R.Planar = true;
    R.PlanesConstant = C.uniform(0, 2) == 0;
    R.S.Planes = R.PlanesConstant ? num(C.uniform(2, 5)) : Expr::var("p");
    if (C.uniform(0, 1)) {
      R.S.PlanePitch = R.S.RowPitch * Expr::var("ny");
    } else {
      R.S.PlanePitch = Line * Expr::var("nz");
      R.PlaneResidueKnown = true;
    }
    break;
  }
  return R;
}

/// Values for the variables of R that make a valid slice, small enough to
/// enumerate byte by byte when Small; sizes of 0 now and then.
std::optional<Expr::IntBindings> randomBinding(Checker &C,
                                               const RandomSlice &R,
                                               bool Small) {
  auto Count = [&](uint64_t Big) -> int64_t {
    uint64_t K = C.uniform(0, 9);
    if (K == 0)
      return 0;
    if (K < 3)
      return 1;
    return int64_t(C.uniform(2, Small ? 12 : Big));
  };
  Expr::IntBindings V;
  V["r"] = Count(100000);
  V["p"] = Count(1000);
  V["w"] = C.uniform(0, 8) ? int64_t(C.uniform(1, 3 * R.L / R.Elem + 1)) : 0;
  int64_t Bytes = R.S.BytesPerRow.evaluate(V);
  V["ld"] = (Bytes + int64_t(R.Elem) - 1) / int64_t(R.Elem) +
            int64_t(C.uniform(0, 1) ? C.uniform(0, 8)
                                    : C.uniform(0, Small ? 40 : 100000));
  int64_t Rows = R.S.Rows.evaluate(V);
  int64_t Extent = Rows == 0 ? 0
                             : (Rows - 1) * R.S.RowPitch.evaluate(V) + Bytes;
  int64_t Pitch = R.S.RowPitch.evaluate(V);
  V["ny"] = std::max<int64_t>(Rows, 1) +
            int64_t(C.uniform(0, 1) ? 0 : C.uniform(0, 3));
  if (Pitch == 0)
    V["ny"] = 0;
  V["nz"] = (Extent + int64_t(R.L) - 1) / int64_t(R.L) +
            int64_t(C.uniform(0, 3));
  if (Rows > 1 && Pitch < Bytes)
    return std::nullopt;
  if (R.S.PlanePitch.evaluate(V) < Extent && R.S.Planes.evaluate(V) > 1)
    return std::nullopt;
  return V;
}

Slice3D bound(const SymbolicSlice &S, const Expr::IntBindings &V) {
  return {uint64_t(S.Planes.evaluate(V)), uint64_t(S.Rows.evaluate(V)),
          uint64_t(S.BytesPerRow.evaluate(V)), uint64_t(S.RowPitch.evaluate(V)),
          uint64_t(S.PlanePitch.evaluate(V))};
}

std::string describe(const RandomSlice &R, const Expr::IntBindings &V) {
  return "planes " + R.S.Planes.str() + ", rows " + R.S.Rows.str() +
         ", bytes " + R.S.BytesPerRow.str() + ", row pitch " +
         R.S.RowPitch.str() + ", plane pitch " + R.S.PlanePitch.str() +
         ", line " + std::to_string(R.L) + ", placement " +
         std::to_string(R.Where.Residue) + " mod " +
         std::to_string(R.Where.Modulus) + "; at " + bindingText(V);
}

// The property behind every symbolic count: at every valid binding (sizes
// of 0 included), Min <= the count <= Max at every admissible offset, both
// 0 for an empty slice; the exact extremes where the rows' offsets are
// known; within one period of rows of the truth for the gcd bounds of a
// symbolic pitch. The truth is brute force for small slices and the
// numeric count (itself checked against brute force in LinesTest.cpp)
// for large ones.
TEST(SymbolicLinesRandom, SoundExactAndZeroOnRandomSlices) {
  Checker C;
  uint64_t Slices = 0, Brute = 0, Empty = 0, ExactChecked = 0, Within = 0;
  for (int I = 0; I < 1500; ++I) {
    RandomSlice R = randomSlice(C);
    std::string Reason;
    std::optional<SymbolicLineBounds> B =
        uniqueLinesOfSymbolicSlice(R.S, R.Where, R.L, Reason, Unlimited);
    ASSERT_TRUE(B) << Reason;
    ++Slices;
    for (int J = 0; J < 40; ++J) {
      bool Small = J < 20;
      std::optional<Expr::IntBindings> V = randomBinding(C, R, Small);
      if (!V)
        continue;
      Slice3D S = bound(R.S, *V);
      std::string What = describe(R, *V);
      LineBounds Truth = uniqueLinesOf3DSlice(S, R.Where, R.L);
      if (Small) {
        ASSERT_EQ(Truth, bruteBounds3D(S, R.Where, R.L)) << What;
        ++Brute;
      }
      int64_t Min = B->Min.evaluate(*V), Max = B->Max.evaluate(*V);
      ++C.Evaluations;
      ASSERT_LE(Min, int64_t(Truth.Min)) << What << "\nmin: " << B->Min;
      ASSERT_GE(Max, int64_t(Truth.Max)) << What << "\nmax: " << B->Max;
      if (S.Planes == 0 || S.Rows == 0 || S.BytesPerRow == 0) {
        ASSERT_EQ(Max, 0) << What << "\nmax: " << B->Max;
        ++Empty;
        continue;
      }
      // Exact unless the expression would grow too large: more than 16
      // offsets to take extremes over, or floor sums of more than 6 steps
      // over a symbolic row width (10 over symbolic rows).
      unsigned Steps = 0;
      for (uint64_t M = R.L, A = R.RowResidue; A != 0; ++Steps)
        std::swap(M %= A, A);
      bool FewOffsets = (R.L / R.Where.stepIn(R.L) <= 16 ||
                         (R.S.BytesPerRow.isConstant() &&
                          R.S.RowPitch.isConstant())) &&
                        (Steps <= 6 || (R.S.BytesPerRow.isConstant() &&
                                        (Steps <= 10 ||
                                         R.S.Rows.isConstant())));
      bool Exact = R.RowResidueKnown && FewOffsets &&
                   (!R.Planar || (R.PlanesConstant && R.PlaneResidueKnown &&
                                  (Steps <= 6 ||
                                   (R.S.BytesPerRow.isConstant() &&
                                    Steps <= 10)) &&
                                  R.Where.exactIn(R.L)));
      if (Exact) {
        ASSERT_EQ(Min, int64_t(Truth.Min)) << What << "\nmin: " << B->Min;
        ASSERT_EQ(Max, int64_t(Truth.Max)) << What << "\nmax: " << B->Max;
        ++ExactChecked;
      } else if (!R.Planar) {
        // Rows the gcd bounds cover: off by at most one period of rows.
        uint64_t G = std::gcd(S.RowPitch, R.L);
        uint64_t Period = R.L / G + (S.BytesPerRow + 2 * G - 2) / G;
        ASSERT_LE(Truth.Min - uint64_t(Min), Period)
            << What << "\nmin: " << B->Min;
        ASSERT_LE(uint64_t(Max) - Truth.Max, Period)
            << What << "\nmax: " << B->Max;
        ++Within;
      }
    }
  }
  std::cout << "[ cases    ] " << Slices << " random symbolic slices, "
            << C.Evaluations << " bindings: " << Brute
            << " against brute force, " << Empty << " empty, " << ExactChecked
            << " exact, " << Within << " within one period\n";
}

// Symbolic rows can make a plane longer than the plane pitch, so that the
// planes interleave (loops whose inner step exceeds the outer one, as
// a[3*i + j][..][i + 2*j]): the bounds must still hold, against brute
// force, at counts on both sides of the overlap.
TEST(SymbolicLines3D, PlanesThatOverlapForSomeRowCounts) {
  const Expr R = Expr::var("r");
  struct Case {
    uint64_t Planes, Bytes, RowPitch, PlanePitch;
  };
  for (Case K : {Case{26, 4, 21640, 134792}, Case{9, 8, 2472, 848},
                 Case{5, 24, 128, 200}, Case{3, 64, 64 * 5, 64 * 3}}) {
    SymbolicSlice S{num(K.Planes), R, num(K.Bytes), num(K.RowPitch),
                    num(K.PlanePitch)};
    for (Placement Where : {Placement::exactly(0), Placement::exactly(20),
                            Placement::aligned(16)}) {
      std::string Reason;
      std::optional<SymbolicLineBounds> B =
          uniqueLinesOfSymbolicSlice(S, Where, 64, Reason, Unlimited);
      ASSERT_TRUE(B) << Reason;
      for (int64_t Rows : {0, 1, 2, 3, 7, 8, 24, 40}) {
        Slice3D Bound{K.Planes, uint64_t(Rows), K.Bytes, K.RowPitch,
                      K.PlanePitch};
        LineBounds Truth = bruteBounds3D(Bound, Where, 64);
        std::string What = "planes " + std::to_string(K.Planes) + " rows " +
                           std::to_string(Rows) + " residue " +
                           std::to_string(Where.Residue);
        int64_t Min = B->Min.evaluate({{"r", Rows}});
        int64_t Max = B->Max.evaluate({{"r", Rows}});
        EXPECT_LE(Min, int64_t(Truth.Min)) << What << "\nmin: " << B->Min;
        EXPECT_GE(Max, int64_t(Truth.Max)) << What << "\nmax: " << B->Max;
        EXPECT_GE(Min, 0) << What;
      }
    }
  }
}

// The limit on printed size: results that fit are the exact ones
// unchanged, results that do not are replaced by shorter bounds that still
// hold, on the random slices of the test above.
TEST(SymbolicLinesSize, LimitKeepsWhatFitsAndBoundsTheRest) {
  Checker C;
  uint64_t Kept = 0, Replaced = 0, LargestReplaced = 0, LargestGiven = 0;
  for (int I = 0; I < 1500; ++I) {
    RandomSlice R = randomSlice(C);
    std::string Reason;
    auto Full =
        uniqueLinesOfSymbolicSlice(R.S, R.Where, R.L, Reason, Unlimited);
    auto Limited = uniqueLinesOfSymbolicSlice(R.S, R.Where, R.L, Reason);
    ASSERT_TRUE(Full && Limited) << Reason;
    uint64_t FullSize = Full->Min.size() + Full->Max.size();
    uint64_t Size = Limited->Min.size() + Limited->Max.size();
    LargestGiven = std::max(LargestGiven, Size);
    if (FullSize <= DefaultMaxLineNodes) {
      ASSERT_EQ(Limited->Min, Full->Min);
      ASSERT_EQ(Limited->Max, Full->Max);
      ++Kept;
      continue;
    }
    ++Replaced;
    LargestReplaced = std::max(LargestReplaced, FullSize);
    // A 3-D slice combines a plane's bounds a few times over.
    ASSERT_LE(Size, 4 * DefaultMaxLineNodes) << describe(R, {});
    for (int J = 0; J < 40; ++J) {
      std::optional<Expr::IntBindings> V = randomBinding(C, R, J < 20);
      if (!V)
        continue;
      Slice3D S = bound(R.S, *V);
      LineBounds Truth = uniqueLinesOf3DSlice(S, R.Where, R.L);
      std::string What = describe(R, *V);
      ASSERT_LE(Limited->Min.evaluate(*V), int64_t(Truth.Min)) << What;
      ASSERT_GE(Limited->Max.evaluate(*V), int64_t(Truth.Max)) << What;
    }
  }
  EXPECT_GT(Replaced, 0u) << "no random slice reached the limit";
  std::cout << "[ cases    ] " << Kept << " exact results kept, " << Replaced
            << " replaced (largest " << LargestReplaced
            << " nodes), largest given " << LargestGiven << " nodes\n";
}

// An MPI_Get of symbolic rows in symbolic planes (a differential test's
// site): rows of 4*c bytes, 36 apart, planes 4*ld apart, ints. The exact
// count printed as megabytes; with the limit it is a few hundred nodes and
// still holds against brute force.
TEST(SymbolicLinesSize, SymbolicRowsInSymbolicPlanes) {
  const Expr Cnt = Expr::var("c"), Ld = Expr::var("ld");
  SymbolicSlice S{P, N, num(4) * Cnt, num(36), num(4) * Ld};
  Placement Where = Placement::aligned(4);
  std::string Reason;
  auto B = uniqueLinesOfSymbolicSlice(S, Where, 64, Reason);
  ASSERT_TRUE(B) << Reason;
  EXPECT_LE(B->Min.size() + B->Max.size(), 4 * DefaultMaxLineNodes);
  Checker C;
  for (int I = 0; I < 300; ++I) {
    Expr::IntBindings V{{"p", int64_t(C.uniform(0, 4))},
                        {"n", int64_t(C.uniform(0, 12))},
                        {"c", int64_t(C.uniform(1, 9))}};
    // Rows of a plane must not overlap the next plane's start
    // (checkSlice's rule): the plane pitch is at least a plane's extent.
    int64_t Extent = V["n"] ? 36 * (V["n"] - 1) + 4 * V["c"] : 0;
    V["ld"] = (Extent + 3) / 4 + int64_t(C.uniform(0, 40));
    Slice3D Bound = bound(S, V);
    LineBounds Truth = bruteBounds3D(Bound, Where, 64);
    std::string What = bindingText(V);
    ASSERT_LE(B->Min.evaluate(V), int64_t(Truth.Min)) << What;
    ASSERT_GE(B->Max.evaluate(V), int64_t(Truth.Max)) << What;
  }
}

TEST(SymbolicLinesUnsupported, BadArgumentsThrow) {
  std::string Reason;
  EXPECT_THROW(uniqueLinesOfSymbolicSlice({num(1), N, num(8), num(8), Expr()},
                                          Placement::aligned(8), 0, Reason),
               SliceError);
  EXPECT_THROW(
      uniqueLinesOfSymbolicSlice({num(1), num(-3), num(8), num(8), Expr()},
                                 Placement::aligned(8), 64, Reason),
      SliceError);
  EXPECT_THROW(uniqueLinesOfSymbolicSlice({num(1), N, num(16), num(8), Expr()},
                                          Placement::aligned(8), 64, Reason),
               SliceError);
}

} // namespace
