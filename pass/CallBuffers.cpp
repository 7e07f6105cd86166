// Buffers of collective, pack and atomic calls (see CallBuffers.h).
#include "CallBuffers.h"
#include "Reasons.h"
#include "ValueExprs.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace commcost {

ValueExpr valueExprs(const AnalysisContext &Ctx, bool RankFree,
                     std::string Noun) {
  return [&Ctx, RankFree, Noun](Value *V) -> Expected<Expr> {
    if (!V->getType()->isIntegerTy())
      return reject<NotAnInteger>();
    ExprTranslator T(&Ctx.SE, Ctx.Facts, &Ctx.DT);
    T.namePerIterationOf(Ctx.LI, Ctx.PerIteration, Ctx.PerIterationCall);
    auto E = T.scev(Ctx.SE.getSCEV(V));
    if (E && RankFree && T.Id)
      return reject<RankDependentCount>(
          Noun + " depends on the rank ('" + T.Id->Name +
          "'), so it may differ between ranks; the analysis needs the "
          "most any rank moves");
    if (!E && RankFree)
      return handleErrors(E.takeError(),
                          [&](std::unique_ptr<RejectionError> R) -> Error {
                            if (R->reason()->kind() !=
                                RejectKind::ProcessorDependentValue)
                              return Error(std::move(R));
                            return reject<RankDependentCount>(
                                Noun + " is read at a place that depends on "
                                       "the rank, so it may differ between "
                                       "ranks; the analysis needs the most "
                                       "any rank moves");
                          });
    return E;
  };
}

Expected<Layout> layoutOfBuffer(CallBase &Call, const BufferArg &B,
                                const ValueExpr &ToExpr,
                                const AnalysisContext &Ctx,
                                std::optional<Expr> Count) {
  if (!Count) {
    Count = Expr::constant(1);
    if (B.Count) {
      auto C = ToExpr(Call.getArgOperand(*B.Count));
      if (!C)
        return C.takeError();
      Count = *C;
    }
  }
  if (B.Datatype)
    return resolveDatatype(Call.getArgOperand(*B.Datatype), *Count, Call,
                           ToExpr, Ctx);
  return Layout::contiguous(*Count * Expr::constant(B.ElemBytes), B.ElemName,
                            B.ElemBytes);
}

Expected<Footprint> footprintAt(CallBase &Call, unsigned Arg, const Layout &L,
                                const AnalysisContext &Ctx) {
  Value *Ptr = Call.getArgOperand(Arg);
  auto Walk = walkLoops(Ctx.SE.getSCEV(Ptr), Call.getParent(), nullptr, Ctx);
  if (!Walk)
    return Walk.takeError();
  return footprintOf(L, *Walk, Ctx,
                     Call.getParamAlign(Arg).valueOrOne().value());
}

bool isInPlace(const Value *V) {
  const auto *E = dyn_cast<ConstantExpr>(V);
  if (!E || E->getOpcode() != Instruction::IntToPtr)
    return false;
  const auto *C = dyn_cast<ConstantInt>(E->getOperand(0));
  return C && (C->isOne() || C->isMinusOne());
}

} // namespace commcost
