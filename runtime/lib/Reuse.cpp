// The layer-condition estimate of line transfers (Reuse.h), written once
// for numbers (Num, wide enough for any product of two 64-bit counts) and
// for expressions, as LineFormulas.h writes the line counts: a test on
// values that are constants picks its branch; a test on a symbolic value
// becomes a factor that is 1 when it holds and 0 when not.
#include "commcost/Reuse.h"

#include "LineFormulas.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>

namespace commcost {

namespace {

using formulas::known;
using formulas::lit;
using formulas::maxOf;
using formulas::minOf;
using formulas::Num;

template <typename T> struct DimOf {
  T Count, Pitch, Lines;
};
template <typename T> struct WalkOf {
  T BlockLines;
  std::vector<DimOf<T>> Dims;
};

/// Beyond any 64-bit result, and products of two such stay far from
/// Num's limits.
constexpr Num Saturated = Num(1) << 100;

Num times(Num A, Num B) { return std::min(Saturated, A * B); }
Expr times(const Expr &A, const Expr &B) { return A * B; }
Num divide(Num A, Num B) { return A / B; }
Expr divide(const Expr &A, const Expr &B) { return A / B; }
Num ceilDivide(Num A, Num B) { return A / B + (A % B != 0); }
Expr ceilDivide(const Expr &A, const Expr &B) { return Expr::ceilDiv(A, B); }
Num gcdOf(Num A, Num B) {
  while (B != 0)
    A = std::exchange(B, A % B);
  return A;
}
Expr gcdOf(const Expr &A, const Expr &B) { return Expr::gcd(A, B); }

/// 1 when A <= B, else 0 (integers).
Num atMost(Num A, Num B) { return A <= B; }
Expr atMost(const Expr &A, const Expr &B) {
  return Expr::max(lit<Expr>(0), Expr::min(lit<Expr>(1), B - A + lit<Expr>(1)));
}
/// 1 when A (>= 0) is not 0, else 0.
Num nonZero(Num A) { return A != 0; }
Expr nonZero(const Expr &A) { return Expr::min(lit<Expr>(1), A); }

/// C ? A : B for C in {0, 1}.
template <typename T> T choose(const T &C, const T &A, const T &B) {
  if (std::optional<Num> K = known(C))
    return *K ? A : B;
  return C * A + (lit<T>(1) - C) * B;
}

/// Cache sets a walk's lines fall into, after repeating a walk that uses
/// Used sets Count (>= 1) times, Pitch bytes apart: a pitch of whole lines
/// shifts the sets by Pitch/LineSize modulo Sets, and repeats after
/// Sets/gcd of them (a power-of-two pitch comes back to the same few sets;
/// a shift of 0 keeps Used); any other pitch adds sets as it adds lines
/// (Before lines became Lines).
template <typename T>
T setsAfterRepeating(const T &Used, const T &Before, const T &Lines,
                     const T &Count, const T &Pitch, uint64_t LineSize,
                     uint64_t Sets) {
  const T S = lit<T>(Sets), One = lit<T>(1);
  // Products of counts below Sets each; at Sets or above, all sets.
  auto Times = [&](const T &A, const T &B) {
    return minOf(S, times(minOf(A, S), minOf(B, S)));
  };
  T Aligned = One - nonZero(formulas::mod(Pitch, LineSize));
  T Growing = Times(Used, ceilDivide(Lines, maxOf(One, Before)));
  T Shift = formulas::mod(divide(Pitch, lit<T>(LineSize)), Sets);
  Shift = minOf(Shift, S - Shift);
  T Distinct = minOf(Count, divide(S, gcdOf(S, Shift)));
  T Spread = choose(atMost(Used, Shift), Times(Distinct, Used),
                    Used + Times(Shift, Distinct - One));
  return choose(Aligned, minOf(S, minOf(Spread, maxOf(Used, Lines))),
                Growing);
}

/// Walks over the same loops: as many dimensions, the same counts.
template <typename T> bool sameLoops(std::span<const WalkOf<T>> Walks) {
  for (const WalkOf<T> &W : Walks) {
    if (W.Dims.size() != Walks[0].Dims.size())
      return false;
    for (size_t D = 0; D < W.Dims.size(); ++D)
      if (!formulas::same(W.Dims[D].Count, Walks[0].Dims[D].Count))
        return false;
  }
  return true;
}

/// The walks of a group, dimension by dimension, sharing Lines lines of
/// Ways ways in Sets sets. With Rerun, adds to it the units a second run
/// of the group brings in (Reuse.h, refetched).
template <typename T>
std::vector<T> transfersSharing(std::span<const WalkOf<T>> Walks,
                                uint64_t Lines, uint64_t Ways, uint64_t Sets,
                                uint64_t LineSize, T *Rerun) {
  const T One = lit<T>(1), Zero = lit<T>(0);
  size_t N = Walks.size();
  std::vector<T> Unique(N), Transfers(N), Used(N);
  for (size_t I = 0; I < N; ++I) {
    Unique[I] = Transfers[I] = Walks[I].BlockLines;
    Used[I] = minOf(lit<T>(Sets), maxOf(One, Walks[I].BlockLines));
  }
  // Kerncraft's layer condition, walk by walk: the inner walks of all of
  // them must fit together in lines, and walk I's lines per set, with the
  // others' lines spread over the sets I uses (or over their own, when
  // more), within the ways. A column that crowds a few sets then fails
  // alone: failing every walk with it counted the packed buffer written
  // beside a column walked outer as brought in again too (a simulated LRU
  // cache keeps it, ReuseTest), twice the transfers of a transpose's
  // column, which costs as much per element. Lines of a walk that fits in
  // the sets a failing one crowds are taken to stay: a share of one set
  // in 2048 in a second-level cache. (Counting that share, Used[J] of
  // Used[I] sets, named the regime in ReuseTest's small caches as often
  // as failing every walk did, and made a remark's text half as long
  // again: compile time +1 point on bench/compile_time.py's units.) The
  // others' lines count in walk I's sets only where their sets must meet
  // I's: when I's sets times J's reach all the sets (J's run of sets is
  // as long as the gap between I's, or longer). A source line in one set
  // beside 8 buffer lines in another one of 64 meets them in 1 row group
  // in 64; counting it brought every buffer line in again (ReuseTest).
  auto Fit = [&] {
    T Together = Zero;
    for (size_t I = 0; I < N; ++I)
      Together = Together + Unique[I];
    T InLines = atMost(Together, lit<T>(Lines));
    std::vector<T> Fits(N);
    for (size_t I = 0; I < N; ++I) {
      T PerSet = ceilDivide(Unique[I], Used[I]);
      for (size_t J = 0; J < N; ++J)
        if (J != I)
          PerSet = PerSet + atMost(lit<T>(Sets), times(Used[I], Used[J])) *
                                ceilDivide(Unique[J], maxOf(Used[I], Used[J]));
      Fits[I] = InLines * atMost(PerSet, lit<T>(Ways));
    }
    return Fits;
  };
  const size_t Dims = Walks[0].Dims.size();
  for (size_t D = 0; D < Dims; ++D) {
    std::vector<T> Fits = Fit();
    for (size_t I = 0; I < N; ++I) {
      const DimOf<T> &Dim = Walks[I].Dims[D];
      // An empty repetition or an empty inner walk ends the walk. When
      // that depends on a symbolic size the test is left out: a walk's
      // unique lines are 0 once a count is (as Site.cpp counts them), and
      // every transfer below then comes out 0 without it.
      T Live = nonZero(Dim.Count) * nonZero(Unique[I]);
      if (!known(Live))
        Live = One;
      // Lines the inner walk brings in again (it did not fit itself)
      // recur in every repetition; lines shared between repetitions do
      // not, when the inner walk fits (Dim.Lines <= Count * Unique: the
      // saving is never negative).
      T Next = times(Dim.Count, Transfers[I]) -
               Fits[I] * (times(Dim.Count, Unique[I]) - Dim.Lines);
      Transfers[I] = choose(Live, maxOf(Next, Dim.Lines), Zero);
      // The sets and unique lines only matter to an outer dimension (or a
      // second run): the symbolic sets are most of the cost of a symbolic
      // walk.
      if (D + 1 < Dims || Rerun) {
        T Sets1 = maxOf(One, setsAfterRepeating(Used[I], Unique[I], Dim.Lines,
                                                maxOf(One, Dim.Count),
                                                Dim.Pitch, LineSize, Sets));
        Used[I] = choose(Live, Sets1, Used[I]);
        Unique[I] = choose(Live, Dim.Lines, Zero);
      }
      if constexpr (std::is_same_v<T, Num>)
        Transfers[I] = std::min(Transfers[I], Saturated);
    }
  }
  // The second run is an outer dimension of two repetitions 0 bytes
  // apart: 2 * Transfers - Fits * Unique transfers (a walk keeps its
  // lines when its whole run fits), less the first run's. Transfers >=
  // Unique, so the layer condition's floor (the unique lines) never binds.
  if (Rerun) {
    std::vector<T> Fits = Fit();
    for (size_t I = 0; I < N; ++I)
      *Rerun = *Rerun + Transfers[I] - Fits[I] * Unique[I];
  }
  return Transfers;
}

/// With Rerun (0 on entry), the units a second run brings in too.
template <typename T>
std::vector<T> transfers(std::span<const WalkOf<T>> Walks,
                         const CacheGeometry &C, T *Rerun = nullptr) {
  if (Walks.empty())
    return {};
  uint64_t LineSize = std::max<uint64_t>(1, C.LineSize);
  uint64_t Lines = std::max<uint64_t>(1, C.Bytes / LineSize);
  uint64_t Ways = C.Ways ? std::min(C.Ways, Lines) : Lines;
  // A set count that is not a power of two cannot be address bits: such a
  // cache (a last level sliced by a hash of the address) spreads every
  // pitch over its sets, and only its capacity holds a walk back (the
  // 480 MiB 16-way last level of a 2-core Xeon guest, placed by address
  // bits, had a column 64 KiB apart crowd 480 sets).
  if (!std::has_single_bit(Lines / Ways))
    Ways = Lines;
  uint64_t Sets = std::max<uint64_t>(1, Lines / Ways);
  if (sameLoops(Walks))
    return transfersSharing(Walks, Lines, Ways, Sets, LineSize, Rerun);
  uint64_t Share = Walks.size();
  std::vector<T> Out;
  for (const WalkOf<T> &W : Walks)
    Out.push_back(transfersSharing(std::span(&W, 1),
                                   std::max<uint64_t>(1, Lines / Share),
                                   std::max<uint64_t>(1, Ways / Share), Sets,
                                   LineSize, Rerun)
                      .front());
  return Out;
}

/// Walks of Reuse.h (numbers or expressions) as walks of T.
template <typename T, typename W>
std::vector<WalkOf<T>> widen(std::span<const W> Walks) {
  std::vector<WalkOf<T>> Out;
  for (const W &Walk : Walks) {
    WalkOf<T> &V = Out.emplace_back();
    V.BlockLines = Walk.BlockLines;
    for (const auto &D : Walk.Dims)
      V.Dims.push_back({D.Count, D.Pitch, D.Lines});
  }
  return Out;
}

} // namespace

std::optional<std::vector<uint64_t>> lineTransfers(std::span<const Walk> Walks,
                                                   const CacheGeometry &C) {
  std::vector<Num> T = transfers<Num>(widen<Num>(Walks), C);
  std::vector<uint64_t> Out;
  for (Num V : T) {
    if (V < 0 || V > Num(std::numeric_limits<uint64_t>::max()))
      return std::nullopt;
    Out.push_back(uint64_t(V));
  }
  return Out;
}

std::vector<Expr> lineTransferExprs(std::span<const SymbolicWalk> Walks,
                                    const CacheGeometry &C) {
  return transfers<Expr>(widen<Expr>(Walks), C);
}

template <typename W> static auto lastUnits(const W &Walk) {
  return Walk.Dims.empty() ? Walk.BlockLines : Walk.Dims.back().Lines;
}

/// Transfers beyond each walk's unique units, summed (over the written
/// walks alone with WrittenOnly).
template <typename T, typename W>
static T againOf(const std::vector<T> &Transfers, std::span<const W> Walks,
                 bool WrittenOnly = false) {
  T Again = lit<T>(0);
  for (size_t I = 0; I < Walks.size(); ++I)
    if (!WrittenOnly || Walks[I].Written)
      Again = Again + (Transfers[I] - T(lastUnits(Walks[I])));
  return Again;
}

std::optional<Refetched<uint64_t>> refetched(std::span<const Walk> Walks,
                                             const CacheGeometry &C) {
  Num Rerun = 0;
  std::vector<Num> T = transfers<Num>(widen<Num>(Walks), C, &Rerun);
  for (Num V : T)
    if (V < 0 || V > Num(std::numeric_limits<uint64_t>::max()))
      return std::nullopt;
  const Num Most = std::numeric_limits<int64_t>::max();
  return Refetched<uint64_t>{
      uint64_t(std::min(againOf(T, Walks), Most)),
      uint64_t(std::min(Rerun, Most)),
      uint64_t(std::min(againOf(T, Walks, /*WrittenOnly=*/true), Most))};
}

Refetched<Expr> refetched(std::span<const SymbolicWalk> Walks,
                          const CacheGeometry &C, bool Rerun) {
  Expr Units = Expr::constant(0);
  std::vector<Expr> T =
      transfers<Expr>(widen<Expr>(Walks), C, Rerun ? &Units : nullptr);
  return {againOf(T, Walks), Units, againOf(T, Walks, /*WrittenOnly=*/true)};
}

} // namespace commcost
