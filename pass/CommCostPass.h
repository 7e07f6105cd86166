// The LLVM side of the plugin: the passes that find and analyse sites, and
// the registration that puts them into clang's (or opt's) pipeline at every
// optimisation level without changing the code generated.
#pragma once

#include "Footprint.h"
#include "SourceNames.h"

#include "commcost/Profile.h"

#include "llvm/ADT/DenseSet.h"

#include <memory>

namespace llvm {
class Function;
class PassBuilder;
} // namespace llvm

namespace commcost {

/// What the passes of one compilation share.
struct PluginState {
  Profile Prof;
  SourceFacts Facts;
  /// Functions already analysed: the extension point used above -O0 runs
  /// several times per function.
  llvm::DenseSet<const llvm::Function *> Analysed;
  LinesCache Lines;
};

void registerCommCostPasses(llvm::PassBuilder &PB,
                            std::shared_ptr<PluginState> State);

} // namespace commcost
