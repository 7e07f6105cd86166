// Copy-loop recognition and analysis (see CopyLoops.h). A copy statement is
// a store of a value loaded in the same loop nest; both addresses must be
// affine in the loops around them, which is what scalar evolution's
// add-recurrences express for multidimensional arrays, VLAs and pointers
// with linearised subscripts alike. The copy statements of a loop split
// among processors (Partition.h) together form one superstep.
#include "CopyLoops.h"
#include "CallSites.h"
#include "OutlinedBody.h"
#include "Partition.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
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

namespace {
/// One copy statement with both accesses walked out to a given loop.
struct CopyStatement {
  LoopWalk Read, Write;
  Layout Elem;
  std::string Array; ///< "destination <- source"
};

class CopyLoopAnalyzer {
public:
  CopyLoopAnalyzer(const Function &Original, const AnalysisContext &Ctx,
                   std::vector<SiteResult> &Out)
      : Original(Original), Ctx(Ctx), Out(Out) {}

  void run() {
    SmallVector<std::tuple<Loop *, StoreInst *, LoadInst *>> Copies;
    for (Loop *Top : Ctx.LI)
      for (BasicBlock *BB : Top->blocks())
        for (Instruction &I : *BB)
          if (auto *St = dyn_cast<StoreInst>(&I);
              St && !Ctx.Facts.isLoweredUserCopy(*St) && // a memcpy site
              !toScalarVariable(*St) &&
              !Ctx.Facts.isSystemLocation(St->getDebugLoc()))
            if (LoadInst *Ld = copiedLoad(*St); Ld && Top->contains(Ld))
              Copies.push_back({Top, St, Ld});
    // One value stored several times in the loop that loads it (a = b =
    // src[i], or two statements whose loads the optimiser merged) is read
    // once: by the store on the load's line (the innermost assignment),
    // else the first. A load hoisted out of a store's loop stays one read
    // per copy (statement()), so it is not shared.
    auto InLoadsLoop = [&](const StoreInst &St, const LoadInst &Ld) {
      return Ctx.LI.getLoopFor(Ld.getParent()) ==
             Ctx.LI.getLoopFor(St.getParent());
    };
    DenseMap<const LoadInst *, const StoreInst *> Reader;
    for (auto [Top, St, Ld] : Copies) {
      if (!InLoadsLoop(*St, *Ld))
        continue;
      auto [It, New] = Reader.try_emplace(Ld, St);
      if (!New && sameLine(*St, *Ld) && !sameLine(*It->second, *Ld))
        It->second = St;
    }
    MapVector<const Loop *, Statements> Supersteps;
    for (auto [Top, St, Ld] : Copies) {
      const StoreInst *ReadBy =
          InLoadsLoop(*St, *Ld) && Reader.lookup(Ld) != St ? Reader.lookup(Ld)
                                                            : nullptr;
      const Loop *Part = partitionAround(*St);
      // A value loaded before the split loop is not a copy of it.
      if (Part && Part->contains(Ld))
        Supersteps[Part].push_back({St, Ld, ReadBy});
      else
        copy(*Top, *St, *Ld, ReadBy);
    }
    for (auto &[L, Stmts] : Supersteps) {
      auto &Found = Partitions.find(L)->second;
      SiteResult R = result(*L, *Stmts.front().St, "superstep");
      if (Found.Why)
        R.Rejected = Found.Why;
      else if (auto A = superstep(*Found.Part, Stmts))
        R.Analysed = std::move(*A);
      else
        R.Rejected = takeReason(A.takeError());
      Out.push_back(std::move(R));
    }
  }

private:
  /// A copy statement: its store, its load, and the store that reads the
  /// load for it when the value is stored several times.
  struct Statement {
    StoreInst *St;
    LoadInst *Ld;
    const StoreInst *ReadBy;
  };
  using Statements = SmallVector<Statement, 2>;

  static bool sameLine(const Instruction &A, const Instruction &B) {
    return A.getDebugLoc() && B.getDebugLoc() &&
           A.getDebugLoc().getLine() == B.getDebugLoc().getLine();
  }
  /// What is known about a loop: its partition, or why it is split but
  /// cannot be analysed, or neither (not split).
  struct Split {
    std::optional<Partition> Part;
    Reason Why;
    bool split() const { return Part || Why; }
  };

  const Function &Original;
  const AnalysisContext &Ctx;
  std::vector<SiteResult> &Out;
  MapVector<const Loop *, Split> Partitions;

  /// A store to a local scalar whose address escapes (a variable an
  /// OpenMP region captures, or one given to MPI_Bcast): no copy loop.
  static bool toScalarVariable(const StoreInst &St) {
    const auto *Slot =
        dyn_cast<AllocaInst>(getUnderlyingObject(St.getPointerOperand()));
    return Slot && !Slot->isArrayAllocation() &&
           Slot->getAllocatedType()->isSingleValueType();
  }

  static DebugLoc locationOf(const Loop &L, const StoreInst &St) {
    return L.getStartLoc() ? DebugLoc(L.getStartLoc()) : St.getDebugLoc();
  }

