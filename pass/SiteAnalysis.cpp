// The analysis (see SiteAnalysis.h): finding the sites of a function,
// pricing them with the profile, and the function's total. At -O0 the IR is
// not in SSA form, so the analysis runs on a promoted copy of the function
// (SROA, early CSE, CFG simplification, loop simplification). Above -O0 it
// runs where loop-invariant code has not been hoisted yet (Pipeline.cpp):
// a loop bound or a buffer pointer read from a global or a struct field in
// the loop hides the trip count and the address, so a function with sites
// missed for that is analysed again on a copy with such loads hoisted
// (HoistLoads.h). Copies are deleted once analysed: the compiled IR never
// changes.
#include "SiteAnalysis.h"
#include "CallFamilies.h"
#include "CallSites.h"
#include "CopyLoops.h"
#include "HoistLoads.h"
#include "ScratchConstants.h"
#include "ValueExprs.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <cmath>

using namespace llvm;

namespace commcost {

AnalysisKey CommCostAnalysis::Key;

void notePerIteration(AnalysedSite &A, const LoopWalk &W) {
  A.PerIteration = perIterationOf(W);
  if (W.PerIterationOf)
    A.PerIterationLoc = W.PerIterationOf->getStartLoc();
}

void noteRepetition(AnalysedSite &A, const LoopWalk &W) {
  A.Data.AtMost = W.SomeIterations;
  A.Condition = W.VaryingCondition;
  notePerIteration(A, W);
  A.SizeVaries = W.SizeVaries;
}

/// The analyses of copies, and the passes that make them: promotion at
/// -O0, hoisting of loop-invariant loads above.
struct PromotionManagers {
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  /// Promotion (-O0), hoisting of invariant loads (above), and both with
  /// loop bounds assumed unchanged by their loops (HoistLoads.h).
  FunctionPassManager Promote, Hoist, PromoteAssume, HoistAssume;
  PromotionManagers() {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    for (FunctionPassManager *P : {&Promote, &PromoteAssume}) {
      P->addPass(SROAPass(SROAOptions::ModifyCFG));
      P->addPass(EarlyCSEPass());
      P->addPass(SimplifyCFGPass());
      P->addPass(LoopSimplifyPass());
    }
    PromoteAssume.addPass(HoistInvariantLoadsPass(/*AssumeBounds=*/true));
    Hoist.addPass(LoopSimplifyPass());
    Hoist.addPass(HoistInvariantLoadsPass());
    HoistAssume.addPass(LoopSimplifyPass());
    HoistAssume.addPass(HoistInvariantLoadsPass(/*AssumeBounds=*/true));
  }
};

PluginState::PluginState() = default;
PluginState::~PluginState() = default;

Expr FunctionCost::picoseconds() const { return costPicoseconds(Us, Ps); }

namespace {

bool isCopyOfLoadStore(const Instruction &I) {
  const auto *St = dyn_cast<StoreInst>(&I);
  return St && copiedLoad(*St);
}

/// A function defined in this translation unit whose total a call adds to
/// its caller's: not a site's callee, not an intrinsic, not library code.
const Function *definedCallee(const CallBase &Call, const SourceFacts &Facts) {
  const Function *F = calledFunction(Call);
  if (!F || F->isDeclaration() || F->isIntrinsic() ||
      isCommunicationName(F->getName()) || Facts.isSystemFunction(*F))
    return nullptr;
  return F;
}

/// A cheap test, so that functions without sites cost nothing more: a call
/// that may be a site or reach one, or (in SSA form, InSSA) a copy of a
/// load in a loop, whose counter needs a phi; before promotion (-O0) every
/// variable access is a load or a store.
bool hasCandidates(const Function &F, const SourceFacts &Facts, bool InSSA) {
  bool CopyOfLoad = false, Phi = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (const auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *Callee = calledFunction(*Call);
        if (!Callee || isCommunicationName(Callee->getName()) ||
            definedCallee(*Call, Facts))
          return true;
      } else if (isCopyOfLoadStore(I)) {
        if (!InSSA || Facts.isLoweredUserCopy(I))
          return true;
        CopyOfLoad = true;
      } else {
        Phi |= isa<PHINode>(I);
      }
    }
  return CopyOfLoad && Phi;
}

/// "at halo.c:27", or without a location "in exchange_rows".
std::string where(const DebugLoc &Loc, StringRef Function) {
  if (!Loc)
    return "in " + demangle(Function);
  return "at " + sys::path::filename(Loc->getFilename()).str() + ":" +
         std::to_string(Loc.getLine());
}

/// Whether a footprint the site has could not be measured.
bool linesMissing(const AnalysedSite &A) {
  const Site &S = A.Data;
  return (S.Marshalled && !A.Features.Lines) || (S.Read && !A.Features.ReadLines) ||
         (S.Written && !A.Features.WriteLines);
}

void priceOrReject(SiteResult &R, PluginState &State);

/// Computes the features and the cost of an analysed site, or turns it
/// into a rejection when its lines cannot be counted or the runtime
/// refuses its expressions (nothing may unwind into LLVM).
void price(SiteResult &R, PluginState &State) {
  try {
    priceOrReject(R, State);
  } catch (const std::exception &E) {
    R.Rejected = std::make_shared<CostNotEvaluable>(
        std::string("the site's features cannot be computed: ") + E.what());
    R.Analysed.reset();
  }
}

void priceOrReject(SiteResult &R, PluginState &State) {
  AnalysedSite &A = *R.Analysed;
  const Profile &P = State.Prof;
  const Model *M = nullptr;
  std::string Kind(siteKindName(A.Data.Kind));
  try {
    M = &P.modelForSite(Kind);
  } catch (const std::exception &E) {
    A.Unpriced = std::make_shared<NoModel>(E.what());
  }
  const Model *Warm = M ? P.warmModelForSite(Kind) : nullptr;
  std::vector<std::string> Wanted;
  if (M)
    Wanted = M->features();
  if (Warm)
    Wanted.insert(Wanted.end(), Warm->features().begin(),
                  Warm->features().end());
  A.Features = featuresOf(A.Data, P.Machine, Wanted, &State.Formulas);
  if (linesMissing(A)) {
    auto It = A.Features.Unavailable.find("L_mem");
    std::string Why = It == A.Features.Unavailable.end()
                          ? "the lines are not counted"
                          : It->second;
    if (A.Data.Kind != SiteKind::Superstep) {
      R.Rejected = std::make_shared<LinesNotCounted>(Why);
      R.Analysed.reset();
      return;
    }
    // A superstep is priced on its accesses; its lines are extra.
    A.Data.Read.reset();
    A.Data.Written.reset();
    A.Shape = "lines of one processor's part not counted: " + Why;
    A.Features = featuresOf(A.Data, P.Machine, Wanted, &State.Formulas);
  }
  if (const auto &Split = A.Data.Split) {
    std::string Note;
    uint64_t Bytes = superstepCacheBytes(P.Machine, &Note);
    A.Partition += "; hrc and hwc count the first " +
                   std::to_string(Bytes / std::max<uint64_t>(1, Split->ElemBytes)) +
                   " elements of a processor (" + Note + ")";
  }
  if (!M)
    return;
  A.Cost = priceSite(A.Features, *M, &State.Formulas);
  if (A.Cost.priced()) {
    if (Warm)
      A.CostWarm = priceSite(A.Features, *Warm, &State.Formulas);
    return;
  }
  if (!A.Cost.MissingFeature.empty())
    A.Unpriced = std::make_shared<MissingFeature>(
        M->name(), describeProfile(P), A.Cost.MissingFeature,
        A.Features.Unavailable.count(A.Cost.MissingFeature)
            ? A.Features.Unavailable.at(A.Cost.MissingFeature)
            : "this site does not have it");
  else
    A.Unpriced = std::make_shared<CostNotEvaluable>(A.Cost.Why);
}

/// The parameter names of F, as its total mentions them.
std::vector<std::string> parameterNames(const Function &F,
                                        const SourceFacts &Facts) {
  std::vector<std::string> Names;
  for (const Argument &A : F.args())
    Names.push_back(sourceNameOf(&A, Facts).value_or(""));
  return Names;
}

/// Sums what the sites and the callees of a function cost.
class TotalBuilder {
public:
  explicit TotalBuilder(StringRef Function) : Function(Function) {}

