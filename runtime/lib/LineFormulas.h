// The line-count formulas of Lines.h written once for both kinds of value:
// Num (a number, for Lines.cpp's counts of constant slices) and Expr (for
// SymbolicLines.cpp's expressions). Every branch depends only on constants
// (the line size, an offset within a line, a pitch's residue modulo the
// line) or on what `known` reports, never on a symbolic value, so the
// expression built for a slice, evaluated at a binding, is the number
// computed for the slice of those sizes: the two cannot disagree.
//
// Both kinds use the grammar's semantics: floorDiv rounds down, `mod` is
// C's remainder (the same as the modulus for the non-negative values the
// formulas pass it). Internal to runtime/lib.
#pragma once

#include "commcost/Expr.h"
#include "commcost/Lines.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

namespace commcost::formulas {

/// Numbers: signed, so that rounding matches the grammar's; wide enough that no intermediate value of a slice that spans
/// at most 2^64 bytes overflows (floor sums never take more than one
/// period, at most LineSize terms).
using Num = __int128;

inline Expr num(uint64_t V) { return Expr::constant(static_cast<int64_t>(V)); }

template <typename T> T lit(uint64_t V) {
  if constexpr (std::is_same_v<T, Expr>)
    return num(V);
  else
    return static_cast<T>(V);
}

/// Unsigned numbers, only for the public floorSum: N*(N-1) of any 64-bit N
/// fits, and sums are exact modulo 2^128.
using UNum = unsigned __int128;

inline UNum floorDiv(UNum A, uint64_t M) { return A / M; }
inline UNum mod(UNum A, uint64_t M) { return A % M; }

inline Num floorDiv(Num A, uint64_t M) {
  Num D = static_cast<Num>(M), Q = A / D;
  return (A % D != 0 && A < 0) ? Q - 1 : Q;
}
inline Expr floorDiv(const Expr &A, uint64_t M) {
  return Expr::floorDiv(A, num(M));
}
inline Num mod(Num A, uint64_t M) { return A % static_cast<Num>(M); }
inline Expr mod(const Expr &A, uint64_t M) { return A % num(M); }
inline Num minOf(Num A, Num B) { return std::min(A, B); }
inline Expr minOf(const Expr &A, const Expr &B) { return Expr::min(A, B); }
inline Num maxOf(Num A, Num B) { return std::max(A, B); }
inline Expr maxOf(const Expr &A, const Expr &B) { return Expr::max(A, B); }

/// The value when it does not depend on a variable.
inline std::optional<Num> known(Num A) { return A; }
inline std::optional<Num> known(const Expr &A) {
  if (A.isConstant())
    return A.constantValue();
  return std::nullopt;
}
template <typename T> bool knownEqual(const T &A, Num V) {
  std::optional<Num> K = known(A);
  return K && *K == V;
}
/// Value equality for numbers; for expressions, equal canonical forms or
/// a difference that folds to 0 (8*(n + 1) and 8*n + 8: a product keeps
/// its inner sum, a difference distributes it).
template <typename T> bool same(const T &A, const T &B) { return A == B; }
inline bool same(const Expr &A, const Expr &B) {
  return A == B || knownEqual(A - B, 0);
}

/// sum_{i<N} floor((A*i + B) / M) for N >= 0, M >= 1, B >= 0: the
/// Euclid-like reduction (remove the integral parts of A/M and B/M, then
/// swap the roles of M and A). Its steps follow Euclid on the constants M
/// and A, O(log M) of them; once A*N + B < M the later steps see N = 0 and
/// add nothing, so no step needs to test a variable.
template <typename T> T floorSum(T N, uint64_t M, uint64_t A, T B) {
  T Sum = lit<T>(0);
  while (true) {
    if (A >= M) {
      Sum = Sum + lit<T>(A / M) * (N * (N - lit<T>(1)) / lit<T>(2));
      A %= M;
    }
    Sum = Sum + N * floorDiv(B, M);
    B = mod(B, M);
    if (A == 0)
      return Sum;
    T Top = lit<T>(A) * N + B;
    N = floorDiv(Top, M);
    B = mod(Top, M);
    std::swap(M, A);
  }
}

/// sum_{i<N} floor((O + i*W + X) / L) - floor((O + i*W + Y) / L) for
/// N >= 0, a pitch W = ResidueW mod L, X, Y >= -O. The terms repeat with
/// period P = L / g, g = gcd(ResidueW, L), because P*W is a multiple of L;
/// over one period (O + i*W) mod L visits b + j*g, b = O mod g, once each,
/// so Hermite's identity sums a period to floor((b + X)/g) - floor((b +
/// Y)/g). The last N mod P terms are two floor sums of fewer than P terms.
template <typename T>
T floorDifferenceSum(const T &N, uint64_t L, uint64_t ResidueW, uint64_t O,
                     const T &X, const T &Y) {
  uint64_t G = std::gcd(ResidueW, L), Period = L / G, B = O % G;
  T PerPeriod = floorDiv(lit<T>(B) + X, G) - floorDiv(lit<T>(B) + Y, G);
  T Tail = mod(N, Period);
  return floorDiv(N, Period) * PerPeriod +
         floorSum(Tail, L, ResidueW, lit<T>(O) + X) -
         floorSum(Tail, L, ResidueW, lit<T>(O) + Y);
}

/// Lines of Bytes >= 1 contiguous bytes whose first byte lies O < L bytes
/// into a line.
template <typename T> T blockLines(uint64_t O, const T &Bytes, uint64_t L) {
  if constexpr (std::is_same_v<T, Expr>)
    if (O == 0)
      return Expr::ceilDiv(Bytes, num(L));
  return floorDiv(lit<T>(O) + Bytes - lit<T>(1), L) + lit<T>(1);
}

/// The rows of a 2-D slice: Rows >= 1 rows of Bytes >= 1 bytes, Pitch >=
/// Bytes apart (Pitch = ResidueW mod L), the first starting O < L bytes
/// into a line.
template <typename T> struct Rows2D {
  T Rows, Bytes, Pitch;
  uint64_t ResidueW;
};

/// The bytes from the first byte of the first of Count repetitions, Pitch
/// apart, to the last byte of the last.
template <typename T> T extentOf(const Rows2D<T> &S) {
  return extentOfRepetitions(S.Rows, S.Pitch, S.Bytes);
}

/// Sum over the rows of the lines each touches: row r spans floor((O +
/// r*Pitch + Bytes - 1)/L) - floor((O + r*Pitch)/L) + 1 lines.
template <typename T> T rowLinesSum(const Rows2D<T> &S, uint64_t O, uint64_t L) {
  return S.Rows + floorDifferenceSum(S.Rows, L, S.ResidueW, O,
                                     S.Bytes - lit<T>(1), lit<T>(0));
}

/// Lines from the first row's first line to the last row's last line.
template <typename T> T rangeLines(const Rows2D<T> &S, uint64_t O, uint64_t L) {
  return blockLines(O, extentOf(S), L);
}

/// Lines of a 2-D slice. Rows never overlap, so the union is the sum over
/// the rows when no two rows share a line and the range of lines from the
/// first to the last when no gap between rows holds a whole line; one of
/// the two holds (gaps of Pitch - Bytes >= L - 1 bytes leave the rows in
/// separate lines), and the other is never smaller, so the count is their
/// minimum. When Pitch - Bytes is known only the one that applies is
/// built.
template <typename T> T linesOfRows(const Rows2D<T> &S, uint64_t O, uint64_t L) {
  if (std::optional<Num> Gap = known(S.Pitch - S.Bytes))
    return *Gap < Num(L) - 1 ? rangeLines(S, O, L) : rowLinesSum(S, O, L);
  return minOf(rangeLines(S, O, L), rowLinesSum(S, O, L));
}

/// Pairs p < N - 1 of consecutive items (N >= 1 items of Extent >= 1
/// bytes, Pitch >= Extent apart, Pitch = ResidueW mod L) whose last and
/// first lines coincide. The gap d_p between item p's last line and item
/// p+1's first is 0 or 1 for every p when Pitch - Extent < L, and at least
/// 1 for every p otherwise, so the touching pairs number max(0, N - 1 -
/// sum d_p).
template <typename T>
T touchingPairs(const T &N, const T &Extent, const T &Pitch,
                uint64_t ResidueW, uint64_t O, uint64_t L) {
  if (std::optional<Num> Gap = known(Pitch - Extent); Gap && *Gap >= Num(L))
    return lit<T>(0);
  T Pairs = N - lit<T>(1);
  return maxOf(lit<T>(0),
               Pairs - floorDifferenceSum(Pairs, L, ResidueW, O, Pitch,
                                          Extent - lit<T>(1)));
}

/// Lines of Planes >= 1 planes (a known number), each the 2-D slice Plane,
/// PlanePitch >= its extent apart (PlanePitch = ResidueP mod L), the first
/// starting O < L bytes into a line. Plane p starts (O + p*ResidueP) mod L
/// into a line, which repeats with period P2 = L / gcd(ResidueP, L): the
/// planes' own counts are Planes / P2 periods plus the first Planes mod P2
/// planes. Planes share at most their first and last lines, so the union
/// subtracts the touching pairs.
template <typename T>
T linesOfPlanes(uint64_t Planes, const Rows2D<T> &Plane, const T &PlanePitch,
                uint64_t ResidueP, uint64_t O, uint64_t L) {
  uint64_t Period = L / std::gcd(ResidueP, L);
  uint64_t Tail = Planes % Period;
  T PerPeriod = lit<T>(0), InTail = lit<T>(0);
  uint64_t PlaneOffset = O;
  for (uint64_t P = 0; P < std::min(Planes, Period); ++P) {
    T Lines = linesOfRows(Plane, PlaneOffset, L);
    PerPeriod = PerPeriod + Lines;
    if (P < Tail)
      InTail = InTail + Lines;
    PlaneOffset = static_cast<uint64_t>((UNum(PlaneOffset) + ResidueP) % L);
  }
  return lit<T>(Planes / Period) * PerPeriod + InTail -
         touchingPairs(lit<T>(Planes), extentOf(Plane), PlanePitch, ResidueP,
                       O, L);
}

/// Count repetitions, Pitch bytes apart.
template <typename T> struct Dim {
  T Count;
  T Pitch;
};

/// Merges the dimensions of Block bytes repeated along Dims that add no
/// gap: a dimension of one repetition goes; one whose pitch is the block's
/// size extends the block; one whose pitch is another's pitch times its
/// count extends that one. Equalities are of values for numbers and of
/// structure for expressions. The order of the remaining dimensions is
/// kept.
template <typename T> void mergeContiguousDims(T &Block, std::vector<Dim<T>> &Dims) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Dims.size() && !Changed; ++I) {
      if (knownEqual(Dims[I].Count, 1)) {
        Changed = true;
      } else if (same(Dims[I].Pitch, Block)) {
        Block = Block * Dims[I].Count;
        Changed = true;
      }
      if (Changed)
        Dims.erase(Dims.begin() + I);
    }
    for (size_t I = 0; I < Dims.size() && !Changed; ++I)
      for (size_t J = 0; J < Dims.size() && !Changed; ++J)
        if (I != J && same(Dims[J].Pitch, Dims[I].Pitch * Dims[I].Count)) {
          Dims[I].Count = Dims[I].Count * Dims[J].Count;
          Dims.erase(Dims.begin() + J);
          Changed = true;
        }
  }
}

