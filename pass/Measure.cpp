// The measure option (see Measure.h). A site is found again in the
// function by its location: the analysis may have looked at a copy of the
// function (a promoted or hoisted view), whose instructions are not the
// function's. What is timed is what the site's record counts:
// - a call outside loops, from just before it to just after it;
// - a call in loops (its record counts every execution in the loop nest, or
//   in one iteration of the loop it is analysed per iteration of): when the
//   call is all the nest does, the nest as one piece, as a copy loop;
//   otherwise each execution is timed and the times and executions are
//   summed over the nest, which is recorded as one execution of the site
//   (less a clock overhead per execution), the rest of the nest's work
//   left out;
// - a copy loop, from the end of its nest's preheader to each exit, so the
//   time covers every statement of the nest and the run's entry stands for
//   all the records at the loop's location.
// A blocking MPI receive is probed for its message before its clock
// starts: its time is then what the site prices (the message's transfer),
// and the wait for the sender, another rank's work, is recorded apart.
// Such a receive in loops is timed call by call, its waits summed too.
// The predicted cost of a bracket, the sum of its sites' costs (from cold
// caches and, where the profile has warm models, from warm ones), is
// computed before the clock starts, from the function's integer
// parameters; a cost that needs any other value is not predicted at run
// time (-1), and `commcost compare` falls back to the record.
#include "Measure.h"
#include "ExprCodegen.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <map>

using namespace llvm;

