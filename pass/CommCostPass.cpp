// Finding and analysing sites in a function, and putting the analysis into
// the pipeline. At -O0 the IR is not in SSA form, so the analysis runs on a
// promoted copy of each candidate function that is deleted afterwards;
// above -O0 it runs once per function at the first peephole extension
// point of the function simplification pipeline (the module's global
// cleanup, before inlining, has one too), after inlining and SROA but
// before loop idiom recognition turns copy loops into memcpy. Either way
// the IR that is compiled is unchanged.
#include "CommCostPass.h"
#include "CallFamilies.h"
#include "CopyLoops.h"
#include "Datatypes.h"
#include "Footprint.h"
#include "SiteReport.h"
#include "SymbolicSCEV.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

namespace commcost {

static std::string displayName(const Function &Callee) {
  StringRef Name = Callee.getName();
  if (Name.starts_with("llvm.memcpy"))
    return "memcpy";
  if (Name.starts_with("llvm.memmove"))
    return "memmove";
  return Name.str();
}

static bool isCopyOfLoad(const StoreInst &St) {
  const Value *V = St.getValueOperand();
  while (const auto *Cast = dyn_cast<CastInst>(V))
    V = Cast->getOperand(0);
  return isa<LoadInst>(V);
}

/// Whether anyone asked for commcost remarks or a record: the analysis has
/// no other output, so without them it does nothing.
static bool remarksWanted(const Function &F) {
  return OptimizationRemarkEmitter(&F).allowExtraAnalysis("commcost");
}

/// A cheap test, so that functions without sites cost nothing more. In SSA
/// form (InSSA) a copy loop needs a loop, and a loop with a counter has a
/// phi; before promotion (-O0) every variable access is a load or a store.
static bool hasCandidates(const Function &F, const SourceFacts &Facts,
                          bool InSSA) {
  bool CopyOfLoad = false, Phi = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (const auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *Callee = calledFunction(*Call);
        if (!Callee || isCommunicationName(Callee->getName()))
          return true;
      } else if (const auto *St = dyn_cast<StoreInst>(&I)) {
        if (isCopyOfLoad(*St)) {
          if (!InSSA || Facts.isLoweredUserCopy(*St))
            return true;
          CopyOfLoad = true;
        }
      } else {
        Phi |= isa<PHINode>(I);
      }
    }
  return CopyOfLoad && Phi;
}

namespace {
class FunctionAnalyzer {
public:
  FunctionAnalyzer(const AnalysisContext &Ctx, const Reporter &Report)
      : Ctx(Ctx), Report(Report) {}

  void run(Function &F) {
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I))
          analyzeCall(*Call);
        else if (auto *St = dyn_cast<StoreInst>(&I);
                 St && Ctx.Facts.isLoweredUserCopy(*St))
          analyzeLoweredCopy(*St);
    analyzeCopyLoops(F, Ctx, Report);
  }

