// Communication calls as sites (see CallSites.h): the layout a call
// transfers (its size argument, its MPI datatype), walked along the loops
// around the call into the footprint of the user buffer.
#include "CallSites.h"
#include "CallBuffers.h"
#include "CallFamilies.h"
#include "Collectives.h"
#include "Datatypes.h"
#include "PackAtomics.h"
#include "ValueExprs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace commcost {

LoadInst *copiedLoad(const StoreInst &St) {
  const Value *V = St.getValueOperand();
  while (const auto *Cast = dyn_cast<CastInst>(V))
    V = Cast->getOperand(0);
  return const_cast<LoadInst *>(dyn_cast<LoadInst>(V));
}

static std::string displayName(const Function &Callee) {
  StringRef Name = Callee.getName();
  if (Name.starts_with("llvm.memcpy"))
    return "memcpy";
  if (Name.starts_with("llvm.memmove"))
    return "memmove";
  return Name.str();
}

namespace {
struct Buffer {
  Value *Ptr = nullptr;
  uint64_t Align = 1;
};

class CallAnalyzer {
public:
  CallAnalyzer(const AnalysisContext &Ctx, std::vector<SiteResult> &Out)
      : Ctx(&Ctx), Out(Out) {}

  void run(Function &F) {
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I))
          call(*Call);
        else if (auto *St = dyn_cast<StoreInst>(&I);
                 St && Ctx->Facts.isLoweredUserCopy(*St))
          loweredCopy(*St);
  }

