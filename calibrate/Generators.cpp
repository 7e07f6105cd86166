// The access and communication patterns of the suites.
#include "Generators.h"

#include "commcost/Features.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace commcost::calib {

const char *smpPatternName(SmpPattern P) {
  switch (P) {
  case SmpPattern::LikeGather:
    return "like-gather";
  case SmpPattern::LikeScatter:
    return "like-scatter";
  case SmpPattern::Vary:
    return "vary";
  }
  return "?";
}

Superstep suite1Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P) {
  if (P == 0 || X == 0 || X > P)
    throw std::invalid_argument("superstep: need 1 <= x <= p, got x=" +
                                std::to_string(X) + " p=" + std::to_string(P));
  Superstep S{std::vector<uint64_t>(P), std::vector<uint64_t>(P)};
  uint64_t Spread = H * X / P;
  for (unsigned I = 0; I < P; ++I) {
    uint64_t Active = I < X ? H : 0;
    switch (Pattern) {
    case SmpPattern::LikeGather:
      S.Reads[I] = Active;
      S.Writes[I] = Spread;
      break;
    case SmpPattern::LikeScatter:
      S.Reads[I] = Spread;
      S.Writes[I] = Active;
      break;
    case SmpPattern::Vary:
      S.Reads[I] = S.Writes[I] = Active;
      break;
    }
  }
  return S;
}

namespace {

/// Counts uniformly in [0, Max] with Max attained by one random processor.
std::vector<uint64_t> randomUpTo(uint64_t Max, unsigned P, Rng &R) {
  std::uniform_int_distribution<uint64_t> Count(0, Max);
  std::vector<uint64_t> Out(P);
  for (auto &C : Out)
    C = Count(R);
  Out[std::uniform_int_distribution<unsigned>(0, P - 1)(R)] = Max;
  return Out;
}

} // namespace

Superstep suite2Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P, Rng &R) {
  Superstep Ref = suite1Superstep(Pattern, X, H, P);
  uint64_t MaxR = *std::max_element(Ref.Reads.begin(), Ref.Reads.end());
  uint64_t MaxW = *std::max_element(Ref.Writes.begin(), Ref.Writes.end());
  return {randomUpTo(MaxR, P, R), randomUpTo(MaxW, P, R)};
}

Superstep suite3Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P, uint64_t Cap, Rng &R) {
  Superstep Ref = suite1Superstep(Pattern, X, H, P);
  uint64_t Total =
      std::accumulate(Ref.Reads.begin(), Ref.Reads.end(), uint64_t(0)) +
      std::accumulate(Ref.Writes.begin(), Ref.Writes.end(), uint64_t(0));
  if (Total > Cap * 2 * P)
    throw std::invalid_argument("superstep: total " + std::to_string(Total) +
                                " does not fit under the cap");
  // Slots 0..P-1 are reads, P..2P-1 writes. Hand out what is left in
  // random proportions among the slots not yet full until none is left.
  std::vector<uint64_t> Slots(2 * P);
  std::uniform_real_distribution<double> U(0.05, 1);
  uint64_t Left = Total;
  while (Left > 0) {
    std::vector<double> W(2 * P);
    double Sum = 0;
    for (unsigned J = 0; J < 2 * P; ++J)
      Sum += W[J] = Slots[J] < Cap ? U(R) : 0;
    uint64_t Given = 0;
    for (unsigned J = 0; J < 2 * P && Given < Left; ++J) {
      uint64_t Share = std::min<uint64_t>(
          {uint64_t(double(Left) * W[J] / Sum), Cap - Slots[J], Left - Given});
      Slots[J] += Share;
      Given += Share;
    }
    if (Given == 0) // rounding left a remainder smaller than the slot count
      for (unsigned J = 0; J < 2 * P && Given < Left; ++J)
        if (Slots[J] < Cap) {
          ++Slots[J];
          ++Given;
        }
    Left -= Given;
  }
  return {std::vector<uint64_t>(Slots.begin(), Slots.begin() + P),
          std::vector<uint64_t>(Slots.begin() + P, Slots.end())};
}

FeatureVector superstepFeatures(const Superstep &S, uint64_t CacheElems) {
  return commcost::superstepFeatures(S.Reads, S.Writes, CacheElems);
}

const char *hxPatternName(HxPattern P) {
  switch (P) {
  case HxPattern::Scatter:
    return "scatter";
  case HxPattern::Gather:
    return "gather";
  case HxPattern::Square:
    return "square";
  }
  return "?";
}

namespace {
CommMatrix emptyMatrix(unsigned P) {
  if (P == 0)
    throw std::invalid_argument("pattern: no processors");
  return CommMatrix(P, std::vector<uint64_t>(P));
}
} // namespace

CommMatrix hxPattern(HxPattern Pattern, uint64_t H, unsigned X, unsigned P) {
  if (X == 0 || X > P)
    throw std::invalid_argument("(h,x)-pattern: need 1 <= x <= p, got x=" +
                                std::to_string(X) + " p=" + std::to_string(P));
  CommMatrix C = emptyMatrix(P);
  for (unsigned I = 0; I < P; ++I)
    for (unsigned J = 0; J < P; ++J) {
      switch (Pattern) {
      case HxPattern::Scatter:
        C[I][J] = I < X ? H / P : 0;
        break;
      case HxPattern::Gather:
        C[I][J] = J < X ? H / P : 0;
        break;
      case HxPattern::Square:
        C[I][J] = I < X && J >= P - X ? H / X : 0;
        break;
      }
    }
  return C;
}

