// Reading the entries of small arrays from the stores before a call (see
// Arrays.h). Of several stores to one entry the one that runs last (that
// every other dominates) counts; stores on paths that do not all meet are
// refused, as is an array filled both by a loop and at constant indices.
#include "Arrays.h"
#include "Reasons.h"
#include "ValueExprs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <map>

using namespace llvm;

namespace commcost {

namespace {
/// One store of an entry: the value and the instruction.
struct Stored {
  Value *V;
  const Instruction *At;
};

class ArrayReader {
public:
  ArrayReader(unsigned ElemBytes, const CallBase &Use,
              const AnalysisContext &Ctx)
      : ElemBytes(ElemBytes), Use(Use), Ctx(Ctx) {}

  /// Entries by byte offset (several stores each), and the loops' stores.
  std::map<int64_t, std::vector<Stored>> ByOffset;
  std::vector<StoreInst *> LoopStores;

  void collect(Value *Base) {
    const DataLayout &DL = Ctx.DL;
    SmallVector<std::pair<Value *, int64_t>, 8> Work{{Base, 0}};
    SmallPtrSet<Value *, 16> Seen;
    while (!Work.empty()) {
      auto [Ptr, Offset] = Work.pop_back_val();
      if (!Seen.insert(Ptr).second)
        continue;
      for (User *U : Ptr->users()) {
        if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
          if (GEP->getPointerOperand() != Ptr)
            continue;
          APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
          if (GEP->accumulateConstantOffset(DL, Off))
            Work.push_back({GEP, Offset + Off.getSExtValue()});
          else if (Offset == 0)
            indexed(*GEP);
        } else if (auto *Cast = dyn_cast<BitCastInst>(U)) {
          Work.push_back({Cast, Offset});
        } else if (auto *St = dyn_cast<StoreInst>(U)) {
          if (St->getPointerOperand() == Ptr && runsBefore(*St, Use, Ctx))
            entriesOf(St->getValueOperand(), Offset, *St);
        } else if (auto *Copy = dyn_cast<MemCpyInst>(U)) {
          // A constant initialiser is copied from a private global.
          auto *Src = dyn_cast<GlobalVariable>(Copy->getSource());
          if (Copy->getDest() == Ptr && Src && Src->hasInitializer() &&
              runsBefore(*Copy, Use, Ctx))
            initialiser(Src->getInitializer(), Offset, *Copy);
        }
      }
    }
  }

private:
  unsigned ElemBytes;
  const CallBase &Use;
  const AnalysisContext &Ctx;

  /// Stores through a GEP with a variable index: a loop's, which runs
  /// before Use or is skipped by the test that it runs at all (then it
  /// fills no entry).
  void indexed(GetElementPtrInst &GEP) {
    for (User *U : GEP.users())
      if (auto *St = dyn_cast<StoreInst>(U);
          St && St->getPointerOperand() == &GEP &&
          (runsBefore(*St, Use, Ctx) || guardedLoopRunsBefore(*St)))
        LoopStores.push_back(St);
  }

  bool guardedLoopRunsBefore(const StoreInst &St) const {
    const Loop *L = Ctx.LI.getLoopFor(St.getParent());
    if (!L || L->contains(Use.getParent()) || !L->getLoopLatch() ||
        !Ctx.DT.dominates(St.getParent(), L->getLoopLatch()) ||
        Use.getFunction() != St.getFunction())
      return false;
    // A loop that tests at its top, whose header the call comes after:
    // it ran all its iterations.
    if (L->getExitingBlock() == L->getHeader() &&
        Ctx.DT.dominates(L->getHeader(), Use.getParent()))
      return true;
    // A rotated loop's guard: the branch before the preheader whose other
    // edge goes where the loop exits to.
    const BasicBlock *Pre = L->getLoopPreheader();
    const BasicBlock *Test = Pre ? Pre->getSinglePredecessor() : nullptr;
    const auto *Guard =
        Test ? dyn_cast<BranchInst>(Test->getTerminator()) : nullptr;
    if (!Guard || !Guard->isConditional())
      return false;
    const BasicBlock *Skip = Guard->getSuccessor(0) == Pre
                                 ? Guard->getSuccessor(1)
                                 : Guard->getSuccessor(0);
    const BasicBlock *Exit = L->getUniqueExitBlock();
    return Exit && (Skip == Exit || Skip == Exit->getSingleSuccessor()) &&
           Ctx.DT.dominates(Test, Use.getParent());
  }

