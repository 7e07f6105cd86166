// IR and SCEV to expressions (see ValueExprs.h).
#include "ValueExprs.h"
#include "CallFamilies.h"
#include "Reasons.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace commcost {


ProcessorValue processorValue(const Value *V) {
  if (const auto *C = dyn_cast<CallBase>(V)) {
    StringRef Name = calleeName(*C);
    if (Name == "omp_get_thread_num")
      return {ProcessorRole::Id, "omp_get_thread_num()", "id"};
    if (Name == "omp_get_num_threads")
      return {ProcessorRole::Count, "omp_get_num_threads()", "P"};
    // OpenSHMEM's PE number and count (and their older names); the count
    // is named as the collectives name every PE.
    if (is_contained({"shmem_my_pe", "my_pe", "_my_pe"}, Name))
      return {ProcessorRole::Id, "shmem_my_pe()", "me"};
    if (is_contained({"shmem_n_pes", "num_pes", "_num_pes"}, Name))
      return {ProcessorRole::Count, ShmemPesOrigin, "npes_all"};
    return {};
  }
  const auto *Ld = dyn_cast<LoadInst>(V);
  if (!Ld)
    return {};
  // MPI writes the rank and size through a pointer: a load of what
  // MPI_Comm_rank(comm, &r) stored.
  const Value *Ptr = Ld->getPointerOperand()->stripPointerCasts();
  for (const User *U : Ptr->users()) {
    const auto *C = dyn_cast<CallBase>(U);
    if (!C || C->arg_size() < 2 ||
        C->getArgOperand(1)->stripPointerCasts() != Ptr)
      continue;
    StringRef Name = calleeName(*C);
    Name.consume_front("P");
    if (Name == "MPI_Comm_rank")
      return {ProcessorRole::Id, "MPI_Comm_rank", "rank"};
    if (Name == "MPI_Comm_size")
      return {ProcessorRole::Count, "MPI_Comm_size", "size"};
  }
  return {};
}

static bool dependsOnId(Value *V, unsigned Depth) {
  if (processorValue(V).Role == ProcessorRole::Id)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 24 || isa<AllocaInst>(I))
    return false;
  if (auto *Phi = dyn_cast<PHINode>(I); Phi && Phi->getNumIncomingValues() > 2)
    return false; // a loop counter, not a chosen bound
  return any_of(I->operands(),
                [&](Value *Op) { return dependsOnId(Op, Depth + 1); });
}

bool dependsOnProcessorId(Value *V) { return dependsOnId(V, 0); }

std::string describeValue(const Value *V) {
  std::string Text;
  if (const auto *Call = dyn_cast<CallBase>(V);
      Call && Call->getCalledFunction())
    Text = "the result of " +
           demangle(Call->getCalledFunction()->getName().str()) + "()";
  else if (isa<LoadInst>(V))
    Text = "a value loaded from memory";
  else if (const auto *Phi = dyn_cast<PHINode>(V))
    Text = "a value merged from " + std::to_string(Phi->getNumIncomingValues()) +
           " paths";
  else if (const auto *I = dyn_cast<Instruction>(V))
    Text = "a value computed by '" + std::string(I->getOpcodeName()) + "'";
  else if (const auto *A = dyn_cast<Argument>(V))
    Text = "parameter " + std::to_string(A->getArgNo() + 1) + " of " +
           demangle(A->getParent()->getName().str());
  else
    Text = "a value";
  if (const auto *I = dyn_cast<Instruction>(V))
    if (const DILocation *Loc = I->getDebugLoc().get(); Loc && Loc->getLine())
      Text += " at line " + std::to_string(Loc->getLine());
  return Text;
}

