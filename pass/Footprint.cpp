// Footprints of accesses: walking the loops around an access, the guaranteed
// placement of its first byte, and normalising to a SymbolicSlice.
#include "Footprint.h"
#include "SymbolicSCEV.h"

#include "commcost/Features.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

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

std::string loopName(const Loop &L) {
  if (const DILocation *Loc = L.getStartLoc().get())
    return "the loop at line " + std::to_string(Loc->getLine());
  return "the loop '" + L.getHeader()->getName().str() + "'";
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

const SCEV *executionsPerEntry(const Loop &L, const BasicBlock &Block,
                               const AnalysisContext &Ctx, std::string &Why) {
  ScalarEvolution &SE = Ctx.SE;
  const SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Backedges)) {
    Why = "the trip count of " + loopName(L) + " is unknown";
    return nullptr;
  }
  const BasicBlock *Exiting = L.getExitingBlock();
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Exiting || !Latch) {
    Why = loopName(L) + " has several exits";
    return nullptr;
  }
  const BasicBlock *Rep = representative(L, Block, Ctx.LI);
  if (!Ctx.DT.dominates(Rep, Latch)) {
    Why = "the access is conditional inside " + loopName(L);
    return nullptr;
  }
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
/// would otherwise keep sext(i*m + c) opaque.
struct NoWrapSubscripts : SCEVRewriteVisitor<NoWrapSubscripts> {
  using SCEVRewriteVisitor::SCEVRewriteVisitor;

