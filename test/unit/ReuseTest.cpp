// Checks the layer-condition estimate of Reuse.h against a simulated
// set-associative LRU cache: two-level loop nests that copy a sub-block of
// a matrix into a packed buffer (both loop orders, power-of-two and padded
// pitches, several cache shapes), each stream's misses counted as the
// simulation interleaves the two streams' accesses. The estimate must name
// the regime right (every line once, or lines brought in again) and stay
// within a stated factor of the simulated count; each test prints how many
// cases it checked and how close the estimate came.
#include "commcost/Features.h"
#include "commcost/Reuse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <list>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <vector>

using namespace commcost;

namespace {

/// A set-associative cache with LRU replacement, counting misses. A set
/// count that is a power of two is indexed by the line address's low bits,
/// any other by a hash of the line address, as a sliced last level is.
class LruCache {
public:
  explicit LruCache(const CacheGeometry &G)
      : Line(G.LineSize),
        Ways(G.Ways ? G.Ways : G.Bytes / G.LineSize),
        Sets(G.Bytes / G.LineSize / Ways), Lru(Sets) {}
  bool access(uint64_t Address) { // true on a miss
    uint64_t L = Address / Line;
    uint64_t Index =
        std::has_single_bit(Sets) ? L : (L * 0x9E3779B97F4A7C15ull) >> 20;
    auto &Set = Lru[Index % Sets];
    auto It = std::find(Set.begin(), Set.end(), L);
    bool Miss = It == Set.end();
    if (!Miss)
      Set.erase(It);
    else if (Set.size() == Ways)
      Set.pop_back();
    Set.push_front(L);
    return Miss;
  }

private:
  uint64_t Line, Ways, Sets;
  std::vector<std::list<uint64_t>> Lru;
};

/// One stream of a two-level nest: Base + i*PitchOf[0] + j*PitchOf[1] for
/// the outer loop index i and inner j (element accesses of Elem bytes).
struct Stream {
  uint64_t Base;
  uint64_t Pitch[2]; // outer, inner
};

struct Nest {
  uint64_t Trips[2]; // outer, inner
  std::vector<Stream> Streams;
  uint64_t Elem = 8;
};

std::vector<uint64_t> simulate(const Nest &N, const CacheGeometry &G) {
  LruCache C(G);
  std::vector<uint64_t> Misses(N.Streams.size());
  for (uint64_t I = 0; I < N.Trips[0]; ++I)
    for (uint64_t J = 0; J < N.Trips[1]; ++J)
      for (size_t S = 0; S < N.Streams.size(); ++S) {
        const Stream &St = N.Streams[S];
        Misses[S] += C.access(St.Base + I * St.Pitch[0] + J * St.Pitch[1]);
      }
  return Misses;
}

/// Distinct lines of a stream's accesses for the inner loop alone and for
/// the whole nest, by enumeration.
uint64_t bruteLines(const Nest &N, const Stream &St, uint64_t Outer,
                    uint64_t Line) {
  std::set<uint64_t> Lines;
  for (uint64_t I = 0; I < Outer; ++I)
    for (uint64_t J = 0; J < N.Trips[1]; ++J)
      for (uint64_t B = 0; B < N.Elem; B += N.Elem - 1)
        Lines.insert((St.Base + I * St.Pitch[0] + J * St.Pitch[1] + B) / Line);
  return Lines.size();
}

std::vector<uint64_t> estimate(const Nest &N, const CacheGeometry &G) {
  std::vector<Walk> Walks;
  for (const Stream &St : N.Streams)
    Walks.push_back(
        {(St.Base % G.LineSize + N.Elem - 1) / G.LineSize + 1,
         {{N.Trips[1], St.Pitch[1], bruteLines(N, St, 1, G.LineSize)},
          {N.Trips[0], St.Pitch[0],
           bruteLines(N, St, N.Trips[0], G.LineSize)}}});
  auto T = lineTransfers(Walks, G);
  EXPECT_TRUE(T.has_value());
  return T.value_or(std::vector<uint64_t>(N.Streams.size()));
}

/// What the features L_re<k> (each cache level of M) and P_re_<Tlb> must
/// be for nest N: the estimate's transfers beyond the enumerated unique
/// lines, over all streams; and L_rw<k>, the same of the last stream (the
/// one stored to) alone.
std::map<std::string, double> againByName(const Nest &N, const MachineInfo &M,
                                          uint64_t Tlb) {
  std::vector<std::pair<std::string, CacheGeometry>> Levels = {
      {"P_re_" + std::to_string(Tlb), {Tlb * M.PageSize, M.PageSize, 0}}};
  for (const CacheLevel &C : M.Caches)
    Levels.push_back({"L_re" + std::to_string(C.Level),
                      {C.SizeBytes, M.LineSize, C.Ways}});
  std::map<std::string, double> Out;
  for (const auto &[Name, G] : Levels) {
    auto Est = estimate(N, G);
    double &Again = Out[Name];
    for (size_t S = 0; S < N.Streams.size(); ++S) {
      double Stream =
          double(Est[S]) -
          double(bruteLines(N, N.Streams[S], N.Trips[0], G.LineSize));
      Again += Stream;
      // The last stream is the one stored to: L_rw<k>.
      if (S + 1 == N.Streams.size() && Name.starts_with("L_re"))
        Out["L_rw" + Name.substr(4)] = Stream;
    }
  }
  return Out;
}

/// Accesses of the nest's streams that leave the line their stream used
/// last, beyond each stream's unique lines: what L_sw estimates. The
/// estimate takes a line that one outer iteration ends in and the next
/// begins in as a switch, so it may exceed this by one per outer iteration
/// and stream (switchSlack).
double bruteSwitchesAgain(const Nest &N, uint64_t Line,
                          std::optional<size_t> Only = std::nullopt) {
  double Out = 0;
  for (size_t S = 0; S < N.Streams.size(); ++S) {
    if (Only && S != *Only)
      continue;
    const Stream &St = N.Streams[S];
    uint64_t Switches = 0, Last = ~uint64_t(0);
    for (uint64_t I = 0; I < N.Trips[0]; ++I)
      for (uint64_t J = 0; J < N.Trips[1]; ++J) {
        uint64_t L = (St.Base + I * St.Pitch[0] + J * St.Pitch[1]) / Line;
        Switches += L != Last;
        Last = L;
      }
    Out += double(Switches) -
           double(bruteLines(N, St, N.Trips[0], Line));
  }
  return Out;
}

double switchSlack(const Nest &N) {
  return double(N.Trips[0] * N.Streams.size());
}

/// Copy an R x Cc sub-block of a matrix with Ld doubles per row into a
/// packed R x Cc buffer, rows outer (ByRows) or columns outer.
Nest packNest(uint64_t R, uint64_t Cc, uint64_t Ld, bool ByRows) {
  Nest N;
  Stream Src{1 << 24, {Ld * 8, 8}}, Dst{1 << 28, {Cc * 8, 8}};
  N.Trips[0] = R;
  N.Trips[1] = Cc;
  if (!ByRows) {
    std::swap(N.Trips[0], N.Trips[1]);
    std::swap(Src.Pitch[0], Src.Pitch[1]);
    std::swap(Dst.Pitch[0], Dst.Pitch[1]);
  }
  N.Streams = {Src, Dst};
  return N;
}

struct Agreement {
  unsigned Cases = 0, SameRegime = 0, WithinFactor = 0;
  double WorstRatio = 1;
};

/// The regime: at most one transfer in ten beyond the unique lines, or
/// more. Within a factor: estimate and simulation within 1.5x of each
/// other.
void compare(const Nest &N, const CacheGeometry &G, Agreement &A) {
  auto Sim = simulate(N, G);
  auto Est = estimate(N, G);
  for (size_t S = 0; S < N.Streams.size(); ++S) {
    uint64_t Unique = bruteLines(N, N.Streams[S], N.Trips[0], G.LineSize);
    bool SimReuses = Sim[S] * 10 <= Unique * 11;
    bool EstReuses = Est[S] * 10 <= Unique * 11;
    double Ratio = double(std::max(Sim[S], Est[S])) /
                   double(std::max<uint64_t>(1, std::min(Sim[S], Est[S])));
    ++A.Cases;
    if (getenv("REUSE_DEBUG") && (SimReuses != EstReuses || Ratio > 1.5))
      std::cerr << "ways " << G.Ways << " trips " << N.Trips[0] << "x"
                << N.Trips[1] << " pitch " << N.Streams[S].Pitch[0] << ","
                << N.Streams[S].Pitch[1] << " stream " << S << " unique "
                << Unique << " sim " << Sim[S] << " est " << Est[S] << "\n";
    A.SameRegime += SimReuses == EstReuses;
    A.WithinFactor += Ratio <= 1.5;
    A.WorstRatio = std::max(A.WorstRatio, Ratio);
    EXPECT_GE(Est[S], Unique);
  }
}

} // namespace