  void addSite(const SiteResult &R) {
    if (!R.Analysed) {
      ++T.Missed;
      incomplete(R.Rejected);
      return;
    }
    ++T.Sites;
    // Known per iteration of a loop whose trip count is not, or in which
    // its size changes: no total.
    if (!R.Analysed->PerIteration.empty()) {
      if (R.Analysed->SizeVaries)
        incomplete(std::make_shared<VaryingValue>());
      else
        incomplete(
            std::make_shared<UnknownTripCount>(R.Analysed->PerIteration));
      return;
    }
    const SiteCost &C = R.Analysed->Cost;
    if (C.Us) {
      add(*C.Us);
      if (*C.Us > MostUs) {
        MostUs = *C.Us;
        T.MostExpensive = R.Callee + " " + where(R.Loc, Function);
      }
    } else if (C.Ps) {
      addPs(*C.Ps);
    } else {
      incomplete(R.Analysed->Unpriced);
    }
  }

  /// Executions calls of a callee whose total, in its parameters, is
  /// Callee with the parameters bound to Args.
  void addCall(const FunctionCost &Callee, const Expr &Executions,
               const std::map<std::string, Expr, std::less<>> &Args) {
    if (Callee.Incomplete)
      incomplete(Callee.Incomplete);
    if (!Callee.known())
      return;
    if (Callee.Us && Executions.isConstant()) {
      add(*Callee.Us * double(Executions.constantValue()));
      return;
    }
    addPs(Executions * Callee.picoseconds().substitute(Args));
  }

