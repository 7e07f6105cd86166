// Registration (see Pipeline.h). The analysis is registered with every
// function analysis manager; the remark pass asks for it only when commcost
// remarks or records are wanted or the function has a budget, so that
// -fplugin alone does nothing. Above
// -O0 the remark pass runs once per function at the first peephole
// extension point of the function simplification pipeline (the module's
// global cleanup, before inlining, has one too): after inlining and SROA,
// before loop idiom recognition turns copy loops into memcpy. At -O0 it
// runs at the start of the pipeline and the analysis promotes a copy.
// The choices of commcost/variants.h (Variants.h) run whether remarks are
// wanted or not, in modules that include the header only: markers at the
// start of the pipeline (the choices too at -O0), the choices before the
// remark pass. The measure option's pass (Measure.h) runs after the remark
// pass, where the analysis was made.
#include "Pipeline.h"
#include "Budgets.h"
#include "Measure.h"
#include "Remarks.h"
#include "Variants.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace commcost {

namespace {
/// Emits the remarks of each function's result and checks its budget.
struct CommCostRemarkPass : PassInfoMixin<CommCostRemarkPass> {
  CommCostRemarkPass(std::shared_ptr<PluginState> State, bool Once)
      : State(std::move(State)), Once(Once) {}
  std::shared_ptr<PluginState> State;
  bool Once;

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration() || (Once && !State->Reported.insert(&F).second))
      return PreservedAnalyses::all();
    OptimizationRemarkEmitter ORE(&F);
    bool Remarks = ORE.allowExtraAnalysis("commcost");
    auto Budget = State->Budgets.find(F.getName().str());
    // Without remarks or a budget, nothing reads the result: nothing to do.
    if (!Remarks && Budget == State->Budgets.end())
      return PreservedAnalyses::all();
    const CommCostInfo &Info = getCommCostResult(F, FAM, *State);
    if (Remarks)
      emitRemarks(ORE, F, Info, State->Prof, State->EmittedSites);
    if (Budget != State->Budgets.end())
      checkBudget(F, Budget->second, Info.Total);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};
} // namespace

void registerCommCostPasses(PassBuilder &PB,
                            std::shared_ptr<PluginState> State) {
  PB.registerAnalysisRegistrationCallback(
      [State](FunctionAnalysisManager &FAM) {
        FAM.registerPass([State] { return CommCostAnalysis(State); });
      });
  // Peephole extension points of the pipeline being built, in order: the
  // first is the global cleanup before inlining.
  auto Peepholes = std::make_shared<unsigned>(0);
  PB.registerPipelineStartEPCallback(
      [State, Peepholes](ModulePassManager &MPM, OptimizationLevel Level) {
        *Peepholes = 0;
        MPM.addPass(ReadBudgetsPass(State));
        MPM.addPass(VariantMarkerPass(State, Level == OptimizationLevel::O0));
        if (Level == OptimizationLevel::O0) {
          MPM.addPass(createModuleToFunctionPassAdaptor(
              CommCostRemarkPass(State, /*Once=*/false)));
          if (State->Measure)
            MPM.addPass(createModuleToFunctionPassAdaptor(
                CommCostMeasurePass(State, /*Once=*/false)));
        }
      });
  PB.registerPeepholeEPCallback([State, Peepholes](FunctionPassManager &FPM,
                                                   OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0 && ++*Peepholes > 1) {
      FPM.addPass(VariantChoicePass(State));
      FPM.addPass(CommCostRemarkPass(State, /*Once=*/true));
      if (State->Measure)
        FPM.addPass(CommCostMeasurePass(State, /*Once=*/true));
    }
  });
  PB.registerPipelineParsingCallback(
      [State](StringRef Name, ModulePassManager &MPM,
              ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "commcost-variants")
          return false;
        MPM.addPass(VariantMarkerPass(State, /*Decide=*/true));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [State](StringRef Name, FunctionPassManager &FPM,
              ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "commcost") {
          FPM.addPass(CommCostRemarkPass(State, /*Once=*/false));
          return true;
        }
        if (Name == "commcost-measure") {
          FPM.addPass(CommCostMeasurePass(State, /*Once=*/false));
          return true;
        }
        if (Name == "print<commcost>") {
          FPM.addPass(CommCostPrinterPass(outs(), State));
          return true;
        }
        return false;
      });
}

} // namespace commcost
