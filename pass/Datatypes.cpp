// Resolving MPI datatypes to layouts (see Datatypes.h). The layout rules
// follow MPI 3.1, section 4.1: a vector's extent ends at its last block, a
// subarray's extent is the whole array.
#include "Datatypes.h"
#include "Arrays.h"
#include "Blocks.h"
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

#include <algorithm>
#include <bit>

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
namespace {
/// A datatype as MPI defines it: its layout (where its bytes lie, and its
/// extent) and its lower bound, which constructors that place copies of it
/// need. Align is the alignment of its most aligned member. Padded: the
/// extent of a struct type, which MPI rounds up to its members' alignment
/// in an implementation-defined way, may exceed ub - lb, so the type is
/// not repeated.
struct TypeMap {
  Layout L;
  Expr Lb = Expr::constant(0);
  uint64_t Align = 1;
  bool Padded = false;
};
} // namespace

static Expected<TypeMap> resolve(Value *DT, const CallBase &Use,
                                 const ValueExpr &ToExpr,
                                 const AnalysisContext &Ctx, unsigned Depth);

/// Count copies of T, one extent apart; refused when that extent is not
/// known (a padded struct).
static Expected<Layout> repeated(const TypeMap &T, const Expr &Count,
                                 StringRef Where) {
  if (T.Padded && !(Count == Expr::constant(1)))
    return reject<UnsupportedDatatype>(
        Where.str() + " repeats a struct datatype whose extent MPI pads to "
        "the alignment of its members in an implementation-defined way; "
        "set it with MPI_Type_create_resized");
  return repeatLayout(T.L, Count);
}

/// A readable list of array entries, or the affine rule of a loop fill.
static std::string describeSeries(const std::vector<Expr> &One,
                                  const std::optional<Expr> &Start,
                                  const std::optional<Expr> &Step) {
  if (Start)
    return "[" + (*Start + *Step * Expr::var("i")).str() + "]";
  std::string Text = "[";
  for (size_t I = 0; I < One.size(); ++I)
    Text += (I ? "," : "") + One[I].str();
  return Text + "]";
}

/// The lowest and highest byte (lb, ub) of the blocks of S, each Count(i)
/// copies of an old type of lower bound Lb and extent Ext placed at
/// Displ(i) (blocks of no element count for nothing).
static std::pair<Expr, Expr> boundsOfBlocks(const BlockSeries &S,
                                            const Expr &Lb, const Expr &Ext) {
  if (S.affine()) {
    Expr Last = S.N - Expr::constant(1);
    const Expr &D = *S.DisplStart, &E = *S.DisplStep;
    const Expr &A = *S.CountStart, &B = *S.CountStep;
    return {Lb + Expr::min(D, D + E * Last),
            Lb + Expr::max(D + A * Ext, D + E * Last + (A + B * Last) * Ext)};
  }
  std::vector<Expr> Lo, Hi;
  for (size_t I = 0; I < S.Counts.size(); ++I) {
    if (S.Counts[I] == Expr::constant(0))
      continue;
    Lo.push_back(S.Displs[I]);
    Hi.push_back(S.Displs[I] + S.Counts[I] * Ext);
  }
  if (Lo.empty())
    return {Expr::constant(0), Expr::constant(0)};
  return {Lb + Expr::minOf(Lo), Lb + Expr::maxOf(Hi)};
}

/// The entries of an array argument of a datatype constructor, Count long.
static Expected<ArrayContents> ctorArray(Value *Array, unsigned ElemBytes,
                                         const Expr &Count,
                                         const CallBase &Ctor,
                                         const AnalysisContext &Ctx,
                                         const std::string &What) {
  std::optional<unsigned> Length;
  if (Count.isConstant() && Count.constantValue() >= 0 &&
      Count.constantValue() <= 4096)
    Length = unsigned(Count.constantValue());
  return arrayContents(Array, ElemBytes, Length, Ctor, Ctx, What);
}

