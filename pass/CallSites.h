// Communication calls as sites: MPI, BSPlib, OpenSHMEM and user memcpy
// calls (CallFamilies.h), small user memcpys the optimiser turned into a
// load and a store, and indirect calls that may reach any of them.
#pragma once

#include "Footprint.h"
#include "SiteAnalysis.h"

#include <vector>

namespace llvm {
class Function;
class LoadInst;
class StoreInst;
} // namespace llvm

namespace commcost {

/// Appends a result for every communication call of F.
void findCallSites(llvm::Function &F, const AnalysisContext &Ctx,
                   std::vector<SiteResult> &Out);

/// The load whose value St stores, looking through casts: a copy.
llvm::LoadInst *copiedLoad(const llvm::StoreInst &St);

} // namespace commcost