  SiteResult result(const Loop &L, const StoreInst &St, const char *What) {
    SiteResult R;
    R.Loc = locationOf(L, St);
    R.Statement = St.getDebugLoc();
    R.Callee = "loop";
    R.What = What;
    return R;
  }

  /// The outermost loop around St that is split among processors, if any.
  const Loop *partitionAround(const StoreInst &St) {
    SmallVector<const Loop *, 4> Nest;
    for (const Loop *L = Ctx.LI.getLoopFor(St.getParent()); L;
         L = L->getParentLoop())
      Nest.push_back(L);
    for (const Loop *L : reverse(Nest)) {
      auto It = Partitions.find(L);
      if (It == Partitions.end()) {
        Split S;
        if (auto P = findPartition(*L, Original, Ctx))
          S.Part = std::move(*P);
        else
          S.Why = takeReason(P.takeError());
        It = Partitions.insert({L, std::move(S)}).first;
      }
      if (It->second.split())
        return L;
    }
    return nullptr;
  }

  /// Walks both accesses of St = Ld out to (excluding) StopAt.
  Expected<CopyStatement> statement(StoreInst &St, LoadInst &Ld,
                                    const Loop *StopAt) {
    if (St.isVolatile() || Ld.isVolatile())
      return reject<VolatileCopy>();
    // A load hoisted out of the store's inner loops (the analysis-only copy
    // moves loads the loop leaves unchanged) is still one read per copy:
    // walked from the store, where the source reads it.
    const Loop *LoadLoop = Ctx.LI.getLoopFor(Ld.getParent());
    const BasicBlock *ReadAt =
        LoadLoop && LoadLoop->contains(St.getParent()) ? St.getParent()
                                                       : Ld.getParent();
    auto Read = walkLoops(Ctx.SE.getSCEV(Ld.getPointerOperand()), ReadAt,
                          StopAt, Ctx);
    if (!Read)
      return Read.takeError();
    auto Write = walkLoops(Ctx.SE.getSCEV(St.getPointerOperand()),
                           St.getParent(), StopAt, Ctx);
    if (!Write)
      return Write.takeError();
    if (Ctx.SE.getPointerBase(Read->Start) ==
        Ctx.SE.getPointerBase(Write->Start))
      return reject<MayAlias>(baseName(Read->Start, Ctx));
    Type *ElemTy = St.getValueOperand()->getType();
    uint64_t ElemBytes = Ctx.DL.getTypeStoreSize(ElemTy).getFixedValue();
    return CopyStatement{
        *Read, *Write,
        Layout::contiguous(Expr::constant(ElemBytes), typeName(ElemTy),
                           ElemBytes),
        baseName(Write->Start, Ctx) + " <- " + baseName(Read->Start, Ctx)};
  }

  /// The read and write footprints of a statement, into S; Shape describes
  /// them, each after its verb.
  Error footprints(const CopyStatement &C, const StoreInst *ReadBy, Site &S,
                   std::string &Shape, StringRef Reads, StringRef Writes) {
    auto R = footprintOf(C.Elem, C.Read, Ctx);
    if (!R)
      return R.takeError();
    auto W = footprintOf(C.Elem, C.Write, Ctx);
    if (!W)
      return W.takeError();
    std::string ReadShape = (Reads + " " + R->Shape).str();
    if (ReadBy) {
      R->Touches = Expr::constant(0);
      const DebugLoc &At = ReadBy->getDebugLoc();
      ReadShape = "read nothing (the store" +
                  (At ? " at line " + std::to_string(At.getLine()) : "") +
                  " reads the value it stores)";
    }
    Shape = ReadShape + ", " + (Writes + " " + W->Shape).str();
    S.Read = std::move(*R);
    S.Written = std::move(*W);
    return Error::success();
  }

  /// The conditions of a statement's store: a loaded value the optimiser
  /// hoisted out of a condition still runs only under it.
  static void noteWalkConditions(const LoopWalk &W, AnalysedSite &A) {
    for (const LoopWalk::Condition &C : W.Conditions)
      if (!is_contained(A.Data.Conditions, C.Text))
        A.Data.Conditions.push_back(C.Text);
    if (W.SomeIterations && !A.Data.AtMost) {
      A.Data.AtMost = true;
      A.Condition = W.VaryingCondition;
    }
  }

  void copy(Loop &Top, StoreInst &St, LoadInst &Ld, const StoreInst *ReadBy) {
    SiteResult R = result(Top, St, "copy loop");
    if (auto A = copySite(Top, St, Ld, ReadBy, R.Loc))
      R.Analysed = std::move(*A);
    else
      R.Rejected = takeReason(A.takeError());
    Out.push_back(std::move(R));
  }

