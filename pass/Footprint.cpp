// Footprints of accesses (see Footprint.h): walking the loops around an
// access, the guaranteed placement of its first byte, and the footprint of
// a layout repeated along the loops.
#include "Footprint.h"
#include "HoistLoads.h"
#include "Reasons.h"
#include "Tiles.h"
#include "ValueExprs.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryBuiltins.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace commcost {

Layout Layout::contiguous(Expr Bytes, std::string ElemName,
                          uint64_t ElemBytes) {
  Layout L;
  L.BlockBytes = Bytes;
  L.DataBytes = Bytes;
  L.Extent = Bytes;
  L.Offset = Expr::constant(0);
  L.ElemName = std::move(ElemName);
  L.ElemBytes = ElemBytes;
  return L;
}

std::string perIterationOf(const LoopWalk &W) {
  return W.PerIterationOf ? loopName(*W.PerIterationOf) : "";
}

/// Adds conditions found innermost first to W's, outermost first, where
/// W has no condition of the same text (two tests of one value).
static void addConditions(LoopWalk &W,
                          const std::vector<LoopWalk::Condition> &Found,
                          bool AtEnd) {
  std::vector<LoopWalk::Condition> New;
  for (auto It = Found.rbegin(); It != Found.rend(); ++It) {
    auto Same = [&](const LoopWalk::Condition &C) {
      return C.Text == It->Text;
    };
    if (none_of(W.Conditions, Same) && none_of(New, Same))
      New.push_back(*It);
  }
  W.Conditions.insert(AtEnd ? W.Conditions.end() : W.Conditions.begin(),
                      New.begin(), New.end());
}

std::string loopName(const Loop &L) {
  if (const DILocation *Loc = L.getStartLoc().get())
    return "the loop at line " + std::to_string(Loc->getLine());
  return "the loop '" + L.getHeader()->getName().str() + "'";
}

bool runsBefore(const Instruction &A, const Instruction &B,
                const AnalysisContext &Ctx) {
  if (A.getFunction() == Ctx.DT.getRoot()->getParent() &&
      B.getFunction() == A.getFunction())
    return Ctx.DT.dominates(&A, &B);
  return A.getParent() == B.getParent() && A.comesBefore(&B);
}

/// The block of L that stands for Block: Block itself, or the preheader of
/// the child loop of L that contains it.
static const BasicBlock *representative(const Loop &L, const BasicBlock &Block,
                                        const LoopInfo &LI) {
  const Loop *Inner = LI.getLoopFor(&Block);
  if (Inner == &L)
    return &Block;
  while (Inner->getParentLoop() != &L)
    Inner = Inner->getParentLoop();
  if (const BasicBlock *Pre = Inner->getLoopPreheader())
    return Pre;
  return Inner->getHeader();
}

/// Whether leaving a loop into Exit ends the program: Exit reaches, by
/// unconditional branches, a block that ends in unreachable (after exit(),
/// abort() or MPI_Abort).
static bool endsProgram(const BasicBlock *Exit) {
  for (int Steps = 0; Exit && Steps < 4; ++Steps) {
    if (isa<UnreachableInst>(Exit->getTerminator()))
      return true;
    Exit = Exit->getUniqueSuccessor();
  }
  return false;
}

/// L's exiting block: the only one, or the only one whose exits the
/// program continues after (OSU's MPI_CHECK leaves every loop by exit(1)
/// on an error code too). The counts are those of a run that goes on.
static BasicBlock *exitingBlock(const Loop &L) {
  if (BasicBlock *Only = L.getExitingBlock())
    return Only;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  BasicBlock *Continuing = nullptr;
  for (BasicBlock *B : Exiting)
    for (const BasicBlock *Succ : successors(B))
      if (!L.contains(Succ) && !endsProgram(Succ)) {
        if (Continuing && Continuing != B)
          return nullptr;
        Continuing = B;
      }
  return Continuing;
}

std::optional<ExitTest> exitTest(const Loop &L, const BasicBlock *Exiting,
                                 ScalarEvolution &SE) {
  auto *Br = Exiting ? dyn_cast<BranchInst>(Exiting->getTerminator()) : nullptr;
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition())
                                        : nullptr;
  if (!Cmp)
    return std::nullopt;
  return ExitTest{L.contains(Br->getSuccessor(0)) ? Cmp->getPredicate()
                                                  : Cmp->getInversePredicate(),
                  SE.getSCEV(Cmp->getOperand(0)),
                  SE.getSCEV(Cmp->getOperand(1))};
}

/// How often L's backedge is taken in a run that does not end in L.
static const SCEV *backedgesTaken(const Loop &L, ScalarEvolution &SE) {
  const SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  if (!isa<SCEVCouldNotCompute>(Backedges) || L.getExitingBlock())
    return Backedges;
  if (BasicBlock *Exiting = exitingBlock(L))
    return SE.getExitCount(&L, Exiting);
  return Backedges;
}

Expected<const SCEV *> executionsPerEntry(const Loop &L,
                                          const BasicBlock &Block,
                                          const AnalysisContext &Ctx) {
  ScalarEvolution &SE = Ctx.SE;
  const SCEV *Backedges = backedgesTaken(L, SE);
  if (isa<SCEVCouldNotCompute>(Backedges))
    return reject<UnknownTripCount>(loopName(L));
  const BasicBlock *Exiting = exitingBlock(L);
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Exiting || !Latch)
    return reject<MultipleExits>(loopName(L));
  // A block that not every iteration reaches runs at most as often as its
  // nearest dominator that every iteration reaches (noteConditions says
  // under which condition).
  const DomTreeNode *Node = Ctx.DT.getNode(representative(L, Block, Ctx.LI));
  while (!Ctx.DT.dominates(Node->getBlock(), Latch))
    Node = Node->getIDom();
  const BasicBlock *Rep = Node->getBlock();
  Type *I64 = Type::getInt64Ty(Block.getContext());
  // Blocks before the exit test run once more than the backedge is taken;
  // blocks after it (a loop that tests at its header) exactly as often.
  if (Ctx.DT.dominates(Rep, Exiting))
    return SE.getTripCountFromExitCount(Backedges, I64, &L);
  return SE.getNoopOrZeroExtend(Backedges, I64);
}