namespace commcost {

namespace {

/// Marks the call or the loop header's terminator of a bracket, so that a
/// function the bracketed code is inlined into does not time it again.
constexpr const char *MeasuredKind = "commcost.measured";

/// What one bracket times, and where its calls go.
struct Bracket {
  CallBase *Call = nullptr; ///< the call timed, alone or summed over Nest
  Loop *Nest = nullptr;     ///< the loop nest the time covers
  bool WholeNest = false;   ///< a call in Nest timed with all of Nest
  std::vector<const SiteResult *> Sites;
  Instruction *Start = nullptr; ///< the clock starts (or the sum) before it
  SmallVector<Instruction *, 2> Ends; ///< the time is recorded before each
  Instruction *AfterCall = nullptr;   ///< a summed call's time ends here
  bool Probed = false; ///< Call is a receive whose wait is timed apart
};

bool sameLocation(const DILocation *A, const DILocation *B) {
  for (; A && B; A = A->getInlinedAt(), B = B->getInlinedAt())
    if (A->getLine() != B->getLine() || A->getColumn() != B->getColumn() ||
        A->getFilename() != B->getFilename())
      return false;
  return !A && !B;
}

/// The call of F at Loc that R speaks of: the one whose callee's name
/// contains R's (MPI_Send for PMPI_Send or llvm.memcpy), else the only
/// call there.
CallBase *findCall(Function &F, const SiteResult &R) {
  SmallVector<CallBase *, 2> At;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && !isa<DbgInfoIntrinsic>(CB) &&
        sameLocation(CB->getDebugLoc().get(), R.Loc.get()))
      At.push_back(CB);
  for (CallBase *CB : At)
    if (const Function *Callee = CB->getCalledFunction();
        Callee && Callee->getName().contains(R.Callee))
      return CB;
  return At.size() == 1 ? At.front() : nullptr;
}

bool isLoopAt(const Loop &L, const DebugLoc &Loc) {
  return Loc && sameLocation(L.getStartLoc().get(), Loc.get());
}

/// The loop of F whose location is R's (a copy loop's nest).
Loop *findLoop(LoopInfo &LI, const SiteResult &R) {
  for (Loop *L : LI.getLoopsInPreorder())
    if (isLoopAt(*L, R.Loc))
      return L;
  return nullptr;
}

/// The outermost loop around Call that its record counts: inside the loop
/// it is analysed per iteration of, if any.
Loop *countedNest(LoopInfo &LI, const CallBase &Call, const AnalysedSite &A) {
  Loop *Out = nullptr;
  for (Loop *L = LI.getLoopFor(Call.getParent()); L; L = L->getParentLoop()) {
    if (isLoopAt(*L, A.PerIterationLoc))
      break;
    Out = L;
  }
  return Out;
}

/// Whether Call is all the work of Nest: its other instructions compute
/// addresses and counters, or touch the function's own stack slots (the
/// counters at -O0). Such a nest is timed as one piece: clock readings
/// around each call would keep the core from overlapping one call's misses
/// with the next's (64 memcpy calls of 1 KiB rows, a 16 KiB pitch apart,
/// took 12.3 us as a loop and 16.2 us timed one by one, net of the clock).
bool isAllTheWorkOf(const CallBase &Call, const Loop &Nest) {
  for (const BasicBlock *BB : Nest.blocks())
    for (const Instruction &I : *BB) {
      if (&I == &Call || isa<DbgInfoIntrinsic>(I) || I.isLifetimeStartOrEnd() ||
          isa<AssumeInst>(I) || isa<NoAliasScopeDeclInst>(I))
        continue;
      if (isa<CallBase>(I) || I.isAtomic() || isa<FenceInst>(I))
        return false;
      if (I.mayReadOrWriteMemory()) {
        const Value *P = getLoadStorePointerOperand(&I);
        if (!P || !isa<AllocaInst>(getUnderlyingObject(P)))
          return false;
      }
    }
  return true;
}

/// Whether Call is a blocking MPI receive (MPI_Recv or its profiling
/// name), whose source, tag, communicator and status a probe can take.
bool isBlockingReceive(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && Call.arg_size() == 7 &&
         (Callee->getName() == "MPI_Recv" || Callee->getName() == "PMPI_Recv");
}

Instruction *markedAt(const Bracket &B) {
  return B.Call ? static_cast<Instruction *>(B.Call)
                : B.Nest->getHeader()->getTerminator();
}

/// The brackets of F's analysed sites, one per call or copy loop nest. A
/// copy statement reported at the loop it is analysed per iteration of
/// (one element per iteration) is left out: the code at that location is
/// every iteration.
std::vector<Bracket> bracketsOf(Function &F, const CommCostInfo &Info,
                                LoopInfo &LI) {
  std::vector<Bracket> Out;
  std::map<const void *, size_t> Index;
  for (const SiteResult &R : Info.Sites) {
    if (!R.Analysed || !R.Loc)
      continue;
    const AnalysedSite &A = *R.Analysed;
    Bracket B;
    if (R.Callee == "loop") {
      B.Nest = findLoop(LI, R);
      if (!B.Nest || isLoopAt(*B.Nest, A.PerIterationLoc))
        continue;
    } else {
      B.Call = findCall(F, R);
      if (!B.Call)
        continue;
      B.Nest = countedNest(LI, *B.Call, A);
      B.Probed = isBlockingReceive(*B.Call);
      B.WholeNest = B.Nest && !B.Probed && isAllTheWorkOf(*B.Call, *B.Nest);
    }
    if (markedAt(B)->getMetadata(MeasuredKind))
      continue;
    const void *Key = B.Call ? static_cast<const void *>(B.Call) : B.Nest;
    auto [It, New] = Index.try_emplace(Key, Out.size());
    if (New)
      Out.push_back(std::move(B));
    Out[It->second].Sites.push_back(&R);
  }
  return Out;
}

/// The first instruction after Call on its normal path.
Instruction *after(CallBase &Call, DominatorTree &DT, LoopInfo &LI) {
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call))
    return &*SplitEdge(Invoke->getParent(), Invoke->getNormalDest(), &DT, &LI)
                 ->getFirstInsertionPt();
  return Call.getNextNode();
}

