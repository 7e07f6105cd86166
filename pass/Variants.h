// The choices of commcost/variants.h: which alternative of a
// COMMCOST_VARIANTS a call runs, which value a COMMCOST_TUNE yields, which
// packet size commcost_packet_bytes returns, by the analysis' predicted
// costs (CommCostAnalysis). Modules that do not include the header are
// left exactly as they are.
//
// Where in the pipeline: the alternatives' costs are their function totals
// (pass/SiteAnalysis.h), which the analysis computes on simplified code,
// and a rewritten call must still reach the inliner. So at the start of
// the pipeline VariantMarkerPass turns every use of what the header marked
// into a marker: an empty inline asm the optimiser cannot see through,
// whose result is its first operand (the fallback: the first alternative,
// the first value, the total size) and whose other operands are the
// alternatives. The call graph then visits the alternatives before the
// caller, and VariantChoicePass, in the caller's simplification, replaces
// each marker by the choice: a direct call (which the call-graph walk
// counts as a devirtualised call and revisits, so the inliner sees it) or
// code that chooses from the actual arguments. At -O0 the marker pass
// chooses at once.
#pragma once

#include "SiteAnalysis.h"

#include "llvm/IR/PassManager.h"

#include <memory>

namespace commcost {

class VariantMarkerPass : public llvm::PassInfoMixin<VariantMarkerPass> {
public:
  /// Decide: make the choices at once (at -O0, and for opt's
  /// commcost-variants).
  VariantMarkerPass(std::shared_ptr<PluginState> State, bool Decide)
      : State(std::move(State)), Decide(Decide) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  std::shared_ptr<PluginState> State;
  bool Decide;
};

class VariantChoicePass : public llvm::PassInfoMixin<VariantChoicePass> {
public:
  explicit VariantChoicePass(std::shared_ptr<PluginState> State)
      : State(std::move(State)) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  std::shared_ptr<PluginState> State;
};

} // namespace commcost