TEST(Reuse, PackLoopOrdersAgainstSimulatedLru) {
  // Caches of 64-byte lines, 4-way and 8-way set-associative and fully
  // associative; sub-blocks from one element to four times the cache.
  const CacheGeometry Caches[] = {{8192, 64, 4}, {8192, 64, 8}, {4096, 64, 0}};
  std::mt19937_64 Random(20261126);
  auto LogUniform = [&](uint64_t Hi) {
    return uint64_t(std::exp(std::uniform_real_distribution<double>(
        0, std::log(double(Hi) + 1))(Random)));
  };
  Agreement A;
  for (const CacheGeometry &G : Caches)
    for (int Case = 0; Case < 80; ++Case) {
      uint64_t R = std::max<uint64_t>(1, LogUniform(128));
      uint64_t Cc = std::max<uint64_t>(1, LogUniform(128));
      // Pitches of a power of two (in lines: conflicts) or padded.
      const uint64_t Lds[] = {Cc, 64, 128, 256, 72, 136, 264};
      uint64_t Ld = std::max(Cc, Lds[Random() % 7]);
      for (bool ByRows : {true, false})
        compare(packNest(R, Cc, Ld, ByRows), G, A);
    }
  std::cout << A.Cases << " streams: regime right in " << A.SameRegime
            << ", within 1.5x in " << A.WithinFactor << ", worst ratio "
            << A.WorstRatio << "\n";
  // The condition walk by walk: 909 regimes right, 919 counts within 1.5x
  // (failing every walk when one failed: 933 and 914; counting the other
  // walk's lines in a walk's sets even where their sets need not meet:
  // 910 and 920). What it misses is
  // the share of a fitting walk's lines in the sets a failing column
  // crowds (41 of its 50 misses are the buffer beside a column, counted
  // once where the simulation brings it in up to 1.7 times): large in
  // these 32-set caches, one set in 2048 in a second-level cache.
  EXPECT_GE(A.SameRegime * 100, A.Cases * 94);
  EXPECT_GE(A.WithinFactor * 100, A.Cases * 95);
}

