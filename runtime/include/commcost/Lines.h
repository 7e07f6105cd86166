// Unique memory lines touched by contiguous blocks and by 2-D and 3-D
// rectangular slices (docs/design.md, "Unique memory lines of a rectangular
// slice"). The one place these counts are computed: the plugin, the
// calibrator and the command line all call these functions.
//
// A 2-D slice has Rows rows of BytesPerRow contiguous bytes, row r starting
// at Offset + r * Pitch. Its lines are
//   { floor((Offset + r*Pitch + x) / LineSize) : 0 <= r < Rows,
//                                                0 <= x < BytesPerRow }.
// Counts are exact for a known offset. With only an alignment guarantee the
// offset modulo the line size ranges over the multiples of
// gcd(Align, LineSize), and the [Min, Max] bounds are attained by one of
// them. Work never grows with the number of rows or planes.
#pragma once

#include "commcost/Expr.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

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

/// Throw SliceError unless the line size (alignment) is at least 1.
void checkLineSize(uint64_t LineSize);
void checkAlign(uint64_t Align);

/// Throw SliceError, naming the field, unless S is a slice: rows (planes)
/// must not overlap and the slice must span at most 2^64 bytes.
void checkSlice(const Slice2D &S);
void checkSlice(const Slice3D &S);

/// sum_{i=0}^{N-1} floor((A*i + B) / M), in O(log M) steps.
uint64_t floorSum(uint64_t N, uint64_t M, uint64_t A, uint64_t B);

/// Lines of Bytes contiguous bytes starting at Offset.
uint64_t uniqueLinesOfBlock(uint64_t Bytes, uint64_t Offset,
                            uint64_t LineSize);
LineBounds uniqueLinesOfBlockAligned(uint64_t Bytes, uint64_t Align,
                                     uint64_t LineSize);

uint64_t uniqueLinesOf2DSlice(const Slice2D &S, uint64_t Offset,
                              uint64_t LineSize);
LineBounds uniqueLinesOf2DSliceAligned(const Slice2D &S, uint64_t Align,
                                       uint64_t LineSize);

uint64_t uniqueLinesOf3DSlice(const Slice3D &S, uint64_t Offset,
                              uint64_t LineSize);
LineBounds uniqueLinesOf3DSliceAligned(const Slice3D &S, uint64_t Align,
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

struct SymbolicLineBounds {
  Expr Min;
  Expr Max;
};

/// Where the slice's first byte may lie: a known offset modulo the line
/// size, or only a guaranteed alignment (a power of two).
struct Placement {
  uint64_t Align = 1;
  std::optional<uint64_t> Offset;
};

/// Line counts of a symbolic slice as expressions in the grammar, exact
/// for every binding of the variables for which the slice is valid.
/// Returns std::nullopt when no exact expression is known for this shape,
/// with Reason saying why (for a missed remark).
std::optional<SymbolicLineBounds>
uniqueLinesOfSymbolicSlice(const SymbolicSlice &S, const Placement &Where,
                           uint64_t LineSize, std::string &Reason);

} // namespace commcost
