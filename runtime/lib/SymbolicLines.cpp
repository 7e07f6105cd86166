// Line counts of slices with symbolic sizes (Lines.h,
// uniqueLinesOfSymbolicSlice): the numeric formulas of Lines.cpp rebuilt as
// expressions for the shapes where an exact expression is known, and a
// reason a user can act on for the others.
#include "commcost/Lines.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <utility>
#include <vector>

using namespace commcost;

namespace {

Expr num(uint64_t V) { return Expr::constant(static_cast<int64_t>(V)); }

SymbolicLineBounds exact(uint64_t Lines) { return {num(Lines), num(Lines)}; }

SymbolicLineBounds constantBounds(const LineBounds &B) {
  return {num(B.Min), num(B.Max)};
}

/// A 2-D slice with symbolic sizes.
struct Shape2D {
  Expr Rows, BytesPerRow, Pitch;
};

/// The value of a constant size; std::nullopt if symbolic.
std::optional<uint64_t> constantSize(const Expr &E, const char *Field) {
  if (!E.isConstant())
    return std::nullopt;
  if (E.constantValue() < 0)
    throw SliceError(std::string(Field) + " is " +
                     std::to_string(E.constantValue()) +
                     "; sizes cannot be negative");
  return static_cast<uint64_t>(E.constantValue());
}

bool equalsConstant(const Expr &E, int64_t V) {
  return E.isConstant() && E.constantValue() == V;
}

/// gcd(Modulus, F) for a constant F that divides E under every binding.
uint64_t factorDividing(const Expr &E, uint64_t Modulus) {
  switch (E.kind()) {
  case Expr::Kind::Const:
    return std::gcd(static_cast<uint64_t>(std::abs(E.constantValue())),
                    Modulus);
  case Expr::Kind::Mul: {
    // gcd(a*b, m) = gcd(gcd(a, m) * gcd(b, m), m): no overflow, same value.
    uint64_t F = 1;
    for (const Expr &Op : E.operands())
      F = std::gcd(F * factorDividing(Op, Modulus), Modulus);
    return F;
  }
  case Expr::Kind::Add:
  case Expr::Kind::Min:
  case Expr::Kind::Max:
  case Expr::Kind::Gcd: {
    uint64_t F = 0;
    for (const Expr &Op : E.operands())
      F = std::gcd(F, factorDividing(Op, Modulus));
    return F;
  }
  default:
    return 1;
  }
}

/// Offsets of the slice's first byte within a line: the known one, or
/// every multiple of gcd(Align, LineSize).
std::vector<uint64_t> admissibleOffsets(const Placement &Where,
                                        uint64_t LineSize) {
  if (Where.Offset)
    return {*Where.Offset % LineSize};
  std::vector<uint64_t> Offsets;
  for (uint64_t O = 0; O < LineSize; O += std::gcd(Where.Align, LineSize))
    Offsets.push_back(O);
  return Offsets;
}

/// Bounds of a count that is nondecreasing in the offset.
template <typename CountFn>
SymbolicLineBounds monotoneBounds(const std::vector<uint64_t> &Offsets,
                                  CountFn CountAt) {
  return {CountAt(Offsets.front()), CountAt(Offsets.back())};
}

/// Lines of Bytes >= 1 contiguous bytes starting Offset bytes into a line.
Expr blockLines(uint64_t Offset, const Expr &Bytes, uint64_t LineSize) {
  if (Offset == 0)
    return Expr::ceilDiv(Bytes, num(LineSize));
  return Expr::floorDiv(num(Offset) + Bytes - num(1), num(LineSize)) + num(1);
}

/// Lines from the first row's first to the last row's last: the count when
/// gaps between rows are shorter than a line, an upper bound otherwise.
Expr rangeLines(uint64_t Offset, const Shape2D &S, uint64_t LineSize) {
  return blockLines(Offset, (S.Rows - num(1)) * S.Pitch + S.BytesPerRow,
                    LineSize);
}

/// sum_{i<N} floor((A*i + B) / M) for symbolic N, B >= 0: the Euclid-like
/// reduction of floorSum, whose steps depend only on the constants M and A
/// (Euclid on M and A, so O(log M) steps). Once A*N + B < M the later steps
/// see N = 0 and add nothing, so unlike the numeric loop this one needs no
/// early exit, which would depend on N's value.
Expr floorSumExpr(Expr N, uint64_t M, uint64_t A, Expr B) {
  Expr Sum;
  while (true) {
    if (A >= M) {
      Sum = Sum + num(A / M) * (N * (N - num(1)) / num(2));
      A %= M;
    }
    Sum = Sum + N * Expr::floorDiv(B, num(M));
    B = B % num(M);
    if (A == 0)
      return Sum;
    Expr Top = num(A) * N + B;
    N = Expr::floorDiv(Top, num(M));
    B = Top % num(M);
    std::swap(M, A);
  }
}

/// Indices of the candidates not dominated by another. Candidate i's
/// counts are a function of the row number determined by the vector
/// Sig[i]; j dominates i if Sig[j] is everywhere at most (Lower) or at
/// least Sig[i], strictly somewhere or, on a tie, j comes first. The min
/// (max) over the kept candidates equals that over all of them.
std::vector<size_t> undominated(const std::vector<std::vector<uint64_t>> &Sig,
                                bool Lower) {
  auto Dominates = [&](size_t J, size_t I) {
    for (size_t K = 0; K < Sig[I].size(); ++K)
      if (Lower ? Sig[J][K] > Sig[I][K] : Sig[J][K] < Sig[I][K])
        return false;
    return Sig[J] != Sig[I] || J < I;
  };
  std::vector<size_t> Kept;
  for (size_t I = 0; I < Sig.size(); ++I) {
    bool Beaten = false;
    for (size_t J = 0; J < Sig.size() && !Beaten; ++J)
      Beaten = J != I && Dominates(J, I);
    if (!Beaten)
      Kept.push_back(I);
  }
  return Kept;
}

/// Symbolic rows of constant width C and constant pitch W >= C + L: rows
/// never share a line and the per-row counts repeat with period P = L/g,
/// g = gcd(W, L). With R = q*P + s the count is q * (lines of P rows) plus
/// the lines of the first s rows, a floor sum with s < P terms; its
/// intermediate values stay below P*L, so evaluating the expression does
/// not overflow while the count itself fits.
SymbolicLineBounds periodicRows(const Expr &Rows, uint64_t C, uint64_t W,
                                const std::vector<uint64_t> &Offsets,
                                uint64_t LineSize) {
  uint64_t Period = LineSize / std::gcd(W % LineSize, LineSize);
  std::vector<std::vector<uint64_t>> Sig;
  std::vector<Expr> Counts;
  Expr Q = Expr::floorDiv(Rows, num(Period)), S = Rows % num(Period);
  for (uint64_t O : Offsets) {
    std::vector<uint64_t> V;
    for (uint64_t R = 0; R <= Period; ++R)
      V.push_back(uniqueLinesOf2DSlice({R, C, W}, O, LineSize));
    Expr Tail = S + floorSumExpr(S, LineSize, W % LineSize, num(O + C - 1)) -
                floorSumExpr(S, LineSize, W % LineSize, num(O));
    Counts.push_back(Q * num(V.back()) + Tail);
    Sig.push_back(std::move(V));
  }
  auto Pick = [&](bool Lower) {
    std::vector<Expr> Kept;
    for (size_t I : undominated(Sig, Lower))
      Kept.push_back(Counts[I]);
    return Kept.size() == 1 ? Kept.front()
           : Lower          ? Expr::minOf(Kept)
                            : Expr::maxOf(Kept);
  };
  return {Pick(true), Pick(false)};
}

/// Rows that all touch the same number of lines: when every row starts at
/// a residue b + j*d within a line and b + (c - 1) mod L < d, each row
/// touches floor((c - 1)/L) + 1 lines. Then the count is min(rows * that,
/// range): rows either share no line (the sum) or leave no line out (the
/// range), and the other is never smaller. Nondecreasing in the offset.
std::optional<SymbolicLineBounds> uniformRows(const Shape2D &S,
                                              const Placement &Where,
                                              uint64_t LineSize,
                                              std::string &Reason) {
  uint64_t D = factorDividing(S.Pitch, LineSize);
  uint64_t B = 0;
  if (Where.Offset)
    B = *Where.Offset % D;
  else
    D = std::gcd(D, Where.Align);
  std::optional<Expr> PerRow;
  if (std::optional<uint64_t> C =
          constantSize(S.BytesPerRow, "bytes per row")) {
    if (B + (*C - 1) % LineSize < D)
      PerRow = num((*C - 1) / LineSize + 1);
  } else if (D == LineSize && B == 0) {
    PerRow = Expr::ceilDiv(S.BytesPerRow, num(LineSize));
  }
  if (!PerRow) {
    Reason = "row pitch " + S.Pitch.str() + " is not a known constant and " +
             "rows of " + S.BytesPerRow.str() + " bytes, starting at " +
             (B ? std::to_string(B) + " plus " : std::string()) +
             "multiples of " + std::to_string(D) + " bytes within a " +
             std::to_string(LineSize) +
             "-byte line, may cross a line boundary a varying number of "
             "times; a pitch and alignment that are multiples of the line "
             "size make the count exact";
    return std::nullopt;
  }
  Expr RowSum = S.Rows * *PerRow;
  return monotoneBounds(admissibleOffsets(Where, LineSize), [&](uint64_t O) {
    return Expr::min(RowSum, rangeLines(O, S, LineSize));
  });
}

std::optional<SymbolicLineBounds> linesOf2D(const Shape2D &S,
                                            const Placement &Where,
                                            uint64_t LineSize,
                                            std::string &Reason) {
  std::optional<uint64_t> R = constantSize(S.Rows, "rows");
  std::optional<uint64_t> C = constantSize(S.BytesPerRow, "bytes per row");
  std::optional<uint64_t> W = constantSize(S.Pitch, "row pitch");
  std::vector<uint64_t> Offsets = admissibleOffsets(Where, LineSize);
  if (R == 0u || C == 0u)
    return exact(0);
  if (R == 1u || S.Pitch == S.BytesPerRow) {
    Expr Bytes = R == 1u ? S.BytesPerRow : S.Rows * S.BytesPerRow;
    return monotoneBounds(
        Offsets, [&](uint64_t O) { return blockLines(O, Bytes, LineSize); });
  }
  if (C && W) {
    checkSlice(Slice2D{R.value_or(2), *C, *W});
    if (R) {
      Slice2D Flat{*R, *C, *W};
      if (Where.Offset)
        return exact(uniqueLinesOf2DSlice(Flat, *Where.Offset, LineSize));
      return constantBounds(
          uniqueLinesOf2DSliceAligned(Flat, Where.Align, LineSize));
    }
    if (*W - *C < LineSize)
      return monotoneBounds(
          Offsets, [&](uint64_t O) { return rangeLines(O, S, LineSize); });
    return periodicRows(S.Rows, *C, *W, Offsets, LineSize);
  }
  return uniformRows(S, Where, LineSize, Reason);
}

/// The 2-D slice with the same lines when a dimension is trivial or
/// contiguous by the structure of the expressions.
std::optional<Shape2D> collapse(const SymbolicSlice &S) {
  if (equalsConstant(S.Planes, 1))
    return Shape2D{S.Rows, S.BytesPerRow, S.RowPitch};
  if (equalsConstant(S.Rows, 1) || S.RowPitch == S.BytesPerRow)
    return Shape2D{S.Planes, S.Rows * S.BytesPerRow, S.PlanePitch};
  if (S.PlanePitch == S.Rows * S.RowPitch)
    return Shape2D{S.Planes * S.Rows, S.BytesPerRow, S.RowPitch};
  return std::nullopt;
}

} // namespace

