// The layer-condition estimate of line transfers (Reuse.h).
#include "commcost/Reuse.h"

#include <algorithm>
#include <numeric>

namespace commcost {

namespace {

uint64_t ceilDiv(uint64_t A, uint64_t B) { return A / B + (A % B != 0); }

/// Cache sets a walk's lines fall into, after repeating a walk that uses
/// Used sets Count times, Pitch bytes apart: a pitch of whole lines shifts
/// the sets by Pitch/LineSize modulo Sets, and repeats after Sets/gcd of
/// them (a power-of-two pitch comes back to the same few sets); any other
/// pitch adds sets as it adds lines (Before lines became Lines).
uint64_t setsAfterRepeating(uint64_t Used, uint64_t Before, uint64_t Lines,
                            uint64_t Count, uint64_t Pitch, uint64_t LineSize,
                            uint64_t Sets) {
  // Products of counts below Sets each; at Sets or above, all sets.
  auto Times = [Sets](uint64_t A, uint64_t B) {
    uint64_t P;
    return __builtin_mul_overflow(A, B, &P) ? Sets : std::min(Sets, P);
  };
  if (Pitch % LineSize != 0) // the sets grow as the lines do
    return Times(Used, ceilDiv(Lines, std::max<uint64_t>(1, Before)));
  uint64_t Shift = (Pitch / LineSize) % Sets;
  if (Shift == 0)
    return Used;
  Shift = std::min(Shift, Sets - Shift);
  uint64_t Distinct = std::min(Count, Sets / std::gcd(Sets, Shift));
  uint64_t Spread = Shift >= Used ? Times(Distinct, Used)
                                  : Used + Times(Shift, Distinct - 1);
  return std::min({Sets, Spread, std::max<uint64_t>(Used, Lines)});
}

/// Walks over the same loops: as many dimensions, the same counts.
bool sameLoops(std::span<const Walk> Walks) {
  for (const Walk &W : Walks) {
    if (W.Dims.size() != Walks[0].Dims.size())
      return false;
    for (size_t D = 0; D < W.Dims.size(); ++D)
      if (W.Dims[D].Count != Walks[0].Dims[D].Count)
        return false;
  }
  return true;
}

/// The walks of a group, dimension by dimension, sharing Lines lines of
/// Ways ways in Sets sets.
std::optional<std::vector<uint64_t>>
transfersSharing(std::span<const Walk> Walks, uint64_t Lines, uint64_t Ways,
                 uint64_t Sets, uint64_t LineSize) {
  size_t N = Walks.size();
  std::vector<uint64_t> Unique(N), Transfers(N), Used(N);
  for (size_t I = 0; I < N; ++I) {
    Unique[I] = Transfers[I] = Walks[I].BlockLines;
    Used[I] = std::min(Sets, std::max<uint64_t>(1, Walks[I].BlockLines));
  }
  for (size_t D = 0; D < Walks[0].Dims.size(); ++D) {
    // Kerncraft's layer condition: the inner walks of all of them must
    // fit together, in lines and in lines per set.
    uint64_t Together = 0, PerSet = 0;
    bool Fits = true;
    for (size_t I = 0; I < N && Fits; ++I)
      Fits = !__builtin_add_overflow(Together, Unique[I], &Together) &&
             !__builtin_add_overflow(PerSet, ceilDiv(Unique[I], Used[I]),
                                     &PerSet);
    Fits = Fits && Together <= Lines && PerSet <= Ways;
    for (size_t I = 0; I < N; ++I) {
      const WalkDim &Dim = Walks[I].Dims[D];
      if (Dim.Count == 0 || Unique[I] == 0) {
        Transfers[I] = Unique[I] = 0;
        continue;
      }
      // Lines the inner walk brings in again (it did not fit itself)
      // recur in every repetition; lines shared between repetitions do
      // not, when the inner walk fits.
      uint64_t Next;
      if (Fits ? __builtin_mul_overflow(Dim.Count, Transfers[I] - Unique[I],
                                        &Next) ||
                     __builtin_add_overflow(Next, Dim.Lines, &Next)
               : __builtin_mul_overflow(Dim.Count, Transfers[I], &Next))
        return std::nullopt;
      Transfers[I] = std::max(Next, Dim.Lines);
      Used[I] = std::max<uint64_t>(
          1, setsAfterRepeating(Used[I], Unique[I], Dim.Lines, Dim.Count,
                                Dim.Pitch, LineSize, Sets));
      Unique[I] = Dim.Lines;
    }
  }
  return Transfers;
}

} // namespace

std::optional<std::vector<uint64_t>> lineTransfers(std::span<const Walk> Walks,
                                                   const CacheGeometry &C) {
  if (Walks.empty())
    return std::vector<uint64_t>{};
  uint64_t LineSize = std::max<uint64_t>(1, C.LineSize);
  uint64_t Lines = std::max<uint64_t>(1, C.Bytes / LineSize);
  uint64_t Ways = C.Ways ? std::min(C.Ways, Lines) : Lines;
  uint64_t Sets = std::max<uint64_t>(1, Lines / Ways);
  if (sameLoops(Walks))
    return transfersSharing(Walks, Lines, Ways, Sets, LineSize);
  uint64_t Share = Walks.size();
  std::vector<uint64_t> Out;
  for (const Walk &W : Walks) {
    auto T = transfersSharing(std::span(&W, 1),
                              std::max<uint64_t>(1, Lines / Share),
                              std::max<uint64_t>(1, Ways / Share), Sets,
                              LineSize);
    if (!T)
      return std::nullopt;
    Out.push_back(T->front());
  }
  return Out;
}

} // namespace commcost
