// Exact counts of the memory lines touched by contiguous blocks and by 2-D
// and 3-D rectangular slices (docs/design.md, "Unique memory lines of a
// rectangular slice"). A count at a known offset takes O(log LineSize)
// steps (3-D: O(P2 log LineSize), P2 the period of plane offsets modulo the
// line size); bounds over an alignment take one count per admissible
// offset. Nothing ever steps over rows or planes.
#include "commcost/Lines.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

using namespace commcost;

namespace {

// Wide enough for every intermediate value: extents are checked to fit in
// 64 bits, so products of two 64-bit quantities never wrap.
using U128 = unsigned __int128;

constexpr U128 Max64 = std::numeric_limits<uint64_t>::max();

/// sum_{i<N} floor((A*i + B) / M) modulo 2^128, by the Euclid-like
/// reduction (swap the roles of M and A after removing the integral parts).
/// Requires N <= 2^64 and 1 <= M < 2^64; A and B may be any width. Only the
/// divisions must be exact: N*(N-1) and A*N + B stay below 2^128 once
/// A, B < M, so the result is exact modulo 2^128, and differences of two
/// sums are exact whenever the true difference is small.
U128 floorSumWrapped(U128 N, U128 M, U128 A, U128 B) {
  U128 Sum = 0;
  while (true) {
    if (A >= M) {
      Sum += N * (N - 1) / 2 * (A / M);
      A %= M;
    }
    if (B >= M) {
      Sum += N * (B / M);
      B %= M;
    }
    U128 YMax = A * N + B;
    if (YMax < M)
      return Sum;
    N = YMax / M;
    B = YMax % M;
    std::swap(M, A);
  }
}

std::string str(U128 V) {
  if (V <= Max64)
    return std::to_string(static_cast<uint64_t>(V));
  return "more than 2^64";
}

void checkExtent(U128 Extent, const char *What) {
  if (Extent > Max64)
    throw SliceError(std::string(What) + " spans more than 2^64 bytes");
}

/// Lines of Bytes >= 1 contiguous bytes whose first byte lies Offset bytes
/// into a line.
U128 blockLines(U128 Bytes, U128 Offset, U128 LineSize) {
  return (Offset + Bytes - 1) / LineSize + 1;
}

/// Number of p < N-1 such that item p's last line is item p+1's first
/// line, for N items of Extent bytes, item p starting at Offset + p*Pitch,
/// Pitch >= Extent. The gap d_p between the two lines' indices is
/// floor((Offset + (p+1)*Pitch) / L) - floor((Offset + p*Pitch + Extent-1)
/// / L) >= 0; when Pitch - (Extent - 1) <= L it is 0 or 1, so the touching
/// pairs are the N-1 pairs minus the sum of the gaps, two floor sums.
U128 touchingPairs(U128 N, U128 Extent, U128 Pitch, U128 Offset,
                   U128 LineSize) {
  if (N < 2 || Pitch - (Extent - 1) > LineSize)
    return 0;
  U128 Gaps = floorSumWrapped(N - 1, LineSize, Pitch, Offset + Pitch) -
              floorSumWrapped(N - 1, LineSize, Pitch, Offset + Extent - 1);
  return N - 1 - Gaps;
}

/// Whether the 2-D count is nondecreasing in the offset: true when the
/// union is one range of lines.
bool isOneRange(const Slice2D &S, uint64_t LineSize) {
  return S.Rows == 1 || S.Pitch - S.BytesPerRow < LineSize;
}

/// Lines of a valid, non-empty 2-D slice whose first byte lies Offset <
/// LineSize bytes into a line.
uint64_t linesOf2D(const Slice2D &S, uint64_t Offset, uint64_t LineSize) {
  U128 R = S.Rows, C = S.BytesPerRow, W = S.Pitch;
  if (isOneRange(S, LineSize)) {
    // Gaps between rows are shorter than a line, so no line is skipped:
    // the union is the range from the first row's first line to the last
    // row's last line.
    return static_cast<uint64_t>(blockLines((R - 1) * W + C, Offset, LineSize));
  }
  // Gaps of a line or more: rows share no line and row r spans
  // floor((o + rW + c - 1)/L) - floor((o + rW)/L) + 1 lines. Grouped by
  // periods of P = L/g rows, g = gcd(W, L), this is docs/design.md's Hermite
  // form P + floor((c - 1 + (o mod g)) / g) lines per period; the floor
  // sums give the same total without stepping over periods.
  return static_cast<uint64_t>(R +
                               floorSumWrapped(R, LineSize, W, Offset + C - 1) -
                               floorSumWrapped(R, LineSize, W, Offset));
}

bool empty(const Slice2D &S) { return S.Rows == 0 || S.BytesPerRow == 0; }
bool empty(const Slice3D &S) {
  return S.Planes == 0 || S.Rows == 0 || S.BytesPerRow == 0;
}

/// Bytes from the first byte of a plane to one past its last byte.
U128 planeExtent(const Slice3D &S) {
  return static_cast<U128>(S.Rows - 1) * S.RowPitch + S.BytesPerRow;
}

/// The 2-D slice with the same lines when a dimension of a valid 3-D slice
/// is contiguous or trivial.
std::optional<Slice2D> collapse(const Slice3D &S) {
  if (S.Planes == 1)
    return Slice2D{S.Rows, S.BytesPerRow, S.RowPitch};
  if (S.Rows == 1 || S.RowPitch == S.BytesPerRow)
    return Slice2D{S.Planes, S.Rows * S.BytesPerRow, S.PlanePitch};
  if (static_cast<U128>(S.Rows) * S.RowPitch == S.PlanePitch)
    return Slice2D{S.Planes * S.Rows, S.BytesPerRow, S.RowPitch};
  return std::nullopt;
}

/// Lines of a valid, non-empty 3-D slice that does not collapse. Plane p
/// starts (Offset + p * PlanePitch) mod L into a line; that residue repeats
/// with period P2 = L / gcd(PlanePitch, L), so the planes' own counts are q
/// full periods plus a tail. Planes touch only at their first and last
/// lines, so the union subtracts the touching pairs.
uint64_t linesOf3D(const Slice3D &S, uint64_t Offset, uint64_t LineSize) {
  uint64_t Step = S.PlanePitch % LineSize;
  uint64_t Period = LineSize / std::gcd(Step, LineSize);
  uint64_t Tail = S.Planes % Period;
  Slice2D Plane{S.Rows, S.BytesPerRow, S.RowPitch};
  U128 PerPeriod = 0, InTail = 0;
  uint64_t PlaneOffset = Offset;
  for (uint64_t P = 0; P < std::min<uint64_t>(S.Planes, Period); ++P) {
    uint64_t Lines = linesOf2D(Plane, PlaneOffset, LineSize);
    PerPeriod += Lines;
    if (P < Tail)
      InTail += Lines;
    PlaneOffset = static_cast<uint64_t>((U128(PlaneOffset) + Step) % LineSize);
  }
  U128 Total = U128(S.Planes / Period) * PerPeriod + InTail;
  return static_cast<uint64_t>(Total - touchingPairs(S.Planes, planeExtent(S),
                                                     S.PlanePitch, Offset,
                                                     LineSize));
}

/// Min and max of CountAt over the offsets an address aligned to Align can
/// have within a line: the multiples of gcd(Align, LineSize). When the
/// count is nondecreasing in the offset only the two ends are evaluated.
template <typename CountFn>
LineBounds boundsOverOffsets(uint64_t Align, uint64_t LineSize, bool Monotone,
                             CountFn CountAt) {
  uint64_t Step = std::gcd(Align, LineSize);
  uint64_t Last = LineSize - Step;
  if (Monotone)
    return {CountAt(0), CountAt(Last)};
  LineBounds B{std::numeric_limits<uint64_t>::max(), 0};
  for (uint64_t O = 0; O <= Last; O += Step) {
    uint64_t N = CountAt(O);
    B.Min = std::min(B.Min, N);
    B.Max = std::max(B.Max, N);
  }
  return B;
}

} // namespace