private:
  /// The function's context, or while a site is analysed per iteration
  /// of a loop, that one.
  const AnalysisContext *Ctx;
  std::vector<SiteResult> &Out;

  void add(const Instruction &At, const std::string &Callee,
           Expected<AnalysedSite> A) {
    SiteResult R;
    R.Loc = At.getDebugLoc();
    R.Callee = Callee;
    R.What = Callee;
    if (A)
      R.Analysed = std::move(*A);
    else
      R.Rejected = takeReason(A.takeError());
    Out.push_back(std::move(R));
  }

  Expected<Expr> toExpr(Value *V) { return valueExprs(*Ctx)(V); }

  /// Analyse(), or where one of the call's sizes, or a trip count or
  /// stride of a loop around it, changes from one iteration of a loop
  /// around it to the next, Analyse() per iteration of that loop
  /// (AnalysisContext::PerIteration).
  template <typename AnalyseFn>
  Expected<AnalysedSite> orPerIteration(CallBase &Call, AnalyseFn Analyse) {
    auto A = Analyse();
    if (A)
      return A;
    Reason Why = takeReason(A.takeError());
    const Loop *In = perIterationRetryLoop(Why);
    if (!In || !In->contains(Call.getParent()))
      return make_error<RejectionError>(Why);
    AnalysisContext PerIteration = *Ctx;
    PerIteration.PerIteration = In;
    PerIteration.PerIterationCall = &Call;
    const AnalysisContext *Whole = std::exchange(Ctx, &PerIteration);
    auto Again = Analyse();
    Ctx = Whole;
    // Per iteration, the next obstacle (if any) is what to act on.
    return Again;
  }

  void call(CallBase &Call) {
    const Function *Callee = calledFunction(Call);
    if (!Callee) {
      indirect(Call);
      return;
    }
    if (Callee->isIntrinsic() && !isa<MemTransferInst>(Call))
      return;
    auto Spec = lookupCall(Callee->getName());
    if (!Spec || (Spec->Family == "libc" && !Ctx->Facts.isUserCopyCall(Call)))
      return;
    std::string Name = displayName(*Callee);
    if (Spec->Collective)
      return add(Call, Name, orPerIteration(Call, [&] {
                   return analyseCollective(Call, *Spec->Collective, *Ctx);
                 }));
    if (Spec->Pack)
      return add(Call, Name, orPerIteration(Call, [&] {
                   return analysePack(Call, *Spec->Pack, *Ctx);
                 }));
    if (Spec->Atomic)
      return add(Call, Name, orPerIteration(Call, [&] {
                   return analyseAtomic(Call, *Spec->Atomic, *Ctx);
                 }));
    for (const TransferSpec &T : Spec->Transfers)
      add(Call, Name, orPerIteration(Call, [&] { return transfer(Call, T); }));
  }

  /// An indirect call that may reach a communication function is a site the
  /// analysis cannot follow: a select or phi of functions, or a function
  /// pointer loaded from a variable that only ever holds one.
  void indirect(CallBase &Call) {
    SmallVector<Value *, 4> Work{Call.getCalledOperand()};
    SmallPtrSet<Value *, 8> Seen;
    while (!Work.empty()) {
      Value *V = Work.pop_back_val()->stripPointerCasts();
      if (!Seen.insert(V).second)
        continue;
      if (auto *F = dyn_cast<Function>(V)) {
        if (isCommunicationName(F->getName()))
          return add(Call, F->getName().str(),
                     reject<IndirectCall>(F->getName().str()));
      } else if (auto *Sel = dyn_cast<SelectInst>(V)) {
        Work.push_back(Sel->getTrueValue());
        Work.push_back(Sel->getFalseValue());
      } else if (auto *Phi = dyn_cast<PHINode>(V)) {
        for (Value *In : Phi->incoming_values())
          Work.push_back(In);
      } else if (auto *Ld = dyn_cast<LoadInst>(V)) {
        Work.push_back(Ld->getPointerOperand()->stripPointerCasts());
      } else if (auto *G = dyn_cast<GlobalVariable>(V)) {
        // What a global function pointer is initialised with or assigned.
        if (G->hasInitializer())
          Work.push_back(G->getInitializer());
        for (User *U : G->users())
          if (auto *St = dyn_cast<StoreInst>(U);
              St && St->getPointerOperand() == G)
            Work.push_back(St->getValueOperand());
      }
    }
  }

  Expected<Layout> layoutOf(CallBase &Call, const TransferSpec &T) {
    auto Count = toExpr(Call.getArgOperand(T.Count));
    if (!Count)
      return Count.takeError();
    using Size = TransferSpec::SizeForm;
    switch (T.Size) {
    case Size::MPICount:
      return resolveDatatype(
          Call.getArgOperand(T.Datatype), *Count, Call,
          [this](Value *V) { return toExpr(V); }, *Ctx);
    case Size::Bytes:
      return Layout::contiguous(*Count, "byte", 1);
    case Size::Elements:
      return Layout::contiguous(*Count * Expr::constant(T.ElemBytes),
                                T.ElemName, T.ElemBytes);
    case Size::StridedElems: {
      auto Stride = toExpr(Call.getArgOperand(T.Stride));
      if (!Stride)
        return Stride.takeError();
      Expr Elem = Expr::constant(T.ElemBytes);
      Layout L = Layout::contiguous(Elem, T.ElemName, T.ElemBytes);
      L.Dims.push_back({*Count, *Stride * Elem});
      L.DataBytes = *Count * Elem;
      L.Extent = extentOfRepetitions(*Count, *Stride * Elem, Elem);
      L.Origin = "stride " + Stride->str() + " elements";
      return L;
    }
    }
    llvm_unreachable("unknown size form");
  }

  /// A count min(Cap, Remaining) where Remaining counts down by Cap in
  /// each iteration of the innermost loop: a loop sending Remaining's
  /// first value, Cap at a time, the last message shorter.
  struct PacketCount {
    Expr Cap;   ///< the count of every message but the last
    Expr Total; ///< the count of all messages together
    Expr Unit;  ///< bytes of one counted element (set with the layout)
  };
  std::optional<PacketCount> packetCount(CallBase &Call, Value *Count) {
    const Loop *L = Ctx->LI.getLoopFor(Call.getParent());
    const auto *Min = dyn_cast<SCEVMinMaxExpr>(Ctx->SE.getSCEV(Count));
    if (!L || !Min || Min->getNumOperands() != 2 ||
        !(isa<SCEVSMinExpr>(Min) || isa<SCEVUMinExpr>(Min)))
      return std::nullopt;
    for (unsigned I = 0; I < 2; ++I) {
      const SCEV *Cap = Min->getOperand(I);
      const auto *Left = dyn_cast<SCEVAddRecExpr>(Min->getOperand(1 - I));
      if (!Left || Left->getLoop() != L || !Left->isAffine() ||
          !Ctx->SE.isLoopInvariant(Cap, L) ||
          Left->getStepRecurrence(Ctx->SE) != Ctx->SE.getNegativeSCEV(Cap))
        continue;
      ExprTranslator X(&Ctx->SE, Ctx->Facts, &Ctx->DT);
      auto C = X.scev(Cap);
      auto Total = C ? X.scev(Left->getStart()) : Expected<Expr>(C.takeError());
      if (!Total) {
        consumeError(Total.takeError());
        return std::nullopt;
      }
      return PacketCount{*C, *Total, Expr::constant(1)};
    }
    return std::nullopt;
  }

  Expected<AnalysedSite> transfer(CallBase &Call, const TransferSpec &T) {
    std::optional<PacketCount> Packets;
    if (T.Size != TransferSpec::SizeForm::StridedElems)
      Packets = packetCount(Call, Call.getArgOperand(T.Count));
    auto L = Packets ? packetLayout(Call, T, *Packets) : layoutOf(Call, T);
    if (!L)
      return L.takeError();
    auto Align = [&](unsigned Arg) {
      return Call.getParamAlign(Arg).valueOrOne().value();
    };
    Buffer Other;
    if (T.OtherBuffer)
      Other = {Call.getArgOperand(*T.OtherBuffer), Align(*T.OtherBuffer)};
    auto A = site(Call, T.Kind, *L,
                  {Call.getArgOperand(T.Buffer), Align(T.Buffer)}, Other);
    if (A && Packets)
      packetTotals(*A, *L, *Packets);
    return A;
  }

  /// One message of Cap elements, as the layout of a packet loop's call.
  Expected<Layout> packetLayout(CallBase &Call, const TransferSpec &T,
                                PacketCount &P) {
    auto One = Expr::constant(1);
    Layout Elem = Layout::contiguous(One, "byte", 1);
    if (T.Size == TransferSpec::SizeForm::Elements)
      Elem = Layout::contiguous(Expr::constant(T.ElemBytes), T.ElemName,
                                T.ElemBytes);
    if (T.Size == TransferSpec::SizeForm::MPICount) {
      auto DT = resolveDatatype(
          Call.getArgOperand(T.Datatype), One, Call,
          [this](Value *V) { return toExpr(V); }, *Ctx);
      if (!DT)
        return DT.takeError();
      if (!DT->Dims.empty() || !(DT->Extent == DT->BlockBytes))
        return reject<UnsupportedDatatype>(
            "packets of a non-contiguous datatype are not modelled");
      Elem = *DT;
    }
    Layout L = Elem;
    P.Unit = Elem.Extent;
    L.BlockBytes = L.DataBytes = L.Extent = P.Cap * Elem.Extent;
    return L;
  }

  /// The packets together: Total elements, contiguous, the last message
  /// shorter (so no single size per message).
  void packetTotals(AnalysedSite &A, const Layout &L, const PacketCount &P) {
    Site &S = A.Data;
    Expr Bytes = P.Total * P.Unit;
    S.Bytes = Bytes;
    S.BytesPerMessage.reset();
    std::string Why;
    if (auto Slice = sliceOfRepeatedBlock(Bytes, {}, A.Shape, Why)) {
      S.Marshalled->Slice = *Slice;
      S.Marshalled->Shape = A.Shape;
    }
    A.Shape += " in messages of " + (L.BlockBytes).str() +
               " bytes, the last shorter";
  }

  /// A small memcpy the optimiser turned into a load and a store: the same
  /// site as at -O0, a copy of the stored bytes.
  void loweredCopy(StoreInst &St) {
    LoadInst *Ld = copiedLoad(St);
    if (!Ld || St.getValueOperand() != Ld || St.isVolatile() ||
        Ld->isVolatile())
      return;
    uint64_t Bytes = Ctx->DL.getTypeStoreSize(Ld->getType()).getFixedValue();
    add(St, "memcpy",
        site(St, SiteKind::Copy,
             Layout::contiguous(Expr::constant(Bytes), "byte", 1),
             {Ld->getPointerOperand(), Ld->getAlign().value()},
             {St.getPointerOperand(), St.getAlign().value()}));
  }

  /// A transfer of layout L from (or into) Marshalled; Other is the
  /// second buffer of a copy (its destination).
  Expected<AnalysedSite> site(Instruction &At, SiteKind Kind, const Layout &L,
                              Buffer Marshalled, Buffer Other) {
    auto Walk = walkLoops(Ctx->SE.getSCEV(Marshalled.Ptr), At.getParent(),
                          nullptr, *Ctx);
    if (!Walk)
      return Walk.takeError();
    auto Fp = footprintOf(L, *Walk, *Ctx, Marshalled.Align);
    if (!Fp)
      return Fp.takeError();
    AnalysedSite A;
    Site &S = A.Data;
    S.Kind = Kind;
    S.Conditions = Walk->conditionTexts();
    noteRepetition(A, *Walk);
    S.Messages = Walk->Executions;
    S.BytesPerMessage = L.DataBytes;
    S.Bytes = Walk->Executions * L.DataBytes;
    A.Element = L.ElemName;
    A.Datatype = L.Origin;
    A.Array = Fp->Array;
    A.Shape = Fp->Shape;
    if (!Other.Ptr) {
      S.Marshalled = std::move(*Fp);
      return A;
    }
    auto DstWalk = walkLoops(Ctx->SE.getSCEV(Other.Ptr), At.getParent(),
                             nullptr, *Ctx);
    if (!DstWalk)
      return DstWalk.takeError();
    auto Dst = footprintOf(L, *DstWalk, *Ctx, Other.Align);
    if (!Dst)
      return Dst.takeError();
    A.Array = Dst->Array + " <- " + Fp->Array;
    if (Dst->Shape != Fp->Shape)
      A.Shape = "from " + Fp->Shape + " to " + Dst->Shape;
    // A copy marshals its source (Lines) and also reads and writes.
    S.Marshalled = *Fp;
    S.Read = std::move(*Fp);
    S.Written = std::move(*Dst);
    return A;
  }
};
} // namespace

void findCallSites(Function &F, const AnalysisContext &Ctx,
                   std::vector<SiteResult> &Out) {
  CallAnalyzer(Ctx, Out).run(F);
}

} // namespace commcost
