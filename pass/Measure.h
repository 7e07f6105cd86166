// -fplugin-arg-commcost-measure (opt: -passes=commcost-measure): every
// analysed site whose code the pass finds is bracketed by calls of the
// measure library (runtime/include/commcost/measure.h), which times it
// where it runs and writes one JSON file per process at exit
// (docs/measure.md). The one part of the plugin that changes the code.
#pragma once

#include "SiteAnalysis.h"

#include "llvm/IR/PassManager.h"

#include <memory>

namespace commcost {

class CommCostMeasurePass : public llvm::PassInfoMixin<CommCostMeasurePass> {
public:
  /// Once: each function once per compilation (above -O0 the extension
  /// point runs several times for a function).
  CommCostMeasurePass(std::shared_ptr<PluginState> State, bool Once)
      : State(std::move(State)), Once(Once) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  std::shared_ptr<PluginState> State;
  bool Once;
};

} // namespace commcost
