// The table of recognised calls (see CallFamilies.h). Argument positions
// follow the C bindings: MPI 3.1, BSPlib (Hill et al. 1998), OpenSHMEM 1.5.
#include "CallFamilies.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace commcost {

using Size = TransferSpec::SizeForm;

static TransferSpec transfer(SiteKind Kind, unsigned Buffer, Size Form,
                             unsigned Count) {
  TransferSpec S;
  S.Kind = Kind;
  S.Buffer = Buffer;
  S.Size = Form;
  S.Count = Count;
  return S;
}

static TransferSpec mpi(SiteKind Kind, unsigned Buffer) {
  TransferSpec S = transfer(Kind, Buffer, Size::MPICount, Buffer + 1);
  S.Datatype = Buffer + 2;
  return S;
}

static TransferSpec bytes(SiteKind Kind, unsigned Buffer, unsigned Count) {
  return transfer(Kind, Buffer, Size::Bytes, Count);
}

/// OpenSHMEM typed names: shmem_<type>_put and friends, and the sized
/// shmem_put<bits>.
struct ShmemType {
  StringRef Name;
  unsigned Bytes;
};
static const ShmemType ShmemTypes[] = {
    {"char", 1},     {"schar", 1},       {"uchar", 1},     {"short", 2},
    {"ushort", 2},   {"int", 4},         {"uint", 4},      {"long", 8},
    {"ulong", 8},    {"longlong", 8},    {"ulonglong", 8}, {"float", 4},
    {"double", 8},   {"longdouble", 16}, {"int8", 1},      {"int16", 2},
    {"int32", 4},    {"int64", 8},       {"uint8", 1},     {"uint16", 2},
    {"uint32", 4},   {"uint64", 8},      {"size", 8},      {"ptrdiff", 8},
    {"8", 1},        {"16", 2},          {"32", 4},        {"64", 8},
    {"128", 16}};

static std::optional<CallSpec> shmemCall(StringRef Name) {
  if (!Name.consume_front("shmem_"))
    return std::nullopt;
  Name.consume_back("_nbi");
  if (Name == "putmem")
    return CallSpec{"OpenSHMEM", {bytes(SiteKind::Put, 1, 2)}};
  if (Name == "getmem")
    return CallSpec{"OpenSHMEM", {bytes(SiteKind::Get, 0, 2)}};
  // shmem_<type>_<op> or shmem_<op><bits>
  for (const ShmemType &T : ShmemTypes) {
    for (StringRef Op : {"put", "get", "iput", "iget"}) {
      bool Typed = Name == (T.Name + "_" + Op).str();
      bool Sized = Name == (Op + T.Name).str() && isDigit(T.Name[0]);
      if (!Typed && !Sized)
        continue;
      bool IsPut = Op.ends_with("put");
      TransferSpec S =
          transfer(IsPut ? SiteKind::Put : SiteKind::Get, IsPut ? 1 : 0, Size::Elements, 2);
      if (Op.starts_with("i")) {
        // (dest, source, dst, sst, nelems, pe)
        S.Size = Size::StridedElems;
        S.Count = 4;
        S.Stride = IsPut ? 3 : 2;
      }
      S.ElemBytes = T.Bytes;
      S.ElemName = Sized ? std::to_string(T.Bytes * 8) + "-bit" : T.Name.str();
      return CallSpec{"OpenSHMEM", {S}};
    }
  }
  return std::nullopt;
}

static BufferArg typed(unsigned Buffer, std::optional<unsigned> Count,
                       unsigned Datatype) {
  BufferArg B;
  B.Buffer = Buffer;
  B.Count = Count;
  B.Datatype = Datatype;
  return B;
}

/// Counts and displacements per rank (the v forms; w: datatypes per rank).
static BufferArg perRank(unsigned Buffer, unsigned Counts,
                         std::optional<unsigned> Displs, unsigned Datatype,
                         bool Types = false) {
  BufferArg B = typed(Buffer, Counts, Datatype);
  B.Displs = Displs;
  B.PerRank = true;
  B.PerRankTypes = Types;
  return B;
}

static BufferArg elements(unsigned Buffer, unsigned Count, unsigned Bytes,
                          std::string Name) {
  BufferArg B;
  B.Buffer = Buffer;
  B.Count = Count;
  B.ElemBytes = Bytes;
  B.ElemName = std::move(Name);
  return B;
}

