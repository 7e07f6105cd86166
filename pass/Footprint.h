// The bytes an access pattern touches, as a contiguous block repeated along
// dimensions (a count and a byte pitch each), built from a buffer address,
// an element layout and the loops around the access. Normalising a
// footprint (ordering dimensions by pitch, merging contiguous ones) gives
// the runtime's SymbolicSlice, whose unique lines Lines.h counts.
#pragma once

#include "SourceNames.h"

#include "commcost/Expr.h"
#include "commcost/Lines.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class DataLayout;
class DominatorTree;
class Loop;
class LoopInfo;
class SCEV;
class ScalarEvolution;
} // namespace llvm

namespace commcost {

struct Dim {
  Expr Count;
  Expr Pitch; ///< bytes from one repetition to the next
};

/// A contiguous block repeated along Dims (innermost first).
struct Layout {
  Expr BlockBytes;
  std::vector<Dim> Dims;
  /// Bytes of data (excluding gaps) and the extent used when the layout is
  /// itself repeated (MPI count > 1).
  Expr DataBytes;
  Expr Extent;
  /// Offset of the first byte from the buffer address (subarray starts).
  Expr Offset;
  std::string ElemName;
  uint64_t ElemBytes = 1;
  /// How the layout was built, for the remark ("MPI_Type_vector(...)").
  std::string Origin;

  static Layout contiguous(Expr Bytes, std::string ElemName,
                           uint64_t ElemBytes);
};

/// Line counts already computed in this compilation, keyed by slice and
/// placement: the same shapes recur across the sites of a program.
using LinesCache = std::map<std::string, SymbolicLineBounds>;

struct AnalysisContext {
  llvm::ScalarEvolution &SE;
  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  const llvm::DataLayout &DL;
  const SourceFacts &Facts;
  uint64_t LineSize;
  uint64_t PageSize = 4096;
  LinesCache *Cache = nullptr; ///< none: compute every time
};

/// The loops around an access: how often it runs and how its address moves.
struct LoopWalk {
  Expr Executions = Expr::constant(1);
  std::vector<Dim> Moving; ///< one per loop the address moves in, innermost first
  const llvm::SCEV *Start = nullptr; ///< the address at the first execution
  /// log2 of a power of two that every negative step is a multiple of.
  uint64_t StepAlign = 0;
};

/// Walks the loops around Block from the innermost out to (excluding)
/// StopAt (null: all loops). Fails with Why naming the loop and the reason.
std::optional<LoopWalk> walkLoops(const llvm::SCEV *Address,
                                  const llvm::BasicBlock *Block,
                                  const llvm::Loop *StopAt,
                                  const AnalysisContext &Ctx, std::string &Why);

/// Trip count of L as seen by Block (see the .cpp for loops that exit at
/// the header), as a SCEV, or null with Why.
const llvm::SCEV *executionsPerEntry(const llvm::Loop &L,
                                     const llvm::BasicBlock &Block,
                                     const AnalysisContext &Ctx,
                                     std::string &Why);

/// Where the first byte of a footprint starting at Start may lie within a
/// Unit (the line, or the page), with a note for the remark saying which
/// alignment was assumed.
struct Where {
  Placement P;
  std::string Note;
};
Where placementOf(const llvm::SCEV *Start, const Expr &ExtraOffset,
                  uint64_t ElemAlign, uint64_t StepAlign,
                  const AnalysisContext &Ctx, uint64_t Unit);

/// The slice a layout repeated along Extra dimensions touches, or nullopt
/// with Why. Shape receives a readable description.
std::optional<SymbolicSlice> toSlice(const Layout &L,
                                     const std::vector<Dim> &Extra,
                                     std::string &Shape, std::string &Why);

/// The unique lines of a footprint (min and max over the placements the
/// program allows), and the slice and page placement from which the
/// features pages and runs are derived when a model needs them.
struct FootprintLines : SymbolicLineBounds {
  FootprintLines() = default;
  /// Bounds without a slice: pages and runs are then unknown.
  FootprintLines(SymbolicLineBounds B) : SymbolicLineBounds(std::move(B)) {}
  std::optional<SymbolicSlice> Slice;
  Placement PageWhere;
  uint64_t PageSize = 4096;

  /// Pages touched at worst: the unique-line count with the page as the
  /// line. Computed on demand, since with a small guaranteed alignment it
  /// considers every admissible offset within a page.
  std::optional<Expr> pagesMax(std::string &Why) const;
  /// Contiguous pieces (Features.h).
  std::optional<Expr> runs(std::string &Why) const;
};

/// The unique lines, shape and assumed alignment of a layout repeated along
/// the dimensions a loop walk found.
struct Measured {
  FootprintLines Lines;
  std::string Shape;
  std::string Alignment;
};
/// BufferAlign is an alignment the code guarantees for the buffer beyond
/// the element's (clang marks memcpy arguments with their types' alignment).
std::optional<Measured> measure(const Layout &L, const LoopWalk &W,
                                const AnalysisContext &Ctx, std::string &Why,
                                uint64_t BufferAlign = 1);

/// The source name of the object a footprint starting at Start lies in.
std::string baseName(const llvm::SCEV *Start, const AnalysisContext &Ctx);

/// "the loop at line 12", for reasons.
std::string loopName(const llvm::Loop &L);

} // namespace commcost