TEST(Reuse, BufferBesideACrowdedColumnStays) {
  // 8 columns of 512 rows, 32 KiB apart, packed column by column into a
  // buffer of 8 doubles a row, in a 256 KiB 8-way cache (512 sets): each
  // column's 512 lines share one set and come back for every column, the
  // buffer's 512 lines spread one a set and stay but for the one in the
  // crowded set. Failing the buffer with the column counted its lines 8
  // times (4096).
  CacheGeometry G{262144, 64, 8};
  Nest N = packNest(512, 8, 4096, /*ByRows=*/false);
  auto Sim = simulate(N, G);
  auto Est = estimate(N, G);
  uint64_t Column = bruteLines(N, N.Streams[0], N.Trips[0], 64),
           Buffer = bruteLines(N, N.Streams[1], N.Trips[0], 64);
  EXPECT_EQ(Buffer, 512u);
  EXPECT_EQ(Est[1], Buffer);
  EXPECT_LE(Sim[1], Buffer + 8);
  EXPECT_EQ(Est[0], 8 * Column);
  EXPECT_EQ(Sim[0], 8 * Column);
}

TEST(Reuse, ColumnWalkedOuterBringsEveryLineAgain) {
  // 64 rows of a matrix of 512 doubles, 8 columns walked one by one: a
  // column's 64 lines share one set of a 32 KiB 8-way cache (the 4 KiB
  // pitch is a multiple of the 64 sets' span) and the next column finds
  // none of them; padded by one line they spread over 64 sets and stay.
  CacheGeometry L1{32768, 64, 8};
  Walk Pow2{1, {{64, 4096, 64}, {8, 8, 64}}};
  EXPECT_EQ(lineTransfers(std::span(&Pow2, 1), L1),
            std::vector<uint64_t>{64 * 8});
  Walk Padded{1, {{64, 4160, 64}, {8, 8, 64}}};
  EXPECT_EQ(lineTransfers(std::span(&Padded, 1), L1),
            std::vector<uint64_t>{64});
  // Walked by rows, a row of 8 doubles is one line: each line once.
  Walk Rows{1, {{8, 8, 1}, {64, 4096, 64}}};
  EXPECT_EQ(lineTransfers(std::span(&Rows, 1), L1),
            std::vector<uint64_t>{64});
}

TEST(Reuse, EmptyWalksAndOverflow) {
  CacheGeometry G{4096, 64, 4};
  Walk Empty{1, {{0, 8, 0}}};
  EXPECT_EQ(lineTransfers(std::span(&Empty, 1), G),
            std::vector<uint64_t>{0});
  Walk Huge{1,
            {{uint64_t(1) << 40, 4096, uint64_t(1) << 40},
             {uint64_t(1) << 40, 8, uint64_t(1) << 40}}};
  EXPECT_EQ(lineTransfers(std::span(&Huge, 1), G), std::nullopt);
  // A walk that claims no lines for a repeated block, and one of 2^63
  // lines a dimension: answers, no division by zero or wrapped sums.
  Walk Odd{1, {{4, 64, 0}, {4, 8, 4}}};
  EXPECT_TRUE(lineTransfers(std::span(&Odd, 1), G).has_value());
  Walk Vast[2] = {{1, {{2, 64, uint64_t(1) << 63}}},
                  {1, {{2, 64, uint64_t(1) << 63}}}};
  auto T = lineTransfers(Vast, G);
  ASSERT_TRUE(T.has_value());
  EXPECT_EQ((*T)[0], uint64_t(1) << 63);
}

TEST(Reuse, PackFeaturesWalkTheLoopsAsTheNestDoes) {
  // packRefetchFeatures (the walk the plugin derives from a footprint: its
  // access order, unique lines and pages from the slice formulas) against
  // the same nest with its lines and pages enumerated: the same lines
  // brought in again, and pages walked again by a TLB.
  MachineInfo M;
  M.Caches = {{1, 8192, false, 4}, {2, 65536, false, 8}};
  std::mt19937_64 Random(7);
  unsigned Checked = 0, Nonzero = 0;
  for (int Case = 0; Case < 200; ++Case) {
    uint64_t R = 1 + Random() % 96, Cc = 1 + Random() % 40;
    const uint64_t Lds[] = {Cc, 64, 128, 512, 72, 136, 520};
    uint64_t Ld = std::max(Cc, Lds[Random() % 7]);
    for (bool ByRows : {true, false}) {
      Nest N = packNest(R, Cc, Ld, ByRows);
      FeatureVector F = packRefetchFeatures({R, Cc * 8, Ld * 8}, 0, 8,
                                            !ByRows, /*Unpack=*/false, M, {16});
      if (Cc != Ld) {
        EXPECT_NEAR(F.at("L_sw"), bruteSwitchesAgain(N, M.LineSize),
                    switchSlack(N))
            << R << "x" << Cc << " ld " << Ld << (ByRows ? " rows" : " cols");
        // The buffer, stream 1, is the side written.
        EXPECT_NEAR(F.at("L_sww"), bruteSwitchesAgain(N, M.LineSize, 1),
                    double(N.Trips[0]))
            << R << "x" << Cc << " ld " << Ld << (ByRows ? " rows" : " cols");
      }
      // The caches, and a TLB of 16 entries (pages as its lines).
      for (const auto &[Name, Again] : againByName(N, M, 16)) {
        if (Cc == Ld)
          continue; // the plugin walks abutting rows as one run
        EXPECT_EQ(F.at(Name), Again) << R << "x" << Cc << " ld " << Ld
                                     << (ByRows ? " rows" : " cols") << " "
                                     << Name;
        ++Checked;
        Nonzero += Again > 0;
      }
    }
  }
  std::cout << Checked << " nests and levels (caches, TLB), " << Nonzero
            << " with lines brought in again\n";
  EXPECT_GT(Nonzero, 20u);
}