/// Puts each bracket's loop in the form its calls need (a preheader, exits
/// only the loop reaches) and sets where the calls go.
void place(std::vector<Bracket> &Brackets, DominatorTree &DT, LoopInfo &LI) {
  for (Bracket &B : Brackets) {
    if (B.Call)
      B.AfterCall = after(*B.Call, DT, LI);
    if (!B.Nest) {
      B.Start = B.Call;
      B.Ends.push_back(B.AfterCall);
      continue;
    }
    Loop &L = *B.Nest;
    BasicBlock *Pre = L.getLoopPreheader();
    if (!Pre)
      Pre = InsertPreheaderForLoop(&L, &DT, &LI, nullptr, false);
    if (!Pre)
      continue;
    formDedicatedExitBlocks(&L, &DT, &LI, nullptr, false);
    B.Start = Pre->getTerminator();
    SmallVector<BasicBlock *, 4> Exits;
    L.getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits)
      B.Ends.push_back(&*Exit->getFirstInsertionPt());
  }
}

/// The bracket's predicted cost (the sites' Which: Cost or CostWarm) in
/// picoseconds, as an i64 computed before At (which moves to a new block),
/// or -1 when some site is not priced or its cost reads a value that is not
/// an integer parameter of F.
Value *predictedPs(const Bracket &B, Function &F, const CommCostInfo &Info,
                   Instruction *At, SiteCost AnalysedSite::*Which) {
  Type *I64 = Type::getInt64Ty(F.getContext());
  Expr Sum = Expr::constant(0);
  for (const SiteResult *R : B.Sites) {
    const SiteCost &Cost = *R->Analysed.*Which;
    if (!Cost.priced())
      return ConstantInt::getSigned(I64, -1);
    Sum = Sum + Cost.picoseconds();
  }
  if (Sum.isConstant())
    return ConstantInt::getSigned(I64, Sum.constantValue());
  std::string Unbound;
  auto Params = parameterValues(
      Sum, Info.Total.Params, [&](unsigned I) { return F.getArg(I); },
      F.arg_size(), Unbound);
  if (!Params)
    return ConstantInt::getSigned(I64, -1);
  BasicBlock *Head = At->getParent();
  BasicBlock *Tail = SplitBlock(Head, At);
  Head->getTerminator()->eraseFromParent();
  IRBuilder<> IRB(Head);
  IRB.SetCurrentDebugLocation(At->getDebugLoc());
  std::map<std::string, Value *, std::less<>> Vars;
  for (auto [Name, V] : *Params)
    Vars.emplace(Name, asI64(IRB, V, cast<Argument>(V)->hasZExtAttr()));
  Value *Ps = emitExpr(IRB, Sum, Vars);
  IRB.CreateBr(Tail);
  return Ps;
}

/// The descriptor of a bracket (struct commcost_site of measure.h).
GlobalVariable *descriptor(Module &M, const Bracket &B, const Function &F) {
  LLVMContext &C = M.getContext();
  const SiteResult &R = *B.Sites.front();
  const DILocation *Loc = R.Loc.get();
  auto *Ptr = PointerType::getUnqual(C);
  auto *I32 = Type::getInt32Ty(C);
  auto *Ty = StructType::get(C, {Ptr, Ptr, Ptr, Ptr, I32, I32, Ptr});
  auto String = [&](StringRef S) -> Constant * {
    auto *Init = ConstantDataArray::getString(C, S);
    auto *G = new GlobalVariable(M, Init->getType(), true,
                                 GlobalValue::PrivateLinkage, Init,
                                 "commcost.measure.str");
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    G->setAlignment(Align(1));
    return G;
  };
  Constant *Init = ConstantStruct::get(
      Ty, {String(Loc->getFilename()), String(F.getName()),
           String(siteKindName(R.Analysed->Data.Kind)), String(R.Callee),
           ConstantInt::get(I32, Loc->getLine()),
           ConstantInt::get(I32, Loc->getColumn()),
           ConstantPointerNull::get(Ptr)});
  auto *G = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage,
                               Init, "commcost.measure.site");
  G->setAlignment(Align(8));
  return G;
}