void commcost::checkLineSize(uint64_t LineSize) {
  if (LineSize == 0)
    throw SliceError("line size is 0; it must be at least 1 byte");
}

void commcost::checkAlign(uint64_t Align) {
  if (Align == 0)
    throw SliceError("alignment is 0; it must be at least 1 byte");
}

void commcost::checkSlice(const Slice2D &S) {
  if (empty(S))
    return;
  if (S.Rows > 1 && S.Pitch < S.BytesPerRow)
    throw SliceError("row pitch " + std::to_string(S.Pitch) +
                     " is smaller than bytes per row " +
                     std::to_string(S.BytesPerRow) + " (rows would overlap)");
  U128 Extent = static_cast<U128>(S.Rows - 1) * S.Pitch + S.BytesPerRow;
  checkExtent(Extent, ("2-D slice of " + std::to_string(S.Rows) +
                       " rows with pitch " + std::to_string(S.Pitch))
                          .c_str());
}

void commcost::checkSlice(const Slice3D &S) {
  if (empty(S))
    return;
  if (S.Rows > 1 && S.RowPitch < S.BytesPerRow)
    throw SliceError("row pitch " + std::to_string(S.RowPitch) +
                     " is smaller than bytes per row " +
                     std::to_string(S.BytesPerRow) + " (rows would overlap)");
  U128 Extent = planeExtent(S);
  checkExtent(Extent, "a plane of the 3-D slice");
  if (S.Planes > 1 && S.PlanePitch < Extent)
    throw SliceError("plane pitch " + std::to_string(S.PlanePitch) +
                     " is smaller than the plane extent " + str(Extent) +
                     " ((rows - 1) * row pitch + bytes per row; planes "
                     "would overlap)");
  checkExtent(static_cast<U128>(S.Planes - 1) * S.PlanePitch + Extent,
              ("3-D slice of " + std::to_string(S.Planes) +
               " planes with plane pitch " + std::to_string(S.PlanePitch))
                  .c_str());
}

