// Hoisting of loop-invariant loads in an analysis-only copy (see
// HoistLoads.h).
#include "HoistLoads.h"
#include "CallFamilies.h"
#include "CallSites.h"
#include "Footprint.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace commcost {

/// The metadata kind that marks a load moved on an assumption.
static constexpr const char *AssumedKind = "commcost.assumed-invariant";

std::optional<std::string> assumedInvariantIn(const LoadInst &Load) {
  const MDNode *N = Load.getMetadata(AssumedKind);
  if (!N || N->getNumOperands() != 1)
    return std::nullopt;
  if (const auto *S = dyn_cast<MDString>(N->getOperand(0)))
    return S->getString().str();
  return std::nullopt;
}

namespace {
enum class Writes { None, May, Must };

/// Whether an instruction of L may write what Load reads, and whether a
/// store certainly writes it.
Writes writtenIn(const Loop &L, LoadInst &Load, AAResults &AA) {
  MemoryLocation Loc = MemoryLocation::get(&Load);
  Writes W = Writes::None;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayWriteToMemory() || !isModSet(AA.getModRefInfo(&I, Loc)))
        continue;
      W = Writes::May;
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        AliasResult R = AA.alias(MemoryLocation::get(St), Loc);
        if (R == AliasResult::MustAlias || R == AliasResult::PartialAlias)
          return Writes::Must;
      }
    }
  return W;
}

/// The loads of L that the exit tests of L and of its inner loops read:
/// through arithmetic, casts, address computations and the pointers of
/// other such loads, not through phis (the counters).
SmallPtrSet<LoadInst *, 4> boundLoads(const Loop &L) {
  SmallPtrSet<LoadInst *, 4> Loads;
  SmallPtrSet<Instruction *, 16> Seen;
  SmallVector<Instruction *, 16> Work;
  SmallVector<BasicBlock *, 4> Exiting;
  for (const Loop *In : L.getLoopsInPreorder())
    In->getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional())
      if (auto *C = dyn_cast<Instruction>(Br->getCondition()))
        Work.push_back(C);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!L.contains(I) || isa<PHINode>(I) || !Seen.insert(I).second)
      continue;
    if (auto *Ld = dyn_cast<LoadInst>(I))
      Loads.insert(Ld);
    else if (!isa<CmpInst, CastInst, BinaryOperator, GetElementPtrInst,
                  SelectInst>(I))
      continue;
    for (Value *Op : I->operands())
      if (auto *D = dyn_cast<Instruction>(Op))
        Work.push_back(D);
  }
  return Loads;
}

/// The pointer loads of L that a communication call of L passes (through
/// address arithmetic) as a buffer, or that a copy statement of L reads or
/// writes through: OSU's s_buf, a local whose address escaped to its
/// allocator, is loaded again after each MPI call; miniAMR's row pointer
/// bp->array[m][i][j] again after each double stored in the row.
void addBufferLoads(const Loop &L, SmallPtrSet<LoadInst *, 4> &Loads) {
  SmallVector<Value *, 8> Work;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        if (const Function *F = Call->getCalledFunction();
            F && isCommunicationName(F->getName()))
          for (Value *Arg : Call->args())
            if (Arg->getType()->isPointerTy())
              Work.push_back(Arg);
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (LoadInst *Ld = copiedLoad(*St)) {
          Work.push_back(St->getPointerOperand());
          Work.push_back(Ld->getPointerOperand());
        }
      }
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I))
      continue;
    if (auto *Ld = dyn_cast<LoadInst>(I)) {
      // A row pointer is loaded through the pointers to its rows.
      if (Ld->getType()->isPointerTy() && Loads.insert(Ld).second)
        Work.push_back(Ld->getPointerOperand());
    } else if (auto *G = dyn_cast<GetElementPtrInst>(I)) {
      Work.push_back(G->getPointerOperand());
    } else if (auto *C = dyn_cast<CastInst>(I)) {
      Work.push_back(C->getOperand(0));
    }
  }
}

/// Moves the loads of L whose address is known before L and which L does
/// not write to L's preheader, repeatedly (a pointer hoisted makes the
/// loads through it candidates); with AssumeBounds also those of its exit
/// tests and communication buffers that it only may write. Then does the
/// same in L's inner loops.
bool hoistIn(Loop &L, DominatorTree &DT, AAResults &AA, bool AssumeBounds) {
  BasicBlock *Preheader = L.getLoopPreheader();
  bool Changed = false;
  if (Preheader) {
    Instruction *At = Preheader->getTerminator();
    SmallPtrSet<LoadInst *, 4> Bounds;
    if (AssumeBounds) {
      Bounds = boundLoads(L);
      addBufferLoads(L, Bounds);
    }
    auto Known = [&](Value *V) {
      auto *Def = dyn_cast<Instruction>(V);
      return !Def || (!L.contains(Def) && DT.dominates(Def, At));
    };
    // Loads moved here, by address and type: a second load of the same
    // address reads the same value (nothing between them in the preheader
    // writes), and one value for both lets scalar evolution see that a
    // tile's bound, ii + b, and its loop's step, b, are the same b.
    DenseMap<std::pair<Value *, Type *>, LoadInst *> MovedHere;
    for (bool Moved = true; Moved;) {
      Moved = false;
      for (BasicBlock *BB : L.blocks())
        for (Instruction &I : make_early_inc_range(*BB)) {
          // An address computed in the loop from values known before it
          // (&p->n[face], &rows[(long)m]) moves with the loads through it.
          if (isa<GetElementPtrInst, CastInst, BinaryOperator>(I) &&
              all_of(I.operands(), Known)) {
            I.moveBefore(At);
            Moved = Changed = true;
            continue;
          }
          auto *Load = dyn_cast<LoadInst>(&I);
          if (!Load || !Load->isSimple() || !Known(Load->getPointerOperand()))
            continue;
          Writes W = writtenIn(L, *Load, AA);
          if (W == Writes::Must ||
              (W == Writes::May && !Bounds.contains(Load)))
            continue;
          if (W == Writes::May) {
            LLVMContext &C = Load->getContext();
            Load->setMetadata(AssumedKind,
                              MDNode::get(C, MDString::get(C, loopName(L))));
          }
          Moved = Changed = true;
          auto [It, New] = MovedHere.try_emplace(
              {Load->getPointerOperand(), Load->getType()}, Load);
          if (New) {
            Load->moveBefore(At);
            continue;
          }
          if (MDNode *Assumed = Load->getMetadata(AssumedKind);
              Assumed && !It->second->getMetadata(AssumedKind))
            It->second->setMetadata(AssumedKind, Assumed);
          Load->replaceAllUsesWith(It->second);
          Load->eraseFromParent();
        }
    }
  }
  for (Loop *Inner : L)
    Changed |= hoistIn(*Inner, DT, AA, AssumeBounds);
  return Changed;
}
} // namespace

PreservedAnalyses HoistInvariantLoadsPass::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &AA = FAM.getResult<AAManager>(F);
  bool Changed = false;
  for (Loop *L : LI)
    Changed |= hoistIn(*L, DT, AA, AssumeBounds);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace commcost