TEST(Reuse, UnpackWritesTheSliceAndBringsInTheSameLines) {
  // The same loops with the copy's direction reversed: the same lines
  // brought in again, switches and rerun, of which the written ones (and
  // the written side's switches) are the slice's instead of the buffer's
  // (two footprints: the two parts add up). Columns walked outer at a power-of-two pitch, whose slice
  // side alone is brought in again, make the parts differ.
  MachineInfo M;
  M.Caches = {{1, 8192, false, 4}, {2, 65536, false, 8}};
  std::mt19937_64 Random(3);
  unsigned Differ = 0;
  for (int Case = 0; Case < 200; ++Case) {
    uint64_t R = 1 + Random() % 96, Cc = 1 + Random() % 40;
    const uint64_t Lds[] = {64, 128, 512, 72, 136, 520};
    uint64_t Ld = std::max(Cc, Lds[Random() % 6]);
    bool ColumnsOuter = Random() % 2;
    Slice2D S{R, Cc * 8, Ld * 8};
    FeatureVector Pack =
        packRefetchFeatures(S, 0, 8, ColumnsOuter, false, M, {16});
    FeatureVector Unpack =
        packRefetchFeatures(S, 0, 8, ColumnsOuter, true, M, {16});
    for (const auto &[Name, V] : Pack)
      if (!Name.starts_with("L_rw") && Name != "L_sww" && Name != "L_swc")
        EXPECT_EQ(Unpack.at(Name), V) << Name;
    EXPECT_EQ(Pack.at("L_sww") + Unpack.at("L_sww"), Pack.at("L_sw"))
        << R << "x" << Cc << " ld " << Ld;
    for (const char *Level : {"1", "2"}) {
      std::string Rw = std::string("L_rw") + Level,
                  Re = std::string("L_re") + Level;
      EXPECT_EQ(Pack.at(Rw) + Unpack.at(Rw), Pack.at(Re))
          << R << "x" << Cc << " ld " << Ld;
      Differ += Pack.at(Rw) != Unpack.at(Rw);
    }
  }
  EXPECT_GT(Differ, 20u);
}

TEST(Reuse, WarmRunsAgainstSimulatedLru) {
  // L_wm<k> of pack loops (packRefetchFeatures, the plugin's walk of the
  // loop) against an LRU cache run through the nest twice: the misses of
  // the second run. The layer condition says all or nothing; it must name
  // that regime right (at most one line in ten of the footprints brought
  // in again, or more) and, where lines come again, count them within 2x
  // (a run that does not fit brings in its lines again and its own
  // refetches, which L_re estimates within 1.5x for 95% of such loops;
  // LRU keeps the lines of the sets that do fit). Pitches of a power of
  // two (columns that crowd a few sets stay in no cache), padded, and
  // blocks from one element to four times a cache.
  MachineInfo M;
  M.Caches = {{1, 8192, false, 4}, {2, 65536, false, 8}};
  std::mt19937_64 Random(20261128);
  auto LogUniform = [&](uint64_t Hi) {
    return std::max<uint64_t>(
        1, uint64_t(std::exp(std::uniform_real_distribution<double>(
               0, std::log(double(Hi) + 1))(Random))));
  };
  unsigned Cases = 0, SameRegime = 0, Again = 0, Within2x = 0;
  for (int Case = 0; Case < 150; ++Case) {
    uint64_t R = LogUniform(512), Cc = LogUniform(128);
    const uint64_t Lds[] = {64, 128, 512, 2048, 72, 136, 520};
    uint64_t Ld = std::max(Cc + 1, Lds[Random() % 7]);
    for (bool ByRows : {true, false}) {
      Nest N = packNest(R, Cc, Ld, ByRows);
      FeatureVector F =
          packRefetchFeatures({R, Cc * 8, Ld * 8}, 0, 8, !ByRows, false, M, {});
      for (const CacheLevel &C : M.Caches) {
        LruCache Cache({C.SizeBytes, M.LineSize, C.Ways});
        uint64_t Second = 0, Unique = 0;
        for (int Run = 0; Run < 2; ++Run)
          for (uint64_t I = 0; I < N.Trips[0]; ++I)
            for (uint64_t J = 0; J < N.Trips[1]; ++J)
              for (const Stream &St : N.Streams)
                Second += Run * Cache.access(St.Base + I * St.Pitch[0] +
                                             J * St.Pitch[1]);
        for (const Stream &St : N.Streams)
          Unique += bruteLines(N, St, N.Trips[0], M.LineSize);
        double Est = F.at("L_wm" + std::to_string(C.Level));
        bool SimAgain = Second * 10 > Unique, EstAgain = Est * 10 > Unique;
        ++Cases;
        SameRegime += SimAgain == EstAgain;
        if (SimAgain && EstAgain) {
          ++Again;
          Within2x += std::max(Est, double(Second)) <=
                      2 * std::min(Est, double(Second));
        }
        if (getenv("REUSE_DEBUG"))
          std::cerr << "L" << C.Level << " " << R << "x" << Cc << " ld "
                    << Ld << (ByRows ? " rows" : " cols") << " unique "
                    << Unique << " sim " << Second << " est " << Est << "\n";
      }
    }
  }
  std::cout << Cases << " pack loops and levels: regime right in "
            << SameRegime << "; " << Again << " with lines again in both, "
            << Within2x << " of them within 2x\n";
  EXPECT_GT(Again, Cases / 5);
  EXPECT_GE(SameRegime * 100, Cases * 95);
  EXPECT_GE(Within2x * 100, Again * 90);
}