namespace {
/// Moves sign and zero extensions of add-recurrences inside them. Subscripts
/// are C int arithmetic, whose overflow is undefined, so i*m + c with int i
/// and m does not wrap; scalar evolution cannot prove that on its own and
/// would otherwise keep sext(i*m + c) opaque. A zero extension is what
/// clang emits for a subscript it knows to be non-negative, where it equals
/// the sign extension; so steps and negative constants, which are signed
/// quantities inside a non-negative value, are always sign-extended (a loop
/// counting down has step -1, not 2^32 - 1).
struct NoWrapSubscripts : SCEVRewriteVisitor<NoWrapSubscripts> {
  using SCEVRewriteVisitor::SCEVRewriteVisitor;

  const SCEV *extend(const SCEV *S, Type *Ty, bool Signed) {
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->isAffine())
      return SE.getAddRecExpr(extend(AR->getStart(), Ty, Signed),
                              extend(AR->getStepRecurrence(SE), Ty, true),
                              AR->getLoop(), SCEV::FlagAnyWrap);
    if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
      SmallVector<const SCEV *, 4> Ops;
      for (const SCEV *Op : Add->operands())
        Ops.push_back(extend(Op, Ty, Signed));
      return SE.getAddExpr(Ops);
    }
    if (const auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
      SmallVector<const SCEV *, 4> Ops;
      for (const SCEV *Op : Mul->operands())
        Ops.push_back(extend(Op, Ty, Signed));
      return SE.getMulExpr(Ops);
    }
    if (const auto *C = dyn_cast<SCEVConstant>(S);
        C && C->getAPInt().isNegative())
      Signed = true;
    return Signed ? SE.getSignExtendExpr(S, Ty) : SE.getZeroExtendExpr(S, Ty);
  }
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return extend(visit(E->getOperand()), E->getType(), true);
  }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    return extend(visit(E->getOperand()), E->getType(), false);
  }
};
} // namespace

/// SCEV leaves a header phi of L unknown when the value it takes on the
/// backedge comes out of an inner loop: a running counter, buf[pos++] in
/// an inner loop. It is {Start,+,Step}<L> when that value, at L's scope, is
/// the phi plus a Step invariant in L. A counter that runs through several
/// loops (miniAMR's n++ in the loops over m, j and k) comes out of an inner
/// loop whose own phi is such a counter: the phis of L's inner loops are
/// rewritten first (IncludeL false).
namespace {
struct RunningCounters : SCEVRewriteVisitor<RunningCounters> {
  RunningCounters(ScalarEvolution &SE, const LoopInfo &LI, const Loop &L,
                  bool IncludeL = true)
      : SCEVRewriteVisitor(SE), LI(LI), L(L), IncludeL(IncludeL) {}
  const LoopInfo &LI;
  const Loop &L;
  bool IncludeL;

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *Phi = dyn_cast<PHINode>(U->getValue());
    const Loop *P = Phi ? LI.getLoopFor(Phi->getParent()) : nullptr;
    if (!P || P->getHeader() != Phi->getParent() ||
        !(P == &L ? IncludeL : L.contains(P)))
      return U;
    BasicBlock *Latch = P->getLoopLatch(), *Pre = P->getLoopPreheader();
    if (!Latch || !Pre || Phi->getNumIncomingValues() != 2 ||
        !SE.isSCEVable(Phi->getType()))
      return U;
    const SCEV *Back = SE.getSCEVAtScope(
        RunningCounters(SE, LI, *P, /*IncludeL=*/false)
            .visit(SE.getSCEV(Phi->getIncomingValueForBlock(Latch))),
        P);
    if (isa<SCEVCouldNotCompute>(Back))
      return U;
    const SCEV *Step = SE.getMinusSCEV(Back, U);
    // Pointers of different bases have no difference.
    if (isa<SCEVCouldNotCompute>(Step) || !SE.isLoopInvariant(Step, P))
      return U;
    return SE.getAddRecExpr(SE.getSCEV(Phi->getIncomingValueForBlock(Pre)),
                            Step, P, SCEV::FlagAnyWrap);
  }
};
} // namespace

/// Why an address that is no add-recurrence of L varies in L, naming the
/// value it depends on where one is to blame.
static Error notAffine(const SCEV *A, const Loop &L) {
  const Instruction *Culprit = nullptr;
  SCEVExprContains(A, [&](const SCEV *S) {
    if (const auto *U = dyn_cast<SCEVUnknown>(S))
      if (const auto *I = dyn_cast<Instruction>(U->getValue());
          I && L.contains(I) && (isa<LoadInst>(I) || isa<CallBase>(I)))
        Culprit = I;
    return Culprit != nullptr;
  });
  std::string Why;
  if (const auto *Call = dyn_cast_or_null<CallBase>(Culprit)) {
    if (const Function *F = Call->getCalledFunction())
      Why = "it is computed by a call to " + demangle(F->getName().str()) +
            " in the loop (accessors are inlined only above -O0)";
    else // LULESH's (domain.*src)(i): which accessor runs is data
      Why = "it is computed by an indirect call in the loop (through a "
            "function pointer or pointer to member, whose target the "
            "analysis does not know)";
  } else if (Culprit) {
    Why = "it depends on a pointer loaded in the loop (such as a "
          "container's data pointer, which a store in the loop might "
          "change); load it before the loop, e.g. with .data()";
  }
  return reject<NonAffineAddress>(loopName(L), Why);
}

/// 1 when Pitch is the extent of the dimension last taken into W (whose
/// pitch was made positive), -1 when it is its negation, else 0.
static int signAlongInnerDimension(const LoopWalk &W, const Expr &Pitch) {
  if (W.Moving.empty())
    return 0;
  const SymbolicDim &Inner = W.Moving.back();
  Expr Extent = Inner.Count * Inner.Pitch;
  auto IsZero = [](const Expr &E) {
    return E.isConstant() && E.constantValue() == 0;
  };
  return IsZero(Pitch - Extent) ? 1 : IsZero(Pitch + Extent) ? -1 : 0;
}

