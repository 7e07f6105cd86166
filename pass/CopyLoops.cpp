// Copy-loop recognition and analysis (see CopyLoops.h). A copy statement is
// a store of a value loaded in the same loop nest; both addresses must be
// affine in the loops around them, which is what scalar evolution's
// add-recurrences express for multidimensional arrays, VLAs and pointers
// with linearised subscripts alike. The copy statements of a loop split
// among processors (Partition.h) together form one superstep.
#include "CopyLoops.h"
#include "OutlinedBody.h"
#include "Partition.h"
#include "SymbolicSCEV.h"

#include "commcost/Features.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace commcost {

static std::string typeName(Type *T) {
  if (T->isDoubleTy())
    return "double";
  if (T->isFloatTy())
    return "float";
  if (T->isPointerTy())
    return "pointer";
  std::string Text;
  raw_string_ostream OS(Text);
  T->print(OS);
  return Text;
}

static LoadInst *copiedLoad(StoreInst &St) {
  Value *V = St.getValueOperand();
  while (auto *Cast = dyn_cast<CastInst>(V))
    V = Cast->getOperand(0);
  return dyn_cast<LoadInst>(V);
}

namespace {
/// One copy statement with both accesses walked out to a given loop.
struct CopyStatement {
  LoopWalk Read, Write;
  Layout Elem;
  std::string Array; ///< "destination <- source"
};

/// Why a statement or a loop could not be analysed.
struct Failure {
  StringRef RemarkName;
  std::string Why;
};
} // namespace

/// Walks both accesses of St = Ld out to (excluding) StopAt.
static std::optional<CopyStatement>
walkStatement(StoreInst &St, LoadInst &Ld, const Loop *StopAt,
              const AnalysisContext &Ctx, Failure &Fail) {
  if (St.isVolatile() || Ld.isVolatile()) {
    Fail = {"VolatileCopy", "volatile accesses"};
    return std::nullopt;
  }
  Fail.RemarkName = "NonAffineCopy";
  auto Read = walkLoops(Ctx.SE.getSCEV(Ld.getPointerOperand()),
                        Ld.getParent(), StopAt, Ctx, Fail.Why);
  if (!Read)
    return std::nullopt;
  auto Write = walkLoops(Ctx.SE.getSCEV(St.getPointerOperand()),
                         St.getParent(), StopAt, Ctx, Fail.Why);
  if (!Write)
    return std::nullopt;
  if (Ctx.SE.getPointerBase(Read->Start) ==
      Ctx.SE.getPointerBase(Write->Start)) {
    Fail = {"MayAlias", "source and destination are the same array '" +
                            baseName(Read->Start, Ctx) +
                            "', so they may overlap"};
    return std::nullopt;
  }
  Type *ElemTy = St.getValueOperand()->getType();
  uint64_t ElemBytes = Ctx.DL.getTypeStoreSize(ElemTy).getFixedValue();
  return CopyStatement{
      *Read, *Write,
      Layout::contiguous(Expr::constant(ElemBytes), typeName(ElemTy),
                         ElemBytes),
      baseName(Write->Start, Ctx) + " <- " + baseName(Read->Start, Ctx)};
}

static DebugLoc locationOf(const Loop &L, const StoreInst &St) {
  return L.getStartLoc() ? DebugLoc(L.getStartLoc()) : St.getDebugLoc();
}

static void analyzeCopy(Loop &Top, StoreInst &St, LoadInst &Ld,
                        const AnalysisContext &Ctx, const Reporter &Report) {
  DebugLoc At = locationOf(Top, St);
  Failure Fail;
  auto Missed = [&] {
    Report.missed(At, Fail.RemarkName, "copy loop", Fail.Why);
  };
  auto C = walkStatement(St, Ld, Top.getParentLoop(), Ctx, Fail);
  if (!C)
    return Missed();
  Fail.RemarkName = "SliceNotAnalysed";
  auto R = measure(C->Elem, C->Read, Ctx, Fail.Why);
  if (!R)
    return Missed();
  auto W = measure(C->Elem, C->Write, Ctx, Fail.Why);
  if (!W)
    return Missed();

  SiteResult S;
  S.Kind = "copy-loop";
  S.Callee = "loop";
  S.Array = C->Array;
  S.Element = C->Elem.ElemName;
  S.Shape = "read " + R->Shape + ", write " + W->Shape;
  S.Alignment = "read " + R->Alignment + ", write " + W->Alignment;
  S.Messages = Expr::constant(1);
  S.Reads = C->Read.Executions;
  S.Writes = C->Write.Executions;
  S.Bytes = C->Write.Executions * Expr::constant(C->Elem.ElemBytes);
  S.BytesPerMessage = S.Bytes;
  S.ReadLines = R->Lines;
  S.WriteLines = W->Lines;
  S.Traffic = *S.Reads + *S.Writes;
  Report.site(At, S);
}

