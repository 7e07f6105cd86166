// MPI_Pack/MPI_Unpack and RMA atomics as sites (see PackAtomics.h). The
// packed run of MPI_Pack is as long as the data the datatype holds (what
// Open MPI and MPICH write for the native representation) and starts at
// *position: known when the code stores it in the same block (or the
// blocks leading to it alone) before the call, or advances it there only
// by earlier MPI_Pack calls; else only its alignment to a byte is. In a
// loop the calls append: their runs make one block of all their bytes.
#include "PackAtomics.h"
#include "CallBuffers.h"
#include "Reasons.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace commcost {

/// Whether the variable at Pos is only read, written and passed to calls,
/// so that no other access can change it unseen.
static bool onlyPassed(const Value *Pos) {
  if (!isa<AllocaInst>(Pos))
    return false;
  return all_of(Pos->users(), [&](const User *U) {
    if (const auto *St = dyn_cast<StoreInst>(U))
      return St->getValueOperand() != Pos;
    return isa<LoadInst>(U) || isa<CallBase>(U);
  });
}

/// The value of *Pos when At runs (see the file comment), if known.
static std::optional<Expr> positionBefore(const Instruction &At,
                                          const Value *Pos,
                                          const ValueExpr &ToExpr,
                                          const AnalysisContext &Ctx) {
  if (!onlyPassed(Pos))
    return std::nullopt;
  Expr Added = Expr::constant(0);
  const BasicBlock *BB = At.getParent();
  const Instruction *I = At.getPrevNode();
  for (unsigned Steps = 0; Steps < 4096; ++Steps) {
    if (!I) {
      BB = BB->getSinglePredecessor();
      if (!BB)
        return std::nullopt;
      I = &BB->back();
      continue;
    }
    if (const auto *St = dyn_cast<StoreInst>(I);
        St && St->getPointerOperand()->stripPointerCasts() == Pos) {
      auto E = ToExpr(const_cast<Value *>(St->getValueOperand()));
      if (!E) {
        consumeError(E.takeError());
        return std::nullopt;
      }
      return *E + Added;
    }
    if (const auto *C = dyn_cast<CallBase>(I);
        C && is_contained(C->args(), Pos)) {
      auto Spec = lookupCall(calleeName(*C));
      if (!Spec || !Spec->Pack ||
          C->getArgOperand(Spec->Pack->Position)->stripPointerCasts() != Pos)
        return std::nullopt;
      auto L = layoutOfBuffer(const_cast<CallBase &>(*C), Spec->Pack->Typed,
                              ToExpr, Ctx);
      if (!L) {
        consumeError(L.takeError());
        return std::nullopt;
      }
      Added = Added + L->DataBytes;
    }
    I = I->getPrevNode();
  }
  return std::nullopt;
}