  void incomplete(const Reason &R) {
    if (!T.Incomplete)
      T.Incomplete = R;
  }

  FunctionCost take() {
    if (Ps) {
      T.Ps = *Ps + Expr::constant(std::llround(Us * 1e6));
      if (T.Ps->isConstant()) {
        T.Us = double(T.Ps->constantValue()) / 1e6;
        T.Ps.reset();
      }
    } else if (Any) {
      T.Us = Us;
    }
    return std::move(T);
  }

private:
  StringRef Function;
  FunctionCost T;
  double Us = 0, MostUs = -1;
  std::optional<Expr> Ps;
  bool Any = false;

  void add(double V) {
    Us += V;
    Any = true;
  }
  void addPs(const Expr &E) {
    Ps = Ps ? *Ps + E : E;
    Any = true;
  }
};

} // namespace

namespace {
/// The analysis of one function body (F itself, or its promoted copy).
class BodyAnalyzer {
public:
  BodyAnalyzer(Function &Body, const Function &Original,
               FunctionAnalysisManager &BodyFAM,
               FunctionAnalysisManager &FAM, PluginState &State)
      : Body(Body), Original(Original), BodyFAM(BodyFAM), FAM(FAM),
        State(State) {}

  void run(CommCostInfo &Info) {
    AnalysisContext Ctx{BodyFAM.getResult<ScalarEvolutionAnalysis>(Body),
                        BodyFAM.getResult<LoopAnalysis>(Body),
                        BodyFAM.getResult<DominatorTreeAnalysis>(Body),
                        Body.getDataLayout(), State.Facts,
                        &BodyFAM.getResult<TargetLibraryAnalysis>(Body)};
    findCallSites(Body, Ctx, Info.Sites);
    findCopyLoops(Body, Original, Ctx, Info.Sites);
    erase_if(Info.Sites, [&](const SiteResult &R) {
      return State.Facts.isSystemLocation(R.Loc);
    });
    TotalBuilder Total(Original.getName());
    for (SiteResult &R : Info.Sites) {
      if (R.Analysed)
        price(R, State);
      Total.addSite(R);
    }
    for (Instruction &I : instructions(Body))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = definedCallee(*Call, State.Facts))
          addCallee(*Call, *Callee, Ctx, Total);
    // The parameters' names, set before the body was analysed, stay.
    std::vector<std::string> Params = std::move(Info.Total.Params);
    Info.Total = Total.take();
    Info.Total.Params = std::move(Params);
  }

private:
  Function &Body;
  const Function &Original;
  FunctionAnalysisManager &BodyFAM, &FAM;
  PluginState &State;

