// Tiled loops: a loop counting by one from an outer loop's counter X to
// min(N, X + T), while that outer loop steps X by T from S0 while X < N
// (a blocked transpose, the Parallel Research Kernels' tiles, DGEMM's
// packed panels); or counting from X to X + C alone, C invariant. Scalar
// evolution gives the first a trip count that changes with the outer loop (the
// last tile is shorter) and the second, with a symbolic T, one written through
// X; walked together, the pair visits S0..N-1 once, in tiles. The
// footprint is that of one loop over the range (exact whatever the last
// tile), the access order, which line reuse depends on, that of tiles.
#pragma once

#include "Footprint.h"

#include "commcost/Expr.h"

#include <optional>

namespace commcost {

struct TileLoop {
  /// L's iterations: with Outer, over all of Outer's (the range,
  /// max(0, N - S0)); without, per entry (max(0, C)).
  const llvm::SCEV *Count = nullptr;
  Expr Value;
  /// The loop stepping by the tile over which L's iterations are summed;
  /// null when L's bound is X + C (every tile whole, X's loop a loop as
  /// any).
  const llvm::Loop *Outer = nullptr;
  /// T, and with Outer: L's iterations in a whole tile, T, and Outer's
  /// iterations, ceildiv(range, T), for the access order (whose tiles
  /// cover the range rounded up to whole tiles).
  const llvm::SCEV *Size = nullptr;
  Expr PerTile;
  Expr Tiles;
};

/// L, around Block, as a tile loop of the walk that stops at StopAt
/// (excluded) or at Ctx.PerIteration, whose Outer lies inside the walk;
/// nullopt when L is none, or when its range or tile changes with a loop
/// of the walk: then VariesIn is that loop, per iteration of which the
/// pair is a tile loop (PRK's tile size, reloaded after each MPI call).
std::optional<TileLoop> tileLoop(const llvm::Loop &L,
                                 const llvm::BasicBlock &Block,
                                 const llvm::Loop *StopAt,
                                 const AnalysisContext &Ctx,
                                 const llvm::Loop *&VariesIn);

} // namespace commcost
