// Collective operations as sites (MPI and OpenSHMEM; CallFamilies.h): one
// call is an (h_i, h_o, V)-relation among p ranks (Bianco & Pucci;
// Juurlink & Wijshoff's E-BSP), read from the data flow each operation
// defines (docs/plugin.md, "Collectives"), with the footprints of a rank's
// send and receive buffers, the most any rank touches. The v and w forms
// read their counts and displacements from the arrays the code fills
// before the call (Arrays.h).
#pragma once

#include "CallFamilies.h"
#include "Footprint.h"
#include "SiteAnalysis.h"

#include "llvm/Support/Error.h"

namespace llvm {
class CallBase;
} // namespace llvm

namespace commcost {

llvm::Expected<AnalysedSite> analyseCollective(llvm::CallBase &Call,
                                               const CollectiveSpec &Spec,
                                               const AnalysisContext &Ctx);

} // namespace commcost