std::optional<SymbolicLineBounds>
commcost::uniqueLinesOfSymbolicSlice(const SymbolicSlice &S,
                                     const Placement &Where, uint64_t LineSize,
                                     std::string &Reason) {
  checkLineSize(LineSize);
  checkAlign(Where.Align);
  Reason.clear();
  std::optional<uint64_t> Planes = constantSize(S.Planes, "planes");
  std::optional<uint64_t> Rows = constantSize(S.Rows, "rows");
  std::optional<uint64_t> Bytes = constantSize(S.BytesPerRow, "bytes per row");
  std::optional<uint64_t> RowPitch = constantSize(S.RowPitch, "row pitch");
  std::optional<uint64_t> PlanePitch =
      constantSize(S.PlanePitch, "plane pitch");
  if (Planes && Rows && Bytes && RowPitch && PlanePitch) {
    Slice3D Flat{*Planes, *Rows, *Bytes, *RowPitch, *PlanePitch};
    if (Where.Offset)
      return exact(uniqueLinesOf3DSlice(Flat, *Where.Offset, LineSize));
    return constantBounds(
        uniqueLinesOf3DSliceAligned(Flat, Where.Align, LineSize));
  }
  if (Planes == 0u || Rows == 0u || Bytes == 0u)
    return exact(0);
  if (std::optional<Shape2D> Flat = collapse(S))
    return linesOf2D(*Flat, Where, LineSize, Reason);
  Reason = "3-D slice of " + S.Planes.str() + " planes of " + S.Rows.str() +
           " rows has symbolic sizes but neither contiguous rows (row pitch " +
           S.RowPitch.str() + ", bytes per row " + S.BytesPerRow.str() +
           ") nor planes that continue the rows (plane pitch " +
           S.PlanePitch.str() + ", rows * row pitch " +
           (S.Rows * S.RowPitch).str() + "); no exact expression is known";
  return std::nullopt;
}