  void addCallee(CallBase &Call, const Function &Callee,
                 const AnalysisContext &Ctx, TotalBuilder &Total) {
    std::string Name = Callee.getName().str();
    if (State.InProgress.count(Name)) {
      Total.incomplete(std::make_shared<CalleeNotPriced>(
          Name, "it is being analysed (a recursive call)"));
      return;
    }
    // getCommCostResult computed the callee's result before this run; a
    // result computed from here would corrupt the manager's tables.
    auto Known = State.Totals.find(Name);
    const CommCostInfo *Cached =
        Known != State.Totals.end()
            ? nullptr
            : FAM.getCachedResult<CommCostAnalysis>(
                  const_cast<Function &>(Callee));
    if (Known == State.Totals.end() && !Cached) {
      Total.incomplete(
          std::make_shared<CalleeNotPriced>(Name, "it was not analysed"));
      return;
    }
    const FunctionCost &Cost = Cached ? Cached->Total : Known->second;
    if (!Cost.known() && !Cost.Incomplete)
      return;
    auto Walk = walkLoops(nullptr, Call.getParent(), nullptr, Ctx);
    if (!Walk) {
      Total.incomplete(std::make_shared<CalleeNotPriced>(
          Name, takeReason(Walk.takeError())->message()));
      return;
    }
    if (Walk->PerIterationOf) {
      Total.incomplete(std::make_shared<CalleeNotPriced>(
          Name, UnknownTripCount(perIterationOf(*Walk)).message()));
      return;
    }
    auto Args = bindArguments(Call, Cost, Ctx.SE, Ctx.Facts, Ctx.DT);
    if (!Args) {
      Total.incomplete(std::make_shared<CalleeNotPriced>(
          Name, takeReason(Args.takeError())->message()));
      return;
    }
    Total.addCall(Cost, Walk->Executions, *Args);
  }
};
} // namespace

const FunctionCost &totalOf(const Function &F, FunctionAnalysisManager &FAM,
                            PluginState &State) {
  auto Known = State.Totals.find(F.getName().str());
  if (Known != State.Totals.end())
    return Known->second;
  return getCommCostResult(const_cast<Function &>(F), FAM, State).Total;
}

Expected<std::map<std::string, Expr, std::less<>>>
bindArguments(const CallBase &Call, const FunctionCost &Cost,
              ScalarEvolution &SE, const SourceFacts &Facts,
              const DominatorTree &DT) {
  std::map<std::string, Expr, std::less<>> Args;
  std::set<std::string> Used = Cost.picoseconds().variables();
  for (unsigned I = 0; I < Cost.Params.size() && I < Call.arg_size(); ++I) {
    const std::string &Param = Cost.Params[I];
    if (Param.empty() || !Used.count(Param))
      continue;
    Value *Arg = Call.getArgOperand(I);
    auto E = Arg->getType()->isIntegerTy()
                 ? ExprTranslator(&SE, Facts, &DT).scev(SE.getSCEV(Arg))
                 : Expected<Expr>(reject<NotAnInteger>());
    if (!E)
      return withContext(E.takeError(), "its argument '" + Param + "'");
    Args.emplace(Param, *E);
  }
  return Args;
}

CommCostInfo CommCostAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  CommCostInfo Info;
  Info.Total.Params = parameterNames(F, State->Facts);
  if (F.isDeclaration() || State->Facts.isSystemFunction(F))
    return Info;
  bool Promote = F.hasOptNone();
  if (!hasCandidates(F, State->Facts, /*InSSA=*/!Promote))
    return Info;
  std::string Name = F.getName().str();
  State->InProgress.insert(Name);
  try {
    analyse(F, FAM, Promote, Info);
  } catch (const std::exception &E) {
    // An expression the runtime refuses (too deep, overflowing): the
    // sites found so far stand, the total does not.
    Info.Total.Incomplete = std::make_shared<InternalError>(E.what());
    Info.Total.Us.reset();
    Info.Total.Ps.reset();
  }
  State->InProgress.erase(Name);
  State->Totals[Name] = Info.Total;
  return Info;
}