ExprTranslator translator(const AnalysisContext &Ctx,
                          const Loop *PerIteration) {
  ExprTranslator T(&Ctx.SE, Ctx.Facts, &Ctx.DT);
  if (PerIteration)
    T.namePerIterationOf(Ctx.LI, PerIteration);
  return T;
}

/// Takes one loop L out of the address A of walk W: Count iterations of it,
/// Trips of them in all when known (a loop walking down then starts its
/// footprint at its last iteration's address), OrderCount of them in a row
/// when that is fewer (a tile loop's tile). NegatedStep, when given, is the
/// step's negation, known to be positive.
static Error takeLoop(LoopWalk &W, const SCEV *&A, const Loop &L,
                      const Expr &Count, const SCEV *Trips, const Loop *StopAt,
                      const AnalysisContext &Ctx,
                      const SCEV *NegatedStep = nullptr,
                      const Expr *OrderCount = nullptr) {
  ScalarEvolution &SE = Ctx.SE;
  const auto *AR = dyn_cast<SCEVAddRecExpr>(A);
  if (!AR || AR->getLoop() != &L) {
    if (!SE.isLoopInvariant(A, &L))
      return notAffine(A, L);
    W.StillExecutions = W.StillExecutions * Count;
    return Error::success();
  }
  if (!AR->isAffine())
    return reject<NonAffineAddress>(loopName(L), "");
  const SCEV *Step = AR->getStepRecurrence(SE);
  for (const Loop *O = L.getParentLoop(); O && O != W.PerIterationOf;
       O = O->getParentLoop()) {
    if (!SE.isLoopInvariant(Step, O))
      return reject<VaryingLoopBound>("stride", loopName(L), loopName(*O), O);
    if (O == StopAt)
      break;
  }
  const SCEV *Start = AR->getStart();
  if (NegatedStep || SE.isKnownNegative(Step)) {
    Step = NegatedStep ? NegatedStep : SE.getNegativeSCEV(Step);
    if (Trips)
      Start = SE.getMinusSCEV(
          Start, SE.getMulExpr(SE.getTruncateOrSignExtend(
                                   SE.getMinusSCEV(Trips, SE.getOne(
                                                              Trips->getType())),
                                   Step->getType()),
                               Step));
    uint64_t Pow2 = uint64_t(1) << std::min(63u, SE.getMinTrailingZeros(Step));
    W.StepAlign = W.StepAlign ? std::min(W.StepAlign, Pow2) : Pow2;
  }
  auto Pitch = translator(Ctx, W.PerIterationOf).scev(Step);
  if (!Pitch)
    return withContext(Pitch.takeError(), "the stride in " + loopName(L));
  // A symbolic stride such as -8*ld walks down when its variables, sizes,
  // are not negative; one whose sign depends on them is not analysed,
  // unless it continues the dimension inside (a running counter's stride
  // is the inner loop's trip count, max(ks, ke + 1) - ks): then it has
  // that dimension's direction, and is 0 only when that dimension, and so
  // the footprint, is empty.
  int Sign = signAlongInnerDimension(W, *Pitch);
  switch (Sign ? Sign : signForNonNegativeVariables(*Pitch)) {
  case 1:
    break;
  case -1:
    return takeLoop(W, A, L, Count, Trips, StopAt, Ctx,
                    SE.getNegativeSCEV(Step), OrderCount);
  default:
    return reject<NonAffineAddress>(
        loopName(L), "the sign of its stride " + Pitch->str() +
                         " depends on the values of its variables");
  }
  W.Moving.push_back({Count, *Pitch});
  W.Order.push_back({OrderCount ? *OrderCount : Count, *Pitch});
  A = Start;
  return Error::success();
}

/// Takes Outer, the loop stepping by the tile of a tile loop already taken
/// (Tiles.h), out of the address A of walk W: its iterations are in the
/// tile loop's range, so it adds a dimension to W's order only, Tiles
/// repetitions of the tile, which A must move by: Size times the tile
/// loop's step, TileStep (null: A did not move in the tile loop, nor may
/// it in Outer).
static Error takeTiles(LoopWalk &W, const SCEV *&A, const Loop &Outer,
                       const Expr &Tiles, const SCEV *Size,
                       const SCEV *TileStep, const AnalysisContext &Ctx) {
  ScalarEvolution &SE = Ctx.SE;
  if (SE.isLoopInvariant(A, &Outer) && !TileStep)
    return Error::success();
  const auto *AR = dyn_cast<SCEVAddRecExpr>(A);
  if (!AR || AR->getLoop() != &Outer || !AR->isAffine())
    return notAffine(A, Outer);
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!TileStep ||
      Step != SE.getMulExpr(SE.getTruncateOrSignExtend(Size, Step->getType()),
                            TileStep))
    return reject<NonAffineAddress>(
        loopName(Outer), "it does not move by the tile of the loop inside");
  auto Pitch = translator(Ctx, W.PerIterationOf).scev(Step);
  if (!Pitch)
    return withContext(Pitch.takeError(), "the stride in " + loopName(Outer));
  W.Order.push_back({Tiles, magnitudeForNonNegativeVariables(*Pitch)});
  A = AR->getStart();
  return Error::success();
}

static const char *comparisonSymbol(CmpInst::Predicate P) {
  switch (P) {
  case CmpInst::ICMP_EQ:
    return "==";
  case CmpInst::ICMP_NE:
    return "!=";
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT:
    return "<";
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE:
    return "<=";
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
    return ">";
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    return ">=";
  default:
    return nullptr;
  }
}

/// A branch condition as a user reads it ("rank > 0"), for the edge taken
/// when it is OnTrue.
static std::string describeCondition(Value *Cond, bool OnTrue,
                                     const Instruction &Branch,
                                     const AnalysisContext &Ctx) {
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
    CmpInst::Predicate P =
        OnTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
    ExprTranslator T(&Ctx.SE, Ctx.Facts, &Ctx.DT);
    auto L = T.value(Cmp->getOperand(0));
    auto R = L ? T.value(Cmp->getOperand(1)) : Expected<Expr>(L.takeError());
    if (R && comparisonSymbol(P))
      return L->str() + " " + comparisonSymbol(P) + " " + R->str();
    if (!R)
      consumeError(R.takeError());
  }
  std::string Where = "a condition";
  if (const DILocation *Loc = Branch.getDebugLoc().get())
    Where = "the condition at line " + std::to_string(Loc->getLine());
  return Where + (OnTrue ? " holds" : " does not hold");
}