uint64_t commcost::floorSum(uint64_t N, uint64_t M, uint64_t A, uint64_t B) {
  if (M == 0)
    throw std::invalid_argument("floorSum: divisor M is 0");
  if (N == 0)
    return 0;
  // The last term is the largest; if it fits, the sum is below 2^128 and
  // the wrapped sum is exact.
  U128 Last = (U128(A) * (N - 1) + B) / M;
  U128 Sum = Last <= Max64 ? floorSumWrapped(N, M, A, B) : Max64 + 1;
  if (Sum > Max64)
    throw std::overflow_error("floorSum(" + std::to_string(N) + ", " +
                              std::to_string(M) + ", " + std::to_string(A) +
                              ", " + std::to_string(B) +
                              ") does not fit in 64 bits");
  return static_cast<uint64_t>(Sum);
}

namespace {
/// The line count of a valid, non-empty 3-D slice at each offset within a
/// line, and whether it is nondecreasing in the offset: the 2-D count when
/// a dimension collapses, else the plane-by-plane count.
struct LineCounter {
  bool Monotone;
  std::function<uint64_t(uint64_t)> At;
};

LineCounter lineCounterOf3D(const Slice3D &S, uint64_t LineSize) {
  if (std::optional<Slice2D> Flat = collapse(S))
    return {isOneRange(*Flat, LineSize), [Flat = *Flat, LineSize](uint64_t O) {
              return linesOf2D(Flat, O, LineSize);
            }};
  return {false, [S, LineSize](uint64_t O) { return linesOf3D(S, O, LineSize); }};
}
} // namespace

uint64_t commcost::uniqueLinesOfBlock(uint64_t Bytes, uint64_t Offset,
                                      uint64_t LineSize) {
  checkLineSize(LineSize);
  if (Bytes == 0)
    return 0;
  return static_cast<uint64_t>(blockLines(Bytes, Offset % LineSize, LineSize));
}

LineBounds commcost::uniqueLinesOfBlockAligned(uint64_t Bytes, uint64_t Align,
                                               uint64_t LineSize) {
  checkLineSize(LineSize);
  checkAlign(Align);
  return boundsOverOffsets(Align, LineSize, /*Monotone=*/true, [&](uint64_t O) {
    return uniqueLinesOfBlock(Bytes, O, LineSize);
  });
}

uint64_t commcost::uniqueLinesOf2DSlice(const Slice2D &S, uint64_t Offset,
                                        uint64_t LineSize) {
  checkLineSize(LineSize);
  if (empty(S))
    return 0;
  checkSlice(S);
  return linesOf2D(S, Offset % LineSize, LineSize);
}

LineBounds commcost::uniqueLinesOf2DSliceAligned(const Slice2D &S,
                                                 uint64_t Align,
                                                 uint64_t LineSize) {
  checkLineSize(LineSize);
  checkAlign(Align);
  if (empty(S))
    return {0, 0};
  checkSlice(S);
  return boundsOverOffsets(
      Align, LineSize, isOneRange(S, LineSize),
      [&](uint64_t O) { return linesOf2D(S, O, LineSize); });
}

uint64_t commcost::uniqueLinesOf3DSlice(const Slice3D &S, uint64_t Offset,
                                        uint64_t LineSize) {
  checkLineSize(LineSize);
  if (empty(S))
    return 0;
  checkSlice(S);
  return lineCounterOf3D(S, LineSize).At(Offset % LineSize);
}

LineBounds commcost::uniqueLinesOf3DSliceAligned(const Slice3D &S,
                                                 uint64_t Align,
                                                 uint64_t LineSize) {
  checkLineSize(LineSize);
  checkAlign(Align);
  if (empty(S))
    return {0, 0};
  checkSlice(S);
  LineCounter C = lineCounterOf3D(S, LineSize);
  return boundsOverOffsets(Align, LineSize, C.Monotone, C.At);
}