namespace {
/// How much of a site an analysis gives: 0 missed, 1 a copy loop per
/// iteration of a loop of unknown trip count (a bound the loop may change,
/// such as a global at -O0), 2 the site.
int coverage(const SiteResult &R) {
  if (!R.Analysed)
    return 0;
  return R.What == "copy loop" && !R.Analysed->PerIteration.empty() ? 1 : 2;
}

/// Whether a site was missed, or a copy loop analysed only per iteration,
/// for want of a trip count, a size or an address that hoisting
/// loop-invariant loads may give. (Calls analysed per iteration of a loop
/// of unknown trip count are not: their loop holds calls, after which a
/// global is not known to be unchanged.)
bool mayGainFromHoisting(const SiteResult &R) {
  if (R.Analysed)
    return coverage(R) == 1;
  // A size that varies may be a bound loaded again in each iteration (the
  // reason a per-iteration retry leaves).
  RejectKind K = R.Rejected->kind();
  return K == RejectKind::UnknownTripCount ||
         K == RejectKind::VaryingLoopBound ||
         K == RejectKind::VaryingValue ||
         K == RejectKind::NonAffineAddress;
}

/// Whether Copy, an analysis of a copy of the function Info analysed,
/// finds the same sites and analyses more of them than it misses of those
/// Info analyses: then it stands for the function, and where both miss a
/// site its reason is the one left after hoisting. (One analysis stands, not
/// a mix: the function's total is made of one body's sites and calls.)
bool standsFor(const CommCostInfo &Copy, const CommCostInfo &Info) {
  if (Copy.Sites.size() != Info.Sites.size())
    return false;
  int Gained = 0, Lost = 0;
  for (size_t I = 0; I < Info.Sites.size(); ++I) {
    const SiteResult &A = Info.Sites[I], &B = Copy.Sites[I];
    // The copy's locations are in a scope of its own. A copy loop is
    // located at the part of its nest analysed (the nest inside a loop it
    // is analysed per iteration of), which hoisting may change.
    bool SameLoc = !A.Loc == !B.Loc &&
                   (!A.Loc || (A.Loc.getLine() == B.Loc.getLine() &&
                               A.Loc.getCol() == B.Loc.getCol()));
    if ((!SameLoc && A.What != "copy loop") || A.What != B.What)
      return false;
    // A copy loop analysed only per iteration is no loss: the view may
    // miss it where hoisting turned the loop's bound into a known one and
    // left its address to a pointer loaded in the loop.
    Gained += coverage(B) > coverage(A);
    Lost += coverage(A) == 2 && coverage(B) < 2;
  }
  return Lost == 0 || Gained > Lost;
}

/// Where View, standing for the function, misses a copy loop that Info
/// analyses per iteration of a loop of unknown trip count, View takes that
/// analysis: the total is incomplete either way, now for the loop.
void keepPerIterationCopies(CommCostInfo &Info, CommCostInfo &View) {
  for (size_t I = 0; I < Info.Sites.size(); ++I) {
    SiteResult &Kept = Info.Sites[I], &Missed = View.Sites[I];
    if (coverage(Kept) != 1 || coverage(Missed) != 0)
      continue;
    --View.Total.Missed;
    ++View.Total.Sites;
    if (View.Total.Incomplete == Missed.Rejected)
      View.Total.Incomplete =
          std::make_shared<UnknownTripCount>(Kept.Analysed->PerIteration);
    Missed = std::move(Kept);
  }
}
} // namespace

void CommCostAnalysis::analyseCopy(Function &F, FunctionAnalysisManager &FAM,
                                   FunctionPassManager PromotionManagers::*Passes,
                                   CommCostInfo &Info) {
  if (!State->Promotion)
    State->Promotion = std::make_unique<PromotionManagers>();
  PromotionManagers &PM = *State->Promotion;
  ScratchConstants Leftovers(*F.getParent());
  ValueToValueMapTy VMap;
  Function *View = CloneFunction(&F, VMap);
  // A name no other symbol has, so that no symbol is renamed.
  View->setName("commcost.view");
  View->removeFnAttr(Attribute::OptimizeNone);
  (PM.*Passes).run(*View, PM.FAM);
  // A copy of a copy (a choice's view of a function) stands for the
  // function the first copy stands for.
  auto Original = State->Facts.CopyOf.find(&F);
  State->Facts.CopyOf[View] = Original != State->Facts.CopyOf.end()
                                  ? Original->second
                                  : F.getName().str();
  // The copy leaves the module even when the analysis throws (a name the
  // grammar refuses): else it would be compiled into the object.
  auto Erase = make_scope_exit([&] {
    State->Facts.CopyOf.erase(View);
    PM.FAM.clear(*View, View->getName());
    View->eraseFromParent();
  });
  BodyAnalyzer(*View, F, PM.FAM, FAM, *State).run(Info);
}