/// A 3-D slice of either kind of value.
template <typename T> struct Dims3 {
  T Planes, Rows, Bytes, RowPitch, PlanePitch;
};

/// The slice with its contiguous dimensions merged (Lines.h,
/// collapseSlice): rows first, then planes.
template <typename T> Dims3<T> collapse(const Dims3<T> &S) {
  T Block = S.Bytes;
  std::vector<Dim<T>> Dims{{S.Rows, S.RowPitch}, {S.Planes, S.PlanePitch}};
  mergeContiguousDims(Block, Dims);
  T One = lit<T>(1);
  switch (Dims.size()) {
  case 0:
    return {One, One, Block, Block, Block};
  case 1:
    return {One, Dims[0].Count, Block, Dims[0].Pitch,
            Dims[0].Pitch * Dims[0].Count};
  default:
    return {Dims[1].Count, Dims[0].Count, Block, Dims[0].Pitch, Dims[1].Pitch};
  }
}

/// Contiguous runs of a non-empty slice, exact for every valid binding:
/// each plane has 1 run if its rows abut, else one per row, less one
/// wherever a plane continues where the previous one ends. Equality tests
/// are written min(1, gap), which is 0 exactly when the (never negative)
/// gap is 0.
template <typename T> T contiguousRuns(const Dims3<T> &S) {
  T One = lit<T>(1);
  // A single row abuts itself whatever its pitch.
  T RowGap = minOf(One, (S.Rows - One) * (S.RowPitch - S.Bytes));
  T PlaneRuns = One + (S.Rows - One) * RowGap;
  T PlaneEnd = extentOfRepetitions(S.Rows, S.RowPitch, S.Bytes);
  T PlaneJoins = One - minOf(One, S.PlanePitch - PlaneEnd);
  return S.Planes * PlaneRuns - (S.Planes - One) * PlaneJoins;
}

/// F, a count that is right whenever every size in Sizes is at least 1,
/// made 0 when one of them is 0: F itself where that can be shown (each
/// size is a product of variables, and F is 0 when any of them is), else
/// F times min(1, size) for the sizes where it cannot.
Expr zeroWhenEmpty(const Expr &F, const std::vector<Expr> &Sizes);

} // namespace commcost::formulas
