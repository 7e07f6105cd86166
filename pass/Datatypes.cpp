// Resolving MPI datatypes to layouts (see Datatypes.h). The layout rules
// follow MPI 3.1, section 4.1: a vector's extent ends at its last block, a
// subarray's extent is the whole array.
#include "Datatypes.h"
#include "CallFamilies.h"
#include "Reasons.h"
#include "ValueExprs.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <mpi.h>

#include <map>

using namespace llvm;

namespace commcost {

namespace {
struct Builtin {
  StringRef Name;
  uint64_t Bytes;
};
} // namespace

/// Open MPI's predefined datatypes are the addresses of these globals.
static const Builtin OpenMPITypes[] = {
    {"char", 1},           {"signed_char", 1},       {"unsigned_char", 1},
    {"byte", 1},           {"packed", 1},            {"short", 2},
    {"unsigned_short", 2}, {"int", 4},               {"unsigned", 4},
    {"long", 8},           {"unsigned_long", 8},     {"long_long_int", 8},
    {"unsigned_long_long", 8}, {"float", 4},         {"double", 8},
    {"long_double", 16},   {"wchar", 4},             {"c_bool", 1},
    {"cxx_bool", 1},       {"int8_t", 1},            {"uint8_t", 1},
    {"int16_t", 2},        {"uint16_t", 2},          {"int32_t", 4},
    {"uint32_t", 4},       {"int64_t", 8},           {"uint64_t", 8},
    {"aint", 8},           {"offset", 8},            {"count", 8},
    {"c_float_complex", 8}, {"c_double_complex", 16}, {"c_complex", 8},
    {"c_long_double_complex", 32}};

static std::optional<Layout> builtinLayout(const Value *V) {
  if (const auto *G = dyn_cast<GlobalVariable>(V->stripPointerCasts())) {
    StringRef Name = G->getName();
    if (!Name.consume_front("ompi_mpi_"))
      return std::nullopt;
    for (const Builtin &B : OpenMPITypes)
      if (B.Name == Name)
        return Layout::contiguous(Expr::constant(B.Bytes), B.Name.str(),
                                  B.Bytes);
    return std::nullopt;
  }
  // MPICH encodes builtin handles as 0x4c00SSKK with the size in SS.
  if (const auto *C = dyn_cast<ConstantInt>(V)) {
    uint64_t H = C->getZExtValue();
    if ((H >> 24) == 0x4c && ((H >> 8) & 0xff)) {
      uint64_t Bytes = (H >> 8) & 0xff;
      return Layout::contiguous(Expr::constant(Bytes),
                                std::to_string(Bytes) + "-byte MPICH type",
                                Bytes);
    }
  }
  return std::nullopt;
}

/// MPICH's value of MPI_ORDER_FORTRAN (its mpi.h); Open MPI's is the one
/// of the header the plugin is built with.
constexpr uint64_t MPICHOrderFortran = 57;

/// Layout L repeated Count times, Extent bytes apart (MPI's count).
static Layout repeatLayout(const Layout &L, const Expr &Count) {
  if (Count == Expr::constant(1))
    return L;
  Layout R = L;
  if (L.Dims.empty() && L.Extent == L.BlockBytes)
    R.BlockBytes = L.BlockBytes * Count;
  else
    R.Dims.push_back({Count, L.Extent});
  R.DataBytes = L.DataBytes * Count;
  R.Extent = L.Extent * Count;
  return R;
}

/// The 4-byte ints a store writes, by byte offset: optimised code stores
/// int arrays as wide integers and vectors.
static void intsOfStoredValue(Value *V, int64_t Offset, const DataLayout &DL,
                              std::map<int64_t, Value *> &ByOffset) {
  Type *I32 = Type::getInt32Ty(V->getContext());
  if (V->getType() == I32) {
    ByOffset[Offset] = V;
  } else if (auto *C = dyn_cast<ConstantInt>(V)) {
    unsigned Bits = C->getBitWidth();
    if (Bits % 32 != 0 || !DL.isLittleEndian())
      return;
    for (unsigned K = 0; K < Bits / 32; ++K)
      ByOffset[Offset + 4 * K] = ConstantInt::get(
          I32, C->getValue().extractBitsAsZExtValue(32, 32 * K));
  } else if (auto *Vec = dyn_cast<FixedVectorType>(V->getType());
             Vec && Vec->getElementType() == I32) {
    if (auto *C = dyn_cast<Constant>(V)) {
      for (unsigned K = 0; K < Vec->getNumElements(); ++K)
        ByOffset[Offset + 4 * K] = C->getAggregateElement(K);
    } else if (auto *Ins = dyn_cast<InsertElementInst>(V)) {
      intsOfStoredValue(Ins->getOperand(0), Offset, DL, ByOffset);
      if (auto *Index = dyn_cast<ConstantInt>(Ins->getOperand(2)))
        ByOffset[Offset + 4 * Index->getSExtValue()] = Ins->getOperand(1);
    }
  }
}

/// Whether A runs before B. The dominator tree is that of the function being
/// analysed; in a caller, A must precede B in the same block.
static bool runsBefore(const Instruction &A, const Instruction &B,
                       const AnalysisContext &Ctx) {
  if (A.getFunction() == Ctx.DT.getRoot()->getParent() &&
      B.getFunction() == A.getFunction())
    return Ctx.DT.dominates(&A, &B);
  return A.getParent() == B.getParent() && A.comesBefore(&B);
}

/// The values stored into the elements of a small local int array (the
/// sizes/subsizes/starts arguments of MPI_Type_create_subarray).
static Expected<std::vector<Value *>>
arrayElements(Value *Array, unsigned N, const CallBase &Before,
              const AnalysisContext &Ctx) {
  std::map<int64_t, Value *> ByOffset;
  const DataLayout &DL = Ctx.DL;
  Value *Base = Array->stripPointerCasts();
  SmallVector<std::pair<Value *, int64_t>, 8> Work{{Base, 0}};
  while (!Work.empty()) {
    auto [Ptr, Offset] = Work.pop_back_val();
    for (User *U : Ptr->users()) {
      if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
        APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (GEP->getPointerOperand() == Ptr &&
            GEP->accumulateConstantOffset(DL, Off))
          Work.push_back({GEP, Offset + Off.getSExtValue()});
      } else if (auto *St = dyn_cast<StoreInst>(U)) {
        if (St->getPointerOperand() == Ptr && runsBefore(*St, Before, Ctx))
          intsOfStoredValue(St->getValueOperand(), Offset, DL, ByOffset);
      } else if (auto *Copy = dyn_cast<MemCpyInst>(U)) {
        // A constant initialiser is copied from a private global.
        auto *Src = dyn_cast<GlobalVariable>(Copy->getSource());
        if (Copy->getDest() == Ptr && Src && Src->hasInitializer())
          if (auto *Init =
                  dyn_cast<ConstantDataSequential>(Src->getInitializer()))
            for (unsigned I = 0; I < Init->getNumElements(); ++I)
              ByOffset[Offset + I * Init->getElementByteSize()] =
                  Init->getElementAsConstant(I);
      }
    }
  }
  std::vector<Value *> Elems;
  for (unsigned I = 0; I < N; ++I) {
    auto It = ByOffset.find(I * 4);
    if (It == ByOffset.end())
      return reject<UnknownDatatype>(
          "element " + std::to_string(I) +
          " of an array passed to MPI_Type_create_subarray is not set in "
          "the same function");
    Elems.push_back(It->second);
  }
  return Elems;
}