Value *stripIntCasts(Value *V) {
  while (isa<SExtInst>(V) || isa<ZExtInst>(V) || isa<TruncInst>(V) ||
         isa<FreezeInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

namespace {
/// Counts the nesting of a translation, so that a value computed in very
/// many steps is refused rather than followed without end.
struct DepthGuard {
  unsigned &Depth;
  explicit DepthGuard(unsigned &D) : Depth(++D) {}
  ~DepthGuard() { --Depth; }
  bool tooDeep() const { return Depth > 64; }
};
} // namespace

/// The innermost loop a recurrence of S is in (the others are around it).
static const Loop *innermostRecurrence(const SCEV *S) {
  const Loop *In = nullptr;
  SCEVExprContains(S, [&](const SCEV *E) {
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(E))
      if (!In || In->contains(AR->getLoop()))
        In = AR->getLoop();
    return false;
  });
  return In;
}

/// An affine recurrence of the loop a site is analysed per iteration of,
/// as k * c + r with c a named counter of that loop ({8,+,8} is 8 * size
/// when size is {1,+,1}); any other changes per iteration.
Expected<Expr> ExprTranslator::recurrence(const SCEVAddRecExpr &AR) {
  const Loop *L = AR.getLoop();
  const auto *Step = dyn_cast<SCEVConstant>(AR.getStepRecurrence(*SE));
  if (L != NamedIn || !AR.isAffine() || !Step)
    return reject<VaryingValue>(L);
  for (PHINode &Phi : L->getHeader()->phis()) {
    if (!SE->isSCEVable(Phi.getType()))
      continue;
    const auto *C = dyn_cast<SCEVAddRecExpr>(SE->getSCEV(&Phi));
    const auto *CStep =
        C && C->getLoop() == L && C->isAffine()
            ? dyn_cast<SCEVConstant>(C->getStepRecurrence(*SE))
            : nullptr;
    if (!CStep || CStep->getAPInt().isZero() ||
        SE->getTypeSizeInBits(Phi.getType()) >
            SE->getTypeSizeInBits(AR.getType()))
      continue;
    int64_t D = Step->getAPInt().getSExtValue();
    int64_t D0 = CStep->getAPInt().getSExtValue();
    if (D % D0 != 0)
      continue;
    const SCEV *Counter = SE->getNoopOrSignExtend(C, AR.getType());
    const SCEV *Rest = SE->getMinusSCEV(
        &AR, SE->getMulExpr(SE->getConstant(AR.getType(), D / D0), Counter));
    auto Name = counterName(Phi, Facts, NamedAt);
    if (!Name || !SE->isLoopInvariant(Rest, L))
      continue;
    auto R = scev(Rest);
    if (!R)
      return R.takeError();
    return Expr::constant(D / D0) * Expr::var(*Name) + *R;
  }
  return reject<VaryingValue>(L);
}

Expected<Expr> ExprTranslator::value(Value *V) {
  DepthGuard G(Depth);
  if (G.tooDeep())
    return reject<TooManySteps>();
  if (!V->getType()->isIntegerTy())
    return reject<NotAnInteger>();
  if (auto *C = dyn_cast<ConstantInt>(V))
    return Expr::constant(C->getSExtValue());
  Value *Uncast = stripIntCasts(V);
  if (ProcessorValue PV = processorValue(Uncast);
      PV.Role != ProcessorRole::None)
    return processor(Uncast, PV);
  // An element a loop's counter selects (comm_num[dir][i]) is no one value,
  // whatever its name; in one iteration of the innermost loop it changes
  // in, it is.
  if (auto *L = dyn_cast<LoadInst>(Uncast);
      L && SE && SE->isSCEVable(L->getPointerOperandType()) &&
      SE->containsAddRecurrence(SE->getSCEV(L->getPointerOperand()))) {
    const Loop *In = innermostRecurrence(SE->getSCEV(L->getPointerOperand()));
    if (In && In == NamedIn)
      if (auto Name = sourceNameOf(L, Facts))
        return Expr::var(*Name);
    return reject<VaryingValue>(In);
  }
  if (Pref == Prefer::Names)
    if (auto Name = sourceNameOf(V, Facts))
      return Expr::var(*Name);
  return instruction(V);
}

Expected<Expr> ExprTranslator::instruction(Value *V) {
  V = stripIntCasts(V);
  if (auto *C = dyn_cast<ConstantInt>(V))
    return Expr::constant(C->getSExtValue());
  if (isa<BinaryOperator>(V))
    return binary(V);
  if (auto *Sel = dyn_cast<SelectInst>(V))
    return select(Sel->getCondition(), Sel->getTrueValue(),
                  Sel->getFalseValue());
  if (isa<PHINode>(V))
    return diamond(V);
  if (auto *MM = dyn_cast<MinMaxIntrinsic>(V)) {
    auto L = value(MM->getLHS());
    if (!L)
      return L.takeError();
    auto R = value(MM->getRHS());
    if (!R)
      return R.takeError();
    return ICmpInst::isLT(MM->getPredicate()) ? Expr::min(*L, *R)
                                              : Expr::max(*L, *R);
  }
  if ((isa<LoadInst>(V) || isa<CallBase>(V)) && dependsOnProcessorId(V))
    return reject<ProcessorDependentValue>(
        isa<CallBase>(V), Pref == Prefer::Structure ? "a bound" : "a size");
  if (auto Name = sourceNameOf(V, Facts))
    return Expr::var(*Name);
  if (SE && SE->isSCEVable(V->getType())) {
    const SCEV *S = SE->getSCEV(V);
    if (!isa<SCEVUnknown>(S))
      return scev(S);
  }
  return reject<UnnamedValue>(describeValue(V));
}

Expected<Expr> ExprTranslator::processor(Value *V, const ProcessorValue &PV) {
  std::string Name = sourceNameOf(V, Facts).value_or(PV.DefaultName);
  std::optional<Processor> &Known = PV.Role == ProcessorRole::Id ? Id : Count;
  if (Known && Known->Name != Name)
    return reject<UnsupportedOperation>(
        std::string("two processor ") +
        (PV.Role == ProcessorRole::Id ? "ids" : "counts") + ", '" +
        Known->Name + "' and '" + Name + "'");
  Known = Processor{Name, PV.Origin};
  return Expr::var(Name);
}

Expected<Expr> ExprTranslator::binary(Value *V) {
  auto &B = cast<BinaryOperator>(*V);
  auto L = value(B.getOperand(0));
  if (!L)
    return L.takeError();
  auto R = value(B.getOperand(1));
  if (!R)
    return R.takeError();
  auto PowerOfTwo = [&]() -> std::optional<Expr> {
    if (!R->isConstant() || R->constantValue() < 0 || R->constantValue() > 62)
      return std::nullopt;
    return Expr::constant(int64_t(1) << R->constantValue());
  };
  switch (B.getOpcode()) {
  case Instruction::Add:
    return *L + *R;
  case Instruction::Sub:
    return *L - *R;
  case Instruction::Mul:
    return *L * *R;
  case Instruction::SDiv:
  case Instruction::UDiv:
    return *L / *R;
  case Instruction::SRem:
  case Instruction::URem:
    return *L % *R;
  case Instruction::Shl:
    if (auto F = PowerOfTwo())
      return *L * *F;
    break;
  case Instruction::AShr:
  case Instruction::LShr:
    if (auto F = PowerOfTwo())
      return Expr::floorDiv(*L, *F);
    break;
  default:
    break;
  }
  return reject<UnsupportedOperation>(B.getOpcodeName());
}

Expected<Expr> ExprTranslator::diamond(Value *V) {
  auto &Phi = cast<PHINode>(*V);
  auto *Node = DT ? DT->getNode(Phi.getParent()) : nullptr;
  BasicBlock *Dom =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  auto *Br = Dom ? dyn_cast<BranchInst>(Dom->getTerminator()) : nullptr;
  if (Phi.getNumIncomingValues() == 2 && Br && Br->isConditional()) {
    // The incoming value that flows along the branch's true edge.
    BasicBlockEdge TrueEdge(Dom, Br->getSuccessor(0));
    auto OnTrue = [&](unsigned I) {
      BasicBlock *In = Phi.getIncomingBlock(I);
      return In == Dom ? Br->getSuccessor(0) == Phi.getParent()
                       : DT->dominates(TrueEdge, In);
    };
    if (OnTrue(0) != OnTrue(1)) {
      unsigned T = OnTrue(0) ? 0 : 1;
      return select(Br->getCondition(), Phi.getIncomingValue(T),
                    Phi.getIncomingValue(1 - T));
    }
  }
  // A loop's counter changes per iteration; another merge (a search loop's
  // result, a value set on several paths) is what the source names.
  bool LoopCarried = DT && any_of(Phi.blocks(), [&](BasicBlock *In) {
                       return DT->dominates(Phi.getParent(), In);
                     });
  if (LoopCarried || !DT) {
    const Loop *In = LI ? LI->getLoopFor(Phi.getParent()) : nullptr;
    if (In && In->getHeader() != Phi.getParent())
      In = nullptr;
    if (In && In == NamedIn)
      if (auto Name = counterName(Phi, Facts, NamedAt))
        return Expr::var(*Name);
    return reject<VaryingValue>(In);
  }
  return reject<UnnamedValue>(describeValue(V));
}

/// c ? x : y where c compares x and y: a minimum or a maximum. The grammar
/// has no other conditional.
Expected<Expr> ExprTranslator::select(Value *Cond, Value *TrueV,
                                      Value *FalseV) {
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
    Value *X = stripIntCasts(TrueV), *Y = stripIntCasts(FalseV);
    Value *A = stripIntCasts(Cmp->getOperand(0));
    Value *B = stripIntCasts(Cmp->getOperand(1));
    ICmpInst::Predicate P = Cmp->getPredicate();
    if (A == Y && B == X)
      P = ICmpInst::getSwappedPredicate(P);
    if ((A == X && B == Y) || (A == Y && B == X)) {
      auto L = value(TrueV);
      if (!L)
        return L.takeError();
      auto R = value(FalseV);
      if (!R)
        return R.takeError();
      if (ICmpInst::isLT(P) || ICmpInst::isLE(P))
        return Expr::min(*L, *R);
      return Expr::max(*L, *R);
    }
  }
  return reject<UnsupportedOperation>(
      "a choice by a condition other than a minimum or maximum");
}