/// The cases of a switch in D that lead to Rep, when some do not: the
/// condition under which Rep runs, as a user reads it ("l == 0 or l == 1",
/// a fall-through included; "code != 2" for the default), else nothing.
static std::optional<std::string> switchCondition(const SwitchInst &SI,
                                                  const BasicBlock &Rep,
                                                  const AnalysisContext &Ctx) {
  // Paths that come back through the switch take another case.
  SmallPtrSet<BasicBlock *, 1> Again{const_cast<BasicBlock *>(SI.getParent())};
  auto Reaches = [&](const BasicBlock *From) {
    return From != SI.getParent() &&
           isPotentiallyReachable(From, &Rep, &Again, &Ctx.DT, &Ctx.LI);
  };
  std::vector<std::string> Taken, NotTaken;
  ExprTranslator T(&Ctx.SE, Ctx.Facts, &Ctx.DT);
  auto Name = T.value(SI.getCondition());
  std::string X;
  if (Name) {
    X = Name->str();
  } else {
    consumeError(Name.takeError());
    X = "the value the switch";
    if (const DILocation *Loc = SI.getDebugLoc().get())
      X += " at line " + std::to_string(Loc->getLine());
    X += " tests";
  }
  for (const auto &Case : SI.cases())
    (Reaches(Case.getCaseSuccessor()) ? Taken : NotTaken)
        .push_back(std::to_string(Case.getCaseValue()->getSExtValue()));
  if (NotTaken.empty() && Reaches(SI.getDefaultDest()))
    return std::nullopt;
  std::string Text;
  if (Reaches(SI.getDefaultDest())) {
    for (const std::string &V : NotTaken)
      Text += (Text.empty() ? "" : " and ") + X + " != " + V;
  } else {
    for (const std::string &V : Taken)
      Text += (Text.empty() ? "" : " or ") + X + " == " + V;
    if (Taken.size() > 1)
      Text = "(" + Text + ")";
  }
  return Text;
}

/// Whether a condition has the same value in every iteration of L.
static bool invariantIn(Value *Cond, const Loop &L, ScalarEvolution &SE) {
  if (L.isLoopInvariant(Cond))
    return true;
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  return Cmp && all_of(Cmp->operands(), [&](Value *Op) {
           return L.isLoopInvariant(Op) ||
                  (SE.isSCEVable(Op->getType()) &&
                   SE.isLoopInvariant(SE.getSCEV(Op), &L));
         });
}

void noteConditions(const Loop &L, const BasicBlock &Block,
                    const AnalysisContext &Ctx, LoopWalk &W,
                    const Loop *StopAt) {
  const BasicBlock *Rep = representative(L, Block, Ctx.LI);
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || Ctx.DT.dominates(Rep, Latch))
    return;
  // The branches in L that decide whether Rep runs: those on its dominator
  // path one of whose edges dominates it; a test whose other edge leaves
  // the loop is the loop's own.
  std::vector<LoopWalk::Condition> Found;
  bool Varying = false;
  for (auto *N = Ctx.DT.getNode(Rep); N && N->getIDom(); N = N->getIDom()) {
    const BasicBlock *D = N->getIDom()->getBlock();
    if (!L.contains(D))
      break;
    if (auto *SI = dyn_cast<SwitchInst>(D->getTerminator())) {
      if (auto Text = switchCondition(*SI, *Rep, Ctx)) {
        bool Invariant = true;
        for (const Loop *O = &L; O && O != StopAt; O = O->getParentLoop())
          Invariant &= invariantIn(SI->getCondition(), *O, Ctx.SE);
        if (Invariant) {
          Found.push_back({*Text, SI->getCondition()});
        } else if (!Varying) {
          Varying = true;
          W.VaryingCondition = *Text + " (in " + loopName(L) + ")";
        }
      }
      continue;
    }
    auto *Br = dyn_cast<BranchInst>(D->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (unsigned S = 0; S < 2; ++S) {
      BasicBlockEdge Edge(D, Br->getSuccessor(S));
      if (!L.contains(Br->getSuccessor(1 - S)) ||
          !Ctx.DT.dominates(Edge, Rep))
        continue;
      std::string Text =
          describeCondition(Br->getCondition(), S == 0, *Br, Ctx);
      // Exact only if the condition is the same in every iteration of
      // every loop walked, not just of L.
      bool Invariant = true;
      for (const Loop *O = &L; O && O != StopAt; O = O->getParentLoop())
        Invariant &= invariantIn(Br->getCondition(), *O, Ctx.SE);
      if (Invariant) {
        Found.push_back({Text, Br->getCondition()});
      } else if (!Varying) {
        Varying = true;
        W.VaryingCondition = Text + " (in " + loopName(L) + ")";
      }
    }
  }
  if (Varying || Found.empty()) {
    W.SomeIterations = true;
    if (W.VaryingCondition.empty())
      W.VaryingCondition = "a branch in " + loopName(L);
    return;
  }
  addConditions(W, Found, /*AtEnd=*/true);
}

/// Whether Cond compares only values that L's trip count is made of: then
/// it is L's own test whether it runs at all (clang's guard before a rotated
/// loop), whose failure the trip count already says.
static bool testsTripCountOnly(Value *Cond, const Loop &L,
                               ScalarEvolution &SE) {
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  const SCEV *Count = backedgesTaken(L, SE);
  if (!Cmp || isa<SCEVCouldNotCompute>(Count))
    return false;
  auto ValuesOf = [](const SCEV *S) {
    SmallPtrSet<const Value *, 4> Values;
    SCEVExprContains(S, [&](const SCEV *X) {
      if (const auto *U = dyn_cast<SCEVUnknown>(X))
        Values.insert(U->getValue());
      return false;
    });
    return Values;
  };
  SmallPtrSet<const Value *, 4> CountValues = ValuesOf(Count);
  bool Any = false;
  for (Value *Op : Cmp->operands()) {
    if (!SE.isSCEVable(Op->getType()))
      return false;
    for (const Value *V : ValuesOf(SE.getSCEV(Op))) {
      if (!CountValues.contains(V))
        return false;
      Any = true;
    }
  }
  return Any;
}