  void add(int64_t Offset, Value *V, const Instruction &At) {
    ByOffset[Offset].push_back({V, &At});
  }

  /// The entries a store writes: an entry, a wide integer or a vector of
  /// entries (optimised code stores several ints at once).
  void entriesOf(Value *V, int64_t Offset, const Instruction &At) {
    Type *T = V->getType();
    unsigned Bits = 8 * ElemBytes;
    if ((T->isIntegerTy(Bits)) || (T->isPointerTy() && ElemBytes == 8)) {
      add(Offset, V, At);
    } else if (auto *C = dyn_cast<ConstantInt>(V)) {
      unsigned Width = C->getBitWidth();
      if (Width % Bits != 0 || !Ctx.DL.isLittleEndian())
        return;
      Type *Elem = Type::getIntNTy(V->getContext(), Bits);
      for (unsigned K = 0; K < Width / Bits; ++K)
        add(Offset + ElemBytes * K,
            ConstantInt::get(Elem, C->getValue().extractBitsAsZExtValue(
                                       Bits, Bits * K)),
            At);
    } else if (auto *Vec = dyn_cast<FixedVectorType>(T);
               Vec && Vec->getElementType()->getPrimitiveSizeInBits() ==
                          Bits) {
      if (auto *C = dyn_cast<Constant>(V)) {
        for (unsigned K = 0; K < Vec->getNumElements(); ++K)
          add(Offset + ElemBytes * K, C->getAggregateElement(K), At);
      } else if (auto *Ins = dyn_cast<InsertElementInst>(V)) {
        entriesOf(Ins->getOperand(0), Offset, At);
        if (auto *Index = dyn_cast<ConstantInt>(Ins->getOperand(2)))
          add(Offset + ElemBytes * Index->getSExtValue(), Ins->getOperand(1),
              At);
      }
    }
  }

  void initialiser(Constant *Init, int64_t Offset, const Instruction &At) {
    if (auto *Seq = dyn_cast<ConstantDataSequential>(Init)) {
      if (Seq->getElementByteSize() == ElemBytes)
        for (unsigned I = 0; I < Seq->getNumElements(); ++I)
          add(Offset + I * ElemBytes, Seq->getElementAsConstant(I), At);
    } else if (auto *Arr = dyn_cast<ConstantArray>(Init)) {
      for (unsigned I = 0; I < Arr->getNumOperands(); ++I)
        entriesOf(Arr->getOperand(I), Offset + I * ElemBytes, At);
    } else if (isa<ConstantAggregateZero>(Init)) {
      uint64_t Bytes =
          Ctx.DL.getTypeAllocSize(Init->getType()).getFixedValue();
      Type *Elem = Type::getIntNTy(Init->getContext(), 8 * ElemBytes);
      for (uint64_t I = 0; I < Bytes / ElemBytes; ++I)
        add(Offset + I * ElemBytes, Constant::getNullValue(Elem), At);
    }
  }
};
} // namespace

/// The store of a group that runs last, if every other runs before it.
static const Stored *lastOf(const std::vector<Stored> &Group,
                            const AnalysisContext &Ctx) {
  for (const Stored &S : Group)
    if (all_of(Group, [&](const Stored &T) {
          return &T == &S || runsBefore(*T.At, *S.At, Ctx);
        }))
      return &S;
  return nullptr;
}

