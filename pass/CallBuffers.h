// The buffers of calls that are sites of their own kind (collectives,
// MPI_Pack/MPI_Unpack, RMA atomics; CallFamilies.h): what a buffer
// argument with its count and datatype lays out, and the footprint of that
// layout along the loops around the call.
#pragma once

#include "CallFamilies.h"
#include "Datatypes.h"
#include "Footprint.h"

#include "commcost/Site.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace commcost {

/// Integer values of the function being analysed as expressions. With
/// RankFree, a value computed from the processor id is refused
/// (RankDependentCount), naming Noun: the amounts of a collective are
/// those of every rank.
ValueExpr valueExprs(const AnalysisContext &Ctx, bool RankFree = false,
                     std::string Noun = "");

/// The layout of what B moves: Count elements (one without a count) of
/// its datatype or of its element size. Count overrides the argument.
llvm::Expected<Layout> layoutOfBuffer(llvm::CallBase &Call, const BufferArg &B,
                                      const ValueExpr &ToExpr,
                                      const AnalysisContext &Ctx,
                                      std::optional<Expr> Count = std::nullopt);

/// The footprint of L at the pointer argument Arg of Call, over the loops
/// around the call.
llvm::Expected<Footprint> footprintAt(llvm::CallBase &Call, unsigned Arg,
                                      const Layout &L,
                                      const AnalysisContext &Ctx);

/// MPI_IN_PLACE: Open MPI's (void *)1 or MPICH's (void *)-1.
bool isInPlace(const llvm::Value *V);

} // namespace commcost
