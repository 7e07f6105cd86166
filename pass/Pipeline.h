// Putting the analysis into clang's (or opt's) pipeline at every
// optimisation level without changing the code generated.
#pragma once

#include "SiteAnalysis.h"

#include <memory>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace commcost {

void registerCommCostPasses(llvm::PassBuilder &PB,
                            std::shared_ptr<PluginState> State);

} // namespace commcost
