// Copy loops: loop nests that load from one array and store to another with
// affine subscripts (halo pack/unpack, sub-block copies, transposes,
// copy-in/copy-out), including loops split among threads or ranks, whose
// copy statements together form one superstep.
#pragma once

#include "Footprint.h"
#include "SiteAnalysis.h"

#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace commcost {

/// Appends a result for every copy statement in the loops of F. Original
/// is the function the user wrote (F may be a promoted copy of it).
void findCopyLoops(llvm::Function &F, const llvm::Function &Original,
                   const AnalysisContext &Ctx, std::vector<SiteResult> &Out);

} // namespace commcost