CommMatrix randomCounterpart(const CommMatrix &C, Rng &R) {
  unsigned P = unsigned(C.size());
  // Processors relabelled at random: one permutation for senders and
  // receivers, so that what stays local stays local.
  std::vector<unsigned> Perm(P);
  std::iota(Perm.begin(), Perm.end(), 0);
  std::shuffle(Perm.begin(), Perm.end(), R);
  CommMatrix Out = emptyMatrix(P);
  for (unsigned I = 0; I < P; ++I)
    for (unsigned J = 0; J < P; ++J)
      Out[Perm[I]][Perm[J]] = C[I][J];
  if (P < 2)
    return Out;
  // Moving d bytes from (a,b),(c,e) to (a,e),(c,b) keeps all row and
  // column totals, hence h_i, h_o and M; all four cells off the diagonal
  // keeps the communicated bytes apart from the local ones.
  std::uniform_int_distribution<unsigned> Pick(0, P - 1);
  for (unsigned Step = 0; Step < 4 * P * P; ++Step) {
    unsigned A = Pick(R), Cc = Pick(R), B = Pick(R), E = Pick(R);
    if (A == Cc || B == E || A == B || Cc == E || A == E || Cc == B)
      continue;
    uint64_t Room = std::min(Out[A][B], Out[Cc][E]);
    if (Room == 0)
      continue;
    uint64_t D = std::uniform_int_distribution<uint64_t>(0, Room)(R);
    Out[A][B] -= D;
    Out[Cc][E] -= D;
    Out[A][E] += D;
    Out[Cc][B] += D;
  }
  return Out;
}

CommMatrix fullHRelation(uint64_t H, unsigned P) {
  CommMatrix C = emptyMatrix(P);
  for (unsigned I = 0; I < P; ++I)
    for (unsigned J = 0; J < P; ++J)
      C[I][J] = P == 1 ? H : (I != J ? H / (P - 1) : 0);
  return C;
}

CommMatrix hItemScatter(uint64_t H, unsigned P) {
  CommMatrix C = emptyMatrix(P);
  for (unsigned J = 0; J < P; ++J)
    C[0][J] = H / P;
  return C;
}

CommMatrix blockPermutation(uint64_t M, unsigned P) {
  CommMatrix C = emptyMatrix(P);
  for (unsigned I = 0; I < P; ++I)
    C[I][(I + 1) % P] = M;
  return C;
}

CommMatrix singleSend(uint64_t M, unsigned P) {
  CommMatrix C = emptyMatrix(P);
  C[0][P > 1 ? 1 : 0] = M;
  return C;
}

FeatureVector commFeatures(const CommMatrix &C) {
  unsigned P = unsigned(C.size());
  double Hi = 0, Ho = 0, Total = 0, Largest = 0, Msgs = 0;
  for (unsigned I = 0; I < P; ++I) {
    double Out = 0, In = 0, Count = 0;
    for (unsigned J = 0; J < P; ++J) {
      if (J == I)
        continue; // stays local: not communicated
      Out += double(C[I][J]);
      In += double(C[J][I]);
      Count += C[I][J] > 0;
      Largest = std::max(Largest, double(C[I][J]));
    }
    Ho = std::max(Ho, Out);
    Hi = std::max(Hi, In);
    Msgs = std::max(Msgs, Count);
    Total += Out;
  }
  return {{"hi", Hi},   {"ho", Ho},      {"h", std::max(Hi, Ho)},
          {"M", Total}, {"V", Total},    {"m", Largest},
          {"n", Msgs},  {"p", double(P)},  {"bpm", Largest}};
}

std::vector<uint64_t> logSpaced(uint64_t Lo, uint64_t Hi, unsigned N,
                                uint64_t Quantum) {
  std::vector<uint64_t> Out;
  if (N == 0 || Lo == 0 || Hi < Lo || Quantum == 0)
    throw std::invalid_argument("logSpaced: need 0 < lo <= hi and n > 0");
  for (unsigned I = 0; I < N; ++I) {
    double T = N == 1 ? 0 : double(I) / double(N - 1);
    double V =
        std::exp(std::log(double(Lo)) * (1 - T) + std::log(double(Hi)) * T);
    uint64_t Q = std::max<uint64_t>(
        Quantum, uint64_t(std::llround(V / double(Quantum))) * Quantum);
    if (Out.empty() || Out.back() != Q)
      Out.push_back(Q);
  }
  return Out;
}

std::vector<uint64_t> messageSizes(uint64_t Lo, uint64_t Hi, unsigned N,
                                   const std::vector<uint64_t> &Limits,
                                   const std::vector<int64_t> &Beside,
                                   bool PowersOfTwo) {
  std::vector<uint64_t> Out = logSpaced(Lo, Hi, N, 8);
  for (uint64_t P = std::bit_ceil(Lo); PowersOfTwo && P <= Hi; P *= 2)
    Out.push_back(P);
  for (uint64_t L : Limits)
    for (int64_t D : Beside)
      if (uint64_t V = L + uint64_t(D); L > 64 && V >= Lo && V <= Hi)
        Out.push_back(V);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace commcost::calib