/// The series of blocks of an indexed constructor: counts (or one block
/// length for every block) and displacements in units of DisplUnit bytes.
static Expected<BlockSeries>
indexedSeries(const CallBase &Ctor, StringRef Name, const Expr &Count,
              std::optional<Expr> BlockLen, unsigned DisplBytes,
              const Expr &DisplUnit, const ValueExpr &ToExpr,
              const AnalysisContext &Ctx) {
  std::string What = "the displacements of " + Name.str();
  auto Displs =
      ctorArray(Ctor.getArgOperand(2), DisplBytes, Count, Ctor, Ctx, What);
  if (!Displs)
    return Displs.takeError();
  ArrayContents Counts;
  if (BlockLen) {
    // One block length: an array of it as long as the displacements.
    if (Displs->byLoop()) {
      Counts.Filled = Displs->Filled;
      Counts.Start = *BlockLen;
      Counts.Step = Expr::constant(0);
    }
  } else {
    auto C = ctorArray(Ctor.getArgOperand(1), 4, Count, Ctor, Ctx,
                       "the block lengths of " + Name.str());
    if (!C)
      return C.takeError();
    Counts = std::move(*C);
  }
  std::vector<std::string> Conditions;
  std::optional<BlockSeries> Series;
  if (BlockLen && !Displs->byLoop()) {
    // The one length as an entry per displacement, already an Expr.
    BlockSeries B;
    B.N = Count;
    auto D = arrayExprs(*Displs, ToExpr);
    if (!D)
      return D.takeError();
    for (const Expr &X : *D) {
      B.Counts.push_back(*BlockLen);
      B.Displs.push_back(X * DisplUnit);
    }
    if (!Count.isConstant() ||
        Count.constantValue() != int64_t(B.Counts.size()))
      Conditions.push_back(Count.str() + " == " +
                           std::to_string(B.Counts.size()));
    Series = std::move(B);
  } else {
    auto S =
        seriesOf(Counts, &*Displs, DisplUnit, Count, ToExpr, Conditions, What);
    if (!S)
      return S.takeError();
    Series = std::move(*S);
  }
  if (!Conditions.empty())
    return reject<UnknownArrayContents>(
        What, "they are stored for " +
                  Conditions.front().substr(Conditions.front().find("== ") +
                                            3) +
                  " blocks, and the count " + Count.str() +
                  " is not known to be that");
  for (const Expr &C : Series->Counts)
    if (C.isConstant() && C.constantValue() < 0)
      return reject<InvalidDatatype>("a block length of " + Name.str() +
                                     " is " + C.str() +
                                     "; lengths cannot be negative");
  return std::move(*Series);
}