  /// The copy loop nest of St in Top; when an enclosing loop of unknown
  /// trip count stops its walk, the nest inside that loop, whose location
  /// Loc becomes. ReadBy: the store that reads Ld for St, if another.
  Expected<AnalysedSite> copySite(Loop &Top, StoreInst &St, LoadInst &Ld,
                                  const StoreInst *ReadBy, DebugLoc &Loc) {
    auto C = statement(St, Ld, Top.getParentLoop());
    if (!C) {
      // A nest whose bound or size changes with an outer loop (a triangle,
      // a count per neighbour) is analysed per iteration of that loop, as
      // a call is (CallSites.cpp).
      Reason Why = takeReason(C.takeError());
      const Loop *In = perIterationRetryLoop(Why);
      if (!In || Ctx.PerIteration || !In->contains(St.getParent()))
        return make_error<RejectionError>(Why);
      AnalysisContext PerIteration = Ctx;
      PerIteration.PerIteration = In;
      std::vector<SiteResult> Unused;
      return CopyLoopAnalyzer(Original, PerIteration, Unused)
          .copySite(Top, St, Ld, ReadBy, Loc);
    }
    if (const Loop *Outer = C->Write.PerIterationOf) {
      // No loop of its own (miniAMR's pp->level = bp->level in a search
      // over blocks): one element per iteration, reported at that loop.
      const Loop *Nest = Ctx.LI.getLoopFor(St.getParent());
      if (Nest != Outer) {
        while (Nest->getParentLoop() != Outer)
          Nest = Nest->getParentLoop();
        Loc = locationOf(*Nest, St);
      }
    }
    AnalysedSite A;
    notePerIteration(A, C->Write);
    Site &S = A.Data;
    if (Error E = footprints(*C, ReadBy, S, A.Shape, "read", "write"))
      return std::move(E);
    S.Kind = SiteKind::CopyLoop;
    noteWalkConditions(C->Write, A);
    A.Array = C->Array;
    A.Element = C->Elem.ElemName;
    S.Messages = Expr::constant(1);
    S.Reads = ReadBy ? Expr::constant(0) : C->Read.Executions;
    S.Writes = C->Write.Executions;
    S.Bytes = C->Write.Executions * Expr::constant(C->Elem.ElemBytes);
    S.BytesPerMessage = S.Bytes;
    return A;
  }

  Expected<AnalysedSite> superstep(const Partition &Part,
                                   const Statements &Stmts) {
    Expr ReadsPerIter, WritesPerIter;
    AnalysedSite A;
    Site &S = A.Data;
    S.Kind = SiteKind::Superstep;
    std::string LinesWhy;
    uint64_t ElemBytes = 1;
    for (auto [St, Ld, ReadBy] : Stmts) {
      auto C = statement(*St, *Ld, Part.L);
      if (!C)
        return C.takeError();
      // Whether the statement runs in every iteration of the split loop:
      // the walk inside it took conditions invariant there only.
      keepConditionsInvariantIn(C->Write, *Part.L, Ctx);
      noteConditions(*Part.L, *St->getParent(), Ctx, C->Write,
                     Part.L->getParentLoop());
      noteWalkConditions(C->Write, A);
      if (!ReadBy)
        ReadsPerIter = ReadsPerIter + C->Read.Executions;
      WritesPerIter = WritesPerIter + C->Write.Executions;
      A.Array += (A.Array.empty() ? "" : ", ") + C->Array;
      if (A.Element.empty() || A.Element == C->Elem.ElemName)
        A.Element = C->Elem.ElemName;
      else
        A.Element = "mixed";
      ElemBytes = std::max(ElemBytes, C->Elem.ElemBytes);
      if (Stmts.size() > 1 || !Part.Contiguous) {
        LinesWhy = Stmts.size() > 1 ? "several copy statements"
                                    : "a processor's iterations are chunks "
                                      "spread over the range";
        continue;
      }
      // One processor's part: the inner loops and its iterations of the
      // partitioned loop.
      auto Footprints = [&]() -> Error {
        for (LoopWalk *W : {&C->Read, &C->Write})
          if (Error E = addLoopDimension(*W, *Part.L, Part.MostIterations, Ctx))
            return E;
        return footprints(*C, ReadBy, S, A.Shape, "one processor reads",
                          "writes");
      };
      if (Error E = Footprints())
        LinesWhy = takeReason(std::move(E))->message();
    }
    if (!S.Read)
      A.Shape = "lines of one processor's part not counted: " + LinesWhy;
    A.Partition = Part.How + "; reads and writes count element accesses, "
                             "Reads and Writes those of one processor";
    S.Reads = Part.OwnIterations * ReadsPerIter;
    S.Writes = Part.OwnIterations * WritesPerIter;
    S.Split = SuperstepSplit{Part.Processors,
                             Part.MostIterations * ReadsPerIter,
                             Part.MostIterations * WritesPerIter,
                             Part.Iterations * (ReadsPerIter + WritesPerIter),
                             std::nullopt,
                             std::nullopt,
                             ElemBytes};
    return A;
  }
};
} // namespace

void findCopyLoops(Function &F, const Function &Original,
                   const AnalysisContext &Ctx, std::vector<SiteResult> &Out) {
  if (auto View = OutlinedBodyView::create(F, Original, Ctx))
    return CopyLoopAnalyzer(Original, View->context(), Out).run();
  CopyLoopAnalyzer(Original, Ctx, Out).run();
}

} // namespace commcost