/// Adds the partitioned loop's own dimension to a walk of the inner loops:
/// one processor's part runs Most iterations of it.
static bool addPartDimension(LoopWalk &W, const Partition &Part,
                             const AnalysisContext &Ctx, std::string &Why) {
  ScalarEvolution &SE = Ctx.SE;
  const auto *AR = dyn_cast<SCEVAddRecExpr>(W.Start);
  if (!AR || AR->getLoop() != Part.L) {
    if (SE.isLoopInvariant(W.Start, Part.L))
      return true;
    Why = "the address is not an affine function of the counter of " +
          loopName(*Part.L);
    return false;
  }
  if (!AR->isAffine()) {
    Why = "the address is not an affine function of the counter of " +
          loopName(*Part.L);
    return false;
  }
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (SE.isKnownNegative(Step)) {
    // Where one processor's part starts is unknown anyway; the step's
    // alignment is all that is known about it.
    Step = SE.getNegativeSCEV(Step);
    uint64_t Pow2 = uint64_t(1) << SE.getMinTrailingZeros(Step);
    W.StepAlign = W.StepAlign ? std::min(W.StepAlign, Pow2) : Pow2;
  }
  auto Pitch = exprFromSCEV(Step, Ctx.Facts, Why);
  if (!Pitch)
    return false;
  W.Moving.push_back({Part.MostIterations, *Pitch});
  W.Start = AR->getStart();
  return true;
}

/// Elements of the largest private cache, which the split of hr and hw into
/// a cache and a memory part uses, and a note saying which cache it is.
static uint64_t cacheElements(const Profile &P, uint64_t ElemBytes,
                              std::string &Note) {
  const CacheLevel *Largest = nullptr;
  for (const CacheLevel &C : P.Machine.Caches)
    if (!C.Shared && (!Largest || C.SizeBytes > Largest->SizeBytes))
      Largest = &C;
  if (!Largest) {
    Note = "the profile lists no private cache, so hrc and hwc are 0";
    return 0;
  }
  uint64_t Elems = Largest->SizeBytes / ElemBytes;
  Note = "hrc and hwc count the first " + std::to_string(Elems) +
         " elements of a processor (its " +
         std::to_string(Largest->SizeBytes) + "-byte private L" +
         std::to_string(Largest->Level) + " cache)";
  return Elems;
}

using Statements = SmallVector<std::pair<StoreInst *, LoadInst *>, 2>;