/// The branches of the function body, outside every loop, that decide
/// whether Block (or the outermost loop around it) runs in a call: each is
/// evaluated once per call, so the site's counts hold exactly when they do.
/// A branch taken when a conjunction holds gives one condition per term; a
/// test in a loop that Block follows (one exit of several) makes maxima.
static void noteBodyConditions(const BasicBlock &Block,
                               const AnalysisContext &Ctx, LoopWalk &W) {
  const BasicBlock *Rep = &Block;
  const Loop *Outer = Ctx.LI.getLoopFor(&Block);
  if (Outer) {
    Outer = Outer->getOutermostLoop();
    Rep = Outer->getLoopPreheader() ? Outer->getLoopPreheader()
                                    : Outer->getHeader();
  }
  std::vector<LoopWalk::Condition> Found;
  for (auto *N = Ctx.DT.getNode(Rep); N && N->getIDom(); N = N->getIDom()) {
    const BasicBlock *D = N->getIDom()->getBlock();
    if (auto *SI = dyn_cast<SwitchInst>(D->getTerminator())) {
      if (auto Text = switchCondition(*SI, *Rep, Ctx)) {
        if (Ctx.LI.getLoopFor(D)) {
          // A switch in a loop that Block follows: per iteration, not once
          // per call.
          W.SomeIterations = true;
          if (W.VaryingCondition.empty())
            W.VaryingCondition = *Text;
        } else {
          Found.push_back({*Text, SI->getCondition()});
        }
      }
      continue;
    }
    auto *Br = dyn_cast<BranchInst>(D->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (unsigned S = 0; S < 2; ++S) {
      if (!Ctx.DT.dominates(BasicBlockEdge(D, Br->getSuccessor(S)), Rep))
        continue;
      SmallVector<Value *, 2> Terms{Br->getCondition()};
      Value *A, *B;
      using namespace PatternMatch;
      if (S == 0 &&
          match(Br->getCondition(), m_LogicalAnd(m_Value(A), m_Value(B))))
        Terms = {A, B};
      // A block after a loop: its one exit is no condition; a block that
      // one of several exits leads to runs when a test inside the loop,
      // not once per call, holds.
      if (const Loop *In = Ctx.LI.getLoopFor(D)) {
        In = In->getOutermostLoop();
        if (In->getExitingBlock() == D)
          continue;
        W.SomeIterations = true;
        if (W.VaryingCondition.empty())
          W.VaryingCondition =
              describeCondition(Br->getCondition(), S == 0, *Br, Ctx) +
              " (in " + loopName(*In) + ")";
        continue;
      }
      for (Value *T : Terms)
        if (!(Outer && S == 0 && testsTripCountOnly(T, *Outer, Ctx.SE)))
          Found.push_back({describeCondition(T, S == 0, *Br, Ctx), T});
    }
  }
  addConditions(W, Found, /*AtEnd=*/false);
}

void keepConditionsInvariantIn(LoopWalk &W, const Loop &L,
                               const AnalysisContext &Ctx) {
  auto Varies = [&](const LoopWalk::Condition &C) {
    return C.Value && !invariantIn(C.Value, L, Ctx.SE);
  };
  auto First = find_if(W.Conditions, Varies);
  if (First == W.Conditions.end())
    return;
  W.SomeIterations = true;
  if (W.VaryingCondition.empty())
    W.VaryingCondition = First->Text + " (in " + loopName(L) + ")";
  erase_if(W.Conditions, Varies);
}

namespace {
/// A trip count as a SCEV (for invariance checks and for walking down) and
/// as an expression.
struct TripCount {
  const SCEV *Count;
  Expr Value;
};
} // namespace

/// The trip count of a loop whose counter moves by a symbolic step, which
/// scalar evolution leaves uncomputed (a step of 0 would not end): for
/// i = C0; i < D; i += S, ceildiv(D - C0, S) iterations. The step is taken
/// to be positive, as sizes are.
static Expected<TripCount> symbolicStepTrips(const Loop &L,
                                             const BasicBlock &Block,
                                             const AnalysisContext &Ctx) {
  ScalarEvolution &SE = Ctx.SE;
  BasicBlock *Exiting = exitingBlock(L);
  auto Test = exitTest(L, Exiting, SE);
  if (!Test || !L.getLoopLatch())
    return reject<UnknownTripCount>(loopName(L));
  if (!isa<SCEVAddRecExpr>(Test->Lhs))
    *Test = Test->swapped();
  auto [Continue, Lhs, Rhs] = *Test;
  const auto *IV = dyn_cast<SCEVAddRecExpr>(Lhs);
  bool Inclusive = Continue == ICmpInst::ICMP_SLE ||
                   Continue == ICmpInst::ICMP_ULE;
  if (!IV || IV->getLoop() != &L || !IV->isAffine() ||
      !SE.isLoopInvariant(Rhs, &L) ||
      !(Inclusive || Continue == ICmpInst::ICMP_SLT ||
        Continue == ICmpInst::ICMP_ULT) ||
      SE.isKnownNonPositive(IV->getStepRecurrence(SE)))
    return reject<UnknownTripCount>(loopName(L));
  const BasicBlock *Rep = representative(L, Block, Ctx.LI);
  // Tested before the body (at the header), the counter's first value is
  // tested first; tested after it (at the latch), the body has run once.
  bool TestedAfter = Exiting == L.getLoopLatch() && Exiting != L.getHeader();
  if (!TestedAfter && Rep == Exiting)
    return reject<UnknownTripCount>(loopName(L));
  Type *I64 = Type::getInt64Ty(Block.getContext());
  const SCEV *C0 = SE.getNoopOrSignExtend(IV->getStart(), I64);
  const SCEV *Step = SE.getNoopOrSignExtend(IV->getStepRecurrence(SE), I64);
  const SCEV *Bound = SE.getNoopOrSignExtend(Rhs, I64);
  const SCEV *One = SE.getOne(I64);
  const SCEV *Span = SE.getMinusSCEV(Bound, C0);
  if (Inclusive)
    Span = SE.getAddExpr(Span, One);
  const SCEV *Count = SE.getUDivExpr(
      SE.getAddExpr(Span, SE.getMinusSCEV(Step, One)), Step);
  ExprTranslator T(&SE, Ctx.Facts, &Ctx.DT);
  auto D = T.scev(Bound);
  auto Start = D ? T.scev(C0) : Expected<Expr>(D.takeError());
  auto S = Start ? T.scev(Step) : Expected<Expr>(Start.takeError());
  if (!S)
    return withContext(S.takeError(), "the trip count of " + loopName(L));
  Expr Value = Expr::ceilDiv(*D - *Start + Expr::constant(Inclusive),
                             *S);
  if (TestedAfter) {
    Count = SE.getAddExpr(Count, One);
    Value = Value + Expr::constant(1);
  }
  return TripCount{Count, Value};
}

/// Whether neither scalar evolution nor the counter's test gives L's trip
/// count.
static bool tripsUnknown(const Loop &L, const BasicBlock &Block,
                         const AnalysisContext &Ctx) {
  if (!isa<SCEVCouldNotCompute>(backedgesTaken(L, Ctx.SE)))
    return false;
  auto Symbolic = symbolicStepTrips(L, Block, Ctx);
  if (Symbolic)
    return false;
  consumeError(Symbolic.takeError());
  return true;
}

/// How often Block runs per entry into L, from scalar evolution or, for a
/// symbolic step it does not compute, from the counter's test. The count
/// must not change with L's outer loops up to and including StopAt, whose
/// iterations multiply it (a superstep's split loop).
static Expected<TripCount> tripCount(const Loop &L, const BasicBlock &Block,
                                     const Loop *StopAt,
                                     const AnalysisContext &Ctx,
                                     const Loop *PerIteration) {
  auto Invariant = [&](const SCEV *Count) -> Error {
    for (const Loop *O = L.getParentLoop(); O && O != PerIteration;
         O = O->getParentLoop()) {
      // A walk out of the function's loops ends at a loop whose trip count
      // is unknown (walkLoops): the count need not be the same in each of
      // its iterations, only within one.
      if (!StopAt && tripsUnknown(*O, Block, Ctx))
        break;
      if (!Ctx.SE.isLoopInvariant(Count, O))
        return reject<VaryingLoopBound>("trip count", loopName(L),
                                        loopName(*O), O);
      if (O == StopAt)
        break;
    }
    return Error::success();
  };
  auto Trips = executionsPerEntry(L, Block, Ctx);
  if (!Trips) {
    Reason Why = takeReason(Trips.takeError());
    if (Why->kind() != RejectKind::UnknownTripCount)
      return make_error<RejectionError>(Why);
    auto Symbolic = symbolicStepTrips(L, Block, Ctx);
    if (!Symbolic) {
      consumeError(Symbolic.takeError());
      return make_error<RejectionError>(Why);
    }
    if (Error E = Invariant(Symbolic->Count))
      return std::move(E);
    return *Symbolic;
  }
  if (Error E = Invariant(*Trips))
    return std::move(E);
  auto Value = translator(Ctx, PerIteration).scev(*Trips);
  if (!Value)
    return withContext(Value.takeError(), "the trip count of " + loopName(L));
  return TripCount{*Trips, *Value};
}

/// Notes in W the loads in S (a trip count, an address) that an analysis-
/// only copy hoisted out of a loop that may change them (HoistLoads.h):
/// the counts hold when it does not.
static void noteAssumedBounds(const SCEV *S, const AnalysisContext &Ctx,
                              LoopWalk &W) {
  struct Finder {
    std::vector<const LoadInst *> Loads;
    bool follow(const SCEV *S) {
      if (const auto *U = dyn_cast<SCEVUnknown>(S))
        if (const auto *L = dyn_cast<LoadInst>(U->getValue());
            L && assumedInvariantIn(*L))
          Loads.push_back(L);
      return true;
    }
    bool isDone() const { return false; }
  } F;
  visitAll(S, F);
  std::vector<LoopWalk::Condition> Found;
  for (const LoadInst *L : F.Loads)
    Found.push_back({sourceNameOf(L, Ctx.Facts).value_or("a pointer") +
                         " is not changed by " + *assumedInvariantIn(*L),
                     nullptr});
  addConditions(W, Found, /*AtEnd=*/true);
}

/// The pointer loaded in L that A starts at, at an offset L does not move
/// (a row of bp->array[m][i][j][k] in the loop over j), or null.
static const LoadInst *pointerLoadedIn(const SCEV *A, const Loop &L,
                                       ScalarEvolution &SE) {
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(A));
  const auto *Load = Base ? dyn_cast<LoadInst>(Base->getValue()) : nullptr;
  if (!Load || !L.contains(Load) ||
      !SE.isLoopInvariant(SE.getMinusSCEV(A, Base), &L))
    return nullptr;
  return Load;
}