/// MPI collectives and their nonblocking (MPI_I...) forms.
static std::optional<CollectiveSpec> mpiCollective(StringRef Name) {
  std::string Base = Name.str();
  // MPI_Ialltoall is MPI_Alltoall with a request at the end.
  if (Name.starts_with("MPI_I") && Name.size() > 5 && isLower(Name[5]))
    Base = "MPI_" + std::string(1, toUpper(Name[5])) + Name.drop_front(6).str();
  using P = CollectivePattern;
  CollectiveSpec C;
  auto Set = [&](P Pattern, std::optional<BufferArg> Send,
                 std::optional<BufferArg> Recv, std::optional<unsigned> Root,
                 unsigned Comm) {
    C.Pattern = Pattern;
    C.Send = std::move(Send);
    C.Recv = std::move(Recv);
    C.Root = Root;
    C.Comm = Comm;
    return C;
  };
  StringRef B(Base);
  if (B == "MPI_Barrier")
    return Set(P::Barrier, std::nullopt, std::nullopt, std::nullopt, 0);
  if (B == "MPI_Bcast")
    return Set(P::Bcast, typed(0, 1, 2), typed(0, 1, 2), 3, 4);
  if (B == "MPI_Reduce")
    return Set(P::Reduce, typed(0, 2, 3), typed(1, 2, 3), 5, 6);
  auto Pattern = StringSwitch<std::optional<P>>(B)
                     .Case("MPI_Allreduce", P::Allreduce)
                     .Case("MPI_Scan", P::Scan)
                     .Case("MPI_Exscan", P::Exscan)
                     .Case("MPI_Reduce_scatter_block", P::ReduceScatterBlock)
                     .Default(std::nullopt);
  if (Pattern)
    return Set(*Pattern, typed(0, 2, 3), typed(1, 2, 3), std::nullopt, 5);
  if (B == "MPI_Reduce_scatter")
    return Set(P::ReduceScatter, perRank(0, 2, std::nullopt, 3),
               perRank(1, 2, std::nullopt, 3), std::nullopt, 5);
  if (B == "MPI_Gather" || B == "MPI_Scatter")
    return Set(B == "MPI_Gather" ? P::Gather : P::Scatter, typed(0, 1, 2),
               typed(3, 4, 5), 6, 7);
  if (B == "MPI_Gatherv")
    return Set(P::Gather, typed(0, 1, 2), perRank(3, 4, 5, 6), 7, 8);
  if (B == "MPI_Scatterv")
    return Set(P::Scatter, perRank(0, 1, 2, 3), typed(4, 5, 6), 7, 8);
  bool Neighbor = B.consume_front("MPI_Neighbor_");
  if (!Neighbor && !B.consume_front("MPI_"))
    return std::nullopt;
  P All = Neighbor ? P::NeighborAllgather : P::Allgather;
  P ToAll = Neighbor ? P::NeighborAlltoall : P::Alltoall;
  // MPI_Allgather, but MPI_Neighbor_allgather.
  std::string Lower = B.str();
  if (!Neighbor && (Lower.empty() || !isUpper(Lower[0])))
    return std::nullopt;
  if (!Lower.empty())
    Lower[0] = toLower(Lower[0]);
  if (Lower == "allgather")
    return Set(All, typed(0, 1, 2), typed(3, 4, 5), std::nullopt, 6);
  if (Lower == "allgatherv")
    return Set(All, typed(0, 1, 2), perRank(3, 4, 5, 6), std::nullopt, 7);
  if (Lower == "alltoall")
    return Set(ToAll, typed(0, 1, 2), typed(3, 4, 5), std::nullopt, 6);
  if (Lower == "alltoallv")
    return Set(ToAll, perRank(0, 1, 2, 3), perRank(4, 5, 6, 7), std::nullopt,
               8);
  if (Lower == "alltoallw")
    return Set(ToAll, perRank(0, 1, 2, 3, true), perRank(4, 5, 6, 7, true),
               std::nullopt, 8);
  return std::nullopt;
}

