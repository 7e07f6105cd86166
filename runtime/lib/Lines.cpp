// Counts of the memory lines touched by contiguous blocks and by 2-D and
// 3-D rectangular slices of known sizes (docs/design.md, "Unique memory
// lines of a rectangular slice"): the formulas of LineFormulas.h evaluated
// on numbers, the same code that builds SymbolicLines.cpp's expressions.
// A count at a known offset takes O(log LineSize) steps (3-D: O(P2 log
// LineSize), P2 the period of plane offsets within a line); bounds over a
// placement take one count per admissible offset. Nothing ever steps over
// rows or planes.
#include "commcost/Lines.h"

#include "LineFormulas.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

using namespace commcost;
using namespace commcost::formulas;

namespace {

constexpr UNum Max64 = std::numeric_limits<uint64_t>::max();

std::string str(UNum V) {
  if (V <= Max64)
    return std::to_string(static_cast<uint64_t>(V));
  return "more than 2^64";
}

void checkExtent(UNum Extent, const std::string &What) {
  if (Extent > Max64)
    throw SliceError(What + " spans more than 2^64 bytes");
}

bool empty(const Slice3D &S) {
  return S.Planes == 0 || S.Rows == 0 || S.BytesPerRow == 0;
}

Dims3<Num> dimsOf(const Slice3D &S) {
  return {S.Planes, S.Rows, S.BytesPerRow, S.RowPitch, S.PlanePitch};
}

Slice3D sliceOf(const Dims3<Num> &D) {
  return {uint64_t(D.Planes), uint64_t(D.Rows), uint64_t(D.Bytes),
          uint64_t(D.RowPitch), uint64_t(D.PlanePitch)};
}

Slice3D as3D(const Slice2D &S) { return {1, S.Rows, S.BytesPerRow, S.Pitch, 0}; }

/// The line count of a valid, non-empty, collapsed slice whose first byte
/// lies O < LineSize bytes into a line.
uint64_t linesAt(const Slice3D &S, uint64_t O, uint64_t LineSize) {
  Rows2D<Num> Plane{S.Rows, S.BytesPerRow, S.RowPitch,
                    S.RowPitch % LineSize};
  if (S.Planes == 1)
    return static_cast<uint64_t>(linesOfRows(Plane, O, LineSize));
  return static_cast<uint64_t>(linesOfPlanes(S.Planes, Plane,
                                             Num(S.PlanePitch),
                                             S.PlanePitch % LineSize, O,
                                             LineSize));
}

/// Whether the count of a collapsed slice is nondecreasing in the offset:
/// true when its lines are one range (rows whose gaps hold no whole line).
bool isOneRange(const Slice3D &S, uint64_t LineSize) {
  return S.Planes == 1 &&
         (S.Rows == 1 || S.RowPitch - S.BytesPerRow < LineSize);
}

} // namespace

uint64_t Placement::stepIn(uint64_t Unit) const {
  return std::gcd(Modulus, Unit);
}

void commcost::checkLineSize(uint64_t LineSize) {
  if (LineSize == 0)
    throw SliceError("line size is 0; it must be at least 1 byte");
  // Keeps every product of the formulas within 128 bits.
  if (LineSize > (uint64_t(1) << 32))
    throw SliceError("line size " + std::to_string(LineSize) +
                     " is above 2^32 bytes, which is not supported");
}

void commcost::checkSlice(const Slice2D &S) { checkSlice(as3D(S)); }

