// Layouts of blocks at displacements: the per-rank blocks of the v and w
// collectives (MPI_Alltoallv's counts and displacements) and the blocks of
// indexed and struct datatypes. Blocks that are regular (one size, evenly
// spaced) become a strided dimension, so their lines are exact; constant
// irregular blocks become the pieces of one block (Footprint::Pieces);
// symbolic irregular blocks become their span with a longest piece, whose
// lines are bounds.
#pragma once

#include "Arrays.h"
#include "Footprint.h"

#include "commcost/Expr.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace commcost {

/// Layout L repeated Count times, one extent apart (MPI's count).
Layout repeatLayout(const Layout &L, const Expr &Count);

/// Blocks i < N: block i is Count(i) elements of an element layout (one
/// element extent apart), its first element Displ(i) bytes from the
/// buffer. Counts and displacements are given one by one, or as affine
/// functions of i.
struct BlockSeries {
  std::vector<Expr> Counts, Displs;
  std::optional<Expr> CountStart, CountStep, DisplStart, DisplStep;
  Expr N;
  bool affine() const { return CountStart.has_value(); }
};

/// What the counts amount to: their sum, largest and smallest.
struct CountTotals {
  Expr Sum, Max, Min;
};
CountTotals totalsOf(const BlockSeries &S);

/// The largest power of two dividing every displacement of S (0 when all
/// are zero), or none when one is symbolic: how aligned a rank's block is
/// relative to the buffer when the rank is not known.
std::optional<uint64_t> displacementAlign(const BlockSeries &S);

/// The series of blocks N entries long whose counts and displacements
/// (Displs may be null: blocks one after another, MPI_Reduce_scatter)
/// are the arrays' contents; a displacement counts DisplUnit bytes.
/// Conditions receives what must hold for the values to be exact (the
/// array has as many entries as N says: "P == 4").
llvm::Expected<BlockSeries>
seriesOf(const ArrayContents &Counts, const ArrayContents *Displs,
         const Expr &DisplUnit, const Expr &N,
         const std::function<llvm::Expected<Expr>(llvm::Value *)> &ToExpr,
         std::vector<std::string> &Conditions, const std::string &What);

/// The layout of the blocks of S, each Count elements of Elem.
llvm::Expected<Layout> layoutOfBlocks(const Layout &Elem, const BlockSeries &S);

/// The bytes of a layout whose sizes are constants, as sorted, merged
/// pieces relative to the buffer (its Offset included); none when a size
/// is symbolic or there would be more than Limit pieces.
std::optional<std::vector<Piece>> piecesOf(const Layout &L, size_t Limit);

/// Pieces (relative to the buffer) as a layout: a strided block when they
/// are regular, else a block touched in pieces. ElemName and ElemBytes
/// come from Elem; the extent is the span.
Layout layoutOfPieces(std::vector<Piece> Pieces, const Layout &Elem);

} // namespace commcost