/// OpenSHMEM collectives: the classic active-set forms (PE_start,
/// logPE_stride, PE_size) and the OpenSHMEM 1.5 team forms.
static std::optional<CollectiveSpec> shmemCollective(StringRef Name) {
  if (!Name.consume_front("shmem_"))
    return std::nullopt;
  using P = CollectivePattern;
  CollectiveSpec C;
  if (Name == "barrier_all" || Name == "sync_all")
    return C;
  if (Name == "barrier" || Name == "sync") {
    C.SetSize = 2;
    return C;
  }
  if (Name == "team_sync") {
    C.Comm = 0;
    return C;
  }
  // shmem_broadcast32(dest, source, nelems, PE_root, PE_start,
  // logPE_stride, PE_size, pSync) and the 32/64-bit collects and
  // alltoalls (dest, source, nelems, PE_start, logPE_stride, PE_size,
  // pSync).
  for (unsigned Bits : {32u, 64u}) {
    unsigned Bytes = Bits / 8;
    std::string Elem = std::to_string(Bits) + "-bit";
    std::string Suffix = std::to_string(Bits);
    if (Name == "broadcast" + Suffix) {
      C.Pattern = P::Bcast;
      C.Send = elements(1, 2, Bytes, Elem);
      C.Recv = elements(0, 2, Bytes, Elem);
      C.Root = 3;
      C.SetSize = 6;
      C.RootKeepsDest = true;
      return C;
    }
    for (StringRef Op : {"fcollect", "collect", "alltoall"})
      if (Name == Op.str() + Suffix) {
        C.Pattern = Op == "alltoall" ? P::Alltoall : P::Allgather;
        C.Send = elements(1, 2, Bytes, Elem);
        C.Recv = elements(0, 2, Bytes, Elem);
        C.SetSize = 5;
        C.CountsDiffer = Op == "collect";
        return C;
      }
  }
  // shmem_<type>_<op>_to_all(dest, source, nreduce, PE_start,
  // logPE_stride, PE_size, pWrk, pSync); shmem_<type>_<op>_reduce(team,
  // dest, source, nreduce).
  for (const ShmemType &T : ShmemTypes)
    for (StringRef Op : {"and", "or", "xor", "max", "min", "sum", "prod"}) {
      std::string Stem = (T.Name + "_" + Op).str();
      if (Name == Stem + "_to_all") {
        C.Pattern = P::Allreduce;
        C.Send = elements(1, 2, T.Bytes, T.Name.str());
        C.Recv = elements(0, 2, T.Bytes, T.Name.str());
        C.SetSize = 5;
        return C;
      }
      if (Name == Stem + "_reduce") {
        C.Pattern = P::Allreduce;
        C.Send = elements(2, 3, T.Bytes, T.Name.str());
        C.Recv = elements(1, 3, T.Bytes, T.Name.str());
        C.Comm = 0;
        return C;
      }
    }
  // Team forms moving bytes or typed elements: (team, dest, source, nelems
  // [, PE_root]).
  for (const ShmemType &T : ShmemTypes)
    for (StringRef Op : {"broadcast", "fcollect", "collect", "alltoall"}) {
      bool Mem = Name == (Op + "mem").str();
      if (!Mem && Name != (T.Name + "_" + Op).str())
        continue;
      unsigned Bytes = Mem ? 1 : T.Bytes;
      std::string Elem = Mem ? "byte" : T.Name.str();
      C.Pattern = Op == "broadcast"  ? P::Bcast
                  : Op == "alltoall" ? P::Alltoall
                                     : P::Allgather;
      C.Send = elements(2, 3, Bytes, Elem);
      C.Recv = elements(1, 3, Bytes, Elem);
      C.Comm = 0;
      if (Op == "broadcast")
        C.Root = 4;
      C.CountsDiffer = Op == "collect";
      return C;
    }
  return std::nullopt;
}

static std::optional<PackSpec> mpiPack(StringRef Name) {
  PackSpec S;
  // MPI_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm),
  // MPI_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm),
  // and the _external forms with the data representation first.
  bool External = Name.consume_back("_external");
  unsigned Shift = External ? 1 : 0;
  if (Name == "MPI_Pack") {
    S.Typed = typed(Shift + 0, Shift + 1, Shift + 2);
    S.Packed = Shift + 3;
    S.Position = Shift + 5;
    return S;
  }
  if (Name == "MPI_Unpack") {
    S.Unpack = true;
    S.Packed = Shift + 0;
    S.Position = Shift + 2;
    S.Typed = typed(Shift + 3, Shift + 4, Shift + 5);
    return S;
  }
  return std::nullopt;
}

