// Copy-loop recognition and analysis (see CopyLoops.h). A copy statement is
// a store of a value loaded in the same loop nest; both addresses must be
// affine in the loops around them, which is what scalar evolution's
// add-recurrences express for multidimensional arrays, VLAs and pointers
// with linearised subscripts alike.
#include "CopyLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
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

static void analyzeCopy(Loop &Top, StoreInst &St, LoadInst &Ld,
                        const AnalysisContext &Ctx, const Reporter &Report) {
  DebugLoc At = Top.getStartLoc() ? DebugLoc(Top.getStartLoc())
                                  : St.getDebugLoc();
  std::string Why;
  auto Missed = [&](StringRef Name) {
    Report.missed(At, Name, "copy loop", Why);
  };
  if (St.isVolatile() || Ld.isVolatile()) {
    Why = "volatile accesses";
    return Missed("VolatileCopy");
  }
  auto Read = walkLoops(Ctx.SE.getSCEV(Ld.getPointerOperand()),
                        Ld.getParent(), Top.getParentLoop(), Ctx, Why);
  if (!Read)
    return Missed("NonAffineCopy");
  auto Write = walkLoops(Ctx.SE.getSCEV(St.getPointerOperand()),
                         St.getParent(), Top.getParentLoop(), Ctx, Why);
  if (!Write)
    return Missed("NonAffineCopy");
  if (Ctx.SE.getPointerBase(Read->Start) ==
      Ctx.SE.getPointerBase(Write->Start)) {
    Why = "source and destination are the same array '" +
          baseName(Read->Start, Ctx) + "', so they may overlap";
    return Missed("MayAlias");
  }
  Type *ElemTy = St.getValueOperand()->getType();
  uint64_t ElemBytes = Ctx.DL.getTypeStoreSize(ElemTy).getFixedValue();
  Layout Elem = Layout::contiguous(Expr::constant(ElemBytes), typeName(ElemTy),
                                   ElemBytes);
  auto R = measure(Elem, *Read, Ctx, Why);
  if (!R)
    return Missed("SliceNotAnalysed");
  auto W = measure(Elem, *Write, Ctx, Why);
  if (!W)
    return Missed("SliceNotAnalysed");

  SiteResult S;
  S.Kind = "copy-loop";
  S.Callee = "loop";
  S.Array = baseName(Write->Start, Ctx) + " <- " + baseName(Read->Start, Ctx);
  S.Element = Elem.ElemName;
  S.Shape = "read " + R->Shape + ", write " + W->Shape;
  S.Alignment = "read " + R->Alignment + ", write " + W->Alignment;
  S.Messages = Expr::constant(1);
  S.Reads = Read->Executions;
  S.Writes = Write->Executions;
  S.Bytes = Write->Executions * Expr::constant(ElemBytes);
  S.BytesPerMessage = S.Bytes;
  S.ReadLines = R->Lines;
  S.WriteLines = W->Lines;
  S.Traffic = *S.Reads + *S.Writes;
  Report.site(At, S);
}

void analyzeCopyLoops(Function &, const AnalysisContext &Ctx,
                      const Reporter &Report) {
  for (Loop *Top : Ctx.LI)
    for (BasicBlock *BB : Top->blocks())
      for (Instruction &I : *BB)
        if (auto *St = dyn_cast<StoreInst>(&I))
          if (LoadInst *Ld = copiedLoad(*St); Ld && Top->contains(Ld))
            analyzeCopy(*Top, *St, *Ld, Ctx, Report);
}

} // namespace commcost
