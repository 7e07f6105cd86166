// A scratch copy of an outlined OpenMP body in which the shared variables
// are read once, at entry. Clang passes shared variables to the outlined
// function by reference and reads them again in every iteration, which
// makes every address and trip count look loop-variant; the copy reads
// each once, where nothing in the body can have changed them (see the
// .cpp), so that the copy loops inside can be analysed. The copy is
// deleted with this object: the compiled IR never changes.
#pragma once

#include "Footprint.h"
#include "ScratchConstants.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"

#include <memory>
#include <optional>

namespace commcost {

class OutlinedBodyView {
public:
  /// A view of F if Original (the function the user's code was outlined
  /// into) is an outlined OpenMP body with shared variables read in loops
  /// that can be read once; else null.
  static std::unique_ptr<OutlinedBodyView>
  create(llvm::Function &F, const llvm::Function &Original,
         const AnalysisContext &Ctx);
  ~OutlinedBodyView();

  llvm::Function &function() { return *Copy; }
  const AnalysisContext &context() const { return *Ctx; }

private:
  OutlinedBodyView(llvm::Function &Copy, const AnalysisContext &Outer,
                   std::unique_ptr<ScratchConstants> Leftovers);

  /// Made before the copy, swept after it is erased (the last member
  /// destroyed).
  std::unique_ptr<ScratchConstants> Leftovers;
  llvm::Function *Copy;
  llvm::TargetLibraryInfoImpl TLII;
  std::optional<llvm::TargetLibraryInfo> TLI;
  std::optional<llvm::AssumptionCache> AC;
  std::optional<llvm::DominatorTree> DT;
  std::optional<llvm::LoopInfo> LI;
  std::optional<llvm::ScalarEvolution> SE;
  std::optional<AnalysisContext> Ctx;
};

} // namespace commcost
