// The communication calls the plugin recognises (MPI point-to-point and
// one-sided, BSPlib, OpenSHMEM, memcpy/memmove) and where, in each call, the
// marshalled buffer, its size and its layout are found.
#pragma once

#include "commcost/Site.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace commcost {

/// One transfer a call performs. A call can perform two (MPI_Sendrecv).
struct TransferSpec {
  SiteKind Kind = SiteKind::Send;
  unsigned Buffer = 0; ///< the user buffer being marshalled
  /// How the size is given.
  enum class SizeForm {
    MPICount,     ///< Count elements of the MPI datatype in argument Datatype
    Bytes,        ///< Count is in bytes
    Elements,     ///< Count elements of ElemBytes each
    StridedElems, ///< Count elements of ElemBytes, Stride elements apart
  } Size = SizeForm::Bytes;
  unsigned Count = 0;
  unsigned Datatype = 0;
  unsigned Stride = 0;
  unsigned ElemBytes = 1;
  std::string ElemName = "byte";
  /// For memcpy/memmove, the other buffer (the destination).
  std::optional<unsigned> OtherBuffer;
};

/// A buffer of a collective, pack or atomic call and how much of it the
/// call moves: Count elements of Datatype (MPI), of ElemBytes bytes each
/// (OpenSHMEM), or one element when there is no Count.
struct BufferArg {
  unsigned Buffer = 0;
  std::optional<unsigned> Count;
  std::optional<unsigned> Datatype;
  unsigned ElemBytes = 0;
  std::string ElemName;
  /// The v and w forms: Count and Displs are arrays with one entry per
  /// rank; displacements count extents of the datatype, or bytes when
  /// Datatype is an array too (w).
  std::optional<unsigned> Displs;
  bool PerRank = false;
  bool PerRankTypes = false;
};

/// The data flow of a collective operation (the pattern its h-relation is
/// read from, docs/plugin.md "Collectives").
enum class CollectivePattern {
  Barrier,
  Bcast,
  Reduce,
  Allreduce,
  ReduceScatter, ///< a count per rank (MPI_Reduce_scatter)
  ReduceScatterBlock,
  Scan,
  Exscan,
  Gather,
  Scatter,
  Allgather,
  Alltoall,
  NeighborAllgather,
  NeighborAlltoall,
};

struct CollectiveSpec {
  CollectivePattern Pattern = CollectivePattern::Barrier;
  /// A rank's send and receive buffers: one buffer in both for MPI_Bcast.
  std::optional<BufferArg> Send, Recv;
  std::optional<unsigned> Root;
  /// Who takes part: an MPI communicator, an OpenSHMEM active set's size,
  /// or (neither) every OpenSHMEM processing element.
  std::optional<unsigned> Comm, SetSize;
  /// OpenSHMEM: the root's destination is not written (broadcast), and the
  /// counts of the processing elements may differ (collect).
  bool RootKeepsDest = false;
  bool CountsDiffer = false;
};

/// MPI_Pack (Typed is read, the packed buffer written at *Position) and
/// MPI_Unpack (the other way).
struct PackSpec {
  bool Unpack = false;
  BufferArg Typed;
  unsigned Packed = 0;
  unsigned Position = 0;
};

/// An RMA read-modify-write: the origin (and compare) operands go to the
/// target, the old value comes back into Result. OpenSHMEM atomics pass
/// their operands by value: OperandBytes bytes, and no buffers.
struct AtomicSpec {
  std::optional<BufferArg> Origin, Compare, Result;
  unsigned OperandBytes = 0;
  std::string ElemName;
};

struct CallSpec {
  std::string Family; ///< MPI, BSPlib, OpenSHMEM, libc
  std::vector<TransferSpec> Transfers;
  /// Calls that are one site of their own kind (Collectives.h).
  std::optional<CollectiveSpec> Collective;
  std::optional<PackSpec> Pack;
  std::optional<AtomicSpec> Atomic;
};

/// The spec for a call to a function named Name, if it is a site.
std::optional<CallSpec> lookupCall(llvm::StringRef Name);

/// The function a call site calls, looking through casts; null if indirect.
const llvm::Function *calledFunction(const llvm::CallBase &Call);

/// The name of the function a call site calls directly, or "".
llvm::StringRef calleeName(const llvm::CallBase &Call);

/// Whether a callee name belongs to a family the plugin knows, so that an
/// indirect call to it can be reported.
bool isCommunicationName(llvm::StringRef Name);

} // namespace commcost
