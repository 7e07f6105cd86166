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

struct CallSpec {
  std::string Family; ///< MPI, BSPlib, OpenSHMEM, libc
  std::vector<TransferSpec> Transfers;
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
