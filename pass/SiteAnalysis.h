// The analysis result: every communication site of a function, each either
// analysed (what it moves, its features and predicted cost on the profile's
// machine) or rejected with a typed reason, and the function's total
// predicted cost including the callees defined in the same translation
// unit. CommCostAnalysis computes it (for opt, and for the plugin's passes:
// the remark emitter, budgets, variant choice); it prints itself, which is
// what print<commcost> shows and what IR-level tests check.
#pragma once

#include "Footprint.h"
#include "Reasons.h"
#include "SourceNames.h"

#include "commcost/BudgetAnnotation.h"
#include "commcost/Profile.h"
#include "commcost/Site.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class DominatorTree;
class ScalarEvolution;
class raw_ostream;
} // namespace llvm

namespace commcost {

/// What the analysis derived for one site.
struct AnalysedSite {
  Site Data;
  std::string Array;     ///< "g", or "destination <- source" for copies
  std::string Element;   ///< the element type's name
  std::string Shape;     ///< readable footprint description
  std::string Datatype;  ///< how a derived datatype was built
  std::string Alignment; ///< which alignment was assumed
  std::string Partition; ///< how a loop is split among processors
  /// The condition that makes the counts maxima (Data.AtMost).
  std::string Condition;
  /// The loop ("the loop at line 12") whose trip count is unknown and per
  /// iteration of which the counts are (LoopWalk::PerIterationOf); empty:
  /// per call of the function.
  std::string PerIteration;
  /// That loop's location (empty when per call of the function).
  llvm::DebugLoc PerIterationLoc;
  /// Why the counts are per iteration of it: a size changes from one
  /// iteration to the next (LoopWalk::SizeVaries), or its trip count is
  /// unknown.
  bool SizeVaries = false;
  SiteFeatures Features;
  /// The cost from cold caches and TLB (the calibration's state), and,
  /// where the profile has a warm model for the kind, from warm ones: the
  /// site's [warm, cold] interval.
  SiteCost Cost;
  SiteCost CostWarm;
  /// Why the site has no cost (NoModel, MissingFeature, CostNotEvaluable).
  Reason Unpriced;
};

/// Notes in A how the walk W says its site repeats: in some iterations
/// only (AtMost, with the varying condition), and the loop its counts are
/// per iteration of, if any, and why.
void noteRepetition(AnalysedSite &A, const LoopWalk &W);
/// Notes in A the loop W's counts are per iteration of, if any.
void notePerIteration(AnalysedSite &A, const LoopWalk &W);

/// 128-bit XXH3 digests of emitted remarks (Remarks.h): a remark's text
/// runs to kilobytes, and a collision among a unit's remarks has odds of
/// about 2^-100.
using RemarkDigests = std::set<std::pair<uint64_t, uint64_t>>;

/// One site: where it is, what it calls, and the analysis or the reason.
struct SiteResult {
  llvm::DebugLoc Loc;
  /// The statement a copy loop's record speaks of (Loc is its loop's).
  llvm::DebugLoc Statement;
  std::string Callee; ///< the called function, or "loop"
  std::string What;   ///< how a missed remark names it: callee, "copy loop"
  std::optional<AnalysedSite> Analysed;
  Reason Rejected; ///< set when not analysed
};

/// The predicted communication cost of one execution of a function: its
/// sites and, for calls of functions defined in the same translation unit,
/// their totals times how often the call runs, in the function's
/// parameters.
struct FunctionCost {
  std::optional<double> Us;
  std::optional<Expr> Ps; ///< picoseconds, when symbolic
  /// Why the total is not known (a site or a callee that is not priced).
  Reason Incomplete;
  unsigned Sites = 0, Missed = 0;
  /// The costliest priced site (numeric costs), as "MPI_Send at f.c:12".
  std::string MostExpensive;
  /// Parameter names of the function, which Ps may mention.
  std::vector<std::string> Params;
  bool known() const { return Us || Ps; }
  /// The total as an expression in picoseconds (a constant when numeric).
  Expr picoseconds() const;
};

class CommCostInfo {
public:
  std::vector<SiteResult> Sites;
  FunctionCost Total;
  void print(llvm::raw_ostream &OS, llvm::StringRef Function) const;
};

struct PromotionManagers;

/// What the plugin's passes share in one compilation.
struct PluginState {
  PluginState();
  ~PluginState();
  Profile Prof;
  SourceFacts Facts;
  FormulaMemo Formulas;
  /// Functions whose remarks were emitted: above -O0 the extension point
  /// runs several times per function.
  llvm::DenseSet<const llvm::Function *> Reported;
  /// -fplugin-arg-commcost-measure: time the sites where they run
  /// (Measure.h), and the functions whose sites are timed already.
  bool Measure = false;
  llvm::DenseSet<const llvm::Function *> Measured;
  /// Digests of the site remarks emitted (location, name, text): a site
  /// reported again with the same text, in a function it is inlined into
  /// or in a copy the optimiser made of its code, is not repeated.
  RemarkDigests EmittedSites;
  /// Totals of the functions analysed so far, by symbol name, so that
  /// callers (and later passes) need not analyse them again.
  std::map<std::string, FunctionCost> Totals;
  /// Functions being analysed, to stop at recursion.
  std::set<std::string> InProgress;
  /// Budgets written in source, by function symbol (Budgets.h).
  std::map<std::string, Budget> Budgets;
  /// The analyses of copies of functions (created when first needed).
  std::unique_ptr<PromotionManagers> Promotion;
};

class CommCostAnalysis : public llvm::AnalysisInfoMixin<CommCostAnalysis> {
public:
  using Result = CommCostInfo;
  explicit CommCostAnalysis(std::shared_ptr<PluginState> State)
      : State(std::move(State)) {}
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<CommCostAnalysis>;
  static llvm::AnalysisKey Key;
  std::shared_ptr<PluginState> State;
  /// The analysis of F itself, or at -O0 (Promote) of a promoted clone;
  /// above -O0 of a clone with loop-invariant loads hoisted, when F has
  /// sites missed for a trip count or an address and the clone finds the
  /// same sites and analyses each one F's analysis does.
  void analyse(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
               bool Promote, CommCostInfo &Info);
  /// The analysis of a clone of F that the passes PM.*Passes transformed.
  void analyseCopy(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   llvm::FunctionPassManager PromotionManagers::*Passes,
                   CommCostInfo &Info);
};

/// F's total: the one computed already in this compilation, else F's
/// analysis now (through getCommCostResult: passes only, not analyses).
/// Choices between functions use it.
const FunctionCost &totalOf(const llvm::Function &F,
                            llvm::FunctionAnalysisManager &FAM,
                            PluginState &State);

/// The parameters of a callee whose total is Cost, as far as Cost mentions
/// them, bound to Call's arguments read as expressions in the caller's
/// names (SE, DT: the caller's analyses).
llvm::Expected<std::map<std::string, Expr, std::less<>>>
bindArguments(const llvm::CallBase &Call, const FunctionCost &Cost,
              llvm::ScalarEvolution &SE, const SourceFacts &Facts,
              const llvm::DominatorTree &DT);

/// The result of CommCostAnalysis for F, as passes must ask for it: the
/// results of the functions F calls (theirs first) are computed before,
/// from here, so that no run of the analysis asks the manager for another
/// function's result it does not hold yet (computing one inside another's
/// computation grows the manager's tables under the outer one: a crash).
const CommCostInfo &getCommCostResult(llvm::Function &F,
                                      llvm::FunctionAnalysisManager &FAM,
                                      PluginState &State);

/// print<commcost>: the result of every function, for IR-level tests.
class CommCostPrinterPass : public llvm::PassInfoMixin<CommCostPrinterPass> {
public:
  CommCostPrinterPass(llvm::raw_ostream &OS,
                      std::shared_ptr<PluginState> State)
      : OS(OS), State(std::move(State)) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
  std::shared_ptr<PluginState> State;
};

} // namespace commcost