Expected<AnalysedSite> analysePack(CallBase &Call, const PackSpec &Spec,
                                   const AnalysisContext &Ctx) {
  ValueExpr ToExpr = valueExprs(Ctx);
  auto Walk = walkLoops(nullptr, Call.getParent(), nullptr, Ctx);
  if (!Walk)
    return Walk.takeError();
  auto Typed = layoutOfBuffer(Call, Spec.Typed, ToExpr, Ctx);
  if (!Typed)
    return Typed.takeError();
  auto TypedFp = footprintAt(Call, Spec.Typed.Buffer, *Typed, Ctx);
  if (!TypedFp)
    return TypedFp.takeError();
  // The packed run: in a loop, the runs of all its calls.
  const Value *Pos = Call.getArgOperand(Spec.Position)->stripPointerCasts();
  const Loop *L = Ctx.LI.getLoopFor(Call.getParent());
  Layout Run = Layout::contiguous(L ? Walk->Executions * Typed->DataBytes
                                    : Typed->DataBytes,
                                  "byte", 1);
  std::optional<Expr> Start;
  if (!L)
    Start = positionBefore(Call, Pos, ToExpr, Ctx);
  if (Start)
    Run.Offset = *Start;
  auto RunFp = footprintAt(Call, Spec.Packed, Run, Ctx);
  if (!RunFp)
    return RunFp.takeError();
  if (L && !(RunFp->Touches == Walk->Executions))
    return reject<NonAffineAddress>(
        loopName(*L), "the packed buffer moves in the loop while *position, "
                      "kept in memory, advances too");
  // No lines when the call runs no time, loops that move the buffers
  // included (their slice's formula counts the block itself).
  TypedFp->Touches = RunFp->Touches = Walk->Executions;
  if (!Start) {
    RunFp->Where.Offset.reset();
    RunFp->Where.OffsetAlign = 1;
  }
  AnalysedSite A;
  Site &S = A.Data;
  S.Kind = SiteKind::Copy;
  S.Conditions = Walk->conditionTexts();
  noteRepetition(A, *Walk);
  S.Messages = Walk->Executions;
  S.BytesPerMessage = Typed->DataBytes;
  S.Bytes = Walk->Executions * Typed->DataBytes;
  A.Element = Typed->ElemName;
  A.Datatype = Typed->Origin;
  Footprint &Src = Spec.Unpack ? *RunFp : *TypedFp;
  Footprint &Dst = Spec.Unpack ? *TypedFp : *RunFp;
  A.Array = Dst.Array + " <- " + Src.Array;
  std::string At = Start ? "" : " (at an unknown *position)";
  A.Shape = "from " + Src.Shape + (Spec.Unpack ? At : "") + " to " +
            Dst.Shape + (Spec.Unpack ? "" : At);
  S.Marshalled = Src;
  S.Read = std::move(Src);
  S.Written = std::move(Dst);
  return A;
}

Expected<AnalysedSite> analyseAtomic(CallBase &Call, const AtomicSpec &Spec,
                                     const AnalysisContext &Ctx) {
  ValueExpr ToExpr = valueExprs(Ctx);
  auto Walk = walkLoops(nullptr, Call.getParent(), nullptr, Ctx);
  if (!Walk)
    return Walk.takeError();
  AnalysedSite A;
  Site &S = A.Data;
  S.Kind = SiteKind::Atomic;
  S.Conditions = Walk->conditionTexts();
  noteRepetition(A, *Walk);
  Expr Bytes = Expr::constant(Spec.OperandBytes);
  A.Element = Spec.ElemName;
  // The operands sent (origin, compare) and the buffer the old value
  // comes back into; MPI_NO_OP passes no origin.
  auto Buffer = [&](const std::optional<BufferArg> &B,
                    std::optional<Footprint> *Out) -> Error {
    if (!B || isa<ConstantPointerNull>(
                  Call.getArgOperand(B->Buffer)->stripPointerCasts()))
      return Error::success();
    auto L = layoutOfBuffer(Call, *B, ToExpr, Ctx);
    if (!L)
      return L.takeError();
    if (A.Element.empty()) {
      A.Element = L->ElemName;
      A.Datatype = L->Origin;
    }
    if (!Out) {
      Bytes = Bytes + L->DataBytes;
      return Error::success();
    }
    auto Fp = footprintAt(Call, B->Buffer, *L, Ctx);
    if (!Fp)
      return Fp.takeError();
    if (Out == &S.Marshalled)
      Bytes = Bytes + L->DataBytes;
    Fp->Touches = Walk->Executions;
    *Out = std::move(*Fp);
    return Error::success();
  };
  if (Error E = Buffer(Spec.Origin, &S.Marshalled))
    return E;
  if (Error E = Buffer(Spec.Compare, nullptr))
    return E;
  if (Error E = Buffer(Spec.Result, &S.Written))
    return E;
  S.Messages = Walk->Executions;
  S.BytesPerMessage = Bytes;
  S.Bytes = Walk->Executions * Bytes;
  if (S.Written && S.Marshalled && S.Written->Array != S.Marshalled->Array)
    A.Array = S.Written->Array + " <- " + S.Marshalled->Array;
  else if (S.Marshalled || S.Written)
    A.Array = (S.Marshalled ? S.Marshalled : S.Written)->Array;
  return A;
}

} // namespace commcost