TEST(Reuse, RerunIsTheRunRepeatedTwiceInOnePass) {
  // refetched's Rerun, computed from the first run's pass, against its
  // definition: the units again (Again) of the walks given an outer
  // dimension of two repetitions 0 bytes apart, less the walks'. Random walks
  // (one to three, over the same loops or not, blocks and counts of 0,
  // power-of-two, padded and unaligned pitches) in three caches; and the
  // expressions of two symbolic streams evaluated at random sizes.
  const CacheGeometry Caches[] = {{8192, 64, 4}, {32768, 64, 8}, {4096, 64, 0}};
  std::mt19937_64 Random(20261128);
  auto Pick = [&](std::initializer_list<uint64_t> Values) {
    return *(Values.begin() + Random() % Values.size());
  };
  auto Twice = [](std::vector<Walk> Walks) {
    for (Walk &W : Walks)
      W.Dims.push_back(
          {2, 0, W.Dims.empty() ? W.BlockLines : W.Dims.back().Lines});
    return Walks;
  };
  unsigned Checked = 0, Nonzero = 0;
  for (const CacheGeometry &G : Caches)
    for (int Case = 0; Case < 400; ++Case) {
      std::vector<Walk> Walks(1 + Random() % 3);
      size_t Dims = Random() % 4;
      bool Same = Random() % 2;
      std::vector<uint64_t> Counts;
      for (size_t D = 0; D < Dims; ++D)
        Counts.push_back(Pick({0, 1, 2, 3, 64, 130, 512}));
      for (Walk &W : Walks) {
        W.BlockLines = Pick({0, 1, 2, 4, 100});
        uint64_t Inner = W.BlockLines;
        for (size_t D = 0; D < (Same ? Dims : Random() % 4); ++D) {
          uint64_t Count = Same ? Counts[D] : Pick({0, 1, 3, 64, 512});
          uint64_t Lines =
              Count && Inner ? Pick({Inner, Inner * Count, Inner + Count}) : 0;
          W.Dims.push_back(
              {Count, Pick({0, 8, 64, 4096, 4160, 100, 24}), Lines});
          Inner = Lines;
        }
      }
      auto Got = refetched(Walks, G), Both = refetched(Twice(Walks), G);
      ASSERT_TRUE(Got && Both);
      EXPECT_EQ(Got->Rerun, Both->Again - Got->Again) << "case " << Case;
      Nonzero += Got->Rerun != 0;
      ++Checked;
    }
  auto V = [](const char *Name) { return Expr::var(Name); };
  SymbolicWalk Pair[] = {
      {Expr::constant(1),
       {{V("n"), V("p0"), V("l0")}, {V("m"), V("p1"), V("l1")}}},
      {Expr::constant(2),
       {{V("n"), V("q0"), V("k0")}, {V("m"), V("q1"), V("k1")}}}};
  for (const CacheGeometry &G : Caches) {
    Refetched<Expr> E = refetched(Pair, G);
    for (int Case = 0; Case < 200; ++Case) {
      uint64_t N = Pick({1, 3, 8, 64, 100}), M = Pick({1, 2, 9, 70, 300});
      uint64_t P0 = Pick({8, 64, 4096, 4160, 100}), P1 = Pick({8, 512, 4104});
      uint64_t Q0 = Pick({8, 64, 16384}), Q1 = Pick({8, 2048, 2056});
      uint64_t L0 = Pick({1, N, N + 1}), L1 = Pick({L0, L0 * M, L0 * M + 3});
      uint64_t K0 = 2 * N, K1 = K0 * M;
      Expr::IntBindings B = {{"n", N},   {"m", M},   {"p0", P0}, {"p1", P1},
                             {"l0", L0}, {"l1", L1}, {"q0", Q0}, {"q1", Q1},
                             {"k0", K0}, {"k1", K1}};
      Walk Numbers[] = {{1, {{N, P0, L0}, {M, P1, L1}}},
                        {2, {{N, Q0, K0}, {M, Q1, K1}}}};
      auto Want = refetched(Numbers, G);
      ASSERT_TRUE(Want);
      EXPECT_EQ(uint64_t(E.Again.evaluate(B)), Want->Again);
      EXPECT_EQ(uint64_t(E.Rerun.evaluate(B)), Want->Rerun)
          << "n=" << N << " m=" << M << " p0=" << P0 << " p1=" << P1;
      ++Checked;
    }
  }
  std::cout << Checked << " walks and bindings checked, " << Nonzero
            << " numeric cases with units on the rerun\n";
  EXPECT_GT(Nonzero, 100u);
}

