// The one place where differences between LLVM versions are handled. The
// plugin is built and tested against LLVM/Clang 19, where debug variables
// live in records (the new format) as well as intrinsics (the old one).
#pragma once

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IntrinsicInst.h"

#include <functional>

namespace commcost::compat {

/// Calls Visit with every source variable that debug info says V holds (as a
/// value) or points to (as the storage of a declared variable).
inline void forEachDebugVariable(
    llvm::Value *V, const std::function<void(llvm::DILocalVariable *)> &Visit) {
  llvm::SmallVector<llvm::DbgValueInst *, 2> Intrinsics;
  for (auto *I : llvm::findDbgDeclares(V))
    Visit(I->getVariable());
#if LLVM_VERSION_MAJOR >= 19
  llvm::SmallVector<llvm::DbgVariableRecord *, 2> Records;
  llvm::findDbgValues(Intrinsics, V, &Records);
  for (auto *R : Records)
    Visit(R->getVariable());
  for (auto *R : llvm::findDVRDeclares(V))
    Visit(R->getVariable());
#else
  llvm::findDbgValues(Intrinsics, V);
#endif
  for (auto *I : Intrinsics)
    Visit(I->getVariable());
}

} // namespace commcost::compat