private:
  const AnalysisContext &Ctx;
  const Reporter &Report;

  std::optional<Expr> toExpr(Value *V, std::string &Why) {
    if (!V->getType()->isIntegerTy()) {
      Why = "a size is not an integer";
      return std::nullopt;
    }
    return exprFromSCEV(Ctx.SE.getSCEV(V), Ctx.Facts, Why);
  }

  void analyzeCall(CallBase &Call) {
    const Function *Callee = calledFunction(Call);
    if (!Callee) {
      reportIndirect(Call);
      return;
    }
    if (Callee->isIntrinsic() && !isa<MemTransferInst>(Call))
      return;
    auto Spec = lookupCall(Callee->getName());
    if (!Spec || (Spec->Family == "libc" && !Ctx.Facts.isUserCopyCall(Call)))
      return;
    for (const TransferSpec &T : Spec->Transfers)
      analyzeTransfer(Call, displayName(*Callee), T);
  }

  /// An indirect call that may reach a communication function is a site the
  /// analysis cannot follow.
  void reportIndirect(CallBase &Call) {
    SmallVector<Value *, 4> Work{Call.getCalledOperand()};
    SmallPtrSet<Value *, 8> Seen;
    while (!Work.empty()) {
      Value *V = Work.pop_back_val()->stripPointerCasts();
      if (!Seen.insert(V).second)
        continue;
      if (auto *F = dyn_cast<Function>(V)) {
        if (isCommunicationName(F->getName())) {
          Report.missed(Call.getDebugLoc(), "IndirectCall", F->getName(),
                        "indirect call that may call " + F->getName().str() +
                            "; only direct calls are analysed");
          return;
        }
      } else if (auto *Sel = dyn_cast<SelectInst>(V)) {
        Work.push_back(Sel->getTrueValue());
        Work.push_back(Sel->getFalseValue());
      } else if (auto *Phi = dyn_cast<PHINode>(V)) {
        for (Value *In : Phi->incoming_values())
          Work.push_back(In);
      }
    }
  }

  std::optional<Layout> layoutOf(CallBase &Call, const TransferSpec &T,
                                 std::string &Why) {
    auto Count = toExpr(Call.getArgOperand(T.Count), Why);
    if (!Count)
      return std::nullopt;
    using Size = TransferSpec::SizeForm;
    switch (T.Size) {
    case Size::MPICount: {
      ValueExpr ToExpr = [this](Value *V, std::string &W) {
        return toExpr(V, W);
      };
      return resolveDatatype(Call.getArgOperand(T.Datatype), *Count, Call,
                             ToExpr, Ctx, Why);
    }
    case Size::Bytes:
      return Layout::contiguous(*Count, "byte", 1);
    case Size::Elements:
      return Layout::contiguous(*Count * Expr::constant(T.ElemBytes),
                                T.ElemName, T.ElemBytes);
    case Size::StridedElems: {
      auto Stride = toExpr(Call.getArgOperand(T.Stride), Why);
      if (!Stride)
        return std::nullopt;
      Expr Elem = Expr::constant(T.ElemBytes);
      Layout L = Layout::contiguous(Elem, T.ElemName, T.ElemBytes);
      L.Dims.push_back({*Count, *Stride * Elem});
      L.DataBytes = *Count * Elem;
      L.Extent = (*Count - Expr::constant(1)) * *Stride * Elem + Elem;
      L.Origin = "stride " + Stride->str() + " elements";
      return L;
    }
    }
    llvm_unreachable("unknown size form");
  }

  void analyzeTransfer(CallBase &Call, const std::string &Callee,
                       const TransferSpec &T) {
    std::string Why;
    auto L = layoutOf(Call, T, Why);
    if (!L)
      return Report.missed(
          Call.getDebugLoc(),
          T.Size == TransferSpec::SizeForm::MPICount &&
                  Why.find("datatype") != std::string::npos
              ? "UnknownDatatype"
              : "UnknownSize",
          Callee, Why);
    auto Align = [&](unsigned Arg) {
      return Call.getParamAlign(Arg).valueOrOne().value();
    };
    Buffer Other;
    if (T.OtherBuffer)
      Other = {Call.getArgOperand(*T.OtherBuffer), Align(*T.OtherBuffer)};
    reportTransfer(Call, Callee, T.Kind, *L,
                   {Call.getArgOperand(T.Buffer), Align(T.Buffer)}, Other);
  }

  /// A small memcpy the optimiser turned into a load and a store: the same
  /// site as at -O0, a copy of the stored bytes.
  void analyzeLoweredCopy(StoreInst &St) {
    auto *Ld = dyn_cast<LoadInst>(St.getValueOperand());
    if (!Ld || St.isVolatile() || Ld->isVolatile())
      return;
    uint64_t Bytes = Ctx.DL.getTypeStoreSize(St.getValueOperand()->getType())
                         .getFixedValue();
    reportTransfer(St, "memcpy", "copy",
                   Layout::contiguous(Expr::constant(Bytes), "byte", 1),
                   {Ld->getPointerOperand(), Ld->getAlign().value()},
                   {St.getPointerOperand(), St.getAlign().value()});
  }

  struct Buffer {
    Value *Ptr = nullptr;
    uint64_t Align = 1;
  };

  /// Reports a transfer of layout L from (or into) Marshalled; Other is
  /// the second buffer of a copy.
  void reportTransfer(Instruction &At, const std::string &Callee,
                      const std::string &Kind, const Layout &L,
                      Buffer Marshalled, Buffer Other) {
    std::string Why;
    auto Missed = [&](StringRef Name) {
      Report.missed(At.getDebugLoc(), Name, Callee, Why);
    };
    auto Walk = walkLoops(Ctx.SE.getSCEV(Marshalled.Ptr), At.getParent(),
                          nullptr, Ctx, Why);
    if (!Walk)
      return Missed("LoopNotAnalysed");
    auto M = measure(L, *Walk, Ctx, Why, Marshalled.Align);
    if (!M)
      return Missed("SliceNotAnalysed");

    SiteResult S;
    S.Kind = Kind;
    S.Callee = Callee;
    S.Array = baseName(Walk->Start, Ctx);
    S.Element = L.ElemName;
    S.Datatype = L.Origin;
    S.Shape = M->Shape;
    S.Alignment = M->Alignment;
    S.Messages = Walk->Executions;
    S.BytesPerMessage = L.DataBytes;
    S.Bytes = Walk->Executions * L.DataBytes;
    S.Lines = M->Lines;
    if (Other.Ptr) {
      auto DstWalk = walkLoops(Ctx.SE.getSCEV(Other.Ptr), At.getParent(),
                               nullptr, Ctx, Why);
      auto Dst =
          DstWalk ? measure(L, *DstWalk, Ctx, Why, Other.Align) : std::nullopt;
      if (!Dst)
        return Missed("SliceNotAnalysed");
      S.ReadLines = M->Lines;
      S.WriteLines = Dst->Lines;
      S.Array = baseName(DstWalk->Start, Ctx) + " <- " + S.Array;
      if (Dst->Shape != M->Shape)
        S.Shape = "from " + M->Shape + " to " + Dst->Shape;
    }
    Report.site(At.getDebugLoc(), S);
  }
};
} // namespace

