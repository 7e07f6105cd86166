// Line transfers of an access walked in its loop order: how often a cache
// of a given size and associativity brings in the lines of a footprint.
// Unique lines (Lines.h) count each line once, which is what a walk costs
// when every line stays cached until its last use; a column walked in the
// outer loop, or rows whose pitch maps them onto a few cache sets, bring
// the same lines in again. The estimate is the layer condition of Kerncraft
// (Hammer et al.): repetitions of a dimension reuse the lines of the walk
// inside it when that inner walk fits in the cache, counting its lines per
// cache set against the ways, so that power-of-two pitches conflict.
#pragma once

#include "commcost/Expr.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace commcost {

struct CacheGeometry {
  uint64_t Bytes = 0;
  uint64_t LineSize = 64;
  /// 0: fully associative (or not known). Ways that leave a set count
  /// other than a power of two place lines by a hash of the address, not
  /// by its bits: such a cache counts as fully associative.
  uint64_t Ways = 0;
};

/// One dimension of a walk, innermost first: Count repetitions of the walk
/// inside it, Pitch bytes apart (the magnitude: a backward loop reuses
/// lines as a forward one does), and the unique lines of the walk up to and
/// including this dimension.
struct WalkDim {
  uint64_t Count = 0;
  uint64_t Pitch = 0;
  uint64_t Lines = 0;
};

/// One access pattern: a block covering BlockLines lines, repeated along
/// Dims, innermost first.
struct Walk {
  uint64_t BlockLines = 0;
  std::vector<WalkDim> Dims;
  /// The walk stores to its lines: each one brought in again first went
  /// back dirty (refetched's AgainWritten).
  bool Written = false;
};

/// Transfers into cache C of each walk, when the walks run side by side
/// (one access of each per innermost iteration, as the reads and writes of
/// a copy loop). Walks over the same loops (as many dimensions, with the
/// same counts) share the cache as they use it: a dimension's repetitions
/// of a walk reuse its lines when the inner walks of all of them fit
/// together in lines and the walk's lines per set, with the others' spread
/// over its sets, fit the ways (Kerncraft's layer condition, walk by walk:
/// a stream that crowds a few sets fails alone; measured against a
/// simulated LRU cache, ReuseTest). Walks that differ each get an even
/// share. Each result is at least the walk's unique lines and at most one
/// transfer per block line touched; empty when a count does not fit in 64
/// bits.
std::optional<std::vector<uint64_t>> lineTransfers(std::span<const Walk> Walks,
                                                   const CacheGeometry &C);

/// A walk whose counts, pitches (magnitudes) and unique lines may be
/// symbolic (Walk's fields as expressions).
struct SymbolicWalkDim {
  Expr Count, Pitch, Lines;
};
struct SymbolicWalk {
  Expr BlockLines;
  std::vector<SymbolicWalkDim> Dims;
  bool Written = false;
};

/// lineTransfers of symbolic walks: the same estimate, written once for
/// both (Reuse.cpp), with each test on a size that is not a constant
/// turned into arithmetic (1 when it holds, else 0), so that evaluated at
/// a binding each expression is the number lineTransfers gives for the
/// walks of those sizes (where that fits in 64 bits).
std::vector<Expr> lineTransferExprs(std::span<const SymbolicWalk> Walks,
                                    const CacheGeometry &C);


/// Transfers beyond the unique units (Again: each walk's transfers into C
/// less its unique units, its outermost dimension's lines or its block's,
/// summed over the walks) and, in the same pass, the units a
/// second run of them brings into C when it follows the first at once
/// (Rerun: a warm run). That is the layer condition of the whole run
/// repeated, an outer dimension of two repetitions 0 bytes apart, less the
/// first run's transfers: none of a walk whose whole run fits C beside
/// the others (lineTransfers' condition), and every transfer of its first
/// run again when it does not (LRU on a cyclic walk). Numbers: empty when
/// the transfers do not fit in 64 bits; a sum beyond INT64_MAX is
/// INT64_MAX. AgainWritten: Again of the written walks alone (a
/// transpose's, whose lines go back dirty before they come in again,
/// where a column walked outer brings in clean ones).
template <typename T> struct Refetched {
  T Again, Rerun, AgainWritten;
};
std::optional<Refetched<uint64_t>> refetched(std::span<const Walk> Walks,
                                             const CacheGeometry &C);
/// With Rerun false, Rerun is 0 and not computed (it costs the outermost
/// dimension's layer condition).
Refetched<Expr> refetched(std::span<const SymbolicWalk> Walks,
                          const CacheGeometry &C, bool Rerun = true);

} // namespace commcost