/// Whether L changes the address Load reads (through the pointers it is
/// loaded through): else each iteration loads the same pointer again.
static bool readsAnotherPointerIn(const LoadInst &Load, const Loop &L,
                                  ScalarEvolution &SE) {
  const SCEV *P = SE.getSCEV(const_cast<Value *>(Load.getPointerOperand()));
  if (SE.isLoopInvariant(P, &L))
    return false;
  if (const LoadInst *Inner = pointerLoadedIn(P, L, SE))
    return readsAnotherPointerIn(*Inner, L, SE);
  return true;
}

Expected<LoopWalk> walkLoops(const SCEV *Address, const BasicBlock *Block,
                             const Loop *StopAt, const AnalysisContext &Ctx) {
  ScalarEvolution &SE = Ctx.SE;
  const Loop *PerIteration = Ctx.PerIteration;
  LoopWalk W;
  // The counts are per iteration of PerIteration: what changes with it
  // (or loops around it) is named as its value in one iteration.
  W.PerIterationOf = PerIteration;
  if (Address)
    noteAssumedBounds(Address, Ctx, W);
  const SCEV *A = Address ? NoWrapSubscripts(SE).visit(Address) : nullptr;
  // The loops stepping by the tile of a tile loop taken, with what they
  // add to the order: their tiles, the tile, and the tile loop's step.
  struct TiledBy {
    Expr Tiles;
    const SCEV *Size, *TileStep;
  };
  DenseMap<const Loop *, TiledBy> Tiled;
  for (const Loop *L = Ctx.LI.getLoopFor(Block); L && L != StopAt;
       L = L->getParentLoop()) {
    if (auto It = Tiled.find(L); It != Tiled.end()) {
      noteConditions(*L, *Block, Ctx, W, StopAt);
      // Rows loaded in the tile loop, or inside it, counted its range.
      if (A && !W.LoadedRows)
        if (Error E = takeTiles(W, A, *L, It->second.Tiles, It->second.Size,
                                It->second.TileStep, Ctx))
          return std::move(E);
      continue;
    }
    if (L == PerIteration) {
      // The buffer may move with it too (&recv[index[i]]): in one iteration
      // it starts at A, aligned as A's offset is.
      W.SizeVaries = true;
      noteConditions(*L, *Block, Ctx, W, L->getParentLoop());
      W.Start = A;
      return W;
    }
    auto Trips = tripCount(*L, *Block, StopAt, Ctx, PerIteration);
    std::optional<TileLoop> Tile;
    const Loop *TileVaries = nullptr;
    if (!Trips && (Tile = tileLoop(*L, *Block, StopAt, Ctx, TileVaries))) {
      consumeError(Trips.takeError());
      Trips = TripCount{Tile->Count, Tile->Value};
      // Its outer loop's iterations are in its count.
      if (Tile->Outer)
        Tiled[Tile->Outer] = {Tile->Tiles, Tile->Size, nullptr};
    } else if (!Trips && TileVaries) {
      consumeError(Trips.takeError());
      return reject<VaryingLoopBound>("trip count", loopName(*L),
                                      loopName(*TileVaries), TileVaries);
    }
    if (!Trips) {
      // What one iteration of a loop that runs an unknown number of times
      // does is still known; an access that moves in it (a search over
      // blocks copying bp->level) starts at A in that iteration.
      Reason Why = takeReason(Trips.takeError());
      if (StopAt || Why->kind() != RejectKind::UnknownTripCount)
        return make_error<RejectionError>(Why);
      // The same pointer loaded again in each iteration (a buffer whose
      // address escaped) is left to hoisting, which may give the whole loop.
      if (A && !SE.isLoopInvariant(A, L))
        if (const LoadInst *Row = pointerLoadedIn(A, *L, SE);
            Row && !readsAnotherPointerIn(*Row, *L, SE))
          return make_error<RejectionError>(Why);
      W.PerIterationOf = L;
      noteConditions(*L, *Block, Ctx, W, L->getParentLoop());
      W.Start = A;
      return W;
    }
    W.Executions = W.Executions * Trips->Value;
    noteAssumedBounds(Trips->Count, Ctx, W);
    noteConditions(*L, *Block, Ctx, W, StopAt);
    if (!A)
      continue;
    // A start at a pointer loaded in L: a row of its own per iteration
    // when L changes which pointer is loaded, else the same row again. Past
    // the first such loop, every loop the address moves in is one.
    const LoadInst *Row = nullptr;
    if (W.LoadedRows || !SE.isLoopInvariant(A, L)) {
      if (const auto *AR = dyn_cast<SCEVAddRecExpr>(A);
          !W.LoadedRows && (!AR || AR->getLoop() != L))
        A = NoWrapSubscripts(SE).visit(
            RunningCounters(SE, Ctx.LI, *L).visit(A));
      if (!isa<SCEVAddRecExpr>(A))
        Row = pointerLoadedIn(A, *L, SE);
    }
    if (Row && !readsAnotherPointerIn(*Row, *L, SE)) {
      W.StillExecutions = W.StillExecutions * Trips->Value;
      continue;
    }
    if (Row) {
      W.LoadedRows = W.LoadedRows ? *W.LoadedRows * Trips->Value : Trips->Value;
      if (!W.RowsLoadedIn)
        W.RowsLoadedIn = L;
      continue;
    }
    if (W.LoadedRows) {
      if (!SE.isLoopInvariant(A, L))
        return notAffine(A, *L);
      W.StillExecutions = W.StillExecutions * Trips->Value;
      continue;
    }
    if (Tile && Tile->Outer) {
      if (const auto *AR = dyn_cast<SCEVAddRecExpr>(A);
          AR && AR->getLoop() == L)
        Tiled[Tile->Outer].TileStep = AR->getStepRecurrence(SE);
      if (Error E = takeLoop(W, A, *L, Trips->Value, Trips->Count, StopAt, Ctx,
                             nullptr, &Tile->PerTile))
        return std::move(E);
      continue;
    }
    if (Error E = takeLoop(W, A, *L, Trips->Value, Trips->Count, StopAt, Ctx))
      return std::move(E);
  }
  if (!StopAt)
    noteBodyConditions(*Block, Ctx, W);
  W.Start = A;
  return W;
}

