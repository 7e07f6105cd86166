// Hoisting of loop-invariant loads in an analysis-only copy (see
// HoistLoads.h).
#include "HoistLoads.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace commcost {

namespace {
/// Whether an instruction of L may write what Load reads.
bool writtenIn(const Loop &L, LoadInst &Load, AAResults &AA) {
  MemoryLocation Loc = MemoryLocation::get(&Load);
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayWriteToMemory() && isModSet(AA.getModRefInfo(&I, Loc)))
        return true;
  return false;
}

/// Moves the loads of L whose address is known before L and which L does
/// not write to L's preheader, repeatedly (a pointer hoisted makes the
/// loads through it candidates); then does the same in L's inner loops.
bool hoistIn(Loop &L, DominatorTree &DT, AAResults &AA) {
  BasicBlock *Preheader = L.getLoopPreheader();
  bool Changed = false;
  if (Preheader) {
    Instruction *At = Preheader->getTerminator();
    for (bool Moved = true; Moved;) {
      Moved = false;
      for (BasicBlock *BB : L.blocks())
        for (Instruction &I : make_early_inc_range(*BB)) {
          auto *Load = dyn_cast<LoadInst>(&I);
          if (!Load || !Load->isSimple())
            continue;
          Value *Ptr = Load->getPointerOperand();
          auto *Def = dyn_cast<Instruction>(Ptr);
          if ((Def && (L.contains(Def) || !DT.dominates(Def, At))) ||
              writtenIn(L, *Load, AA))
            continue;
          Load->moveBefore(At);
          Moved = Changed = true;
        }
    }
  }
  for (Loop *Inner : L)
    Changed |= hoistIn(*Inner, DT, AA);
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
    Changed |= hoistIn(*L, DT, AA);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace commcost
