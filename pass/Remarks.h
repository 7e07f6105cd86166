// Remarks and YAML records as thin emitters of the analysis result:
// -Rpass-analysis=commcost shows every analysed site (features, cost) and
// each function's total; -Rpass-missed=commcost every site that could not
// be analysed or priced, named by its reason.
#pragma once

#include "SiteAnalysis.h"

namespace llvm {
class Function;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace commcost {

/// Emits the remarks of F's result. F is the function the user wrote.
void emitRemarks(llvm::OptimizationRemarkEmitter &ORE, const llvm::Function &F,
                 const CommCostInfo &Info, const Profile &P);

} // namespace commcost