Error addLoopDimension(LoopWalk &W, const Loop &L, const Expr &Count,
                       const AnalysisContext &Ctx) {
  // Where one processor's part starts is not known; walking down, only its
  // step's alignment is.
  return takeLoop(W, W.Start, L, Count, nullptr, L.getParentLoop(), Ctx);
}

/// The alignment the program guarantees for a base pointer, or 0;
/// FromPointerType when only the pointer parameter's type says so.
static uint64_t guaranteedAlign(const Value *Base, const AnalysisContext &Ctx,
                                std::string &Note, bool &FromPointerType) {
  // A global's alignment is its own (and its users may be many).
  if (const auto *G = dyn_cast<GlobalVariable>(Base)) {
    Note = "'" + G->getName().str() + "' is aligned";
    return G->getPointerAlignment(Ctx.DL).value();
  }
  for (const User *U : Base->users()) {
    const auto *Assume = dyn_cast<AssumeInst>(U);
    if (!Assume)
      continue;
    for (unsigned I = 0, E = Assume->getNumOperandBundles(); I != E; ++I) {
      OperandBundleUse B = Assume->getOperandBundleAt(I);
      if (B.getTagName() == "align" && B.Inputs.size() >= 2 &&
          B.Inputs[0] == Base)
        if (const auto *C = dyn_cast<ConstantInt>(B.Inputs[1])) {
          Note = "__builtin_assume_aligned";
          return C->getZExtValue();
        }
    }
  }
  if (const auto *A = dyn_cast<AllocaInst>(Base)) {
    Note = "stack array";
    return A->getAlign().value();
  }
  if (const auto *Arg = dyn_cast<Argument>(Base)) {
    if (MaybeAlign Align = Arg->getParamAlign()) {
      Note = "parameter alignment";
      return Align->value();
    }
    // A double* parameter points to doubles, whatever it is cast to.
    if (const SourceParam *P = sourceParameter(*Arg, Ctx.Facts);
        P && P->PointeeAlign >= 1) {
      Note = "'" + P->Name + "' points to " + std::to_string(P->PointeeAlign) +
             "-byte aligned elements";
      FromPointerType = true;
      return P->PointeeAlign;
    }
  }
  const auto *Call = dyn_cast<CallBase>(Base);
  if (!Call || !Ctx.TLI)
    return 0;
  const Function *F = Call->getCalledFunction();
  LibFunc Func;
  if (!F || !Ctx.TLI->getLibFunc(*F, Func))
    return 0;
  const Value *AlignArg = getAllocAlignment(Call, Ctx.TLI);
  if (!AlignArg && (Func == LibFunc_aligned_alloc || Func == LibFunc_memalign))
    AlignArg = Call->getArgOperand(0);
  if (const auto *Align = dyn_cast_or_null<ConstantInt>(AlignArg)) {
    Note = F->getName().str();
    return Align->getZExtValue();
  }
  // malloc and the default operator new return memory aligned for any
  // fundamental type: the target's default new alignment, which the
  // frontend recorded.
  if (Ctx.Facts.HeapAlign && isAllocationFn(Call, Ctx.TLI)) {
    Note = F->getName().str() + " result";
    return Ctx.Facts.HeapAlign;
  }
  return 0;
}

