// The access and communication patterns of the suites, as data: who reads
// and writes how much in an SMP superstep (Amato et al.: like-gather,
// like-scatter, vary; Suite 1 deterministic, Suite 2 random with the same
// maxima, Suite 3 random with the same totals), and who sends how many
// bytes to whom in a message-passing superstep (Bianco & Pucci's (h,x)
// patterns and their random counterparts; Juurlink & Wijshoff's full
// h-relations, h-item scatters, block permutations and single sends).
// Kept apart from the timing kernels so that the tests can check them.
#pragma once

#include "commcost/Model.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace commcost::calib {

using Rng = std::mt19937_64;

/// Reads and writes of each processor in one superstep.
struct Superstep {
  std::vector<uint64_t> Reads, Writes;
};

enum class SmpPattern { LikeGather, LikeScatter, Vary };
const char *smpPatternName(SmpPattern P);

/// Suite 1: like-gather(x,h), like-scatter(x,h), vary(x,h) on P processors.
Superstep suite1Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P);
/// Suite 2: random counts, each at most the Suite 1 maximum of its kind;
/// the maximum read and the maximum write count are both attained.
Superstep suite2Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P, Rng &R);
/// Suite 3: random counts with the Suite 1 total of reads plus writes;
/// no count exceeds Cap.
Superstep suite3Superstep(SmpPattern Pattern, unsigned X, uint64_t H,
                          unsigned P, uint64_t Cap, Rng &R);

/// Amato's features of a superstep: hr, hw, h, M, and hrc/hrm, hwc/hwm
/// split at CacheElems (the elements one processor's cache holds).
FeatureVector superstepFeatures(const Superstep &S, uint64_t CacheElems);

/// Bytes[i][j]: what processor i sends to processor j. The diagonal is a
/// processor's share of a pattern for itself: it stays local, is not
/// sent, and counts in no feature.
using CommMatrix = std::vector<std::vector<uint64_t>>;

enum class HxPattern { Scatter, Gather, Square };
const char *hxPatternName(HxPattern P);

/// Bianco & Pucci's deterministic (h,x)-patterns on P processors.
CommMatrix hxPattern(HxPattern Pattern, uint64_t H, unsigned X, unsigned P);
/// A random pattern with the same h_i, h_o and M as C: processors
/// relabelled at random, then bytes moved around random rectangles off
/// the diagonal, which keeps every row and column total.
CommMatrix randomCounterpart(const CommMatrix &C, Rng &R);

/// Juurlink & Wijshoff: every processor sends h bytes spread over the
/// others and receives h.
CommMatrix fullHRelation(uint64_t H, unsigned P);
/// Processor 0 sends h/P bytes to each processor.
CommMatrix hItemScatter(uint64_t H, unsigned P);
/// Every processor i sends M bytes to i+1 mod P.
CommMatrix blockPermutation(uint64_t M, unsigned P);
/// Processor 0 sends M bytes to processor 1.
CommMatrix singleSend(uint64_t M, unsigned P);

/// Features of a communication pattern, off the diagonal: hi, ho, h
/// (bytes), M and V (total bytes), m and bpm (largest message), n (most
/// messages sent by one processor), p.
FeatureVector commFeatures(const CommMatrix &C);

/// Sizes: N values from Lo to Hi, evenly spaced on a log scale, rounded to
/// multiples of Quantum, deduplicated.
std::vector<uint64_t> logSpaced(uint64_t Lo, uint64_t Hi, unsigned N,
                                uint64_t Quantum = 1);

/// Message sizes from Lo to Hi: N log-spaced (multiples of 8), every power
/// of two when PowersOfTwo (the sizes programs use), and beside each
/// protocol limit L (above 64) the sizes L + d for each d of Beside that
/// fall in range; the default puts the first size sampled past a switch
/// within 8 bytes of it wherever a header makes the switch fall short of
/// L. Sorted, unique.
std::vector<uint64_t>
messageSizes(uint64_t Lo, uint64_t Hi, unsigned N,
             const std::vector<uint64_t> &Limits,
             const std::vector<int64_t> &Beside = {-64, -32, -16, -8, 0, 8},
             bool PowersOfTwo = true);

} // namespace commcost::calib