void commcost::checkSlice(const Slice3D &S) {
  if (empty(S))
    return;
  if (S.Rows > 1 && S.RowPitch < S.BytesPerRow)
    throw SliceError("row pitch " + std::to_string(S.RowPitch) +
                     " is smaller than bytes per row " +
                     std::to_string(S.BytesPerRow) + " (rows would overlap)");
  UNum Extent = extentOfRepetitions<UNum>(S.Rows, S.RowPitch, S.BytesPerRow);
  if (S.Planes == 1) {
    checkExtent(Extent, "2-D slice of " + std::to_string(S.Rows) +
                            " rows with pitch " + std::to_string(S.RowPitch));
    return;
  }
  checkExtent(Extent, "a plane of the 3-D slice");
  if (S.PlanePitch < Extent)
    throw SliceError("plane pitch " + std::to_string(S.PlanePitch) +
                     " is smaller than the plane extent " + str(Extent) +
                     " ((rows - 1) * row pitch + bytes per row; planes "
                     "would overlap)");
  checkExtent(extentOfRepetitions<UNum>(S.Planes, S.PlanePitch, Extent),
              "3-D slice of " + std::to_string(S.Planes) +
                  " planes with plane pitch " + std::to_string(S.PlanePitch));
}

uint64_t commcost::floorSum(uint64_t N, uint64_t M, uint64_t A, uint64_t B) {
  if (M == 0)
    throw std::invalid_argument("floorSum: divisor M is 0");
  if (N == 0)
    return 0;
  // The last term is the largest; if it fits, the sum is below 2^128 and
  // the sum modulo 2^128 is exact.
  UNum Last = (UNum(A) * (N - 1) + B) / M;
  UNum Sum = Last <= Max64 ? formulas::floorSum<UNum>(N, M, A, B) : Max64 + 1;
  if (Sum > Max64)
    throw std::overflow_error("floorSum(" + std::to_string(N) + ", " +
                              std::to_string(M) + ", " + std::to_string(A) +
                              ", " + std::to_string(B) +
                              ") does not fit in 64 bits");
  return static_cast<uint64_t>(Sum);
}

Slice3D commcost::collapseSlice(const Slice3D &S) {
  return sliceOf(collapse(dimsOf(S)));
}

Slice2D commcost::collapseSlice(const Slice2D &S) {
  Slice3D C = collapseSlice(as3D(S));
  return {C.Rows, C.BytesPerRow, C.RowPitch};
}

uint64_t commcost::uniqueLinesOfBlock(uint64_t Bytes, uint64_t Offset,
                                      uint64_t LineSize) {
  return uniqueLinesOf2DSlice({1, Bytes, Bytes}, Offset, LineSize);
}

uint64_t commcost::uniqueLinesOf2DSlice(const Slice2D &S, uint64_t Offset,
                                        uint64_t LineSize) {
  return uniqueLinesOf3DSlice(as3D(S), Offset, LineSize);
}

uint64_t commcost::uniqueLinesOf3DSlice(const Slice3D &S, uint64_t Offset,
                                        uint64_t LineSize) {
  return uniqueLinesOf3DSlice(S, Placement::exactly(Offset), LineSize).Min;
}

LineBounds commcost::uniqueLinesOfBlock(uint64_t Bytes, const Placement &Where,
                                        uint64_t LineSize) {
  return uniqueLinesOf2DSlice({1, Bytes, Bytes}, Where, LineSize);
}

LineBounds commcost::uniqueLinesOf2DSlice(const Slice2D &S,
                                          const Placement &Where,
                                          uint64_t LineSize) {
  return uniqueLinesOf3DSlice(as3D(S), Where, LineSize);
}

LineBounds commcost::uniqueLinesOf3DSlice(const Slice3D &S,
                                          const Placement &Where,
                                          uint64_t LineSize) {
  checkLineSize(LineSize);
  if (empty(S))
    return {0, 0};
  checkSlice(S);
  Slice3D Flat = collapseSlice(S);
  uint64_t Step = Where.stepIn(LineSize), First = Where.firstIn(LineSize);
  uint64_t Last = First + (LineSize - Step);
  if (isOneRange(Flat, LineSize))
    return {linesAt(Flat, First, LineSize), linesAt(Flat, Last, LineSize)};
  LineBounds B{std::numeric_limits<uint64_t>::max(), 0};
  for (uint64_t O = First; O <= Last; O += Step) {
    uint64_t N = linesAt(Flat, O, LineSize);
    B.Min = std::min(B.Min, N);
    B.Max = std::max(B.Max, N);
  }
  return B;
}