/// The measure library's entry points, declared with what they touch:
/// memory of their own and, for the records, the descriptor.
struct Runtime {
  FunctionCallee Now, Record, RecordSum, Wait;
  explicit Runtime(Module &M) {
    LLVMContext &C = M.getContext();
    auto *I64 = Type::getInt64Ty(C);
    auto *Ptr = PointerType::getUnqual(C);
    auto Touching = [&](MemoryEffects Effects) {
      AttrBuilder Attrs(C);
      Attrs.addAttribute(Attribute::NoUnwind);
      Attrs.addAttribute(Attribute::WillReturn);
      Attrs.addMemoryAttr(Effects);
      return AttributeList::get(C, AttributeList::FunctionIndex, Attrs);
    };
    AttributeList Records = Touching(MemoryEffects::inaccessibleOrArgMemOnly());
    Now = M.getOrInsertFunction("__commcost_measure_now",
                                Touching(MemoryEffects::inaccessibleMemOnly()),
                                I64);
    Record = M.getOrInsertFunction("__commcost_measure_record", Records,
                                   Type::getVoidTy(C), Ptr, I64, I64, I64);
    RecordSum = M.getOrInsertFunction("__commcost_measure_record_sum", Records,
                                      Type::getVoidTy(C), Ptr, I64, I64, I64,
                                      I64);
    Wait = M.getOrInsertFunction("__commcost_measure_wait", Records,
                                 Type::getVoidTy(C), Ptr, I64, I64);
  }
};

/// The clock from Start to each End. The predictions are inputs of an
/// empty asm before the clock starts: used only by the record, their
/// arithmetic would otherwise be sunk past the timed code, into the span.
void timeSpan(const Bracket &B, Runtime &RT, GlobalVariable *Site, Value *Ps,
              Value *WarmPs) {
  IRBuilder<> IRB(B.Start);
  IRB.SetCurrentDebugLocation(B.Start->getDebugLoc());
  Type *I64 = IRB.getInt64Ty();
  IRB.CreateCall(
      InlineAsm::get(FunctionType::get(IRB.getVoidTy(), {I64, I64}, false), "",
                     "r,r", /*hasSideEffects=*/true),
      {Ps, WarmPs});
  Value *Started = IRB.CreateCall(RT.Now);
  for (Instruction *End : B.Ends) {
    IRB.SetInsertPoint(End);
    IRB.CreateCall(RT.Record, {Site, Started, Ps, WarmPs});
  }
}

/// A sum over one run of bracket B: a stack slot of F's entry block that
/// B.Start clears (promoted to a register by the optimiser).
AllocaInst *sumSlot(const Bracket &B, Function &F, const Twine &Name) {
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Slot = IRB.CreateAlloca(IRB.getInt64Ty(), nullptr, Name);
  IRB.SetInsertPoint(B.Start);
  IRB.CreateStore(IRB.getInt64(0), Slot);
  return Slot;
}

/// Adds V to Slot where IRB stands.
void addTo(IRBuilder<> &IRB, AllocaInst *Slot, Value *V) {
  IRB.CreateStore(IRB.CreateAdd(IRB.CreateLoad(IRB.getInt64Ty(), Slot), V),
                  Slot);
}

/// For a call that shares its nest with other work: each execution of the
/// call timed, the times and the executions summed over the nest and
/// recorded at each exit of the nest; the library takes off a clock
/// overhead per execution (about 30 ns a reading here). Returns the slot
/// of the executions.
AllocaInst *sumOverNest(const Bracket &B, Runtime &RT, GlobalVariable *Site,
                        Value *Ps, Value *WarmPs) {
  Function &F = *B.Call->getFunction();
  AllocaInst *Sum = sumSlot(B, F, "commcost.measure.sum");
  AllocaInst *Spans = sumSlot(B, F, "commcost.measure.spans");
  IRBuilder<> IRB(B.Call);
  IRB.SetCurrentDebugLocation(B.Call->getDebugLoc());
  Value *Started = IRB.CreateCall(RT.Now);
  IRB.SetInsertPoint(B.AfterCall);
  addTo(IRB, Sum, IRB.CreateSub(IRB.CreateCall(RT.Now), Started));
  addTo(IRB, Spans, IRB.getInt64(1));
  Type *I64 = IRB.getInt64Ty();
  for (Instruction *End : B.Ends) {
    IRB.SetInsertPoint(End);
    IRB.CreateCall(RT.RecordSum, {Site, IRB.CreateLoad(I64, Sum),
                                  IRB.CreateLoad(I64, Spans), Ps, WarmPs});
  }
  return Spans;
}

