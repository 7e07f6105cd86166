// Copy loops: loop nests that load from one array and store to another with
// affine subscripts (halo pack/unpack, sub-block copies, transposes,
// copy-in/copy-out), including loops split among threads or ranks.
#pragma once

#include "Footprint.h"
#include "SiteReport.h"

namespace llvm {
class Function;
} // namespace llvm

namespace commcost {

/// Reports every copy statement in the loops of F.
void analyzeCopyLoops(llvm::Function &F, const AnalysisContext &Ctx,
                      const Reporter &Report);

} // namespace commcost