static Expected<Layout> resolve(Value *DT, const CallBase &Use,
                                const ValueExpr &ToExpr,
                                const AnalysisContext &Ctx, unsigned Depth);

/// The derived datatype stored by the one constructor call that writes the
/// handle at Storage.
static Expected<Layout> derived(Value *Storage, const CallBase &Use,
                                const ValueExpr &ToExpr,
                                const AnalysisContext &Ctx, unsigned Depth) {
  const CallBase *Ctor = nullptr;
  bool Committed = false;
  for (User *U : Storage->stripPointerCasts()->users()) {
    auto *Call = dyn_cast<CallBase>(U);
    const Function *F = Call ? calledFunction(*Call) : nullptr;
    if (!F)
      continue;
    StringRef Name = F->getName();
    Name.consume_front("P");
    if (Name == "MPI_Type_commit") {
      Committed = true;
      continue;
    }
    if (Name == "MPI_Type_free")
      continue;
    if (!Name.starts_with("MPI_Type_") || Call->arg_empty() ||
        Call->getArgOperand(Call->arg_size() - 1)->stripPointerCasts() !=
            Storage->stripPointerCasts())
      continue;
    if (Ctor)
      return reject<UnknownDatatype>(
          "the datatype is constructed more than once");
    Ctor = Call;
  }
  if (!Ctor)
    return reject<UnknownDatatype>("the datatype is not a builtin one and "
                                   "its construction is not visible");
  // A type used only to build another one needs no commit of its own.
  if (!Committed && Depth == 0)
    return reject<UnknownDatatype>(
        "the datatype is not committed in the function that builds it");
  if (!runsBefore(*Ctor, Use, Ctx))
    return reject<UnknownDatatype>(
        "the datatype's construction does not dominate its use");
  StringRef Name = calledFunction(*Ctor)->getName();
  Name.consume_front("P");
  auto Arg = [&](unsigned I) { return Ctor->getArgOperand(I); };
  // A count, a block length or a size: refused when negative.
  auto E = [&](unsigned I) -> Expected<Expr> {
    auto X = ToExpr(Arg(I));
    if (X && X->isConstant() && X->constantValue() < 0 &&
        !(Name.contains("vector") && I == 2)) // a stride may be negative
      return reject<InvalidDatatype>(
          "argument " + std::to_string(I + 1) + " of " + Name.str() + " is " +
          X->str() + "; counts and sizes cannot be negative");
    return X;
  };
  unsigned NArgs = Ctor->arg_size();
  if (!is_contained({"MPI_Type_contiguous", "MPI_Type_vector",
                     "MPI_Type_hvector", "MPI_Type_create_hvector",
                     "MPI_Type_create_subarray"},
                    Name))
    return reject<UnsupportedDatatype>(Name.str() +
                                       " datatypes are not supported");
  auto Old = resolve(Arg(NArgs - 2), *Ctor, ToExpr, Ctx, Depth + 1);
  if (!Old)
    return Old.takeError();
  bool OldContiguous = Old->Dims.empty() && Old->Extent == Old->BlockBytes;
  std::string OldName = Old->Origin.empty() ? Old->ElemName : Old->Origin;

  if (Name == "MPI_Type_contiguous") {
    auto Count = E(0);
    if (!Count)
      return Count.takeError();
    Layout L = repeatLayout(*Old, *Count);
    L.Origin = "MPI_Type_contiguous(" + Count->str() + ", " + OldName + ")";
    return L;
  }
  bool Vector = Name == "MPI_Type_vector";
  if (Vector || Name == "MPI_Type_hvector" ||
      Name == "MPI_Type_create_hvector") {
    auto Count = E(0);
    if (!Count)
      return Count.takeError();
    auto BlockLen = E(1);
    if (!BlockLen)
      return BlockLen.takeError();
    auto Stride = E(2);
    if (!Stride)
      return Stride.takeError();
    if (!OldContiguous && !(*BlockLen == Expr::constant(1)))
      return reject<UnsupportedDatatype>(
          "vectors of blocks of non-contiguous datatypes are not supported");
    Layout L = repeatLayout(*Old, *BlockLen);
    Expr Pitch = Vector ? *Stride * Old->Extent : *Stride;
    Expr Last = *Count - Expr::constant(1);
    if (Pitch.isConstant() && Pitch.constantValue() < 0) {
      // Blocks laid out downwards: the same bytes as upwards from the
      // last block's start, with the same extent.
      Pitch = -Pitch;
      L.Offset = L.Offset - Last * Pitch;
    }
    L.Dims.push_back({*Count, Pitch});
    L.DataBytes = *Count * *BlockLen * Old->DataBytes;
    L.Extent = extentOfRepetitions(*Count, Pitch, *BlockLen * Old->Extent);
    L.Origin = Name.str() + "(" + Count->str() + ", " + BlockLen->str() +
               ", " + Stride->str() + ", " + OldName + ")";
    return L;
  }
  if (Name == "MPI_Type_create_subarray") {
    if (!OldContiguous)
      return reject<UnsupportedDatatype>(
          "subarrays of non-contiguous datatypes are not supported");
    auto *NDimsC = dyn_cast<ConstantInt>(Arg(0));
    auto *OrderC = dyn_cast<ConstantInt>(Arg(4));
    if (!NDimsC || !OrderC || NDimsC->getZExtValue() > 8 ||
        NDimsC->isZero())
      return reject<UnsupportedDatatype>(
          "the subarray's dimension count and order must be constants");
    unsigned N = NDimsC->getZExtValue();
    std::vector<std::vector<Expr>> Vals;
    for (unsigned A = 1; A <= 3; ++A) {
      auto Elems = arrayElements(Arg(A), N, *Ctor, Ctx);
      if (!Elems)
        return Elems.takeError();
      Vals.emplace_back();
      for (Value *V : *Elems) {
        auto X = ToExpr(V);
        if (!X)
          return X.takeError();
        if (X->isConstant() && X->constantValue() < 0)
          return reject<InvalidDatatype>(
              "an element of argument " + std::to_string(A + 1) +
              " of MPI_Type_create_subarray is " + X->str() +
              "; sizes and starts cannot be negative");
        Vals.back().push_back(*X);
      }
    }
    // Make dimension 0 the slowest-varying one, as in C order.
    bool Fortran = OrderC->getZExtValue() == MPI_ORDER_FORTRAN ||
                   OrderC->getZExtValue() == MPICHOrderFortran;
    if (Fortran)
      for (auto &V : Vals)
        std::reverse(V.begin(), V.end());
    const auto &Sizes = Vals[0], &Subs = Vals[1], &Starts = Vals[2];
    Layout L = *Old;
    L.BlockBytes = Subs[N - 1] * Old->Extent;
    Expr Pitch = Old->Extent;
    Expr Offset = Starts[N - 1] * Old->Extent;
    Expr Data = L.BlockBytes;
    for (int K = int(N) - 2; K >= 0; --K) {
      Pitch = Pitch * Sizes[K + 1];
      L.Dims.push_back({Subs[K], Pitch});
      Offset = Offset + Starts[K] * Pitch;
      Data = Data * Subs[K];
    }
    L.Offset = Offset;
    L.DataBytes = Data;
    L.Extent = Pitch * Sizes[0];
    std::string List[3];
    for (unsigned A = 0; A < 3; ++A)
      for (unsigned K = 0; K < N; ++K)
        List[A] += (K ? "," : "") + Vals[A][Fortran ? N - 1 - K : K].str();
    L.Origin = "MPI_Type_create_subarray([" + List[0] + "], [" + List[1] +
               "], [" + List[2] + "], " + (Fortran ? "Fortran" : "C") +
               " order, " + OldName + ")";
    return L;
  }
  llvm_unreachable("constructor checked above");
}

