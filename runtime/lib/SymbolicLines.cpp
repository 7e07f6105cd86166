// Line counts of slices with symbolic sizes (Lines.h,
// uniqueLinesOfSymbolicSlice): the formulas of LineFormulas.h built as
// expressions wherever the offsets of the rows within a line are known,
// and the cache-lines paper's gcd bounds (its Theorem 2) where a symbolic
// row pitch leaves them unknown.
#include "commcost/Lines.h"

#include "LineFormulas.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

using namespace commcost;
using namespace commcost::formulas;

namespace {

using Bounds = SymbolicLineBounds;

Bounds exact(const Expr &Lines) { return {Lines, Lines}; }

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

/// The residue of a pitch modulo the line when the expression fixes it:
/// its constant term's, when the other terms are multiples of the line.
std::optional<uint64_t> residueOf(const Expr &Pitch, uint64_t L) {
  int64_t Constant = 0;
  Expr Rest = Pitch;
  if (Pitch.isConstant()) {
    Constant = Pitch.constantValue();
    Rest = Expr();
  } else if (Pitch.kind() == Expr::Kind::Add &&
             Pitch.operands().back().isConstant()) {
    Constant = Pitch.operands().back().constantValue();
    Rest = Pitch - Pitch.operands().back();
  }
  if (factorDividing(Rest, L) != L)
    return std::nullopt;
  int64_t R = Constant % int64_t(L);
  return uint64_t(R < 0 ? R + int64_t(L) : R);
}

/// The offsets within a line the placement admits, smallest first.
std::vector<uint64_t> offsetsOf(const Placement &Where, uint64_t L) {
  std::vector<uint64_t> Offsets;
  for (uint64_t O = Where.firstIn(L); O < L; O += Where.stepIn(L))
    Offsets.push_back(O);
  return Offsets;
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

/// Min and max of the exact counts CountAt(Offsets[i]). Signatures, when
/// given, prune the candidates that can never be the extreme before their
/// expressions are built; each is built once, for the min and the max.
template <typename CountFn>
Bounds extremes(const std::vector<uint64_t> &Offsets, CountFn CountAt,
                const std::vector<std::vector<uint64_t>> &Sig) {
  std::vector<std::optional<Expr>> Counts(Offsets.size());
  auto At = [&](size_t I) -> const Expr & {
    if (!Counts[I])
      Counts[I] = CountAt(Offsets[I]);
    return *Counts[I];
  };
  auto Pick = [&](bool Lower) {
    std::vector<Expr> Kept;
    if (Sig.empty())
      for (size_t I = 0; I < Offsets.size(); ++I)
        Kept.push_back(At(I));
    else
      for (size_t I : undominated(Sig, Lower))
        Kept.push_back(At(I));
    return Lower ? Expr::minOf(Kept) : Expr::maxOf(Kept);
  };
  return {Pick(true), Pick(false)};
}

/// A 2-D slice with symbolic sizes: Rows >= 1 rows of Bytes >= 1 bytes.
struct Shape2D {
  Expr Rows, Bytes, Pitch;
};

/// The most expressions an extreme is taken over: beyond it, bounds that
/// are not exact but a few terms long.
constexpr size_t MaxCandidates = 16;

/// The most rows (offsets times a period of rows) whose counts may be
/// compared to prune the candidates: every offset and period of a 128-byte
/// line, a page's only at a few offsets or with short periods. Comparing
/// is quadratic in the offsets; a char array's rows at 4096 offsets of a
/// page, 4096 rows a period, took minutes and gigabytes.
constexpr uint64_t MaxSignatureSteps = 1 << 16;

/// Whether exact bounds print in at most MaxNodes nodes (min and max
/// together); beyond, the callers give bounds of a few terms instead.
bool printable(const Bounds &B, uint64_t MaxNodes) {
  return B.Min.size() + B.Max.size() <= MaxNodes;
}

/// The most steps of a floor sum over symbolic terms: each step refers to
/// the previous one twice, so the printed expression doubles with each. A
/// 64-byte line takes at most 7 (4 for pitches of whole 8-byte elements);
/// a 4096-byte page up to 17, which gives bounds instead. Fewer when the
/// offset term is symbolic too (a symbolic row width or plane pitch).
constexpr unsigned MaxFloorSumSteps = 10, MaxSymbolicOffsetSteps = 6;

/// Steps of Euclid's algorithm on (M, A): those of a floor sum.
unsigned euclidSteps(uint64_t M, uint64_t A) {
  unsigned Steps = 0;
  for (; A != 0; ++Steps) {
    M %= A;
    std::swap(M, A);
  }
  return Steps;
}

/// Rows whose offsets within a line are known at each admissible offset
/// (the pitch's residue W modulo the line is known): the exact count of
/// LineFormulas.h per offset, and its min and max over the offsets. The
/// count is nondecreasing in the offset when the rows form one range of
/// lines or all start at the same offset (W == 0), so only the ends
/// matter; otherwise every offset is a candidate, pruned by the counts of
/// up to one period of rows when only the row count is symbolic (at most
/// MaxSignatureSteps rows in all). Without pruning, at most MaxCandidates
/// offsets (std::nullopt beyond).
std::optional<Bounds> knownResidueRows(const Shape2D &S, uint64_t W,
                                       const std::vector<uint64_t> &Offsets,
                                       uint64_t L) {
  if (!(S.Rows.isConstant() && S.Bytes.isConstant()) &&
      euclidSteps(L, W) > (S.Bytes.isConstant() ? MaxFloorSumSteps
                                                : MaxSymbolicOffsetSteps))
    return std::nullopt;
  Rows2D<Expr> Rows{S.Rows, S.Bytes, S.Pitch, W};
  auto CountAt = [&](uint64_t O) { return linesOfRows(Rows, O, L); };
  std::optional<Num> Gap = known(S.Pitch - S.Bytes);
  if (W == 0 || (Gap && *Gap < Num(L)))
    return Bounds{CountAt(Offsets.front()), CountAt(Offsets.back())};
  std::vector<std::vector<uint64_t>> Sig;
  std::optional<Num> C = known(S.Bytes), Pitch = known(S.Pitch);
  uint64_t Period = L / std::gcd(W, L);
  bool Prune = C && Pitch && Offsets.size() * Period <= MaxSignatureSteps;
  if (!Prune && Offsets.size() > MaxCandidates)
    return std::nullopt;
  // The count is q times that of a period plus that of the first s rows
  // (R = q*P + s): comparing the counts of 0..P rows compares all. Rows a
  // line or more apart share no line, so the count of R + 1 rows is that
  // of R plus the last row's own lines: a period costs P steps, not P
  // floor sums.
  if (Prune)
    for (uint64_t O : Offsets) {
      std::vector<uint64_t> V{0};
      for (uint64_t R = 0, Start = O; R < Period; ++R, Start = (Start + W) % L)
        V.push_back(V.back() + (Start + uint64_t(*C) - 1) / L + 1);
      Sig.push_back(std::move(V));
    }
  return extremes(Offsets, CountAt, Sig);
}

/// Rows that all touch the same number of lines, PerRow, at every
/// admissible offset: the count is min(rows * PerRow, range), exact.
Bounds uniformRows(const Shape2D &S, const Expr &PerRow,
                   const std::vector<uint64_t> &Offsets, uint64_t L) {
  Expr RowSum = S.Rows * PerRow;
  Rows2D<Expr> Rows{S.Rows, S.Bytes, S.Pitch, 0};
  return {Expr::min(RowSum, rangeLines(Rows, Offsets.front(), L)),
          Expr::min(RowSum, rangeLines(Rows, Offsets.back(), L))};
}

/// The cache-lines paper's bounds (Theorem 2) for rows whose pitch W has
/// an unknown residue modulo the line. With g = gcd(W, L) (an expression)
/// the rows' offsets within a line repeat with period P = L/g and visit
/// the coset b + g*Z, b = a mod g, once per period, so a period of rows
/// touches P + floor((c - 1 + b)/g) lines (Hermite); the last R mod P rows
/// touch between 1 + floor((b + c - 1)/L) lines each (the smallest offset
/// b) and 1 + floor((L - g + b + c - 1)/L) (the largest), and no more than
/// a period. b is known modulo h = gcd(g, gcd(Modulus, L)) and lies
/// between bLo = Residue mod h and g - h + bLo. The count is the minimum
/// of that row sum and the range of lines, which grows with the offset.
Bounds gcdBoundRows(const Shape2D &S, const Placement &Where,
                    const std::vector<uint64_t> &Offsets, uint64_t L) {
  Expr Line = num(L), One = num(1);
  std::optional<uint64_t> W = residueOf(S.Pitch, L);
  Expr G = W ? num(std::gcd(*W, L)) : Expr::gcd(S.Pitch, Line);
  Expr Period = Line / G;
  uint64_t Step = Where.stepIn(L);
  Expr H = Step == L                                  ? G
           : factorDividing(S.Pitch, L) % Step == 0 ? num(Step)
                                                      : Expr::gcd(S.Pitch, num(Step));
  Expr BLo = num(Where.Residue % L) % H;
  Expr BHi = G - H + BLo;
  auto PerPeriod = [&](const Expr &B) {
    return Period + Expr::floorDiv(S.Bytes - One + B, G);
  };
  Expr Q = Expr::floorDiv(S.Rows, Period), Tail = S.Rows % Period;
  Expr MinRow = One + Expr::floorDiv(BLo + S.Bytes - One, Line);
  Expr MaxRow = One + Expr::floorDiv(Line - G + BHi + S.Bytes - One, Line);
  Expr Lo = Q * PerPeriod(BLo) + Tail * MinRow;
  Expr Hi = Q * PerPeriod(BHi) + Expr::min(Tail * MaxRow, PerPeriod(BHi));
  Rows2D<Expr> Rows{S.Rows, S.Bytes, S.Pitch, 0};
  return {Expr::min(rangeLines(Rows, Offsets.front(), L), Lo),
          Expr::min(rangeLines(Rows, Offsets.back(), L), Hi)};
}

/// Bounds of a 2-D slice (after collapsing) over the placement.
Bounds linesOf2D(const Shape2D &S, const Placement &Where, uint64_t L,
                 uint64_t MaxNodes) {
  std::vector<uint64_t> Offsets = offsetsOf(Where, L);
  if (knownEqual(S.Rows, 1))
    return {blockLines(Offsets.front(), S.Bytes, L),
            blockLines(Offsets.back(), S.Bytes, L)};
  if (std::optional<uint64_t> W = residueOf(S.Pitch, L))
    if (std::optional<Bounds> B = knownResidueRows(S, *W, Offsets, L);
        B && printable(*B, MaxNodes))
      return *B;
  // Rows start at Residue modulo D within a line; when every such start
  // leaves a row in the same number of lines, the count is exact.
  uint64_t D = std::gcd(factorDividing(S.Pitch, L), Where.stepIn(L));
  uint64_t B = Where.Residue % D;
  if (std::optional<Num> C = known(S.Bytes)) {
    if (B + uint64_t(*C - 1) % L < D)
      return uniformRows(S, num(uint64_t(*C - 1) / L + 1), Offsets, L);
  }
  return gcdBoundRows(S, Where, Offsets, L);
}

/// Bounds of a 3-D slice that does not collapse: the planes' counts and
/// the pairs of planes that share a line. Exact when the number of planes
/// is known and every offset is (offset, row and plane pitch residues),
/// and at most MaxCandidates planes of a period have to be summed into at
/// most MaxNodes; otherwise each plane is bounded over the offsets its
/// start can have (the placement's residue modulo what divides the plane
/// pitch too) and the touching pairs, exact when the plane offsets are
/// known, between 0 and one per pair when plane gaps are under a line.
Bounds linesOf3DApart(const SymbolicSlice &S, const Placement &Where,
                      uint64_t L, uint64_t MaxNodes);

/// Bounds of a 3-D slice whose planes may overlap (a plane's extent, with
/// symbolic rows, can exceed the plane pitch; constant ones that do are
/// refused before): where they do, the lines of one plane and the sum over
/// the planes bound the union; where they don't, linesOf3DApart counts.
Bounds linesOf3D(const SymbolicSlice &S, const Placement &Where, uint64_t L,
                 uint64_t MaxNodes) {
  Bounds Apart = linesOf3DApart(S, Where, L, MaxNodes);
  Expr Gap = S.PlanePitch -
             extentOfRepetitions(S.Rows, S.RowPitch, S.BytesPerRow);
  std::optional<Num> Known = known(Gap);
  if (Known && *Known >= 0)
    return Apart;
  Bounds Each = linesOf2D({S.Rows, S.BytesPerRow, S.RowPitch},
                          {std::gcd(Where.stepIn(L),
                                    factorDividing(S.PlanePitch, L)),
                           Where.Residue},
                          L, MaxNodes);
  Bounds Overlapping{Each.Min, S.Planes * Each.Max};
  if (Known)
    return Overlapping;
  Expr One = num(1);
  Expr IsApart = Expr::min(One, Expr::max(num(0), Gap + One));
  return {IsApart * Apart.Min + (One - IsApart) * Overlapping.Min,
          IsApart * Apart.Max + (One - IsApart) * Overlapping.Max};
}

Bounds linesOf3DApart(const SymbolicSlice &S, const Placement &Where,
                      uint64_t L, uint64_t MaxNodes) {
  Shape2D Plane{S.Rows, S.BytesPerRow, S.RowPitch};
  Expr Extent = extentOfRepetitions(S.Rows, S.RowPitch, S.BytesPerRow);
  std::optional<uint64_t> RowW = residueOf(S.RowPitch, L);
  std::optional<uint64_t> PlaneW = residueOf(S.PlanePitch, L);
  std::optional<uint64_t> Planes = constantSize(S.Planes, "planes");
  if (Where.exactIn(L) && RowW && PlaneW && Planes &&
      std::min<uint64_t>(*Planes, L / std::gcd(*PlaneW, L)) <= MaxCandidates &&
      euclidSteps(L, *RowW) <= (S.BytesPerRow.isConstant()
                                    ? MaxFloorSumSteps
                                    : MaxSymbolicOffsetSteps) &&
      euclidSteps(L, *PlaneW) <= (S.PlanePitch.isConstant()
                                      ? MaxFloorSumSteps
                                      : MaxSymbolicOffsetSteps)) {
    Bounds B = exact(linesOfPlanes(
        *Planes, Rows2D<Expr>{S.Rows, S.BytesPerRow, S.RowPitch, *RowW},
        S.PlanePitch, *PlaneW, Where.firstIn(L), L));
    if (printable(B, MaxNodes))
      return B;
  }
  Placement PlaneStarts{std::gcd(Where.stepIn(L),
                                 factorDividing(S.PlanePitch, L)),
                        Where.Residue};
  Bounds Each = linesOf2D(Plane, PlaneStarts, L, MaxNodes);
  Expr TouchLo, TouchHi;
  if (Where.exactIn(L) && PlaneW &&
      euclidSteps(L, *PlaneW) <= (S.PlanePitch.isConstant()
                                      ? MaxFloorSumSteps
                                      : MaxSymbolicOffsetSteps)) {
    TouchLo = TouchHi = touchingPairs(S.Planes, Extent, S.PlanePitch, *PlaneW,
                                      Where.firstIn(L), L);
  } else if (auto Gap = known(S.PlanePitch - Extent); !Gap || *Gap < Num(L)) {
    Expr One = num(1);
    TouchHi = (S.Planes - One) *
              (One - Expr::min(One, Expr::floorDiv(S.PlanePitch - Extent + One,
                                                   num(L))));
  }
  return {S.Planes * Each.Min - TouchHi, S.Planes * Each.Max - TouchLo};
}

/// Whether E is a constant times variables: 0 exactly when one of them is.
bool isProductOfVariables(const Expr &E) {
  if (E.kind() == Expr::Kind::Var)
    return true;
  if (E.kind() != Expr::Kind::Mul)
    return false;
  return std::all_of(E.operands().begin(), E.operands().end(),
                     [](const Expr &F) {
                       return F.isConstant() || F.kind() == Expr::Kind::Var;
                     });
}

} // namespace

Expr commcost::formulas::zeroWhenEmpty(const Expr &F,
                                       const std::vector<Expr> &Sizes) {
  Expr Out = F;
  for (const Expr &Z : Sizes) {
    if (Z.isConstant() && Z.constantValue() == 0)
      return num(0);
    if (Z.isConstant())
      continue;
    // Z as a constant coefficient times factors: zero exactly when a
    // factor is.
    std::vector<Expr> Factors =
        Z.kind() == Expr::Kind::Mul ? Z.operands() : std::vector<Expr>{Z};
    if (Factors.front().isConstant())
      Factors.erase(Factors.begin());
    Expr Product = num(1);
    for (const Expr &Fa : Factors)
      Product = Product * Fa;
    // F's value when a variable factor is 0, if it is the same constant K
    // for each: then F - K + K*min(1, Z) is F, and 0 when Z is.
    std::optional<int64_t> AtZero;
    bool Same = true;
    for (const Expr &Fa : Factors) {
      Expr V = Fa.kind() == Expr::Kind::Var ? Out.substitute(Fa.name(), num(0))
                                            : Fa;
      if (Fa.kind() != Expr::Kind::Var || !V.isConstant() ||
          (AtZero && *AtZero != V.constantValue())) {
        Same = false;
        break;
      }
      AtZero = V.constantValue();
    }
    Expr Indicator = Expr::min(num(1), Product);
    if (!Same || !AtZero)
      Out = Indicator * Out;
    else if (*AtZero != 0)
      Out = Out - Expr::constant(*AtZero) + Expr::constant(*AtZero) * Indicator;
  }
  return Out;
}

SymbolicSlice commcost::collapseSlice(const SymbolicSlice &S) {
  Dims3<Expr> C = collapse(Dims3<Expr>{S.Planes, S.Rows, S.BytesPerRow,
                                       S.RowPitch, S.PlanePitch});
  return {C.Planes, C.Rows, C.Bytes, C.RowPitch, C.PlanePitch};
}

std::optional<SymbolicLineBounds>
commcost::uniqueLinesOfSymbolicSlice(const SymbolicSlice &S,
                                     const Placement &Where, uint64_t LineSize,
                                     std::string &Reason, uint64_t MaxNodes) {
  checkLineSize(LineSize);
  Reason.clear();
  std::optional<uint64_t> Planes = constantSize(S.Planes, "planes");
  std::optional<uint64_t> Rows = constantSize(S.Rows, "rows");
  std::optional<uint64_t> Bytes = constantSize(S.BytesPerRow, "bytes per row");
  std::optional<uint64_t> RowPitch = constantSize(S.RowPitch, "row pitch");
  std::optional<uint64_t> PlanePitch =
      constantSize(S.PlanePitch, "plane pitch");
  if (Planes == 0u || Rows == 0u || Bytes == 0u)
    return exact(num(0));
  // Throws for rows or planes that overlap whatever the symbolic sizes.
  if (Bytes && RowPitch && Rows != 1u)
    checkSlice(Slice2D{std::max<uint64_t>(Rows.value_or(2), 2), *Bytes,
                       *RowPitch});
  if (Rows && Bytes && RowPitch && PlanePitch && Planes != 1u)
    checkSlice(Slice3D{2, *Rows, *Bytes, *RowPitch, *PlanePitch});
  if (Planes && Rows && Bytes && RowPitch && PlanePitch) {
    LineBounds B = uniqueLinesOf3DSlice(
        {*Planes, *Rows, *Bytes, *RowPitch, *PlanePitch}, Where, LineSize);
    if (B.Max > uint64_t(std::numeric_limits<int64_t>::max())) {
      Reason = "the slice touches more than 2^63 lines";
      return std::nullopt;
    }
    return Bounds{num(B.Min), num(B.Max)};
  }
  // Sizes that are not products of variables (ceildiv(n, p), n - 1) stand
  // in as fresh variables while the bounds are built, so that whether a
  // bound is 0 at a size of 0 can be read from the bound itself.
  SymbolicSlice C = collapseSlice(S);
  // Collapsing merges overlapping or abutting rows into one block whose
  // size is not 0 when there are no rows, so the slice's own sizes that
  // collapsing merged away guard the result as well.
  std::vector<Expr> Given;
  for (const Expr &Size : {S.Planes, S.Rows, S.BytesPerRow})
    if (!(Size == C.Planes || Size == C.Rows || Size == C.BytesPerRow))
      Given.push_back(Size);
  std::map<std::string, Expr, std::less<>> Back;
  auto Fresh = [&](const Expr &E) {
    for (const auto &[Name, Value] : Back)
      if (Value == E)
        return Expr::var(Name);
    std::string Name = "__size" + std::to_string(Back.size());
    Back.emplace(Name, E);
    return Expr::var(Name);
  };
  for (Expr *Size : {&C.Planes, &C.Rows, &C.BytesPerRow}) {
    if (Size->isConstant() || isProductOfVariables(*Size))
      continue;
    Expr Product = num(1);
    for (const Expr &F : Size->kind() == Expr::Kind::Mul
                             ? Size->operands()
                             : std::vector<Expr>{*Size})
      Product = Product * (F.isConstant() || F.kind() == Expr::Kind::Var
                               ? F
                               : Fresh(F));
    *Size = Product;
  }
  Bounds B = knownEqual(C.Planes, 1)
                 ? linesOf2D({C.Rows, C.BytesPerRow, C.RowPitch}, Where,
                             LineSize, MaxNodes)
                 : linesOf3D(C, Where, LineSize, MaxNodes);
  std::vector<Expr> Sizes{C.Planes, C.Rows, C.BytesPerRow};
  return Bounds{
      zeroWhenEmpty(zeroWhenEmpty(B.Min, Sizes).substitute(Back), Given),
      zeroWhenEmpty(zeroWhenEmpty(B.Max, Sizes).substitute(Back), Given)};
}
