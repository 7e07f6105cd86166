// Tiled loops (see Tiles.h): recognised in the executions per entry that
// scalar evolution gives the tile loop, max(X, B) - X, and in the outer
// loop's exit test.
#include "Tiles.h"

#include "ValueExprs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

namespace commcost {

namespace {

/// The innermost loop from L's parent out to the walk's end (StopAt
/// included, PerIteration not) in which S changes, or null.
const Loop *variesInWalk(const SCEV *S, const Loop &L, const Loop *StopAt,
                         const Loop *PerIteration, ScalarEvolution &SE) {
  for (const Loop *O = L.getParentLoop(); O && O != PerIteration;
       O = O->getParentLoop()) {
    if (!SE.isLoopInvariant(S, O))
      return O;
    if (O == StopAt)
      break;
  }
  return nullptr;
}

/// Whether O is a loop the walk from L takes: an outer loop of L reached
/// before StopAt and PerIteration.
bool insideWalk(const Loop &O, const Loop &L, const Loop *StopAt,
                const Loop *PerIteration) {
  for (const Loop *P = L.getParentLoop(); P; P = P->getParentLoop()) {
    if (P == StopAt || P == PerIteration)
      return false;
    if (P == &O)
      return true;
  }
  return false;
}

/// Whether A and B are the same integer, as the program computes them:
/// one SCEV, or the same once extended ones are cut to the narrower type
/// (a counter widened to 64 bits beside its 32-bit bound; C's ints do not
/// overflow).
bool sameInt(const SCEV *A, const SCEV *B, ScalarEvolution &SE) {
  if (A == B)
    return true;
  while (const auto *C = dyn_cast<SCEVIntegralCastExpr>(A))
    A = C->getOperand();
  while (const auto *C = dyn_cast<SCEVIntegralCastExpr>(B))
    B = C->getOperand();
  if (!A->getType()->isIntegerTy() || !B->getType()->isIntegerTy())
    return false;
  Type *Narrow =
      SE.getTypeSizeInBits(A->getType()) <= SE.getTypeSizeInBits(B->getType())
          ? A->getType()
          : B->getType();
  return SE.getTruncateOrNoop(A, Narrow) == SE.getTruncateOrNoop(B, Narrow);
}

/// Whether O, X's loop, runs while X < N: its one exit tests X, or X
/// after its step (a loop tested at its latch), against N.
bool runsWhileBelow(const Loop &O, const SCEVAddRecExpr &X, const SCEV *N,
                    ScalarEvolution &SE) {
  auto Test = exitTest(O, O.getExitingBlock(), SE);
  if (!Test)
    return false;
  if (sameInt(Test->Lhs, N, SE))
    *Test = Test->swapped();
  auto [Continue, Lhs, Rhs] = *Test;
  return (sameInt(Lhs, &X, SE) || sameInt(Lhs, X.getPostIncExpr(SE), SE)) &&
         sameInt(Rhs, N, SE) &&
         (Continue == ICmpInst::ICMP_SLT || Continue == ICmpInst::ICMP_ULT);
}

/// The counter X = {S0,+,T}<O> and bound B of a loop that Count, its
/// executions per entry, gives as max(X, B) - X, or B - X where scalar
/// evolution proves B > X: a loop from an outer loop's counter to B.
std::optional<std::pair<const SCEVAddRecExpr *, const SCEV *>>
fromOuterCounter(const Loop &L, const SCEV *Count, ScalarEvolution &SE) {
  while (const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(Count))
    Count = Cast->getOperand();
  const auto *Sum = dyn_cast<SCEVAddExpr>(Count);
  if (!Sum || Sum->getNumOperands() != 2)
    return std::nullopt;
  auto OuterCounter = [&](const SCEV *S) {
    const auto *X = dyn_cast<SCEVAddRecExpr>(S);
    return X && X->isAffine() && X->getLoop() != &L &&
                   X->getLoop()->contains(&L)
               ? X
               : nullptr;
  };
  for (unsigned I = 0; I < 2; ++I) {
    const SCEV *Bound = Sum->getOperand(I);
    const SCEV *Minus = Sum->getOperand(1 - I);
    if (const auto *Max = dyn_cast<SCEVMinMaxExpr>(Bound);
        Max && Max->getNumOperands() == 2 &&
        (isa<SCEVSMaxExpr>(Max) || isa<SCEVUMaxExpr>(Max)))
      for (unsigned J = 0; J < 2; ++J)
        if (const auto *X = OuterCounter(Max->getOperand(J));
            X && Minus == SE.getNegativeSCEV(X))
          return std::make_pair(X, Max->getOperand(1 - J));
    if (const auto *X = OuterCounter(SE.getNegativeSCEV(Minus)))
      return std::make_pair(X, Bound);
  }
  return std::nullopt;
}

} // namespace

std::optional<TileLoop> tileLoop(const Loop &L, const BasicBlock &Block,
                                 const Loop *StopAt, const AnalysisContext &Ctx,
                                 const Loop *&VariesIn) {
  VariesIn = nullptr;
  ScalarEvolution &SE = Ctx.SE;
  auto Count = executionsPerEntry(L, Block, Ctx);
  if (!Count) {
    consumeError(Count.takeError());
    return std::nullopt;
  }
  auto Counter = fromOuterCounter(L, *Count, SE);
  if (!Counter)
    return std::nullopt;
  const auto &[X, Bound] = *Counter;
  const Loop &Outer = *X->getLoop();
  const SCEV *T = X->getStepRecurrence(SE);
  if (SE.isKnownNonPositive(T))
    return std::nullopt;
  Type *I64 = Type::getInt64Ty(Block.getContext());
  auto Wide = [&](const SCEV *S) { return SE.getNoopOrSignExtend(S, I64); };
  ExprTranslator Tr = translator(Ctx, Ctx.PerIteration);
  auto Translate = [&](const SCEV *S) -> std::optional<Expr> {
    auto E = Tr.scev(S);
    if (!E) {
      consumeError(E.takeError());
      return std::nullopt;
    }
    return *E;
  };
  const Expr Zero = Expr::constant(0);

  // Up to X + C (C invariant: the tile, or a tile and its halo): C
  // iterations (none when C < 1) per entry; T when C is the tile, which
  // is positive as the outer loop ends.
  if (const SCEV *Span = SE.getMinusSCEV(Bound, X);
      SE.isLoopInvariant(Span, &Outer)) {
    if ((VariesIn = variesInWalk(Span, L, StopAt, Ctx.PerIteration, SE)))
      return std::nullopt;
    auto Size = Translate(Wide(Span));
    if (!Size)
      return std::nullopt;
    TileLoop Out;
    Out.Count = SE.getSMaxExpr(Wide(Span), SE.getZero(I64));
    Out.Value = Span == T ? *Size : Expr::max(Zero, *Size);
    return Out;
  }

  // Up to min(N, X + T), the outer loop stepping X by T while X < N;
  // with constants, scalar evolution may write T + min(N - T, X).
  const SCEV *N = nullptr;
  auto MinOf = [](const SCEV *S) {
    const auto *Min = dyn_cast<SCEVMinMaxExpr>(S);
    return Min && Min->getNumOperands() == 2 &&
                   (isa<SCEVSMinExpr>(Min) || isa<SCEVUMinExpr>(Min))
               ? Min
               : nullptr;
  };
  if (const auto *Min = MinOf(Bound))
    for (unsigned I = 0; I < 2; ++I)
      if (sameInt(Min->getOperand(I), SE.getAddExpr(X, T), SE))
        N = Min->getOperand(1 - I);
  if (const auto *Min = MinOf(SE.getMinusSCEV(Bound, T)); Min && !N)
    for (unsigned I = 0; I < 2; ++I)
      if (sameInt(Min->getOperand(I), X, SE))
        N = SE.getAddExpr(Min->getOperand(1 - I), T);
  if (!N || !runsWhileBelow(Outer, *X, N, SE) ||
      !insideWalk(Outer, L, StopAt, Ctx.PerIteration))
    return std::nullopt;
  const SCEV *Range = SE.getMinusSCEV(Wide(N), Wide(X->getStart()));
  if ((VariesIn = variesInWalk(Range, Outer, StopAt, Ctx.PerIteration, SE)) ||
      (VariesIn = variesInWalk(T, Outer, StopAt, Ctx.PerIteration, SE)))
    return std::nullopt;
  auto RangeValue = Translate(Range);
  auto Size = Translate(Wide(T));
  if (!RangeValue || !Size)
    return std::nullopt;
  TileLoop Out;
  Out.Count = SE.getSMaxExpr(Range, SE.getZero(I64));
  Out.Value = Expr::max(Zero, *RangeValue);
  Out.Outer = &Outer;
  Out.Size = T;
  // The tile whole, as the tiles' pitch is: min(T, range) would keep the
  // two dimensions of one walk from merging where the sizes are symbolic,
  // and the order only matters where the range holds several tiles.
  Out.PerTile = *Size;
  Out.Tiles = Expr::ceilDiv(Out.Value, *Size);
  return Out;
}

} // namespace commcost
