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
