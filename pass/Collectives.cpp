// Collective operations as sites (see Collectives.h). The relation of each
// operation is that of its data flow as the MPI standard describes it, a
// message for every block a rank's send buffer gives to a rank's receive
// buffer, the rank's own block included (Gather's root receives p blocks),
// except where the data does not move (MPI_IN_PLACE, the root of a
// broadcast). Reductions flow as MPI 3.1 (5.9.6) suggests: Allreduce is a
// reduce to one rank and a broadcast; Reduce_scatter and the scans send
// each block to the rank whose result needs it. docs/plugin.md tables the
// formulas.
#include "Collectives.h"
#include "Arrays.h"
#include "Blocks.h"
#include "CallBuffers.h"
#include "Datatypes.h"
#include "Reasons.h"
#include "SourceNames.h"
#include "ValueExprs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

#include <bit>

using namespace llvm;

namespace commcost {

namespace {
using Pattern = CollectivePattern;

/// The source name of the variable at Ptr: its own, or a read of it's.
std::optional<std::string> variableName(const Value *Ptr,
                                        const SourceFacts &Facts) {
  Ptr = Ptr->stripPointerCasts();
  if (auto Name = sourceNameOf(Ptr, Facts))
    return Name;
  for (const User *U : Ptr->users())
    if (const auto *L = dyn_cast<LoadInst>(U))
      if (auto Name = sourceNameOf(L, Facts))
        return Name;
  return std::nullopt;
}

bool isWorld(const Value *Comm) {
  Comm = Comm->stripPointerCasts();
  if (const auto *G = dyn_cast<GlobalVariable>(Comm))
    return G->getName() == "ompi_mpi_comm_world";
  // MPICH's MPI_COMM_WORLD handle.
  const auto *C = dyn_cast<ConstantInt>(Comm);
  return C && C->getZExtValue() == 0x44000000;
}

/// The variable a size query of Comm writes (MPI_Comm_size(comm, &p),
/// p = shmem_team_n_pes(team)) in F; only globals when GlobalsOnly.
std::optional<std::string> sizeVariable(const Function &F, const Value *Comm,
                                        bool GlobalsOnly,
                                        const SourceFacts &Facts) {
  for (const Instruction &I : instructions(F)) {
    const auto *C = dyn_cast<CallBase>(&I);
    if (!C)
      continue;
    StringRef Name = calleeName(*C);
    Name.consume_front("P");
    if (Name == "MPI_Comm_size" && C->arg_size() == 2 &&
        sameAddress(C->getArgOperand(0), Comm)) {
      const Value *Out = C->getArgOperand(1)->stripPointerCasts();
      if (GlobalsOnly && !isa<GlobalVariable>(Out))
        continue;
      if (auto V = variableName(Out, Facts))
        return V;
      if (auto Pos = SourceFacts::positionOf(*C))
        if (auto It = Facts.AddressArgs.find({*Pos, 1});
            It != Facts.AddressArgs.end())
          return It->second;
    }
    if (!GlobalsOnly && Name == "shmem_team_n_pes" && C->arg_size() == 1 &&
        sameAddress(C->getArgOperand(0), Comm))
      if (auto V = sourceNameOf(C, Facts))
        return V;
  }
  return std::nullopt;
}

/// The number of ranks taking part, by the name the source gives it where
/// it has one (the variable MPI_Comm_size writes), else nranks (for
/// MPI_COMM_WORLD), nranks_<comm>, npes_all (every processing element).
Expected<Expr> processorCount(CallBase &Call, const CollectiveSpec &Spec,
                              const AnalysisContext &Ctx) {
  auto AllPes = [](const Value *V) {
    return processorValue(stripIntCasts(const_cast<Value *>(V))).Origin ==
           std::string_view(ShmemPesOrigin);
  };
  const Function &F = *Call.getFunction();
  if (Spec.SetSize) {
    Value *Size = Call.getArgOperand(*Spec.SetSize);
    // An active set of every PE, written shmem_barrier(0, 0, shmem_n_pes(),
    // ...), is named as every PE is.
    if (AllPes(Size) && !sourceNameOf(stripIntCasts(Size), Ctx.Facts))
      return Expr::var("npes_all");
    return valueExprs(Ctx)(Size);
  }
  if (!Spec.Comm) {
    for (const Instruction &I : instructions(F))
      if (AllPes(&I))
        if (auto Name = sourceNameOf(&I, Ctx.Facts))
          return Expr::var(*Name);
    return Expr::var("npes_all");
  }
  const Value *Comm = Call.getArgOperand(*Spec.Comm);
  if (auto Name = sizeVariable(F, Comm, false, Ctx.Facts))
    return Expr::var(*Name);
  for (const Function &G : *F.getParent())
    if (&G != &F && !G.isDeclaration())
      if (auto Name = sizeVariable(G, Comm, true, Ctx.Facts))
        return Expr::var(*Name);
  if (isWorld(Comm))
    return Expr::var("nranks");
  auto Name = sourceNameOf(Comm->stripPointerCasts(), Ctx.Facts);
  if (Name)
    return Expr::var("nranks_" + *Name);
  return Expr::var(Spec.SetSize || calleeName(Call).starts_with("shmem")
                       ? "npes_team"
                       : "nranks_comm");
}

/// A rank's send or receive buffer and what the call moves through it.
struct Side {
  unsigned Arg = 0;
  bool InPlace = false;
  /// A null buffer: the site is not the one of the ranks that use it.
  bool Null = false;
  /// One block: the call's count of its datatype.
  std::optional<Layout> Block;
  /// The v and w forms: one element, every rank's block at its
  /// displacement, the counts' totals (in elements) and whether all
  /// counts are one.
  std::optional<Layout> Elem, Blocks;
  std::optional<CountTotals> Totals;
  bool Uniform = false;
  /// What every displacement is a multiple of, in bytes (displacementAlign).
  std::optional<uint64_t> DisplAlign;