TEST(Reuse, SymbolicTransfersAreTheNumbersAtEveryBinding) {
  // Walks of one or two streams over two dimensions whose counts, pitches
  // and lines are variables: the expressions evaluated at random sizes
  // (power-of-two, padded and unaligned pitches, empty counts) equal the
  // numbers lineTransfers gives for walks of those sizes.
  const CacheGeometry Caches[] = {{8192, 64, 4},
                                  {32768, 64, 8},
                                  {4096, 64, 0},
                                  {12288, 64, 4}}; // 48 sets: hashed
  auto V = [](const char *Name) { return Expr::var(Name); };
  SymbolicWalk Src{Expr::constant(1),
                   {{V("n"), V("p0"), V("l0")}, {V("m"), V("p1"), V("l1")}}};
  SymbolicWalk Dst{Expr::constant(2),
                   {{V("n"), V("q0"), V("k0")}, {V("m"), V("q1"), V("k1")}}};
  SymbolicWalk Both[] = {Src, Dst};
  std::mt19937_64 Random(20261127);
  auto Pick = [&](std::initializer_list<uint64_t> Values) {
    return *(Values.begin() + Random() % Values.size());
  };
  unsigned Checked = 0;
  for (const CacheGeometry &G : Caches) {
    std::vector<Expr> One = lineTransferExprs(std::span(&Src, 1), G);
    std::vector<Expr> Two = lineTransferExprs(Both, G);
    for (int Case = 0; Case < 300; ++Case) {
      Expr::IntBindings B;
      uint64_t N = Pick({0, 1, 3, 8, 64, 100}), M = Pick({0, 1, 2, 9, 70});
      uint64_t P0 = Pick({8, 64, 4096, 4160, 8192, 100, 24});
      uint64_t P1 = Pick({8, 64, 512, 4104});
      uint64_t Q0 = Pick({8, 64, 16384}), Q1 = Pick({8, 16, 2048, 2056});
      // Lines of each prefix: at least the inner walk's, as Site.cpp's
      // unique counts are.
      uint64_t L0 = N ? Pick({1, N, N + 1}) : 0;
      uint64_t L1 = M && L0 ? Pick({L0, L0 * M, L0 * M + 3}) : 0;
      uint64_t K0 = N ? 2 * N : 0, K1 = M ? K0 * M : 0;
      B = {{"n", N}, {"m", M}, {"p0", P0}, {"p1", P1}, {"l0", L0},
           {"l1", L1}, {"q0", Q0}, {"q1", Q1}, {"k0", K0}, {"k1", K1}};
      Walk S{1, {{N, P0, L0}, {M, P1, L1}}}, D{2, {{N, Q0, K0}, {M, Q1, K1}}};
      Walk Pair[] = {S, D};
      auto WantOne = lineTransfers(std::span(&S, 1), G);
      auto WantTwo = lineTransfers(Pair, G);
      ASSERT_TRUE(WantOne && WantTwo);
      EXPECT_EQ(uint64_t(One[0].evaluate(B)), (*WantOne)[0]);
      for (size_t I = 0; I < 2; ++I)
        EXPECT_EQ(uint64_t(Two[I].evaluate(B)), (*WantTwo)[I])
            << "stream " << I << " n=" << N << " m=" << M << " p0=" << P0
            << " p1=" << P1 << " q0=" << Q0 << " q1=" << Q1;
      ++Checked;
    }
  }
  std::cout << Checked << " bindings checked\n";
  // Constants fold: a walk of constant sizes is a number.
  Walk C{1, {{64, 4096, 64}, {8, 8, 64}}};
  SymbolicWalk CS{Expr::constant(1),
                  {{Expr::constant(64), Expr::constant(4096), Expr::constant(64)},
                   {Expr::constant(8), Expr::constant(8), Expr::constant(64)}}};
  std::vector<Expr> Folded = lineTransferExprs(std::span(&CS, 1), Caches[1]);
  ASSERT_TRUE(Folded[0].isConstant());
  EXPECT_EQ(uint64_t(Folded[0].constantValue()),
            (*lineTransfers(std::span(&C, 1), Caches[1]))[0]);
}

TEST(Reuse, TransposeFeaturesWalkTheLoopsAsTheNestDoes) {
  // transposeFeatures against the nest it describes (source rows outer,
  // destination columns inner), its lines enumerated: the same lines
  // brought in again at each cache level and pages at a TLB.
  MachineInfo M;
  M.Caches = {{1, 8192, false, 4}, {2, 65536, false, 8}};
  std::mt19937_64 Random(5);
  unsigned Checked = 0, Nonzero = 0;
  for (int Case = 0; Case < 200; ++Case) {
    uint64_t R = 1 + Random() % 96, Cc = 1 + Random() % 96;
    const uint64_t Lds[] = {64, 128, 512, 72, 136, 520};
    uint64_t Ls = std::max(Cc, Lds[Random() % 6]),
             Ld = std::max(R, Lds[Random() % 6]);
    Nest N;
    N.Trips[0] = R;
    N.Trips[1] = Cc;
    N.Streams = {{1 << 24, {Ls * 8, 8}}, {1 << 28, {8, Ld * 8}}};
    FeatureVector F = transposeFeatures(R, Cc, 8, Ls * 8, 0, Ld * 8, M, {16});
    EXPECT_EQ(F.at("m"), double(R * Cc * 8));
    EXPECT_NEAR(F.at("L_sw"), bruteSwitchesAgain(N, M.LineSize),
                switchSlack(N))
        << R << "x" << Cc << " ld " << Ls << "," << Ld;
    EXPECT_NEAR(F.at("L_sww"), bruteSwitchesAgain(N, M.LineSize, 1),
                double(N.Trips[0]))
        << R << "x" << Cc << " ld " << Ls << "," << Ld;
    for (const auto &[Name, Again] : againByName(N, M, 16)) {
      EXPECT_EQ(F.at(Name), Again) << R << "x" << Cc << " ld " << Ls << ","
                                   << Ld << " " << Name;
      ++Checked;
      Nonzero += Again > 0;
    }
  }
  std::cout << Checked << " nests and levels, " << Nonzero
            << " with lines brought in again\n";
  EXPECT_GT(Nonzero, 50u);
}