static void analyzeSuperstep(const Partition &Part, const Statements &Stmts,
                             const AnalysisContext &Ctx,
                             const Reporter &Report) {
  DebugLoc At = locationOf(*Part.L, *Stmts.front().first);
  Expr ReadsPerIter, WritesPerIter;
  SiteResult S;
  S.Kind = "superstep";
  S.Callee = "loop";
  std::string LinesWhy;
  uint64_t ElemBytes = 1;
  for (auto [St, Ld] : Stmts) {
    Failure Fail;
    auto C = walkStatement(*St, *Ld, Part.L, Ctx, Fail);
    if (!C)
      return Report.missed(At, Fail.RemarkName, "superstep", Fail.Why);
    ReadsPerIter = ReadsPerIter + C->Read.Executions;
    WritesPerIter = WritesPerIter + C->Write.Executions;
    S.Array += (S.Array.empty() ? "" : ", ") + C->Array;
    if (S.Element.empty() || S.Element == C->Elem.ElemName)
      S.Element = C->Elem.ElemName;
    else
      S.Element = "mixed";
    ElemBytes = std::max(ElemBytes, C->Elem.ElemBytes);
    if (Stmts.size() > 1 || !Part.Contiguous) {
      LinesWhy = Stmts.size() > 1 ? "several copy statements"
                                  : "a processor's iterations are chunks "
                                    "spread over the range";
      continue;
    }
    // One processor's part: the inner loops and its iterations of the
    // partitioned loop.
    std::optional<Measured> R, W;
    if (addPartDimension(C->Read, Part, Ctx, LinesWhy) &&
        addPartDimension(C->Write, Part, Ctx, LinesWhy))
      if ((R = measure(C->Elem, C->Read, Ctx, LinesWhy)))
        W = measure(C->Elem, C->Write, Ctx, LinesWhy);
    if (!W)
      continue;
    S.Shape = "one processor reads " + R->Shape + ", writes " + W->Shape;
    S.Alignment = "read " + R->Alignment + ", write " + W->Alignment;
    S.ReadLines = R->Lines;
    S.WriteLines = W->Lines;
  }
  if (!S.ReadLines)
    S.Shape = "lines of one processor's part not counted: " + LinesWhy;

  std::string CacheNote;
  uint64_t CacheElems = cacheElements(Report.P, ElemBytes, CacheNote);
  S.Partition = Part.How + "; reads and writes count element accesses, "
                "Reads and Writes those of one processor; " + CacheNote;
  S.Reads = Part.OwnIterations * ReadsPerIter;
  S.Writes = Part.OwnIterations * WritesPerIter;
  S.ReadsMax = Part.MostIterations * ReadsPerIter;
  S.WritesMax = Part.MostIterations * WritesPerIter;
  S.Traffic = Part.Iterations * (ReadsPerIter + WritesPerIter);
  S.Features = superstepFeatureExprs(*S.ReadsMax, *S.WritesMax, *S.Traffic,
                                     Part.Processors, CacheElems);
  Report.site(At, S);
}

/// The outermost loop around St that is split among processors, if any.
static const Loop *
partitionAround(const StoreInst &St, const Function &Original,
                const AnalysisContext &Ctx,
                MapVector<const Loop *, PartitionFinding> &Known) {
  SmallVector<const Loop *, 4> Nest;
  for (const Loop *L = Ctx.LI.getLoopFor(St.getParent()); L;
       L = L->getParentLoop())
    Nest.push_back(L);
  for (const Loop *L : reverse(Nest)) {
    auto It = Known.find(L);
    if (It == Known.end())
      It = Known.insert({L, findPartition(*L, Original, Ctx)}).first;
    if (It->second.isPartitioned())
      return L;
  }
  return nullptr;
}

static void analyzeLoops(const Function &Original, const AnalysisContext &Ctx,
                         const Reporter &Report) {
  MapVector<const Loop *, PartitionFinding> Partitions;
  MapVector<const Loop *, Statements> Supersteps;
  for (Loop *Top : Ctx.LI)
    for (BasicBlock *BB : Top->blocks())
      for (Instruction &I : *BB)
        if (auto *St = dyn_cast<StoreInst>(&I);
            St && !Ctx.Facts.isLoweredUserCopy(*St)) // a memcpy site
          if (LoadInst *Ld = copiedLoad(*St); Ld && Top->contains(Ld)) {
            const Loop *Part = partitionAround(*St, Original, Ctx, Partitions);
            // A value loaded before the split loop is not a copy of it.
            if (Part && Part->contains(Ld))
              Supersteps[Part].push_back({St, Ld});
            else
              analyzeCopy(*Top, *St, *Ld, Ctx, Report);
          }
  for (auto &[L, Stmts] : Supersteps) {
    const PartitionFinding &F = Partitions.find(L)->second;
    if (F.Found)
      analyzeSuperstep(*F.Found, Stmts, Ctx, Report);
    else
      Report.missed(locationOf(*L, *Stmts.front().first), F.RemarkName,
                    "superstep", F.Why);
  }
}

void analyzeCopyLoops(Function &F, const AnalysisContext &Ctx,
                      const Reporter &Report) {
  // At -O0 F is a promoted copy of the function the user wrote.
  const Function *Original = &F;
  if (auto It = Ctx.Facts.CopyOf.find(&F); It != Ctx.Facts.CopyOf.end())
    if (const Function *O = F.getParent()->getFunction(It->second))
      Original = O;
  if (auto View = OutlinedBodyView::create(F, *Original, Ctx))
    return analyzeLoops(*Original, View->context(), Report);
  analyzeLoops(*Original, Ctx, Report);
}

} // namespace commcost
