// Hoisting of loop-invariant loads in a copy of a function that only the
// analysis reads. Above -O0 the analysis runs before LICM: a loop bound or
// a buffer pointer read from a global or a struct field is loaded in the
// loop, which hides the trip count and the address from scalar evolution.
// LICM cannot stand in: a load it hoists where it might not have run loses
// its type-based alias metadata, so the next outer loop keeps it. The copy
// never runs, so a load may move to any preheader where its address is
// known and the loop writes nothing it may read.
//
// With AssumeBounds, a load that a loop's exit test reads moves too when
// the loop only may write it (a call, a store through another pointer of
// its type; never a store to the same address): a bound such as miniAMR's
// global num_objects, which the loop's int stores could change in
// principle. So does a pointer a communication call in the loop gets as its
// buffer (OSU's s_buf, a local whose address escaped, reloaded after each
// MPI call). Such a load is marked (assumedInvariantIn) so that the counts
// it gives state the assumption.
#pragma once

#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace llvm {
class LoadInst;
}

namespace commcost {

struct HoistInvariantLoadsPass
    : llvm::PassInfoMixin<HoistInvariantLoadsPass> {
  explicit HoistInvariantLoadsPass(bool AssumeBounds = false)
      : AssumeBounds(AssumeBounds) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

private:
  bool AssumeBounds;
};

/// For a load HoistInvariantLoadsPass moved on the assumption that a loop
/// leaves its value unchanged, that loop ("the loop at line 12").
std::optional<std::string> assumedInvariantIn(const llvm::LoadInst &Load);

} // namespace commcost