/// The field of a by-value aggregate that a truncation of one of its IR
/// arguments, or of the argument's bytes shifted down, reads (v.npes).
static std::optional<std::string>
byValueFieldOf(const SCEVTruncateExpr &T, const SourceFacts &Facts) {
  const SCEV *Op = T.getOperand();
  uint64_t Shift = 0;
  if (const auto *D = dyn_cast<SCEVUDivExpr>(Op)) {
    const auto *C = dyn_cast<SCEVConstant>(D->getRHS());
    if (!C || !C->getAPInt().isPowerOf2() || C->getAPInt().logBase2() % 8)
      return std::nullopt;
    Shift = C->getAPInt().logBase2() / 8;
    Op = D->getLHS();
  }
  const auto *U = dyn_cast<SCEVUnknown>(Op);
  const auto *A = U ? dyn_cast<Argument>(U->getValue()) : nullptr;
  if (!A || !T.getType()->isIntegerTy())
    return std::nullopt;
  return byValueField(*A, Shift, T.getType()->getIntegerBitWidth() / 8,
                      Facts);
}

Expected<Expr> ExprTranslator::scev(const SCEV *S) {
  DepthGuard G(Depth);
  if (G.tooDeep())
    return reject<TooManySteps>();
  auto Fold = [&](const SCEVNAryExpr *N, auto Combine) -> Expected<Expr> {
    std::optional<Expr> Acc;
    for (const SCEV *Op : N->operands()) {
      auto E = scev(Op);
      if (!E)
        return E.takeError();
      Acc = Acc ? Combine(*Acc, *E) : *E;
    }
    return *Acc;
  };
  switch (S->getSCEVType()) {
  case scConstant:
    return Expr::constant(cast<SCEVConstant>(S)->getAPInt().getSExtValue());
  case scVScale:
    return reject<UnsupportedOperation>("the scalable vector length");
  case scTruncate:
    if (auto Field = byValueFieldOf(*cast<SCEVTruncateExpr>(S), Facts))
      return Expr::var(*Field);
    return scev(cast<SCEVCastExpr>(S)->getOperand());
  case scZeroExtend:
  case scSignExtend:
  case scPtrToInt:
    return scev(cast<SCEVCastExpr>(S)->getOperand());
  case scAddExpr:
    return Fold(cast<SCEVNAryExpr>(S),
                [](const Expr &A, const Expr &B) { return A + B; });
  case scMulExpr:
    return Fold(cast<SCEVNAryExpr>(S),
                [](const Expr &A, const Expr &B) { return A * B; });
  case scUDivExpr: {
    const auto *D = cast<SCEVUDivExpr>(S);
    auto L = scev(D->getLHS());
    if (!L)
      return L.takeError();
    auto R = scev(D->getRHS());
    if (!R)
      return R.takeError();
    return *L / *R;
  }
  case scSMaxExpr:
  case scUMaxExpr: {
    // max(0, n) is how SCEV writes "n iterations, or none": a size n, a
    // variable, is taken to be non-negative and reads as n; max(0, n - 1)
    // stays, as n - 1 is -1 for a size of 0.
    const auto *N = cast<SCEVNAryExpr>(S);
    if (N->getNumOperands() == 2 && N->getOperand(0)->isZero()) {
      auto Op = scev(N->getOperand(1));
      if (!Op || Op->kind() == Expr::Kind::Var ||
          SE->isKnownNonNegative(N->getOperand(1)))
        return Op;
      return Expr::max(Expr::constant(0), *Op);
    }
    return Fold(N, &Expr::max);
  }
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr:
    return Fold(cast<SCEVNAryExpr>(S), &Expr::min);
  case scAddRecExpr:
    return recurrence(*cast<SCEVAddRecExpr>(S));
  case scUnknown:
    return value(cast<SCEVUnknown>(S)->getValue());
  case scCouldNotCompute:
    return reject<UnsupportedOperation>("a value scalar evolution cannot "
                                        "compute");
  }
  llvm_unreachable("unknown SCEV kind");
}

} // namespace commcost