void CommCostAnalysis::analyse(Function &F, FunctionAnalysisManager &FAM,
                               bool Promote, CommCostInfo &Info) {
  // Each next view is analysed only if the last leaves sites that it may
  // analyse, and stands for the function only if it analyses every site
  // the last did: a bound assumed unchanged is the last resort.
  auto TryView = [&](FunctionPassManager PromotionManagers::*Passes) {
    if (none_of(Info.Sites, mayGainFromHoisting))
      return;
    CommCostInfo View;
    View.Total.Params = Info.Total.Params;
    analyseCopy(F, FAM, Passes, View);
    if (!standsFor(View, Info))
      return;
    keepPerIterationCopies(Info, View);
    Info = std::move(View);
  };
  if (Promote) {
    analyseCopy(F, FAM, &PromotionManagers::Promote, Info);
    TryView(&PromotionManagers::PromoteAssume);
    return;
  }
  BodyAnalyzer(F, F, FAM, FAM, *State).run(Info);
  TryView(&PromotionManagers::Hoist);
  TryView(&PromotionManagers::HoistAssume);
}

static std::string location(const DebugLoc &Loc) {
  if (!Loc)
    return "?";
  return std::to_string(Loc.getLine()) + ":" + std::to_string(Loc.getCol());
}

void CommCostInfo::print(raw_ostream &OS, StringRef Function) const {
  OS << "commcost: function '" << Function << "'\n";
  for (const SiteResult &R : Sites) {
    if (!R.Analysed) {
      OS << "  missed " << location(R.Loc) << " " << R.What << ": "
         << R.Rejected->remarkName() << ": " << R.Rejected->message() << "\n";
      continue;
    }
    const AnalysedSite &A = *R.Analysed;
    OS << "  site " << location(R.Loc) << " " << siteKindName(A.Data.Kind)
       << " " << R.Callee;
    if (!A.Array.empty())
      OS << " of '" << A.Array << "'";
    OS << ":";
    for (const std::string &C : A.Data.Conditions)
      OS << " when " << C << ";";
    if (A.Data.AtMost)
      OS << " at most (" << A.Condition << ");";
    if (!A.PerIteration.empty())
      OS << " per iteration of " << A.PerIteration << ";";
    const char *Sep = " ";
    for (const auto &[Name, E] : A.Features.Values) {
      OS << Sep << Name << "=" << E.str();
      Sep = ", ";
    }
    auto Bounds = [&](const char *Name,
                      const std::optional<SymbolicLineBounds> &B) {
      if (B)
        OS << "; " << Name << " " << B->Min.str() << ".." << B->Max.str();
    };
    Bounds("lines", A.Features.Lines);
    Bounds("read lines", A.Features.ReadLines);
    Bounds("write lines", A.Features.WriteLines);
    if (A.Cost.Us)
      OS << "; cost " << format("%.6f", *A.Cost.Us) << " us";
    else if (A.Cost.Ps)
      OS << "; cost (" << A.Cost.Ps->str() << ") ps";
    if (!A.Cost.Model.empty())
      OS << " [" << A.Cost.Model << "]";
    if (A.Unpriced)
      OS << "; not priced: " << A.Unpriced->remarkName() << ": "
         << A.Unpriced->message();
    OS << "\n";
  }
  OS << "  total: ";
  if (Total.Us)
    OS << format("%.6f", *Total.Us) << " us";
  else if (Total.Ps)
    OS << "(" << Total.Ps->str() << ") ps";
  else
    OS << "none";
  OS << " (" << Total.Sites << " analysed, " << Total.Missed << " missed)";
  if (Total.Incomplete)
    OS << "; incomplete: " << Total.Incomplete->remarkName() << ": "
       << Total.Incomplete->message();
  OS << "\n";
}

const CommCostInfo &getCommCostResult(Function &F,
                                      FunctionAnalysisManager &FAM,
                                      PluginState &State) {
  // Callees first, depth first, with the callers on the way in progress,
  // as if each caller's run computed them: a call back to one of them is
  // recursion.
  std::string Name = F.getName().str();
  if (!F.isDeclaration() && !State.InProgress.count(Name)) {
    State.InProgress.insert(Name);
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = definedCallee(*Call, State.Facts)) {
          auto &C = const_cast<Function &>(*Callee);
          if (!State.Totals.count(C.getName().str()) &&
              !State.InProgress.count(C.getName().str()) &&
              !FAM.getCachedResult<CommCostAnalysis>(C))
            getCommCostResult(C, FAM, State);
        }
    State.InProgress.erase(Name);
  }
  return FAM.getResult<CommCostAnalysis>(F);
}

PreservedAnalyses CommCostPrinterPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (!F.isDeclaration())
    getCommCostResult(F, FAM, *State).print(OS, F.getName());
  return PreservedAnalyses::all();
}

} // namespace commcost