  bool present() const { return !InPlace && !Null; }
  Expr bytes() const { return Block->DataBytes; }
  Expr sumBytes() const { return Totals->Sum * Elem->DataBytes; }
  Expr maxBytes() const { return Totals->Max * Elem->DataBytes; }
  Expr minBytes() const { return Totals->Min * Elem->DataBytes; }
};

/// The one datatype of a w form's per-rank datatypes.
Expected<Value *> uniformType(CallBase &Call, const BufferArg &B,
                              const AnalysisContext &Ctx,
                              const std::string &What) {
  auto Types = arrayContents(Call.getArgOperand(*B.Datatype), 8, std::nullopt,
                             Call, Ctx, What);
  if (!Types) {
    consumeError(Types.takeError());
    Types = arrayContents(Call.getArgOperand(*B.Datatype), 4, std::nullopt,
                          Call, Ctx, What);
    if (!Types)
      return Types.takeError();
  }
  if (Types->byLoop())
    return Types->Uniform;
  Value *One = Types->Entries.front();
  if (!all_of(Types->Entries, [&](Value *V) { return V == One; }))
    return reject<UnsupportedDatatype>(
        "a different datatype for each rank is not supported");
  return One;
}

Expected<Side> sideOf(CallBase &Call, const BufferArg &B, const Expr &P,
                      const ValueExpr &Counts, const AnalysisContext &Ctx,
                      std::vector<std::string> &Conditions,
                      const std::string &Role) {
  Side S;
  S.Arg = B.Buffer;
  Value *Ptr = Call.getArgOperand(B.Buffer);
  S.InPlace = isInPlace(Ptr);
  S.Null = isa<ConstantPointerNull>(Ptr->stripPointerCasts());
  if (S.InPlace)
    return S; // its count and datatype are not used
  if (!B.PerRank) {
    auto L = layoutOfBuffer(Call, B, Counts, Ctx);
    if (!L)
      return L.takeError();
    S.Block = std::move(*L);
    return S;
  }
  std::string Callee = calleeName(Call).str();
  auto C = arrayContents(Call.getArgOperand(*B.Count), 4, std::nullopt, Call,
                         Ctx, "the " + Role + " counts of " + Callee);
  if (!C)
    return C.takeError();
  Value *Type = Call.getArgOperand(*B.Datatype);
  if (B.PerRankTypes) {
    auto T = uniformType(Call, B, Ctx, "the " + Role + " types of " + Callee);
    if (!T)
      return T.takeError();
    Type = *T;
  }
  auto Elem = resolveDatatype(Type, Expr::constant(1), Call, Counts, Ctx);
  if (!Elem)
    return Elem.takeError();
  std::optional<ArrayContents> D;
  if (B.Displs) {
    auto X = arrayContents(Call.getArgOperand(*B.Displs), 4, std::nullopt,
                           Call, Ctx,
                           "the " + Role + " displacements of " + Callee);
    if (!X)
      return X.takeError();
    D = std::move(*X);
  }
  auto Series = seriesOf(*C, D ? &*D : nullptr,
                         B.PerRankTypes ? Expr::constant(1) : Elem->Extent, P,
                         Counts, Conditions,
                         "the " + Role + " counts of " + Callee);
  if (!Series)
    return Series.takeError();
  S.Totals = totalsOf(*Series);
  S.Uniform = Series->affine()
                  ? *Series->CountStep == Expr::constant(0)
                  : all_of(Series->Counts, [&](const Expr &X) {
                      return X == Series->Counts.front();
                    });
  if (D) {
    auto L = layoutOfBlocks(*Elem, *Series);
    if (!L)
      return L.takeError();
    S.Blocks = std::move(*L);
    S.DisplAlign = displacementAlign(*Series);
  }
  S.Elem = std::move(*Elem);
  return S;
}

/// A buffer the call touches: which side, the layout touched (of the
/// rank that touches the most), and how.
struct Use {
  const Side *S = nullptr;
  Layout L;
  /// Touched only when there is another rank (a broadcast's buffers).
  bool OnlyOthers = false;
  /// The rank's own block, at a place that depends on the rank...
  bool RankOffset = false;
  /// ...a multiple of this many bytes (0: always the buffer's start; none:
  /// a multiple of the element's alignment).
  std::optional<uint64_t> RankAlign;
};

/// One call's relation and the buffers it touches.
struct Flow {
  Expr HOut, HIn, Volume;
  std::optional<Use> Read, Written;
};

/// p blocks of Block less a rank's own (MPI_IN_PLACE): the longest piece
/// left is half of them when the blocks are contiguous, else nothing is
/// known of it.
Layout withoutOwnBlock(Layout All, const Layout &Block, const Expr &P) {
  bool Contiguous = All.Dims.empty() && All.wholeBlock() &&
                    Block.Dims.empty() && Block.wholeBlock() &&
                    Block.Extent == Block.BlockBytes;
  All.Pieces.clear();
  All.LongestPiece = Contiguous
                         ? Expr::floorDiv(P, Expr::constant(2)) * Block.BlockBytes
                         : Expr::constant(0);
  return All;
}

/// A rank's own block of S, for withoutOwnBlock: its count of the
/// datatype, or in the v forms the block of a count all ranks share (the
/// empty layout, whose longest piece is nothing, when counts differ).
Layout ownBlock(const Side &S) {
  if (S.Block)
    return *S.Block;
  if (S.Uniform)
    return repeatLayout(*S.Elem, S.Totals->Max);
  Layout None = *S.Elem;
  None.BlockBytes = Expr::constant(0);
  return None;
}

Use use(const Side &S, Layout L, bool OnlyOthers = false) {
  return Use{&S, std::move(L), OnlyOthers, false, std::nullopt};
}

/// A rank's own block of S in a buffer of every rank's blocks: at
/// displacements[rank] in the v forms, else at rank times the block.
Use ownUse(const Side &S, Layout Own) {
  std::optional<uint64_t> Align = S.DisplAlign;
  if (!S.Totals && S.Block->Extent.isConstant())
    Align = uint64_t(S.Block->Extent.constantValue());
  return Use{&S, std::move(Own), true, true, Align};
}

/// The relation and buffers of one call (docs/plugin.md, "Collectives").
Expected<Flow> flowOf(const CollectiveSpec &Spec, const Side *Send,
                      const Side *Recv, const Expr &P,
                      const std::string &Callee) {
  Expr Zero = Expr::constant(0), One = Expr::constant(1);
  Expr Others = P - One;
  Expr Another = Expr::min(One, Others);
  Flow F{Zero, Zero, Zero, std::nullopt, std::nullopt};
  bool InPlace = (Send && Send->InPlace) ||
                 (Spec.Pattern == Pattern::Scatter && Recv && Recv->InPlace);
  auto NeedUniform = [&](const Side &S) -> Error {
    if (S.Uniform)
      return Error::success();
    return reject<RankDependentCount>(
        "with MPI_IN_PLACE a rank keeps its own block, whose size differs "
        "between ranks, so the most a rank moves is not known");
  };
  auto All = [&](const Side &S) { return repeatLayout(*S.Block, P); };
  // Every pattern but a broadcast's and a reduction's places the ranks'
  // blocks one extent apart, which a padded struct's does not tell (an
  // MPI_Ialltoall of a struct of 42 bytes lay 48 bytes apart).
  bool RankBlocks = Spec.Pattern != Pattern::Barrier &&
                    Spec.Pattern != Pattern::Bcast &&
                    Spec.Pattern != Pattern::Reduce &&
                    Spec.Pattern != Pattern::Allreduce &&
                    Spec.Pattern != Pattern::Scan &&
                    Spec.Pattern != Pattern::Exscan;
  for (const Side *S : {Send, Recv})
    if (RankBlocks && S && !S->Null &&
        ((S->Block && S->Block->PaddedExtent) ||
         (S->Elem && S->Elem->PaddedExtent)))
      return reject<UnsupportedDatatype>(
          Callee + " places a block per rank one extent of a struct datatype "
          "apart, which MPI pads to the alignment of its members in an "
          "implementation-defined way; set it with MPI_Type_create_resized");
  switch (Spec.Pattern) {
  case Pattern::Barrier:
    return F;
  case Pattern::Bcast: {
    // MPI's root sends its buffer to the others; an OpenSHMEM 1.5 team
    // broadcast also copies the root's source into its destination.
    bool SelfCopy = Send->Arg != Recv->Arg && !Spec.RootKeepsDest;
    Expr B = Send->bytes();
    F.HOut = (SelfCopy ? P : Others) * B;
    F.HIn = (SelfCopy ? One : Another) * B;
    F.Volume = F.HOut;
    F.Read = use(*Send, *Send->Block, !SelfCopy);
    F.Written = use(*Recv, *Recv->Block, !SelfCopy);
    return F;
  }
  case Pattern::Reduce:
  case Pattern::Allreduce:
  case Pattern::Scan:
  case Pattern::Exscan: {
    Expr B = Recv->bytes();
    bool Ex = Spec.Pattern == Pattern::Exscan;
    F.Read = use(InPlace ? *Recv : *Send, *Recv->Block, Ex);
    F.Written = use(*Recv, *Recv->Block, Ex);
    // The blocks a rank gives (and the root takes): its own stays.
    Expr Moved = InPlace || Ex ? Others : P;
    Expr Two = Expr::constant(2);
    switch (Spec.Pattern) {
    case Pattern::Reduce:
      // Every rank's contribution goes to the root.
      F.HOut = (InPlace ? Another : One) * B;
      F.HIn = Moved * B;
      F.Volume = F.HIn;
      break;
    case Pattern::Allreduce:
      // A reduce to one rank, then its broadcast.
      F.HOut = F.HIn = Moved * B;
      F.Volume = (Moved + Others) * B;
      break;
    default:
      // Rank j's contribution goes to every rank i >= j (Exscan: i > j).
      F.HOut = F.HIn = Moved * B;
      F.Volume = P * (Moved + One) / Two * B;
      if (InPlace || Ex)
        F.Volume = P * Others / Two * B;
      break;
    }
    return F;
  }
  case Pattern::ReduceScatterBlock: {
    // Block j of every rank's contribution goes to rank j.
    Expr R = Recv->bytes();
    Expr Moved = InPlace ? Others : P;
    F.HOut = F.HIn = Moved * R;
    F.Volume = P * Moved * R;
    F.Read = use(InPlace ? *Recv : *Send, All(*Recv));
    F.Written = use(*Recv, *Recv->Block);
    return F;
  }
  case Pattern::ReduceScatter: {
    // Rank r's block of every contribution, counts[r] long, goes to r.
    const Side &C = InPlace ? *Recv : *Send;
    F.HOut = InPlace ? C.sumBytes() - C.minBytes() : C.sumBytes();
    F.HIn = (InPlace ? Others : P) * C.maxBytes();
    F.Volume = (InPlace ? Others : P) * C.sumBytes();
    F.Read = use(C, repeatLayout(*C.Elem, C.Totals->Sum));
    F.Written = use(*Recv, repeatLayout(*C.Elem, C.Totals->Max));
    return F;
  }
  case Pattern::Gather:
  case Pattern::Scatter: {
    bool Gather = Spec.Pattern == Pattern::Gather;
    // The root's side has a block per rank; the other, one block.
    const Side &Root = Gather ? *Recv : *Send;
    const Side &Each = Gather ? *Send : *Recv;
    bool PerRank = Root.Totals.has_value();
    if (InPlace && PerRank)
      if (Error E = NeedUniform(Root))
        return E;
    // A rank's block (the largest, in the v forms), as the root's side
    // says and as the rank's own side does.
    Expr RootBlock = PerRank ? Root.maxBytes() : Root.bytes();
    Expr EachBlock = !PerRank && Each.Block ? Each.bytes() : RootBlock;
    Expr Total = PerRank ? Root.sumBytes() : P * RootBlock;
    if (InPlace) {
      // The root keeps its own block.
      Total = Total - RootBlock;
      (Gather ? F.HOut : F.HIn) = Another * RootBlock;
    } else {
      (Gather ? F.HOut : F.HIn) = EachBlock;
    }
    (Gather ? F.HIn : F.HOut) = Total;
    F.Volume = Total;
    Layout RootLayout = PerRank ? *Root.Blocks : All(Root);
    if (InPlace)
      RootLayout = withoutOwnBlock(std::move(RootLayout), ownBlock(Root), P);
    std::optional<Use> RootUse = use(Root, std::move(RootLayout), InPlace);
    std::optional<Use> EachUse;
    if (Each.present())
      EachUse = use(Each, Each.Block
                              ? *Each.Block
                              : repeatLayout(*Root.Elem, Root.Totals->Max));
    (Gather ? F.Written : F.Read) = std::move(RootUse);
    (Gather ? F.Read : F.Written) = std::move(EachUse);
    return F;
  }
  case Pattern::Allgather: {
    bool PerRank = Recv->Totals.has_value();
    if (!PerRank) {
      Expr R = Recv->bytes();
      Expr Moved = InPlace ? Others : P;
      F.HOut = Moved * (InPlace ? R : Send->bytes());
      F.HIn = Moved * R;
      F.Volume = P * F.HOut;
      F.Written = use(*Recv, All(*Recv), InPlace);
      if (InPlace) {
        F.Written->L = withoutOwnBlock(F.Written->L, *Recv->Block, P);
        F.Read = ownUse(*Recv, *Recv->Block);
      } else {
        F.Read = use(*Send, *Send->Block);
      }
      return F;
    }
    // Rank i's block, counts[i] long, goes to every rank.
    Expr Moved = InPlace ? Others : P;
    F.HOut = Moved * Recv->maxBytes();
    F.HIn = InPlace ? Recv->sumBytes() - Recv->minBytes() : Recv->sumBytes();
    F.Volume = Moved * Recv->sumBytes();
    Layout Own = repeatLayout(*Recv->Elem, Recv->Totals->Max);
    F.Written = use(*Recv, *Recv->Blocks, InPlace);
    if (InPlace) {
      F.Written->L = withoutOwnBlock(F.Written->L, ownBlock(*Recv), P);
      F.Read = ownUse(*Recv, std::move(Own));
    } else {
      F.Read = use(*Send, Send->Block ? *Send->Block : std::move(Own));
    }
    return F;
  }
  case Pattern::Alltoall: {
    if (!Recv->Totals) {
      Expr R = Recv->bytes();
      Expr Moved = InPlace ? Others : P;
      F.HOut = Moved * (InPlace ? R : Send->bytes());
      F.HIn = Moved * R;
      F.Volume = P * F.HOut;
      if (InPlace) {
        Layout Rest = withoutOwnBlock(All(*Recv), *Recv->Block, P);
        F.Read = use(*Recv, Rest, true);
        F.Written = use(*Recv, std::move(Rest), true);
      } else {
        F.Read = use(*Send, All(*Send));
        F.Written = use(*Recv, All(*Recv));
      }
      return F;
    }
    if (InPlace) {
      if (Error E = NeedUniform(*Recv))
        return E;
      Expr C = Recv->maxBytes();
      F.HOut = F.HIn = Others * C;
      F.Volume = P * Others * C;
      Layout Rest = withoutOwnBlock(*Recv->Blocks, ownBlock(*Recv), P);
      F.Read = use(*Recv, Rest, true);
      F.Written = use(*Recv, std::move(Rest), true);
      return F;
    }
    F.HOut = Send->sumBytes();
    F.HIn = Recv->sumBytes();
    F.Volume = P * F.HOut;
    F.Read = use(*Send, *Send->Blocks);
    F.Written = use(*Recv, *Recv->Blocks);
    return F;
  }
  case Pattern::NeighborAllgather:
  case Pattern::NeighborAlltoall:
    break;
  }
  return reject<UnknownNeighbours>(
      Callee + " exchanges with the neighbours of a topology communicator, "
               "whose number the analysis does not know");
}

/// Moves the footprint's start by an unknown multiple of StepAlign bytes
/// (Use::RankAlign; none: of ElemAlign).
void atRankOffset(Footprint &F, std::optional<uint64_t> StepAlign,
                  uint64_t ElemAlign) {
  if (StepAlign == 0u)
    return;
  uint64_t Align = F.Where.OffsetAlign;
  if (F.Where.Offset)
    Align = *F.Where.Offset == 0
                ? F.Where.BaseAlign
                : MinAlign(0, uint64_t(*F.Where.Offset));
  F.Where.Offset.reset();
  F.Where.OffsetAlign =
      std::max<uint64_t>(1, MinAlign(Align, StepAlign.value_or(ElemAlign)));
}

} // namespace

Expected<AnalysedSite> analyseCollective(CallBase &Call,
                                         const CollectiveSpec &Spec,
                                         const AnalysisContext &Ctx) {
  std::string Callee = calleeName(Call).str();
  if (Spec.Pattern == Pattern::NeighborAllgather ||
      Spec.Pattern == Pattern::NeighborAlltoall)
    return reject<UnknownNeighbours>(
        Callee + " exchanges with the neighbours of a topology "
                 "communicator, whose number the analysis does not know");
  if (Spec.CountsDiffer)
    return reject<RankDependentCount>(
        Callee + " gathers a count of elements that may differ between "
                 "processing elements, and only this one's is known");
  auto Walk = walkLoops(nullptr, Call.getParent(), nullptr, Ctx);
  if (!Walk)
    return Walk.takeError();
  auto P = processorCount(Call, Spec, Ctx);
  if (!P)
    return withContext(P.takeError(), "the number of ranks");
  ValueExpr Counts = valueExprs(Ctx, true, "a count of " + Callee);
  AnalysedSite A;
  Site &S = A.Data;
  std::optional<Side> Send, Recv;
  auto SideOf = [&](const std::optional<BufferArg> &B,
                    const std::string &Role) -> Expected<std::optional<Side>> {
    if (!B)
      return std::nullopt;
    auto X = sideOf(Call, *B, *P, Counts, Ctx, S.Conditions, Role);
    if (!X)
      return X.takeError();
    return std::optional<Side>(std::move(*X));
  };
  // A v form's scalar count is often the rank's entry of the other side's
  // counts (MPI_Gatherv(s, counts[rank], ...)): that side's largest count
  // stands for it.
  auto ScalarOfPerRank = [&](const std::optional<BufferArg> &B,
                             const std::optional<BufferArg> &Other,
                             Error E) -> Expected<std::optional<Side>> {
    Reason R = takeReason(std::move(E));
    if (R->kind() != RejectKind::RankDependentCount || !Other ||
        !Other->PerRank || B->PerRank)
      return make_error<RejectionError>(R);
    Side X;
    X.Arg = B->Buffer;
    X.Null = isa<ConstantPointerNull>(
        Call.getArgOperand(B->Buffer)->stripPointerCasts());
    return std::optional<Side>(std::move(X));
  };
  auto SendX = SideOf(Spec.Send, "send");
  if (!SendX)
    SendX = ScalarOfPerRank(Spec.Send, Spec.Recv, SendX.takeError());
  if (!SendX)
    return SendX.takeError();
  Send = std::move(*SendX);
  auto RecvX = SideOf(Spec.Recv, "receive");
  if (!RecvX)
    RecvX = ScalarOfPerRank(Spec.Recv, Spec.Send, RecvX.takeError());
  if (!RecvX)
    return RecvX.takeError();
  Recv = std::move(*RecvX);
  // A buffer moving in both directions of Bcast is one argument.
  if (Recv && Recv->InPlace && Spec.Pattern != Pattern::Scatter)
    return reject<UnsupportedDatatype>(
        "MPI_IN_PLACE as the receive buffer of " + Callee +
        " is not valid MPI");
  auto F = flowOf(Spec, Send ? &*Send : nullptr, Recv ? &*Recv : nullptr, *P,
                  Callee);
  if (!F)
    return F.takeError();
  S.Kind = SiteKind::Collective;
  S.Messages = Walk->Executions;
  std::vector<std::string> WalkConditions = Walk->conditionTexts();
  S.Conditions.insert(S.Conditions.begin(), WalkConditions.begin(),
                      WalkConditions.end());
  // The send and receive arrays are often the same, and so their lengths.
  for (size_t I = 0; I < S.Conditions.size(); ++I)
    for (size_t J = I + 1; J < S.Conditions.size();)
      if (S.Conditions[J] == S.Conditions[I])
        S.Conditions.erase(S.Conditions.begin() + J);
      else
        ++J;
  noteRepetition(A, *Walk);
  S.Collective = Relation{*P, F->HIn, F->HOut, F->Volume};
  auto Place = [&](const std::optional<Use> &U, std::optional<Footprint> &Out,
                   const char *Role) -> Error {
    if (!U || !U->S->present())
      return Error::success();
    auto Fp = footprintAt(Call, U->S->Arg, U->L, Ctx);
    if (!Fp)
      return withContext(Fp.takeError(), std::string("the ") + Role +
                                             " buffer");
    // No lines when the call runs no time, loops that move the buffer
    // included (their slice's formula counts the block itself).
    Fp->Touches = Walk->Executions;
    if (U->OnlyOthers)
      Fp->Touches = Fp->Touches * (*P - Expr::constant(1));
    if (U->RankOffset)
      atRankOffset(*Fp, U->RankAlign,
                   std::min<uint64_t>(16, std::bit_floor(std::max<uint64_t>(
                                              1, U->L.ElemBytes))));
    Out = std::move(*Fp);
    return Error::success();
  };
  if (Error E = Place(F->Read, S.Read, "send"))
    return E;
  if (Error E = Place(F->Written, S.Written, "receive"))
    return E;
  std::vector<std::string> Shapes;
  if (S.Written && S.Read && S.Written->Array != S.Read->Array)
    A.Array = S.Written->Array + " <- " + S.Read->Array;
  else if (S.Written || S.Read)
    A.Array = (S.Written ? S.Written : S.Read)->Array;
  if (S.Read)
    Shapes.push_back("send " + S.Read->Shape);
  if (S.Written)
    Shapes.push_back("receive " + S.Written->Shape);
  A.Shape = join(Shapes, "; ");
  for (const std::optional<Side> *X : {&Send, &Recv}) {
    if (!*X || !(*X)->present())
      continue;
    // A side whose layout was not needed (a root's receive count on the
    // other ranks) has neither.
    const std::optional<Layout> &Has = (*X)->Block ? (*X)->Block : (*X)->Elem;
    if (!Has)
      continue;
    const Layout &L = *Has;
    if (A.Element.empty())
      A.Element = L.ElemName;
    if (A.Datatype.empty())
      A.Datatype = L.Origin;
  }
  return A;
}

} // namespace commcost