static std::optional<AtomicSpec> mpiAtomic(StringRef Name) {
  AtomicSpec S;
  // MPI_Fetch_and_op(origin, result, datatype, ...),
  // MPI_Compare_and_swap(origin, compare, result, datatype, ...),
  // MPI_Get_accumulate(origin, ocount, otype, result, rcount, rtype, ...).
  if (Name == "MPI_Fetch_and_op") {
    S.Origin = typed(0, std::nullopt, 2);
    S.Result = typed(1, std::nullopt, 2);
    return S;
  }
  if (Name == "MPI_Compare_and_swap") {
    S.Origin = typed(0, std::nullopt, 3);
    S.Compare = typed(1, std::nullopt, 3);
    S.Result = typed(2, std::nullopt, 3);
    return S;
  }
  if (Name == "MPI_Get_accumulate" || Name == "MPI_Rget_accumulate") {
    S.Origin = typed(0, 1, 2);
    S.Result = typed(3, 4, 5);
    return S;
  }
  return std::nullopt;
}

/// OpenSHMEM atomics on a remote variable: shmem_<type>_<op> (the older
/// add, inc, fadd, finc, swap, cswap, fetch, set) and
/// shmem_<type>_atomic_<op>; and the single-element put and get
/// (shmem_<type>_p, shmem_<type>_g), which move one operand to or from a
/// remote variable the same way, with no buffer of the caller's.
static std::optional<AtomicSpec> shmemAtomic(StringRef Name) {
  if (!Name.consume_front("shmem_"))
    return std::nullopt;
  for (const ShmemType &T : ShmemTypes) {
    StringRef Op = Name;
    if (!Op.consume_front(T.Name) || !Op.consume_front("_"))
      continue;
    bool Atomic = Op.consume_front("atomic_");
    if (!Atomic && !is_contained({"add", "inc", "fadd", "finc", "swap",
                                  "cswap", "fetch", "set", "p", "g"},
                                 Op))
      continue;
    AtomicSpec S;
    bool Compare = Op == "cswap" || Op == "compare_swap";
    S.OperandBytes = T.Bytes * (Compare ? 2 : 1);
    S.ElemName = T.Name.str();
    return S;
  }
  return std::nullopt;
}

std::optional<CallSpec> lookupCall(StringRef Name) {
  // The profiling interface names the same operations.
  if (Name.starts_with("PMPI_"))
    Name = Name.drop_front(1);
  if (Name.starts_with("llvm.memcpy") || Name.starts_with("llvm.memmove") ||
      Name == "memcpy" || Name == "memmove") {
    TransferSpec S = bytes(SiteKind::Copy, 1, 2);
    S.OtherBuffer = 0;
    return CallSpec{"libc", {S}};
  }
  if (Name == "MPI_Sendrecv")
    return CallSpec{"MPI", {mpi(SiteKind::Send, 0), mpi(SiteKind::Recv, 5)}};
  auto Kind = StringSwitch<std::optional<SiteKind>>(Name)
                  .Cases("MPI_Send", "MPI_Isend", "MPI_Ssend", "MPI_Bsend",
                         "MPI_Rsend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend",
                         SiteKind::Send)
                  .Cases("MPI_Recv", "MPI_Irecv", SiteKind::Recv)
                  .Cases("MPI_Put", "MPI_Accumulate", "MPI_Rput",
                         "MPI_Raccumulate", SiteKind::Put)
                  .Cases("MPI_Get", "MPI_Rget", SiteKind::Get)
                  .Default(std::nullopt);
  if (Kind)
    return CallSpec{"MPI", {mpi(*Kind, 0)}};
  // bsp_put(pid, src, dst, offset, nbytes); bsp_get(pid, src, offset, dst,
  // nbytes); bsp_send(pid, tag, payload, nbytes).
  if (Name == "bsp_put" || Name == "bsp_hpput")
    return CallSpec{"BSPlib", {bytes(SiteKind::Put, 1, 4)}};
  if (Name == "bsp_get" || Name == "bsp_hpget")
    return CallSpec{"BSPlib", {bytes(SiteKind::Get, 3, 4)}};
  if (Name == "bsp_send")
    return CallSpec{"BSPlib", {bytes(SiteKind::Send, 2, 3)}};
  CallSpec Special;
  Special.Family = "MPI";
  if ((Special.Collective = mpiCollective(Name)) ||
      (Special.Pack = mpiPack(Name)) || (Special.Atomic = mpiAtomic(Name)))
    return Special;
  Special.Family = "OpenSHMEM";
  if ((Special.Collective = shmemCollective(Name)) ||
      (Special.Atomic = shmemAtomic(Name)))
    return Special;
  return shmemCall(Name);
}

const Function *calledFunction(const CallBase &Call) {
  return dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
}

StringRef calleeName(const CallBase &Call) {
  const Function *F = calledFunction(Call);
  return F ? F->getName() : "";
}

bool isCommunicationName(StringRef Name) {
  return lookupCall(Name).has_value();
}

} // namespace commcost
