// Unique memory lines touched by contiguous blocks and by 2-D and 3-D
// rectangular slices (docs/design.md, "Unique memory lines of a rectangular
// slice"). The one place these counts are computed: the plugin, the
// calibrator and the command line all call these functions.
//
// A 2-D slice has Rows rows of BytesPerRow contiguous bytes, row r starting
// at Offset + r * Pitch. Its lines are
//   { floor((Offset + r*Pitch + x) / LineSize) : 0 <= r < Rows,
//                                                0 <= x < BytesPerRow }.
// Counts are exact for a known offset. Where only some facts about the
// address are known (a Placement: an alignment, or an offset from an
// aligned base) the offset within a line ranges over a few values, and the
// [Min, Max] bounds are attained by one of them. Work never grows with the
// number of rows or planes: O(log LineSize) per offset (3-D: times the
// period of plane offsets within a line).
#pragma once

#include "commcost/Expr.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace commcost {

/// Raised for a slice that is not a slice: zero line size, rows that
/// overlap (pitch below the row length), planes that overlap.
class SliceError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

struct Slice2D {
  uint64_t Rows = 1;
  uint64_t BytesPerRow = 0;
  uint64_t Pitch = 0; ///< bytes from one row's start to the next's
};

struct Slice3D {
  uint64_t Planes = 1;
  uint64_t Rows = 1;
  uint64_t BytesPerRow = 0;
  uint64_t RowPitch = 0;
  uint64_t PlanePitch = 0;
};

struct LineBounds {
  uint64_t Min = 0;
  uint64_t Max = 0;
  bool exact() const { return Min == Max; }
  friend bool operator==(const LineBounds &, const LineBounds &) = default;
};

/// Where a slice's first byte lies: at an address that is Residue modulo
/// Modulus (an alignment is residue 0; a known offset from an aligned base
/// is that offset modulo the base's alignment); Modulus 0 means the
/// address is Residue exactly. Within a line of L bytes the first byte
/// may then lie at Residue mod s, plus any multiple of s, s = gcd(Modulus,
/// L): counts are exact when s == L, else [Min, Max] over those offsets.
struct Placement {
  uint64_t Modulus = 1;
  uint64_t Residue = 0;

  static Placement exactly(uint64_t Address) { return {0, Address}; }
  static Placement aligned(uint64_t Align) { return {Align, 0}; }
  /// The spacing of the admissible offsets within a unit of Unit bytes.
  uint64_t stepIn(uint64_t Unit) const;
  /// The smallest admissible offset within a unit of Unit bytes.
  uint64_t firstIn(uint64_t Unit) const { return Residue % stepIn(Unit); }
  /// Whether the offset within a unit of Unit bytes is known.
  bool exactIn(uint64_t Unit) const { return stepIn(Unit) == Unit; }
  friend bool operator==(const Placement &, const Placement &) = default;
};

/// Throw SliceError unless the line size is at least 1 byte.
void checkLineSize(uint64_t LineSize);

/// Throw SliceError, naming the field, unless S is a slice: rows (planes)
/// must not overlap and the slice must span at most 2^64 bytes.
void checkSlice(const Slice2D &S);
void checkSlice(const Slice3D &S);

/// The bytes from the first byte of the first of Count repetitions of a
/// block of Bytes bytes, Pitch bytes apart, to the last byte of the last:
/// (Count - 1) * Pitch + Bytes (Count >= 1). For numbers and expressions.
template <typename T>
T extentOfRepetitions(const T &Count, const T &Pitch, const T &Bytes) {
  if constexpr (std::is_same_v<T, Expr>)
    return (Count - Expr::constant(1)) * Pitch + Bytes;
  else
    return (Count - T(1)) * Pitch + Bytes;
}

/// sum_{i=0}^{N-1} floor((A*i + B) / M), in O(log M) steps; throws
/// std::overflow_error when the sum does not fit in 64 bits.
uint64_t floorSum(uint64_t N, uint64_t M, uint64_t A, uint64_t B);

/// A slice with its contiguous dimensions merged: rows that abut (pitch
/// equal to the bytes per row) become one row, planes of one row become
/// rows, planes that continue the rows (plane pitch equal to rows times
/// row pitch) become more rows. The result has the same bytes, and so the
/// same lines, runs and pages; it is 2-D (Planes == 1) whenever a
/// dimension merges. The 2-D form merges abutting rows.
Slice3D collapseSlice(const Slice3D &S);
Slice2D collapseSlice(const Slice2D &S);

/// Lines of Bytes contiguous bytes starting at Offset.
uint64_t uniqueLinesOfBlock(uint64_t Bytes, uint64_t Offset,
                            uint64_t LineSize);
/// Lines of 2-D and 3-D slices whose first byte is at Offset.
uint64_t uniqueLinesOf2DSlice(const Slice2D &S, uint64_t Offset,
                              uint64_t LineSize);
uint64_t uniqueLinesOf3DSlice(const Slice3D &S, uint64_t Offset,
                              uint64_t LineSize);

/// [Min, Max] of the count over the offsets a placement admits, each
/// attained by one of them.
LineBounds uniqueLinesOfBlock(uint64_t Bytes, const Placement &Where,
                              uint64_t LineSize);
LineBounds uniqueLinesOf2DSlice(const Slice2D &S, const Placement &Where,
                                uint64_t LineSize);
LineBounds uniqueLinesOf3DSlice(const Slice3D &S, const Placement &Where,
                                uint64_t LineSize);

/// A slice whose sizes may be symbolic (source-level variables). A 2-D
/// slice has Planes == 1.
struct SymbolicSlice {
  Expr Planes = Expr::constant(1);
  Expr Rows = Expr::constant(1);
  Expr BytesPerRow;
  Expr RowPitch;
  Expr PlanePitch;
};

/// Contiguous dimensions merged as collapseSlice does, where the
/// expressions show it (equal pitches and products).
SymbolicSlice collapseSlice(const SymbolicSlice &S);

struct SymbolicLineBounds {
  Expr Min;
  Expr Max;
};

/// Line counts of a symbolic slice as expressions in the grammar: for every
/// binding of the variables under which the slice is valid, Min <= the
/// count <= Max at every offset the placement admits (with sizes of 0:
/// both 0). Min and Max are the exact minimum and maximum over those
/// offsets wherever the offsets of the rows and planes within a line are
/// known (constant pitches, or pitches whose residue modulo the line is
/// known); otherwise they are the cache-lines paper's gcd bounds (its
/// Theorem 2), written with gcd(pitch, line), which miss the truth by at
/// most the lines of one period of rows. Exact counts that would print
/// in more than MaxNodes nodes (Expr::size of Min and Max together) give
/// the gcd bounds instead: floor sums over symbolic offsets double with
/// each step of Euclid's algorithm and can run to megabytes of text.
/// Returns std::nullopt, with Reason saying why, for the shapes no bound
/// is known for.
inline constexpr uint64_t DefaultMaxLineNodes = 5000;
std::optional<SymbolicLineBounds>
uniqueLinesOfSymbolicSlice(const SymbolicSlice &S, const Placement &Where,
                           uint64_t LineSize, std::string &Reason,
                           uint64_t MaxNodes = DefaultMaxLineNodes);

} // namespace commcost
