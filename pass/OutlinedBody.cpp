// Outlined OpenMP bodies with their shared variables read once (see
// OutlinedBody.h). A shared variable is read once when nothing in the body
// can write it: no store through its pointer, no store of a value of its
// type except to the body's own stack slots (C's effective-type rule: a
// double store does not change a pointer or an int), and no call that may
// write memory other than the OpenMP runtime's, which writes only the
// bounds it is given.
#include "OutlinedBody.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <set>

using namespace llvm;

namespace commcost {

static bool isRuntimeCall(const CallBase &C) {
  const Function *F = C.getCalledFunction();
  if (!F)
    return false;
  StringRef Name = F->getName();
  return Name.starts_with("__kmpc_") || Name.starts_with("omp_") ||
         (F->isIntrinsic() && !isa<AnyMemIntrinsic>(C));
}

/// Types of the values the body may write outside its own stack, or
/// nullopt if a call may write anything.
static std::optional<std::set<Type *>>
typesWritten(Function &F, std::set<const Value *> &WrittenArgs) {
  std::set<Type *> Types;
  for (Instruction &I : instructions(F)) {
    if (auto *St = dyn_cast<StoreInst>(&I)) {
      const Value *Obj = getUnderlyingObject(St->getPointerOperand());
      if (isa<Argument>(Obj))
        WrittenArgs.insert(Obj);
      if (!isa<AllocaInst>(Obj))
        Types.insert(St->getValueOperand()->getType());
    } else if (auto *C = dyn_cast<CallBase>(&I)) {
      if (!C->onlyReadsMemory() && !isRuntimeCall(*C))
        return std::nullopt;
    } else if (I.mayWriteToMemory()) {
      return std::nullopt;
    }
  }
  return Types;
}

std::unique_ptr<OutlinedBodyView>
OutlinedBodyView::create(Function &F, const Function &Original,
                         const AnalysisContext &Ctx) {
  if (!Original.getName().contains("omp_outlined"))
    return nullptr;
  std::set<const Value *> WrittenArgs;
  auto Written = typesWritten(F, WrittenArgs);
  if (!Written)
    return nullptr;
  auto Hoistable = [&](const LoadInst &Ld) {
    const Value *Ptr = Ld.getPointerOperand();
    return Ld.isUnordered() && isa<Argument>(Ptr) &&
           !WrittenArgs.count(Ptr) && !Written->count(Ld.getType());
  };
  bool InLoop = false;
  for (Instruction &I : instructions(F))
    if (auto *Ld = dyn_cast<LoadInst>(&I))
      InLoop |= Hoistable(*Ld) && Ctx.LI.getLoopFor(Ld->getParent());
  if (!InLoop)
    return nullptr;

  auto Leftovers = std::make_unique<ScratchConstants>(*F.getParent());
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&F, VMap);
  Copy->setName("commcost.outlined");
  // One read per shared variable and type, at entry, replacing the others.
  Instruction *AtEntry = Copy->getEntryBlock().getTerminator();
  std::map<std::pair<Value *, Type *>, LoadInst *> Once;
  for (Instruction &I : make_early_inc_range(instructions(*Copy))) {
    auto *Ld = dyn_cast<LoadInst>(&I);
    if (!Ld || !Hoistable(*Ld))
      continue;
    auto [It, New] =
        Once.try_emplace({Ld->getPointerOperand(), Ld->getType()}, Ld);
    if (New) {
      if (Ld->getParent() != AtEntry->getParent())
        Ld->moveBefore(AtEntry);
    } else {
      Ld->replaceAllUsesWith(It->second);
      Ld->eraseFromParent();
    }
  }
  return std::unique_ptr<OutlinedBodyView>(
      new OutlinedBodyView(*Copy, Ctx, std::move(Leftovers)));
}

OutlinedBodyView::OutlinedBodyView(Function &Copy, const AnalysisContext &Outer,
                                   std::unique_ptr<ScratchConstants> Leftovers)
    : Leftovers(std::move(Leftovers)), Copy(&Copy),
      TLII(Triple(Copy.getParent()->getTargetTriple())) {
  TLI.emplace(TLII, &Copy);
  AC.emplace(Copy);
  DT.emplace(Copy);
  LI.emplace(*DT);
  SE.emplace(Copy, *TLI, *AC, *DT, *LI);
  Ctx.emplace(AnalysisContext{*SE, *LI, *DT, Outer.DL, Outer.Facts,
                              Outer.TLI});
}

OutlinedBodyView::~OutlinedBodyView() {
  Ctx.reset();
  SE.reset();
  LI.reset();
  DT.reset();
  AC.reset();
  TLI.reset();
  Copy->eraseFromParent();
}

} // namespace commcost
