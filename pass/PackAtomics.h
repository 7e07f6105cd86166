// MPI_Pack and MPI_Unpack as copies between a datatype's layout and a
// contiguous run of the packed buffer at *position, and RMA atomics
// (MPI_Fetch_and_op, MPI_Compare_and_swap, MPI_Get_accumulate, OpenSHMEM
// atomics) as small messages: sites of their own kinds (CallFamilies.h).
#pragma once

#include "CallFamilies.h"
#include "Footprint.h"
#include "SiteAnalysis.h"

#include "llvm/Support/Error.h"

namespace llvm {
class CallBase;
} // namespace llvm

namespace commcost {

llvm::Expected<AnalysedSite> analysePack(llvm::CallBase &Call,
                                         const PackSpec &Spec,
                                         const AnalysisContext &Ctx);

llvm::Expected<AnalysedSite> analyseAtomic(llvm::CallBase &Call,
                                           const AtomicSpec &Spec,
                                           const AnalysisContext &Ctx);

} // namespace commcost