  const SCEV *extend(const SCEV *S, Type *Ty, bool Signed) {
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->isAffine())
      return SE.getAddRecExpr(extend(AR->getStart(), Ty, Signed),
                              extend(AR->getStepRecurrence(SE), Ty, Signed),
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

/// Why an address that is no add-recurrence of L varies in L, naming the
/// value it depends on where one is to blame.
static std::string whyNotAffine(const SCEV *A, const Loop &L) {
  const Instruction *Culprit = nullptr;
  SCEVExprContains(A, [&](const SCEV *S) {
    if (const auto *U = dyn_cast<SCEVUnknown>(S))
      if (const auto *I = dyn_cast<Instruction>(U->getValue());
          I && L.contains(I) && (isa<LoadInst>(I) || isa<CallBase>(I)))
        Culprit = I;
    return Culprit != nullptr;
  });
  std::string Why =
      "the address is not an affine function of the counter of " +
      loopName(L);
  if (const auto *Call = dyn_cast_or_null<CallBase>(Culprit)) {
    const Function *F = Call->getCalledFunction();
    Why += ": it is computed by a call" +
           (F ? " to " + demangle(F->getName().str()) : std::string()) +
           " in the loop (accessors are inlined only above -O0)";
  } else if (Culprit) {
    Why += ": it depends on a pointer loaded in the loop (such as a "
           "container's data pointer, which a store in the loop might "
           "change); load it before the loop, e.g. with .data()";
  }
  return Why;
}

std::optional<LoopWalk> walkLoops(const SCEV *Address, const BasicBlock *Block,
                                  const Loop *StopAt,
                                  const AnalysisContext &Ctx,
                                  std::string &Why) {
  ScalarEvolution &SE = Ctx.SE;
  LoopWalk W;
  const SCEV *A = NoWrapSubscripts(SE).visit(Address);
  for (const Loop *L = Ctx.LI.getLoopFor(Block); L && L != StopAt;
       L = L->getParentLoop()) {
    const SCEV *Trips = executionsPerEntry(*L, *Block, Ctx, Why);
    if (!Trips)
      return std::nullopt;
    for (const Loop *O = L->getParentLoop(); O && O != StopAt;
         O = O->getParentLoop())
      if (!SE.isLoopInvariant(Trips, O)) {
        Why = "the trip count of " + loopName(*L) + " changes with " +
              loopName(*O);
        return std::nullopt;
      }
    auto TripExpr = exprFromSCEV(Trips, Ctx.Facts, Why);
    if (!TripExpr) {
      Why = "trip count of " + loopName(*L) + ": " + Why;
      return std::nullopt;
    }
    W.Executions = W.Executions * *TripExpr;

    const auto *AR = dyn_cast<SCEVAddRecExpr>(A);
    if (!AR || AR->getLoop() != L) {
      if (!SE.isLoopInvariant(A, L)) {
        Why = whyNotAffine(A, *L);
        return std::nullopt;
      }
      continue;
    }
    if (!AR->isAffine()) {
      Why = "the address is not an affine function of the counter of " +
            loopName(*L);
      return std::nullopt;
    }
    const SCEV *Step = AR->getStepRecurrence(SE);
    for (const Loop *O = L->getParentLoop(); O && O != StopAt;
         O = O->getParentLoop())
      if (!SE.isLoopInvariant(Step, O)) {
        Why = "the stride in " + loopName(*L) + " changes with " +
              loopName(*O);
        return std::nullopt;
      }
    const SCEV *Start = AR->getStart();
    if (SE.isKnownNegative(Step)) {
      // Walking down: the footprint starts at the last iteration's address.
      const SCEV *Last = SE.getMulExpr(
          SE.getTruncateOrSignExtend(SE.getMinusSCEV(Trips, SE.getOne(Trips->getType())),
                                     Step->getType()),
          Step);
      Start = SE.getAddExpr(Start, Last);
      Step = SE.getNegativeSCEV(Step);
      uint64_t Pow2 = uint64_t(1) << SE.getMinTrailingZeros(Step);
      W.StepAlign = W.StepAlign ? std::min(W.StepAlign, Pow2) : Pow2;
    }
    auto Pitch = exprFromSCEV(Step, Ctx.Facts, Why);
    if (!Pitch) {
      Why = "stride in " + loopName(*L) + ": " + Why;
      return std::nullopt;
    }
    W.Moving.push_back({*TripExpr, *Pitch});
    A = Start;
  }
  W.Start = A;
  return W;
}

/// The alignment the program guarantees for a base pointer, or 0.
static uint64_t guaranteedAlign(const Value *Base, const DataLayout &DL,
                                std::string &Note) {
  // A global's alignment is its own (and its users may be many).
  if (const auto *G = dyn_cast<GlobalVariable>(Base)) {
    Note = "'" + G->getName().str() + "' is aligned";
    return G->getPointerAlignment(DL).value();
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
  if (const auto *Arg = dyn_cast<Argument>(Base))
    if (MaybeAlign Align = Arg->getParamAlign()) {
      Note = "parameter alignment";
      return Align->value();
    }
  if (const auto *Call = dyn_cast<CallBase>(Base)) {
    const Function *F = Call->getCalledFunction();
    StringRef Name = F ? F->getName() : "";
    if ((Name == "aligned_alloc" || Name == "memalign") &&
        isa<ConstantInt>(Call->getArgOperand(0))) {
      Note = Name.str();
      return cast<ConstantInt>(Call->getArgOperand(0))->getZExtValue();
    }
    if (Name == "malloc" || Name == "calloc" || Name == "realloc" ||
        Name == "_Znwm" || Name == "_Znam") {
      // glibc and the default operator new align to 16 bytes on x86-64.
      Note = Name.str() + " result";
      return 16;
    }
  }
  return 0;
}

Where placementOf(const SCEV *Start, const Expr &ExtraOffset,
                  uint64_t ElemAlign, uint64_t StepAlign,
                  const AnalysisContext &Ctx, uint64_t Unit) {
  ScalarEvolution &SE = Ctx.SE;
  uint64_t L = Unit;
  const SCEV *Base = SE.getPointerBase(Start);
  const SCEV *Off = SE.getMinusSCEV(Start, Base);
  std::string BaseNote;
  uint64_t BaseAlign = 0;
  if (const auto *U = dyn_cast<SCEVUnknown>(Base))
    BaseAlign = guaranteedAlign(U->getValue(), Ctx.DL, BaseNote);
  ElemAlign = std::max<uint64_t>(1, PowerOf2Ceil(ElemAlign));
  if (BaseAlign < ElemAlign) {
    BaseAlign = ElemAlign;
    BaseNote = "element alignment";
  }

  Where W;
  const auto *C = dyn_cast<SCEVConstant>(Off);
  if (C && ExtraOffset.isConstant() && !StepAlign && BaseAlign % L == 0) {
    uint64_t Offset = (C->getAPInt().getSExtValue() +
                       ExtraOffset.constantValue()) % int64_t(L);
    W.P.Align = L;
    W.P.Offset = Offset;
    W.Note = "offset " + std::to_string(Offset) + " in a " +
             std::to_string(L) + "-byte line (" + BaseNote + " to " +
             std::to_string(BaseAlign) + ")";
    return W;
  }
  uint64_t Align = BaseAlign;
  auto Pow2Of = [](uint64_t V) { return V ? V & -V : uint64_t(0); };
  uint64_t OffAlign = uint64_t(1) << std::min(63u, SE.getMinTrailingZeros(Off));
  if (!Off->isZero())
    Align = std::min(Align, OffAlign);
  if (ExtraOffset.isConstant()) {
    if (uint64_t P = Pow2Of(uint64_t(ExtraOffset.constantValue())))
      Align = std::min(Align, P);
  } else {
    Align = std::min(Align, ElemAlign);
  }
  if (StepAlign)
    Align = std::min(Align, StepAlign);
  Align = std::min(Align, L);
  W.P.Align = Align;
  W.Note = "aligned to " + std::to_string(Align) +
           (Align == 1 ? " byte (" : " bytes (") + BaseNote +
           (Align < BaseAlign ? ", plus offset" : "") + ")";
  return W;
}

/// A rough size, to order dimensions by pitch when pitches are symbolic:
/// every variable is taken to be large and equal.
static double magnitude(const Expr &E) {
  Expr::RealBindings B;
  for (const std::string &V : E.variables())
    B[V] = 1024;
  try {
    return E.evaluateReal(B);
  } catch (const ExprEvalError &) {
    return 0;
  }
}

std::optional<SymbolicSlice> toSlice(const Layout &Lay,
                                     const std::vector<Dim> &Extra,
                                     std::string &Shape, std::string &Why) {
  Expr Block = Lay.BlockBytes;
  std::vector<Dim> Dims = Lay.Dims;
  Dims.insert(Dims.end(), Extra.begin(), Extra.end());
  std::stable_sort(Dims.begin(), Dims.end(), [](const Dim &A, const Dim &B) {
    return magnitude(A.Pitch) < magnitude(B.Pitch);
  });
  for (bool Changed = true; Changed;) {
    Changed = false;
    if (!Dims.empty() && Dims.front().Pitch == Block) {
      Block = Block * Dims.front().Count;
      Dims.erase(Dims.begin());
      Changed = true;
      continue;
    }
    if (!Dims.empty() && Dims.front().Pitch.isConstant() &&
        Block.isConstant() &&
        Dims.front().Pitch.constantValue() < Block.constantValue()) {
      // Overlapping repetitions (a sliding window) cover one block.
      Block = (Dims.front().Count - Expr::constant(1)) * Dims.front().Pitch +
              Block;
      Dims.erase(Dims.begin());
      Changed = true;
      continue;
    }
    for (size_t I = 0; I + 1 < Dims.size(); ++I)
      if (Dims[I + 1].Pitch == Dims[I].Pitch * Dims[I].Count) {
        Dims[I].Count = Dims[I].Count * Dims[I + 1].Count;
        Dims.erase(Dims.begin() + I + 1);
        Changed = true;
        break;
      }
  }
  SymbolicSlice S;
  S.BytesPerRow = Block;
  S.RowPitch = Block;
  S.PlanePitch = Block;
  switch (Dims.size()) {
  case 0:
    Shape = "contiguous block of " + Block.str() + " bytes";
    break;
  case 1:
    S.Rows = Dims[0].Count;
    S.RowPitch = Dims[0].Pitch;
    S.PlanePitch = Dims[0].Pitch * Dims[0].Count;
    Shape = S.Rows.str() + " rows of " + Block.str() + " bytes, row pitch " +
            S.RowPitch.str() + " bytes";
    break;
  case 2:
    S.Rows = Dims[0].Count;
    S.RowPitch = Dims[0].Pitch;
    S.Planes = Dims[1].Count;
    S.PlanePitch = Dims[1].Pitch;
    Shape = S.Planes.str() + " planes of " + S.Rows.str() + " rows of " +
            Block.str() + " bytes, row pitch " + S.RowPitch.str() +
            " bytes, plane pitch " + S.PlanePitch.str() + " bytes";
    break;
  default:
    Why = "the footprint has " + std::to_string(Dims.size()) +
          " strided dimensions; at most 2 (a 3-D slice) are supported";
    return std::nullopt;
  }
  return S;
}

std::optional<Measured> measure(const Layout &L, const LoopWalk &W,
                                const AnalysisContext &Ctx, std::string &Why,
                                uint64_t BufferAlign) {
  Measured M;
  auto Slice = toSlice(L, W.Moving, M.Shape, Why);
  if (!Slice)
    return std::nullopt;
  uint64_t ElemAlign = std::max<uint64_t>(
      BufferAlign, std::min<uint64_t>(16, llvm::bit_floor(L.ElemBytes)));
  Where At = placementOf(W.Start, L.Offset, ElemAlign, W.StepAlign, Ctx,
                         Ctx.LineSize);
  M.Alignment = At.Note;
  try {
    std::string Key;
    const SymbolicLineBounds *Known = nullptr;
    if (Ctx.Cache) {
      raw_string_ostream(Key)
          << Slice->Planes.str() << ' ' << Slice->Rows.str() << ' '
          << Slice->BytesPerRow.str() << ' ' << Slice->RowPitch.str() << ' '
          << Slice->PlanePitch.str() << ' ' << At.P.Align << ' '
          << (At.P.Offset ? int64_t(*At.P.Offset) : -1) << ' ' << Ctx.LineSize;
      if (auto It = Ctx.Cache->find(Key); It != Ctx.Cache->end())
        Known = &It->second;
    }
    if (Known) {
      M.Lines = *Known;
    } else {
      auto Bounds =
          uniqueLinesOfSymbolicSlice(*Slice, At.P, Ctx.LineSize, Why);
      if (!Bounds)
        return std::nullopt;
      M.Lines = *Bounds;
      if (Ctx.Cache)
        Ctx.Cache->emplace(std::move(Key), *Bounds);
    }
    M.Lines.Slice = *Slice;
    M.Lines.PageSize = Ctx.PageSize;
    M.Lines.PageWhere = placementOf(W.Start, L.Offset, ElemAlign, W.StepAlign,
                                    Ctx, Ctx.PageSize)
                            .P;
  } catch (const std::exception &E) {
    Why = std::string("the slice is not valid: ") + E.what();
    return std::nullopt;
  }
  return M;
}

std::optional<Expr> FootprintLines::pagesMax(std::string &Why) const {
  if (!Slice) {
    Why = "the footprint's shape is not known";
    return std::nullopt;
  }
  try {
    auto Pages = uniqueLinesOfSymbolicSlice(*Slice, PageWhere, PageSize, Why);
    if (!Pages)
      return std::nullopt;
    return Pages->Max;
  } catch (const std::exception &E) {
    Why = std::string("the slice is not valid: ") + E.what();
    return std::nullopt;
  }
}

std::optional<Expr> FootprintLines::runs(std::string &Why) const {
  if (!Slice) {
    Why = "the footprint's shape is not known";
    return std::nullopt;
  }
  return contiguousRunsOfSymbolicSlice(*Slice);
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