/// An array filled by the last of LoopStores: entry i is Start + Step*i.
static Expected<ArrayContents> filledByLoop(ArrayReader &R, Value *Base,
                                            const AnalysisContext &Ctx,
                                            const std::string &What,
                                            unsigned ElemBytes) {
  std::vector<Stored> Group;
  for (StoreInst *St : R.LoopStores)
    Group.push_back({St->getValueOperand(), St});
  const Stored *Last = lastOf(Group, Ctx);
  auto Refuse = [&](const std::string &Why) {
    return reject<UnknownArrayContents>(What, Why);
  };
  if (!Last)
    return Refuse("the array is filled by loops on different paths");
  auto &St = *cast<StoreInst>(const_cast<Instruction *>(Last->At));
  ScalarEvolution &SE = Ctx.SE;
  const Loop *L = Ctx.LI.getLoopFor(St.getParent());
  const auto *Addr =
      dyn_cast<SCEVAddRecExpr>(SE.getSCEV(St.getPointerOperand()));
  if (!L || !Addr || Addr->getLoop() != L || !Addr->isAffine() ||
      Addr->getStart() != SE.getSCEV(Base) ||
      Addr->getStepRecurrence(SE) !=
          SE.getConstant(Addr->getType(), ElemBytes))
    return Refuse("the loop that fills the array does not store entry i in "
                  "iteration i from the first entry on");
  const BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || !Ctx.DT.dominates(St.getParent(), Latch))
    return Refuse("the loop that fills the array stores only in some iterations");
  auto Stores = executionsPerEntry(*L, *St.getParent(), Ctx);
  if (!Stores)
    return withContext(Stores.takeError(), "the loop that fills " + What);
  ExprTranslator T(&SE, Ctx.Facts, &Ctx.DT);
  auto Trips = T.scev(*Stores);
  if (!Trips)
    return withContext(Trips.takeError(),
                       "the trip count of the loop that fills " + What);
  ArrayContents A;
  A.Filled = *Trips;
  Value *V = St.getValueOperand();
  if (V->getType()->isPointerTy()) {
    if (!L->isLoopInvariant(V))
      return Refuse("the loop that fills the array stores different handles");
    A.Uniform = V;
    return A;
  }
  const SCEV *S = SE.getSCEV(V);
  const SCEV *Start = S, *Step = SE.getZero(S->getType());
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->getLoop() == L) {
    if (!AR->isAffine())
      return Refuse("the loop that fills the array stores values that are not "
                    "affine in the index");
    Start = AR->getStart();
    Step = AR->getStepRecurrence(SE);
  } else if (!SE.isLoopInvariant(S, L)) {
    return Refuse("the loop that fills the array stores values that are not "
                  "affine in the index");
  }
  auto StartE = T.scev(Start);
  if (!StartE)
    return withContext(StartE.takeError(), "the entries of " + What);
  auto StepE = T.scev(Step);
  if (!StepE)
    return withContext(StepE.takeError(), "the entries of " + What);
  A.Start = *StartE;
  A.Step = *StepE;
  return A;
}

Expected<ArrayContents> arrayContents(Value *Array, unsigned ElemBytes,
                                      std::optional<unsigned> Length,
                                      const CallBase &Use,
                                      const AnalysisContext &Ctx,
                                      const std::string &What) {
  ArrayReader R(ElemBytes, Use, Ctx);
  Value *Base = Array->stripPointerCasts();
  R.collect(Base);
  if (!R.LoopStores.empty()) {
    if (!R.ByOffset.empty())
      return reject<UnknownArrayContents>(
          What, "the array is filled both by a loop and entry by entry");
    return filledByLoop(R, Base, Ctx, What, ElemBytes);
  }
  ArrayContents A;
  for (unsigned I = 0;; ++I) {
    auto It = R.ByOffset.find(int64_t(I) * ElemBytes);
    if (It == R.ByOffset.end()) {
      if (Length && I < *Length)
        return reject<UnknownArrayContents>(
            What, "entry " + std::to_string(I) +
                      " is not stored in the same function before the call");
      break;
    }
    if (Length && I == *Length)
      break;
    const Stored *Last = lastOf(It->second, Ctx);
    if (!Last)
      return reject<UnknownArrayContents>(
          What, "entry " + std::to_string(I) +
                    " is stored on several paths");
    A.Entries.push_back(Last->V);
  }
  if (A.Entries.empty())
    return reject<UnknownArrayContents>(
        What, "the array is not filled in the same function before the call, at "
              "constant indices or by a loop over the index");
  return A;
}

Expected<std::vector<Expr>>
arrayExprs(const ArrayContents &A,
           const std::function<Expected<Expr>(Value *)> &ToExpr) {
  std::vector<Expr> Out;
  for (Value *V : A.Entries) {
    auto E = ToExpr(V);
    if (!E)
      return E.takeError();
    Out.push_back(*E);
  }
  return Out;
}

} // namespace commcost
