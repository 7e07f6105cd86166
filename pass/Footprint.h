// The bytes an access touches, from the IR: the loops around it (how often
// it runs and how its address moves), where its first byte lies (the
// alignment the program guarantees), and the footprint of an element layout
// repeated along those loops, normalised by the runtime into a slice whose
// lines Lines.h counts.
#pragma once

#include "SourceNames.h"

#include "commcost/Expr.h"
#include "commcost/Site.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class CallBase;
class DataLayout;
class DominatorTree;
class Loop;
class LoopInfo;
class SCEV;
class ScalarEvolution;
class TargetLibraryInfo;
} // namespace llvm

namespace commcost {

class ExprTranslator;

/// What the analysis of one function works with.
struct AnalysisContext {
  llvm::ScalarEvolution &SE;
  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  const llvm::DataLayout &DL;
  const SourceFacts &Facts;
  const llvm::TargetLibraryInfo *TLI = nullptr;
  /// A loop around the call being analysed in which one of its sizes, or
  /// a trip count or stride of a loop inside, changes from one iteration
  /// to the next (OSU's message sizes, a count per neighbour, a triangle):
  /// the site is analysed per iteration of it, sizes read
  /// as their names in one iteration, and walks stop there. Null: per call
  /// of the function.
  const llvm::Loop *PerIteration = nullptr;
  /// That call: the variables it passes name the values (ValueExprs.h).
  const llvm::CallBase *PerIterationCall = nullptr;
};

/// A contiguous block repeated along Dims (innermost first): what one
/// element, one call's datatype, or one message transfers.
struct Layout {
  Expr BlockBytes;
  std::vector<SymbolicDim> Dims;
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
  /// The extent of a struct datatype that MPI pads to its members'
  /// alignment in an implementation-defined way (Datatypes.cpp): where
  /// copies one extent apart lie (a collective's rank blocks) is not known.
  bool PaddedExtent = false;
  /// A block touched only in part: Footprint::Pieces and LongestPiece.
  std::vector<Piece> Pieces;
  std::optional<Expr> LongestPiece;
  bool wholeBlock() const { return Pieces.empty() && !LongestPiece; }

