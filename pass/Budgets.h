// Communication cost budgets written in source (commcost/budget.h): the
// budgets of a module, read from llvm.global.annotations, and the check of
// a function's predicted total against its budget, a compiler warning
// (-Wpass-failed=commcost; -Werror makes it an error) naming the budget,
// the prediction and the costliest site.
#pragma once

#include "SiteAnalysis.h"

#include "commcost/BudgetAnnotation.h"

#include "llvm/IR/PassManager.h"

#include <map>
#include <memory>
#include <string>

namespace commcost {

/// Reads the budgets of the module's functions into the plugin state; a
/// malformed budget is a compile error naming the function and the text.
class ReadBudgetsPass : public llvm::PassInfoMixin<ReadBudgetsPass> {
public:
  explicit ReadBudgetsPass(std::shared_ptr<PluginState> State)
      : State(std::move(State)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::shared_ptr<PluginState> State;
};

/// Warns when F's total exceeds its budget B, or when it cannot be checked.
void checkBudget(const llvm::Function &F, const Budget &B,
                 const FunctionCost &Total);

} // namespace commcost