/// The share of stream Only's line switches that land in the Sets-set
/// cache set of the line they leave (0 without switches).
double sameSetShareOfSwitches(const Nest &N, uint64_t Line, uint64_t Sets,
                              size_t Only) {
  const Stream &St = N.Streams[Only];
  uint64_t Switches = 0, SameSet = 0, Last = ~uint64_t(0);
  for (uint64_t I = 0; I < N.Trips[0]; ++I)
    for (uint64_t J = 0; J < N.Trips[1]; ++J) {
      uint64_t L = (St.Base + I * St.Pitch[0] + J * St.Pitch[1]) / Line;
      if (Last != ~uint64_t(0) && L != Last) {
        ++Switches;
        SameSet += L % Sets == Last % Sets;
      }
      Last = L;
    }
  return Switches ? double(SameSet) / double(Switches) : 0.0;
}

TEST(Reuse, WrittenSwitchesInOneSetAreThoseOfAWaySpanPitch) {
  // L_swc against the enumerated nest of a transpose: at a pitch that is a
  // multiple of the L1's way span (8 KiB, 4 ways: 2 KiB) the written
  // switches land in the set of the line they leave (all but those that
  // step to the next line of a row), where L_swc is L_sww; at the others
  // (a 512-byte pitch shifts 8 of 32 sets, a padded one 1) few of them
  // do, and it is 0.
  MachineInfo M;
  M.Caches = {{1, 8192, false, 4}, {2, 65536, false, 8}};
  std::mt19937_64 Random(11);
  unsigned All = 0, Few = 0;
  for (int Case = 0; Case < 300; ++Case) {
    uint64_t R = 1 + Random() % 80, Cc = 1 + Random() % 80;
    const uint64_t Lds[] = {256, 512, 768, 64, 72, 136, 264, 520};
    uint64_t Ld = std::max(R, Lds[Random() % 8]);
    Nest N;
    N.Trips[0] = R;
    N.Trips[1] = Cc;
    N.Streams = {{1 << 24, {Cc * 8, 8}}, {1 << 28, {8, Ld * 8}}};
    FeatureVector F = transposeFeatures(R, Cc, 8, Cc * 8, 0, Ld * 8, M, {});
    double Share = sameSetShareOfSwitches(N, M.LineSize, 32, 1);
    if (Share >= 0.95 && F.at("L_sww") > 0) {
      EXPECT_EQ(F.at("L_swc"), F.at("L_sww")) << R << "x" << Cc << " ld " << Ld;
      ++All;
    } else if (Share <= 0.2) {
      EXPECT_EQ(F.at("L_swc"), 0.0) << R << "x" << Cc << " ld " << Ld;
      ++Few;
    }
  }
  EXPECT_GT(All, 50u);
  EXPECT_GT(Few, 50u);
  // A machine whose L1 has no ways, or ways that leave a set count other
  // than a power of two, has no such feature to give.
  MachineInfo NoWays;
  NoWays.Caches = {{1, 8192, false, 0}};
  EXPECT_FALSE(
      transposeFeatures(64, 64, 8, 512, 0, 4096, NoWays, {}).count("L_swc"));
  NoWays.Caches = {{1, 49152, false, 8}};
  EXPECT_FALSE(
      transposeFeatures(64, 64, 8, 512, 0, 4096, NoWays, {}).count("L_swc"));
  EXPECT_EQ(l1WaySpan(M), 2048u);
}

TEST(Reuse, TiledTransposeFeaturesAreThePluginsOfTheTiledLoop) {
  // The calibrator's features of a transpose in tiles against what the
  // plugin gives the same loop (test/lit/copy-loops/tiles.c with the test
  // profile's caches, features/switches-one-set.c with a 32 KiB 8-way L1).
  MachineInfo Fixed;
  Fixed.Caches = {{1, 48 << 10, false, 12}, {2, 2 << 20, false, 16}};
  FeatureVector T16 = transposeFeatures(512, 512, 8, 4096, 0, 4096, Fixed, {}, 16);
  EXPECT_EQ(T16.at("L_re1"), 229376.0);
  EXPECT_EQ(T16.at("L_re2"), 0.0);
  FeatureVector T8 = transposeFeatures(512, 512, 8, 4096, 0, 4096, Fixed, {}, 8);
  EXPECT_EQ(T8.at("L_re1"), 0.0);
  EXPECT_EQ(T8.at("m"), 512.0 * 512 * 8);
  MachineInfo Epyc;
  Epyc.Caches = {{1, 32 << 10, false, 8}};
  for (uint64_t Ld : {2048u, 2056u, 2560u}) {
    FeatureVector F =
        transposeFeatures(2048, 2048, 8, Ld * 8, 0, Ld * 8, Epyc, {}, 8);
    EXPECT_EQ(F.at("L_sww"), 3670016.0) << Ld;
    EXPECT_EQ(F.at("L_swc"), Ld == 2056 ? 0.0 : 3670016.0) << Ld;
  }
  EXPECT_THROW(transposeFeatures(100, 100, 8, 800, 0, 800, Epyc, {}, 32),
               std::invalid_argument);
}