static void analyzeFunction(Function &View, Function &Reported,
                            FunctionAnalysisManager &FAM, PluginState &State) {
  OptimizationRemarkEmitter ORE(&Reported);
  AnalysisContext Ctx{FAM.getResult<ScalarEvolutionAnalysis>(View),
                      FAM.getResult<LoopAnalysis>(View),
                      FAM.getResult<DominatorTreeAnalysis>(View),
                      View.getDataLayout(), State.Facts,
                      State.Prof.Machine.LineSize,
                      State.Prof.Machine.PageSize, &State.Lines};
  Reporter Report{ORE, &Reported.getEntryBlock(), State.Prof};
  FunctionAnalyzer(Ctx, Report).run(View);
}

namespace {
/// Above -O0 (and for opt -passes=commcost): analyse the function as it is.
struct CommCostPass : PassInfoMixin<CommCostPass> {
  CommCostPass(std::shared_ptr<PluginState> State, bool Once)
      : State(std::move(State)), Once(Once) {}
  std::shared_ptr<PluginState> State;
  bool Once;

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration() || (Once && !State->Analysed.insert(&F).second) ||
        !remarksWanted(F) || State->Facts.isSystemFunction(F) ||
        !hasCandidates(F, State->Facts, /*InSSA=*/true))
      return PreservedAnalyses::all();
    analyzeFunction(F, F, FAM, *State);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

/// At -O0: analyse a promoted copy of each candidate function.
struct CommCostPromotedPass : PassInfoMixin<CommCostPromotedPass> {
  explicit CommCostPromotedPass(std::shared_ptr<PluginState> State)
      : State(std::move(State)) {}
  std::shared_ptr<PluginState> State;

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    SmallVector<Function *, 16> Candidates;
    for (Function &F : M)
      if (!F.isDeclaration() && remarksWanted(F) &&
          !State->Facts.isSystemFunction(F) &&
          hasCandidates(F, State->Facts, /*InSSA=*/false))
        Candidates.push_back(&F);
    if (Candidates.empty())
      return PreservedAnalyses::all();

    PassBuilder PB;
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    FunctionPassManager Promote;
    Promote.addPass(SROAPass(SROAOptions::ModifyCFG));
    Promote.addPass(EarlyCSEPass());
    Promote.addPass(SimplifyCFGPass());
    Promote.addPass(LoopSimplifyPass());

    for (Function *F : Candidates) {
      ValueToValueMapTy VMap;
      Function *View = CloneFunction(F, VMap);
      // A name no other symbol has, so that no symbol is renamed.
      View->setName("commcost.view");
      View->removeFnAttr(Attribute::OptimizeNone);
      Promote.run(*View, FAM);
      State->Facts.CopyOf[View] = F->getName().str();
      analyzeFunction(*View, *F, FAM, *State);
      State->Facts.CopyOf.erase(View);
      FAM.clear(*View, View->getName());
      View->eraseFromParent();
    }
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};
} // namespace

void registerCommCostPasses(PassBuilder &PB,
                            std::shared_ptr<PluginState> State) {
  // Peephole extension points of the pipeline being built, in order: the
  // first is the global cleanup before inlining.
  auto Peepholes = std::make_shared<unsigned>(0);
  PB.registerPipelineStartEPCallback(
      [State, Peepholes](ModulePassManager &MPM, OptimizationLevel Level) {
        *Peepholes = 0;
        if (Level == OptimizationLevel::O0)
          MPM.addPass(CommCostPromotedPass(State));
      });
  PB.registerPeepholeEPCallback([State, Peepholes](FunctionPassManager &FPM,
                                                   OptimizationLevel Level) {
    if (Level != OptimizationLevel::O0 && ++*Peepholes > 1)
      FPM.addPass(CommCostPass(State, /*Once=*/true));
  });
  PB.registerPipelineParsingCallback(
      [State](StringRef Name, FunctionPassManager &FPM,
              ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "commcost")
          return false;
        FPM.addPass(CommCostPass(State, /*Once=*/false));
        return true;
      });
}

} // namespace commcost