  static Layout contiguous(Expr Bytes, std::string ElemName,
                           uint64_t ElemBytes);
};

/// The loops around an access: how often it runs and how its address moves.
struct LoopWalk {
  Expr Executions = Expr::constant(1);
  /// The part of Executions from loops the address does not move in.
  Expr StillExecutions = Expr::constant(1);
  /// One per loop the address moves in, innermost first, with the pitch
  /// made positive (a loop walking down covers the same bytes).
  std::vector<SymbolicDim> Moving;
  /// The same in the order the loops run, where it differs: a tile loop
  /// and the loop stepping by its tile are one dimension of Moving, over
  /// their range, and two of Order, a tile and the tiles (Tiles.h).
  std::vector<SymbolicDim> Order;
  const llvm::SCEV *Start = nullptr; ///< the lowest address of the footprint
  /// The loops outside Moving in which the address moves only because it
  /// starts at a pointer loaded in them (bp->array[m][i][j][k] in the loops
  /// over m and j): the footprint is LoadedRows copies of what Moving
  /// walks, at places not known; the innermost of them, for the remark.
  std::optional<Expr> LoadedRows;
  const llvm::Loop *RowsLoadedIn = nullptr;
  /// A power of two that every step of a loop walking down is a multiple
  /// of (0: none walks down): where such a footprint starts is known only
  /// to that alignment.
  uint64_t StepAlign = 0;
  /// Loop-invariant conditions under which the access runs in the loops
  /// walked ("rank > 0"): the counts are exact when they hold.
  struct Condition {
    std::string Text;
    /// The branch's condition; null for a bound assumed unchanged by its
    /// loop (HoistLoads.h), which is no branch.
    llvm::Value *Value;
  };
  std::vector<Condition> Conditions;
  std::vector<std::string> conditionTexts() const {
    std::vector<std::string> Texts;
    for (const Condition &C : Conditions)
      Texts.push_back(C.Text);
    return Texts;
  }
  /// Whether the access runs only in the iterations a condition that
  /// changes from one iteration to the next selects: counts are maxima.
  bool SomeIterations = false;
  /// That condition, for the remark.
  std::string VaryingCondition;
  /// The innermost enclosing loop whose trip count is unknown and in which
  /// the address does not move (a time-step or benchmark loop): the walk
  /// stopped there and the counts are per iteration of it. Null: per call
  /// of the function.
  const llvm::Loop *PerIterationOf = nullptr;
  /// Why: a size of the site changes from one iteration of it to the next
  /// (true), or its trip count is unknown (false).
  bool SizeVaries = false;
};

/// Notes in W how Block runs in the iterations of L: in all, under
/// conditions invariant in L and its outer loops up to (excluding) StopAt,
/// or in some.
void noteConditions(const llvm::Loop &L, const llvm::BasicBlock &Block,
                    const AnalysisContext &Ctx, LoopWalk &W,
                    const llvm::Loop *StopAt);

/// Turns the conditions of W that vary in L (an enclosing loop whose
/// iterations W's counts are summed over) into W.SomeIterations.
void keepConditionsInvariantIn(LoopWalk &W, const llvm::Loop &L,
                               const AnalysisContext &Ctx);

/// Whether A runs before B. Ctx's dominator tree is that of the function
/// being analysed; in a caller, A must precede B in the same block.
bool runsBefore(const llvm::Instruction &A, const llvm::Instruction &B,
                const AnalysisContext &Ctx);

/// Walks the loops around Block from the innermost out to (excluding)
/// StopAt (null: all loops). Without an Address, only the executions.
/// With Ctx.PerIteration, the walk stops there: the counts are per
/// iteration of it.
llvm::Expected<LoopWalk> walkLoops(const llvm::SCEV *Address,
                                   const llvm::BasicBlock *Block,
                                   const llvm::Loop *StopAt,
                                   const AnalysisContext &Ctx);

/// How often Block runs per entry into L when it runs in every iteration,
/// as a SCEV.
llvm::Expected<const llvm::SCEV *>
executionsPerEntry(const llvm::Loop &L, const llvm::BasicBlock &Block,
                   const AnalysisContext &Ctx);

/// Adds an outer loop's step to a walk: Start must be an affine recurrence
/// of L (or invariant in it); Count iterations of it are taken.
llvm::Error addLoopDimension(LoopWalk &W, const llvm::Loop &L,
                             const Expr &Count, const AnalysisContext &Ctx);

/// Where a footprint starting at Start lies: the base object's guaranteed
/// alignment and the offset from it. ElemAlign is the alignment the
/// element type guarantees at least.
Anchor anchorOf(const llvm::SCEV *Start, const Expr &ExtraOffset,
                uint64_t ElemAlign, uint64_t StepAlign,
                const AnalysisContext &Ctx);

/// The footprint of layout L repeated along the dimensions of walk W.
/// BufferAlign is an alignment the code guarantees for the buffer beyond
/// the element's (clang marks memcpy arguments with their types').
llvm::Expected<Footprint> footprintOf(const Layout &L, const LoopWalk &W,
                                      const AnalysisContext &Ctx,
                                      uint64_t BufferAlign = 1);

/// A translator of sizes; with PerIteration, values that change only with
/// it read as their names in one of its iterations.
ExprTranslator translator(const AnalysisContext &Ctx,
                          const llvm::Loop *PerIteration);

/// The counter test of L's exit at Exiting: L goes on while Lhs Continue
/// Rhs holds.
struct ExitTest {
  llvm::CmpInst::Predicate Continue;
  const llvm::SCEV *Lhs, *Rhs;
  /// The same test with its sides swapped.
  ExitTest swapped() const {
    return {llvm::CmpInst::getSwappedPredicate(Continue), Rhs, Lhs};
  }
};
/// Exiting's test, when it ends in a conditional branch on a comparison.
std::optional<ExitTest> exitTest(const llvm::Loop &L,
                                 const llvm::BasicBlock *Exiting,
                                 llvm::ScalarEvolution &SE);

/// The source name of the object a footprint starting at Start lies in.
std::string baseName(const llvm::SCEV *Start, const AnalysisContext &Ctx);

/// "the loop at line 12", for reasons.
std::string loopName(const llvm::Loop &L);

/// The name of W.PerIterationOf ("the loop at line 12"), or "".
std::string perIterationOf(const LoopWalk &W);

} // namespace commcost
