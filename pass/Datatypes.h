// MPI datatypes as layouts: the builtin ones (Open MPI's predefined globals
// and MPICH's encoded handles) and derived ones built with
// MPI_Type_contiguous, _vector, _hvector/_create_hvector and
// _create_subarray, committed in the same function or passed in from a
// caller that the analysis can see.
#pragma once

#include "Footprint.h"

#include "llvm/Support/Error.h"

#include <functional>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace commcost {

/// Turns a value of the function being analysed into an Expr.
using ValueExpr = std::function<llvm::Expected<Expr>(llvm::Value *)>;

/// The layout of Count elements of Datatype as passed to Call.
llvm::Expected<Layout> resolveDatatype(llvm::Value *Datatype,
                                       const Expr &Count,
                                       const llvm::CallBase &Call,
                                       const ValueExpr &ToExpr,
                                       const AnalysisContext &Ctx);

} // namespace commcost
