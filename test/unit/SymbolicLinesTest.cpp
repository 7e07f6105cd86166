// Checks uniqueLinesOfSymbolicSlice: for every supported shape the Min and
// Max expressions are evaluated at many random bindings and compared with
// the numeric counts (themselves checked against brute force in
// LinesTest.cpp) and, for small slices, with brute force directly.
// Unsupported shapes must give a reason.
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
        uniqueLinesOfSymbolicSlice(S, Where, LineSize, Reason);
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
    SymbolicLineBounds Known = C.bounds(Sym, {1, O}, L);
    SymbolicLineBounds Aligned = C.bounds(Sym, {A, std::nullopt}, L);
    ASSERT_TRUE(Known.Min.isConstant() && Aligned.Max.isConstant());
    C.expectAt(Known, {}, exactly(uniqueLinesOf3DSlice(S, O, L)), "known");
    C.expectAt(Aligned, {}, uniqueLinesOf3DSliceAligned(S, A, L), "aligned");
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
      SymbolicLineBounds RowB = C.bounds(Row, {A, std::nullopt}, L);
      SymbolicLineBounds RowsB = C.bounds(Rows, {A, std::nullopt}, L);
      for (int I = 0; I < 200; ++I) {
        Expr::IntBindings Vars{{"m", C.value(1 << 30)}, {"n", C.value(1000)}};
        C.expectAt(RowB, Vars, uniqueLinesOfBlockAligned(Vars["m"], A, L),
                   bindingText(Vars));
        C.expectAt(RowsB, Vars,
                   uniqueLinesOfBlockAligned(Vars["m"] * Vars["n"], A, L),
                   bindingText(Vars));
      }
    }
    for (uint64_t O = 0; O < L; ++O) {
      SymbolicLineBounds B = C.bounds(Row, {1, O}, L);
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
                                      {64, std::nullopt}, 64, Reason);
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
    Placement Where = Known ? Placement{1, O} : Placement{A, std::nullopt};
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
                                  : uniqueLinesOf2DSliceAligned(Flat, A, L);
      C.expectAt(B, Vars, Expected, What);
      if (Known && Flat.Rows <= 40) {
        ASSERT_EQ(Expected.Min, brute2D(Flat, O, L)) << What;
      }
    }
  }
  std::cout << "[ cases    ] " << C.Evaluations
            << " symbolic-row bindings checked\n";
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
          Placement Where{A, std::nullopt};
          std::string Reason;
          auto B = uniqueLinesOfSymbolicSlice(S, Where, L, Reason);
          uint64_t D = std::gcd(std::gcd(A, Elem), L);
          ASSERT_EQ(B.has_value(), (Bytes - 1) % L < D) << Reason;
          if (!B) {
            EXPECT_NE(Reason.find("row pitch"), std::string::npos);
            continue;
          }
          for (int I = 0; I < 100; ++I) {
            int64_t Side =
                std::max<int64_t>(Width, I < 30 ? I : C.value(3000000));
            Expr::IntBindings Vars{{"n", Side}};
            Slice2D Flat{uint64_t(Side), Bytes, Elem * Side};
            C.expectAt(*B, Vars, uniqueLinesOf2DSliceAligned(Flat, A, L),
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
  SymbolicLineBounds B = C.bounds(Column, {1, 8}, L);
  // Rows of m bytes, pitch 64*n, line-aligned: ceildiv(m, 64) lines a row.
  SymbolicSlice Wide{num(1), P, M, num(64) * N, Expr()};
  SymbolicLineBounds W = C.bounds(Wide, {64, std::nullopt}, L);
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
    SymbolicLineBounds B1 = C.bounds(Continued, {A, std::nullopt}, L);
    SymbolicLineBounds B2 = C.bounds(Pencils, {64, std::nullopt}, L);
    for (int I = 0; I < 500; ++I) {
      int64_t Planes = C.value(10000), Rows = C.value(10000);
      int64_t Pitch = std::max<int64_t>(C.value(10000), (8 * Rows + 63) / 64);
      Expr::IntBindings Vars{{"m", Pitch}, {"n", Rows}, {"p", Planes}};
      Slice3D S1{uint64_t(Planes), uint64_t(Rows), 24, 40, uint64_t(40 * Rows)};
      Slice3D S2{uint64_t(Planes), uint64_t(Rows), 8, 8, uint64_t(64 * Pitch)};
      C.expectAt(B1, Vars, uniqueLinesOf3DSliceAligned(S1, A, L),
                 bindingText(Vars));
      C.expectAt(B2, Vars, uniqueLinesOf3DSliceAligned(S2, 64, L),
                 bindingText(Vars));
    }
  }
  std::cout << "[ cases    ] " << C.Evaluations
            << " collapsible 3-D bindings checked\n";
}

TEST(SymbolicLinesUnsupported, GiveAReason) {
  std::string Reason;
  // 12-byte rows at a pitch of 8n bytes cross lines a varying number of
  // times.
  EXPECT_FALSE(uniqueLinesOfSymbolicSlice(
      {num(1), N, num(12), num(8) * N, Expr()}, {8, std::nullopt}, 64, Reason));
  EXPECT_NE(Reason.find("row pitch 8*n"), std::string::npos) << Reason;
  // Symbolic row bytes with a constant pitch that is not a line multiple.
  Reason.clear();
  EXPECT_FALSE(uniqueLinesOfSymbolicSlice({num(1), N, M, num(1000), Expr()},
                                          {64, std::nullopt}, 64, Reason));
  EXPECT_FALSE(Reason.empty());
  // Blocks of 8n bytes that need not start a line.
  Reason.clear();
  EXPECT_FALSE(uniqueLinesOfSymbolicSlice({P, N, num(8), num(8), num(64) * M},
                                          {8, std::nullopt}, 64, Reason));
  EXPECT_NE(Reason.find("8*n bytes"), std::string::npos) << Reason;
  // A 3-D slice whose dimensions do not collapse.
  Reason.clear();
  EXPECT_FALSE(uniqueLinesOfSymbolicSlice({P, N, num(8), num(16), num(4096)},
                                          {64, std::nullopt}, 64, Reason));
  EXPECT_NE(Reason.find("3-D slice"), std::string::npos) << Reason;
}

TEST(SymbolicLinesUnsupported, BadArgumentsThrow) {
  std::string Reason;
  EXPECT_THROW(uniqueLinesOfSymbolicSlice({num(1), N, num(8), num(8), Expr()},
                                          {8, std::nullopt}, 0, Reason),
               SliceError);
  EXPECT_THROW(
      uniqueLinesOfSymbolicSlice({num(1), num(-3), num(8), num(8), Expr()},
                                 {8, std::nullopt}, 64, Reason),
      SliceError);
  EXPECT_THROW(uniqueLinesOfSymbolicSlice({num(1), N, num(16), num(8), Expr()},
                                          {8, std::nullopt}, 64, Reason),
               SliceError);
}

} // namespace