Anchor anchorOf(const SCEV *Start, const Expr &ExtraOffset, uint64_t ElemAlign,
                uint64_t StepAlign, const AnalysisContext &Ctx) {
  ScalarEvolution &SE = Ctx.SE;
  const SCEV *Base = SE.getPointerBase(Start);
  const SCEV *Off = SE.getMinusSCEV(Start, Base);
  Anchor A;
  bool FromPointerType = false;
  if (const auto *U = dyn_cast<SCEVUnknown>(Base))
    A.BaseAlign =
        guaranteedAlign(U->getValue(), Ctx, A.BaseNote, FromPointerType);
  ElemAlign = std::max<uint64_t>(1, PowerOf2Ceil(ElemAlign));
  // A pointer's type says no more than its element's alignment does when
  // they agree; the note names the element then. A typed pointer of a
  // smaller alignment (a short * or a char * given with a datatype of
  // doubles) is what the program guarantees; a void pointer says nothing.
  bool TypedBelowElement = FromPointerType && A.BaseAlign < ElemAlign;
  if (!TypedBelowElement &&
      (A.BaseAlign < ElemAlign ||
       (FromPointerType && A.BaseAlign == ElemAlign))) {
    A.BaseAlign = ElemAlign;
    A.BaseNote = "element alignment";
  }
  const auto *C = dyn_cast<SCEVConstant>(Off);
  if (C && ExtraOffset.isConstant() && !StepAlign) {
    A.Offset = C->getAPInt().getSExtValue() + ExtraOffset.constantValue();
    return A;
  }
  uint64_t Align = A.BaseAlign;
  if (!Off->isZero())
    Align = std::min<uint64_t>(
        Align, uint64_t(1) << std::min(63u, SE.getMinTrailingZeros(Off)));
  if (!ExtraOffset.isConstant())
    Align = std::min(Align, ElemAlign);
  else if (int64_t X = ExtraOffset.constantValue())
    Align = MinAlign(Align, uint64_t(X));
  if (StepAlign)
    Align = std::min(Align, StepAlign);
  A.OffsetAlign = Align;
  return A;
}

Expected<Footprint> footprintOf(const Layout &L, const LoopWalk &W,
                                const AnalysisContext &Ctx,
                                uint64_t BufferAlign) {
  Footprint F;
  std::vector<SymbolicDim> Dims = L.Dims;
  F.AccessOrder = Dims;
  F.AccessOrder.insert(F.AccessOrder.end(), W.Order.begin(), W.Order.end());
  Dims.insert(Dims.end(), W.Moving.begin(), W.Moving.end());
  F.BlockBytes = L.BlockBytes;
  std::string Why;
  auto Slice = sliceOfRepeatedBlock(L.BlockBytes, std::move(Dims), F.Shape,
                                    Why, L.wholeBlock());
  if (!Slice)
    return reject<TooManyDimensions>(Why);
  F.Slice = *Slice;
  F.Pieces = L.Pieces;
  F.LongestPiece = L.LongestPiece;
  uint64_t ElemAlign = std::max<uint64_t>(
      BufferAlign, std::min<uint64_t>(16, llvm::bit_floor(L.ElemBytes)));
  F.Where = anchorOf(W.Start, L.Offset, ElemAlign, W.StepAlign, Ctx);
  F.Array = baseName(W.Start, Ctx);
  F.Touches = W.StillExecutions;
  if (W.LoadedRows) {
    F.LoadedRows = W.LoadedRows;
    F.Shape += " at each of " + W.LoadedRows->str() +
               " pointers loaded in " + loopName(*W.RowsLoadedIn);
  }
  return F;
}

std::string baseName(const SCEV *Start, const AnalysisContext &Ctx) {
  if (const auto *U = dyn_cast<SCEVUnknown>(Ctx.SE.getPointerBase(Start))) {
    if (auto Name = sourceNameOf(U->getValue(), Ctx.Facts))
      return *Name;
    // A data pointer loaded from a named object (an inlined container).
    if (const auto *Load = dyn_cast<LoadInst>(U->getValue()))
      if (auto Name = sourceNameOf(
              getUnderlyingObject(Load->getPointerOperand()), Ctx.Facts))
        return *Name;
    if (isa<AllocaInst>(U->getValue()))
      return "local array";
  }
  return "buffer";
}

} // namespace commcost
