// Budgets (see Budgets.h).
#include "Budgets.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace commcost {

/// The entries of llvm.global.annotations: {ptr fn, ptr text, ptr file,
/// i32 line, ptr args}, the function and its annotation text.
static void forEachAnnotation(
    Module &M, function_ref<void(Function &, StringRef)> Visit) {
  auto *Annotations = M.getNamedGlobal("llvm.global.annotations");
  auto *Entries = Annotations && Annotations->hasInitializer()
                      ? dyn_cast<ConstantArray>(Annotations->getInitializer())
                      : nullptr;
  if (!Entries)
    return;
  for (const Use &U : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    auto *Text =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    auto *Data = Text && Text->hasInitializer()
                     ? dyn_cast<ConstantDataSequential>(Text->getInitializer())
                     : nullptr;
    if (F && Data && Data->isCString())
      Visit(*F, Data->getAsCString());
  }
}

static void warn(const Function &F, StringRef Name, const Twine &Message) {
  DiagnosticInfoOptimizationFailure D("commcost", Name,
                                      DiagnosticLocation(F.getSubprogram()),
                                      &F.getEntryBlock());
  D << Message.str();
  F.getContext().diagnose(D);
}

PreservedAnalyses ReadBudgetsPass::run(Module &M, ModuleAnalysisManager &) {
  forEachAnnotation(M, [&](Function &F, StringRef Text) {
    try {
      if (auto B = parseBudgetAnnotation(Text))
        State->Budgets[F.getName().str()] = *B;
    } catch (const BindingError &E) {
      M.getContext().emitError(Twine("commcost: malformed budget of '") +
                               demangle(F.getName()) + "': " + E.what());
    }
  });
  return PreservedAnalyses::all();
}

static std::string microseconds(double Us) {
  std::string Text;
  raw_string_ostream(Text) << format("%.3f", Us);
  return Text;
}

void checkBudget(const Function &F, const Budget &B,
                 const FunctionCost &Total) {
  std::string Name = demangle(F.getName());
  std::string Budget = microseconds(B.Us) + " us";
  std::optional<double> Us = Total.Us;
  std::string AtBinding;
  if (!Us && Total.Ps) {
    std::set<std::string> Unbound;
    for (const std::string &V : Total.Ps->variables())
      if (!B.At.count(V))
        Unbound.insert(V);
    if (!Unbound.empty())
      return warn(F, "BudgetNotChecked",
                  "communication budget of '" + Name + "' (" + Budget +
                      ") not checked: the predicted cost depends on " +
                      join(Unbound, ", ") +
                      ", which COMMCOST_BUDGET_US_AT does not bind");
    try {
      Us = double(Total.Ps->evaluate(B.At)) / 1e6;
      std::vector<std::string> Values;
      for (const auto &[Var, Value] : B.At)
        Values.push_back(Var + "=" + std::to_string(Value));
      AtBinding = " at " + join(Values, ",");
    } catch (const std::exception &E) {
      return warn(F, "BudgetNotChecked",
                  "communication budget of '" + Name + "' (" + Budget +
                      ") not checked: the predicted cost cannot be "
                      "evaluated at the binding: " +
                      E.what());
    }
  }
  std::string Costliest = Total.MostExpensive.empty()
                              ? ""
                              : "; most expensive: " + Total.MostExpensive;
  if (Us && *Us > B.Us)
    return warn(F, "BudgetExceeded",
                "function '" + Name + "' exceeds its communication budget: " +
                    (Total.Incomplete ? "at least " : "") + "predicted " +
                    microseconds(*Us) + " us" + AtBinding + ", budget " + Budget +
                    Costliest);
  if (Total.Incomplete)
    warn(F, "BudgetNotChecked",
         "communication budget of '" + Name + "' (" + Budget +
             ") not checked: " + Total.Incomplete->message());
}

} // namespace commcost