static Expected<Layout> resolve(Value *DT, const CallBase &Use,
                                const ValueExpr &ToExpr,
                                const AnalysisContext &Ctx, unsigned Depth) {
  if (Depth > 8)
    return reject<UnsupportedDatatype>("datatypes are nested too deeply");
  if (auto L = builtinLayout(DT))
    return *L;
  if (auto *Load = dyn_cast<LoadInst>(DT))
    return derived(Load->getPointerOperand(), Use, ToExpr, Ctx, Depth);
  if (auto *A = dyn_cast<Argument>(DT)) {
    Function *F = A->getParent();
    // At -O0 the analysis sees a promoted copy; the callers call the
    // original.
    if (auto Copy = Ctx.Facts.CopyOf.find(F); Copy != Ctx.Facts.CopyOf.end())
      if (Function *Original = F->getParent()->getFunction(Copy->second)) {
        A = Original->getArg(A->getArgNo());
        F = Original;
      }
    const CallBase *Site = nullptr;
    unsigned Sites = 0;
    // Promoted copies analysed at -O0 are not callers.
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledOperand() == F &&
          !Ctx.Facts.CopyOf.count(Call->getFunction())) {
        Site = Call;
        ++Sites;
      }
    if (Sites != 1)
      return reject<UnknownDatatype>(
          "the datatype is parameter '" +
          sourceNameOf(A, Ctx.Facts).value_or("?") + "' of " +
          F->getName().str() + ", which has " + std::to_string(Sites) +
          " visible callers (exactly one is needed)");
    // A caller's values, read without its analyses.
    ValueExpr CallerExpr = [&Ctx](Value *V) {
      return ExprTranslator(nullptr, Ctx.Facts, nullptr).value(V);
    };
    return resolve(Site->getArgOperand(A->getArgNo()), *Site, CallerExpr, Ctx,
                   Depth + 1);
  }
  return reject<UnknownDatatype>("the datatype is neither builtin nor built "
                                 "with a visible MPI_Type_* call");
}

Expected<Layout> resolveDatatype(Value *Datatype, const Expr &Count,
                                 const CallBase &Call, const ValueExpr &ToExpr,
                                 const AnalysisContext &Ctx) {
  auto L = resolve(Datatype, Call, ToExpr, Ctx, 0);
  if (!L)
    return L.takeError();
  Layout R = repeatLayout(*L, Count);
  R.Origin = L->Origin;
  return R;
}

} // namespace commcost