/// Before the probed receive B.Call (and before its clock, which the
/// caller starts after this): the same receive's MPI_Probe, timed, its
/// time summed over the bracket. Returns the slot of the sum. The probe
/// writes the receive's status, which the receive writes again; a
/// single-threaded program's receive takes the message probed.
AllocaInst *probeBefore(const Bracket &B, Runtime &RT) {
  CallBase &Recv = *B.Call;
  Function &F = *Recv.getFunction();
  AllocaInst *Waited = sumSlot(B, F, "commcost.measure.waited");
  SmallVector<Value *, 4> Args;
  SmallVector<Type *, 4> Types;
  for (unsigned I = 3; I < 7; ++I) {
    Args.push_back(Recv.getArgOperand(I));
    Types.push_back(Args.back()->getType());
  }
  std::string Name = Recv.getCalledFunction()->getName().str();
  Name.replace(Name.size() - 4, 4, "Probe");
  IRBuilder<> IRB(&Recv);
  IRB.SetCurrentDebugLocation(Recv.getDebugLoc());
  FunctionCallee Probe = F.getParent()->getOrInsertFunction(
      Name, FunctionType::get(IRB.getInt32Ty(), Types, false));
  Value *Asked = IRB.CreateCall(RT.Now);
  IRB.CreateCall(Probe, Args);
  addTo(IRB, Waited, IRB.CreateSub(IRB.CreateCall(RT.Now), Asked));
  return Waited;
}

/// At each end of B, after its record: the waits summed in Waited, one
/// probe per execution of the receive (Executions' count in a nest).
void recordWaits(const Bracket &B, Runtime &RT, GlobalVariable *Site,
                 AllocaInst *Waited, AllocaInst *Executions) {
  IRBuilder<> IRB(B.Start->getContext());
  Type *I64 = IRB.getInt64Ty();
  for (Instruction *End : B.Ends) {
    IRB.SetInsertPoint(End);
    Value *Probes = Executions ? IRB.CreateLoad(I64, Executions)
                               : static_cast<Value *>(IRB.getInt64(1));
    IRB.CreateCall(RT.Wait, {Site, IRB.CreateLoad(I64, Waited), Probes});
  }
}

} // namespace

PreservedAnalyses CommCostMeasurePass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() ||
      (Once && !State->Measured.insert(&F).second))
    return PreservedAnalyses::all();
  const CommCostInfo &Info = getCommCostResult(F, FAM, *State);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  std::vector<Bracket> Brackets = bracketsOf(F, Info, LI);
  if (Brackets.empty())
    return PreservedAnalyses::all();
  // The result holds locations and expressions, no instruction of F, so it
  // stays valid as the code changes; the loops' shapes are read (place)
  // before the first prediction splits a block.
  place(Brackets, DT, LI);
  Module &M = *F.getParent();
  Runtime RT(M);
  MDNode *Mark = MDNode::get(F.getContext(), {});
  for (Bracket &B : Brackets) {
    if (!B.Start)
      continue;
    GlobalVariable *Site = descriptor(M, B, F);
    markedAt(B)->setMetadata(MeasuredKind, Mark);
    Value *Ps = predictedPs(B, F, Info, B.Start, &AnalysedSite::Cost);
    Value *WarmPs = predictedPs(B, F, Info, B.Start, &AnalysedSite::CostWarm);
    AllocaInst *Waited = B.Probed ? probeBefore(B, RT) : nullptr;
    AllocaInst *Executions = nullptr;
    if (B.Call && B.Nest && !B.WholeNest)
      Executions = sumOverNest(B, RT, Site, Ps, WarmPs);
    else
      timeSpan(B, RT, Site, Ps, WarmPs);
    if (Waited)
      recordWaits(B, RT, Site, Waited, Executions);
  }
  return PreservedAnalyses::none();
}

} // namespace commcost
