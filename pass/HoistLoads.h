// Hoisting of loop-invariant loads in a copy of a function that only the
// analysis reads. Above -O0 the analysis runs before LICM: a loop bound or
// a buffer pointer read from a global or a struct field is loaded in the
// loop, which hides the trip count and the address from scalar evolution.
// LICM cannot stand in: a load it hoists where it might not have run loses
// its type-based alias metadata, so the next outer loop keeps it. The copy
// never runs, so a load may move to any preheader where its address is
// known and the loop writes nothing it may read.
#pragma once

#include "llvm/IR/PassManager.h"

namespace commcost {

struct HoistInvariantLoadsPass
    : llvm::PassInfoMixin<HoistInvariantLoadsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace commcost