TEST(Reuse, PowerOfTwoTransposeBringsEveryWrittenLineAgain) {
  // 512 x 512 doubles into rows of 4096 bytes: a destination column maps
  // to 32 sets of a 1 MiB 8-way L2 (256 lines), so each of the 32768
  // written lines comes back for 7 of its 8 elements; 8 doubles of padding
  // spread it over every set, and nothing comes back. A simulated LRU
  // cache agrees within 1.5x.
  MachineInfo M;
  M.Caches = {{2, 1 << 20, false, 8}};
  for (uint64_t Ld : {512u, 520u}) {
    FeatureVector F = transposeFeatures(512, 512, 8, 512 * 8, 0, Ld * 8, M);
    Nest N;
    N.Trips[0] = N.Trips[1] = 512;
    N.Streams = {{1 << 24, {512 * 8, 8}}, {1 << 28, {8, Ld * 8}}};
    CacheGeometry G{1 << 20, 64, 8};
    auto Sim = simulate(N, G);
    double SimAgain = 0;
    for (size_t S = 0; S < 2; ++S)
      SimAgain += double(Sim[S]) -
                  double(bruteLines(N, N.Streams[S], 512, 64));
    // Every written element leaves the line the previous one used, at
    // either pitch.
    EXPECT_EQ(F.at("L_sw"), 7.0 * 32768);
    EXPECT_EQ(F.at("L_sww"), 7.0 * 32768);
    if (Ld == 512) {
      EXPECT_EQ(F.at("L_re2"), 7.0 * 32768);
      // All of them written lines: the source rows stream.
      EXPECT_EQ(F.at("L_rw2"), 7.0 * 32768);
      EXPECT_LE(std::max(SimAgain, F.at("L_re2")),
                1.5 * std::min(SimAgain, F.at("L_re2")));
    } else {
      EXPECT_EQ(F.at("L_re2"), 0);
      EXPECT_LT(SimAgain, 0.01 * 7 * 32768);
    }
  }
}

TEST(Reuse, AnotherWalksLineCrowdsASetOnlyWhereTheirSetsMustMeet) {
  // 8 columns of 1024 rows, 8 KiB apart, packed rows outer into 8 buffer
  // columns 8 KiB apart, in a 32 KiB 8-way cache (64 sets, a first
  // level's): the 8 buffer lines one row writes fill one set, which moves
  // on every 8 rows; the row's source line sits in one set throughout.
  // Their sets meet in 1 row group in 64, so the buffer's lines stay (the
  // simulation brings 112 of 1024 in again; counting the source line in
  // the buffer's set brought every one in again, 7 times, and priced the
  // kernel benchmark's 8 columns rows outer +42%). Where the sets must
  // meet, the other walk's lines still count: 8 columns of 64 rows 512
  // bytes apart, walked columns outer into a buffer of one line a row. A
  // column fills 8 sets to their 8 ways, the buffer's 64 lines take one
  // line of every set, so each column comes back for the next one, in
  // the simulation as in the estimate (leaving the buffer's lines out
  // kept the columns).
  CacheGeometry G{32768, 64, 8};
  const uint64_t R = 1024, Pitch = 8192;
  Nest Rows;
  Rows.Trips[0] = R;
  Rows.Trips[1] = 8;
  Rows.Streams = {{(1 << 24) + 3 * 64, {Pitch, 8}}, {1 << 28, {8, R * 8}}};
  auto Sim = simulate(Rows, G);
  auto Est = estimate(Rows, G);
  uint64_t Written = bruteLines(Rows, Rows.Streams[1], R, 64);
  EXPECT_EQ(Written, R);
  EXPECT_EQ(Est[1], Written);
  EXPECT_LE(Sim[1], Written + Written / 8);
  EXPECT_GT(Sim[1], Written);
  EXPECT_EQ(Est[0], bruteLines(Rows, Rows.Streams[0], R, 64));

  Nest Columns = packNest(64, 8, 64, /*ByRows=*/false);
  Sim = simulate(Columns, G);
  Est = estimate(Columns, G);
  uint64_t Column = bruteLines(Columns, Columns.Streams[0], 1, 64);
  EXPECT_EQ(Column, 64u);
  EXPECT_EQ(Est[0], 8 * Column);
  EXPECT_EQ(Sim[0], 8 * Column);
}

TEST(Reuse, ASetCountOtherThanAPowerOfTwoIsAHashNotAddressBits) {
  // 8 columns of 32 rows 4 KiB apart (32 lines, 64 lines apart), walked
  // columns outer: 48 sets of 4 ways hold 192 lines, and a cache with 48
  // sets cannot index them by address bits (a sliced last level hashes
  // the address). Hashed, the column's lines spread over the sets and
  // stay for the next column; placed by address bits they would crowd 3
  // sets (12 lines) and come back for each column. 64 sets of 3 ways, the
  // same capacity, do index by address bits: one set, every column comes
  // back. Past the capacity (256 rows) the hashed cache brings them back
  // too. The simulated LRU caches agree.
  CacheGeometry Hashed{48 * 4 * 64, 64, 4}, ByBits{64 * 3 * 64, 64, 3};
  for (uint64_t R : {32u, 256u}) {
    Nest N = packNest(R, 8, 512, /*ByRows=*/false);
    uint64_t Column = bruteLines(N, N.Streams[0], 1, 64);
    EXPECT_EQ(Column, R);
    auto Sim = simulate(N, Hashed);
    auto Est = estimate(N, Hashed);
    uint64_t Expected = R == 32 ? Column : 8 * Column;
    EXPECT_EQ(Est[0], Expected) << R << " rows";
    EXPECT_LE(Sim[0], Expected + Expected / 8) << R << " rows";
    EXPECT_GE(Sim[0], Expected) << R << " rows";
    Sim = simulate(N, ByBits);
    Est = estimate(N, ByBits);
    EXPECT_EQ(Est[0], 8 * Column) << R << " rows";
    EXPECT_EQ(Sim[0], 8 * Column) << R << " rows";
  }
}