/// MPI_Type_create_struct(count, lengths, displacements, types, &new).
static Expected<TypeMap> structType(const CallBase &Ctor, StringRef Name,
                                    const ValueExpr &ToExpr,
                                    const AnalysisContext &Ctx,
                                    unsigned Depth) {
  auto Count = ToExpr(Ctor.getArgOperand(0));
  if (!Count)
    return Count.takeError();
  // Handles are pointers (Open MPI) or ints (MPICH).
  auto Types = ctorArray(Ctor.getArgOperand(3), 8, *Count, Ctor, Ctx,
                         "the types of " + Name.str());
  if (!Types) {
    consumeError(Types.takeError());
    Types = ctorArray(Ctor.getArgOperand(3), 4, *Count, Ctor, Ctx,
                      "the types of " + Name.str());
    if (!Types)
      return Types.takeError();
  }
  std::vector<Value *> Handles = Types->Entries;
  if (Types->byLoop())
    Handles = {Types->Uniform};
  std::vector<TypeMap> Members;
  for (Value *H : Handles) {
    auto M = resolve(H, Ctor, ToExpr, Ctx, Depth + 1);
    if (!M)
      return withContext(M.takeError(), "a member type of " + Name.str());
    Members.push_back(std::move(*M));
  }
  bool OneType =
      all_of(Handles, [&](Value *H) { return H == Handles.front(); });
  auto Lens = ctorArray(Ctor.getArgOperand(1), 4, *Count, Ctor, Ctx,
                        "the block lengths of " + Name.str());
  if (!Lens)
    return Lens.takeError();
  auto Displs = ctorArray(Ctor.getArgOperand(2), 8, *Count, Ctor, Ctx,
                          "the displacements of " + Name.str());
  if (!Displs)
    return Displs.takeError();
  std::vector<std::string> Conditions;
  auto S = seriesOf(*Lens, &*Displs, Expr::constant(1), *Count, ToExpr,
                    Conditions, "the blocks of " + Name.str());
  if (!S)
    return S.takeError();
  if (!Conditions.empty() || Members.empty())
    return reject<UnknownArrayContents>(
        "the blocks of " + Name.str(),
        "they are not stored for as many blocks as the count " +
            Count->str() + " says");
  TypeMap T;
  T.Align = 1;
  bool AnyPadded = false;
  for (const TypeMap &M : Members) {
    T.Align = std::max(T.Align, M.Align);
    AnyPadded |= M.Padded;
  }
  std::string List;
  if (OneType) {
    // Blocks of one type: an hindexed type.
    const TypeMap &M = Members.front();
    if (M.Padded)
      return reject<UnsupportedDatatype>(
          Name.str() + " of a struct datatype whose extent MPI pads in an "
          "implementation-defined way");
    auto L = layoutOfBlocks(M.L, *S);
    if (!L)
      return L.takeError();
    T.L = std::move(*L);
    auto [Lb, Ub] = boundsOfBlocks(*S, M.Lb, M.L.Extent);
    T.Lb = Lb;
    T.L.Extent = Ub - Lb;
    List = M.L.Origin.empty() ? M.L.ElemName : M.L.Origin;
  } else {
    // Blocks of several types: their pieces, all constant.
    if (S->affine() || S->Counts.size() != Members.size())
      return reject<UnsupportedDatatype>(
          Name.str() + " with several member types needs constant "
          "block lengths and displacements");
    std::vector<Piece> All;
    std::vector<Expr> Lo, Hi;
    Expr Data = Expr::constant(0);
    for (size_t I = 0; I < Members.size(); ++I) {
      const TypeMap &M = Members[I];
      auto B = repeated(M, S->Counts[I], Name);
      if (!B)
        return B.takeError();
      B->Offset = B->Offset + S->Displs[I];
      auto P = piecesOf(*B, 4096);
      if (!P)
        return reject<UnsupportedDatatype>(
            Name.str() + " with several member types needs constant block "
            "lengths and displacements, and members of constant size");
      All.insert(All.end(), P->begin(), P->end());
      Data = Data + B->DataBytes;
      if (!(S->Counts[I] == Expr::constant(0))) {
        Lo.push_back(S->Displs[I] + M.Lb);
        Hi.push_back(S->Displs[I] + M.Lb + S->Counts[I] * M.L.Extent);
      }
      List += (I ? "," : "") +
              (M.L.Origin.empty() ? M.L.ElemName : M.L.Origin);
    }
    T.L = layoutOfPieces(std::move(All), Members.front().L);
    T.L.DataBytes = Data;
    T.Lb = Lo.empty() ? Expr::constant(0) : Expr::minOf(Lo);
    T.L.Extent = Lo.empty() ? Expr::constant(0) : Expr::maxOf(Hi) - T.Lb;
    T.L.ElemName = "struct";
  }
  T.L.ElemBytes = T.Align;
  T.Padded = AnyPadded || !T.L.Extent.isConstant() ||
             T.L.Extent.constantValue() % int64_t(T.Align) != 0;
  T.L.Origin = Name.str() + "(" + Count->str() + ", " +
               describeSeries(S->Counts, S->CountStart, S->CountStep) + ", " +
               describeSeries(S->Displs, S->DisplStart, S->DisplStep) +
               ", [" + List + "])";
  return T;
}

/// The derived datatype stored by the one constructor call that writes the
/// handle at Storage.
static Expected<TypeMap> derived(Value *Storage, const CallBase &Use,
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
  // Strides, displacements and bounds may be negative; counts, lengths
  // and extents may not.
  auto E = [&](unsigned I, bool MayBeNegative = false) -> Expected<Expr> {
    auto X = ToExpr(Arg(I));
    if (X && X->isConstant() && X->constantValue() < 0 && !MayBeNegative)
      return reject<InvalidDatatype>(
          "argument " + std::to_string(I + 1) + " of " + Name.str() + " is " +
          X->str() + "; counts and sizes cannot be negative");
    return X;
  };
  unsigned NArgs = Ctor->arg_size();
  static const StringRef Supported[] = {
      "MPI_Type_contiguous",        "MPI_Type_vector",
      "MPI_Type_hvector",           "MPI_Type_create_hvector",
      "MPI_Type_create_subarray",   "MPI_Type_indexed",
      "MPI_Type_create_indexed_block", "MPI_Type_hindexed",
      "MPI_Type_create_hindexed",   "MPI_Type_create_hindexed_block",
      "MPI_Type_create_struct",     "MPI_Type_struct",
      "MPI_Type_create_resized",    "MPI_Type_dup"};
  if (!is_contained(Supported, Name))
    return reject<UnsupportedDatatype>(Name.str() +
                                       " datatypes are not supported");
  if (Name.ends_with("struct"))
    return structType(*Ctor, Name, ToExpr, Ctx, Depth);
  bool Resized = Name == "MPI_Type_create_resized";
  auto Old = resolve(Arg(Resized ? 0 : NArgs - 2), *Ctor, ToExpr, Ctx,
                     Depth + 1);
  if (!Old)
    return Old.takeError();
  bool OldContiguous = Old->L.Dims.empty() &&
                       Old->L.Extent == Old->L.BlockBytes &&
                       Old->L.wholeBlock();
  std::string OldName = Old->L.Origin.empty() ? Old->L.ElemName : Old->L.Origin;
  TypeMap T = *Old;

  if (Name == "MPI_Type_dup")
    return T;
  if (Resized) {
    auto Lb = E(1, /*MayBeNegative=*/true);
    if (!Lb)
      return Lb.takeError();
    auto Extent = E(2);
    if (!Extent)
      return Extent.takeError();
    T.Lb = *Lb;
    T.L.Extent = *Extent;
    T.Padded = false;
    T.L.Origin = Name.str() + "(" + OldName + ", " + Lb->str() + ", " +
                 Extent->str() + ")";
    return T;
  }
  if (Name == "MPI_Type_contiguous") {
    auto Count = E(0);
    if (!Count)
      return Count.takeError();
    auto L = repeated(*Old, *Count, Name);
    if (!L)
      return L.takeError();
    T.L = std::move(*L);
    T.L.Origin = "MPI_Type_contiguous(" + Count->str() + ", " + OldName + ")";
    return T;
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
    auto Stride = E(2, /*MayBeNegative=*/true);
    if (!Stride)
      return Stride.takeError();
    if (!OldContiguous && !(*BlockLen == Expr::constant(1)))
      return reject<UnsupportedDatatype>(
          "vectors of blocks of non-contiguous datatypes are not supported");
    if (Vector && Old->Padded)
      return reject<UnsupportedDatatype>(
          "a vector of a struct datatype whose extent MPI pads in an "
          "implementation-defined way; set it with MPI_Type_create_resized");
    auto Block = repeated(*Old, *BlockLen, Name);
    if (!Block)
      return Block.takeError();
    Layout L = std::move(*Block);
    Expr Pitch = Vector ? *Stride * Old->L.Extent : *Stride;
    Expr Last = *Count - Expr::constant(1);
    if (Pitch.isConstant() && Pitch.constantValue() < 0) {
      // Blocks laid out downwards: the same bytes as upwards from the
      // last block's start, with the same extent.
      Pitch = -Pitch;
      L.Offset = L.Offset - Last * Pitch;
      T.Lb = T.Lb - Last * Pitch;
    }
    L.Dims.push_back({*Count, Pitch});
    L.DataBytes = *Count * *BlockLen * Old->L.DataBytes;
    L.Extent = extentOfRepetitions(*Count, Pitch, *BlockLen * Old->L.Extent);
    L.Origin = Name.str() + "(" + Count->str() + ", " + BlockLen->str() +
               ", " + Stride->str() + ", " + OldName + ")";
    T.L = std::move(L);
    return T;
  }
  if (Name == "MPI_Type_create_subarray") {
    if (!OldContiguous || !(Old->Lb == Expr::constant(0)))
      return reject<UnsupportedDatatype>(
          "subarrays of non-contiguous datatypes are not supported");
    auto *NDimsC = dyn_cast<ConstantInt>(Arg(0));
    auto *OrderC = dyn_cast<ConstantInt>(Arg(4));
    if (!NDimsC || !OrderC || NDimsC->getZExtValue() > 8 ||
        NDimsC->isZero())
      return reject<UnsupportedDatatype>(
          "the subarray's dimension count and order must be constants");
    unsigned N = NDimsC->getZExtValue();
    static const char *const ArrayNames[] = {"sizes", "subsizes", "starts"};
    std::vector<std::vector<Expr>> Vals;
    for (unsigned A = 1; A <= 3; ++A) {
      auto Elems = arrayContents(Arg(A), 4, N, *Ctor, Ctx,
                                 std::string("the ") + ArrayNames[A - 1] +
                                     " of MPI_Type_create_subarray");
      if (!Elems)
        return Elems.takeError();
      if (Elems->byLoop())
        return reject<UnsupportedDatatype>(
            "the subarray's arrays must be stored entry by entry");
      auto Xs = arrayExprs(*Elems, ToExpr);
      if (!Xs)
        return Xs.takeError();
      for (const Expr &X : *Xs)
        if (X.isConstant() && X.constantValue() < 0)
          return reject<InvalidDatatype>(
              "an element of argument " + std::to_string(A + 1) +
              " of MPI_Type_create_subarray is " + X.str() +
              "; sizes and starts cannot be negative");
      Vals.push_back(std::move(*Xs));
    }
    // Make dimension 0 the slowest-varying one, as in C order.
    bool Fortran = OrderC->getZExtValue() == MPI_ORDER_FORTRAN ||
                   OrderC->getZExtValue() == MPICHOrderFortran;
    if (Fortran)
      for (auto &V : Vals)
        std::reverse(V.begin(), V.end());
    const auto &Sizes = Vals[0], &Subs = Vals[1], &Starts = Vals[2];
    Layout L = Old->L;
    L.BlockBytes = Subs[N - 1] * Old->L.Extent;
    Expr Pitch = Old->L.Extent;
    Expr Offset = Starts[N - 1] * Old->L.Extent;
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
    T.L = std::move(L);
    T.Lb = Expr::constant(0);
    return T;
  }
  // The indexed family: blocks of the old type at displacements counted
  // in its extents (indexed) or in bytes (hindexed).
  if (Old->Padded)
    return reject<UnsupportedDatatype>(
        Name.str() + " of a struct datatype whose extent MPI pads in an "
        "implementation-defined way; set it with MPI_Type_create_resized");
  auto Count = E(0);
  if (!Count)
    return Count.takeError();
  bool Bytes = Name.contains("hindexed");
  bool OneLength = Name.ends_with("_block");
  std::optional<Expr> BlockLen;
  if (OneLength) {
    auto X = E(1);
    if (!X)
      return X.takeError();
    BlockLen = *X;
  }
  auto S = indexedSeries(*Ctor, Name, *Count, BlockLen, Bytes ? 8 : 4,
                         Bytes ? Expr::constant(1) : Old->L.Extent, ToExpr,
                         Ctx);
  if (!S)
    return S.takeError();
  auto L = layoutOfBlocks(Old->L, *S);
  if (!L)
    return L.takeError();
  auto [Lb, Ub] = boundsOfBlocks(*S, Old->Lb, Old->L.Extent);
  T.L = std::move(*L);
  T.Lb = Lb;
  T.L.Extent = Ub - Lb;
  // Displacements as written: in extents for indexed types.
  std::vector<Expr> Written = S->Displs;
  std::optional<Expr> DStart = S->DisplStart, DStep = S->DisplStep;
  if (!Bytes) {
    for (Expr &D : Written)
      D = D / Old->L.Extent;
    if (DStart) {
      DStart = *DStart / Old->L.Extent;
      DStep = *DStep / Old->L.Extent;
    }
  }
  T.L.Origin = Name.str() + "(" + Count->str() + ", " +
               (BlockLen ? BlockLen->str()
                         : describeSeries(S->Counts, S->CountStart,
                                          S->CountStep)) +
               ", " + describeSeries(Written, DStart, DStep) + ", " + OldName +
               ")";
  return T;
}

static Expected<TypeMap> resolve(Value *DT, const CallBase &Use,
                                 const ValueExpr &ToExpr,
                                 const AnalysisContext &Ctx, unsigned Depth) {
  if (Depth > 8)
    return reject<UnsupportedDatatype>("datatypes are nested too deeply");
  if (auto L = builtinLayout(DT)) {
    TypeMap T;
    T.Align = std::min<uint64_t>(16, llvm::bit_floor(L->ElemBytes));
    T.L = std::move(*L);
    return T;
  }
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
  auto T = resolve(Datatype, Call, ToExpr, Ctx, 0);
  if (!T)
    return T.takeError();
  auto R = repeated(*T, Count, "the count of the call");
  if (!R)
    return R.takeError();
  R->Origin = T->L.Origin;
  R->PaddedExtent = T->Padded;
  return R;
}

} // namespace commcost
