// Translating scalar-evolution expressions into the commcost expression
// grammar, with values named by their source-level variables.
#pragma once

#include "SourceNames.h"

#include "commcost/Expr.h"

#include <optional>
#include <string>

namespace llvm {
class SCEV;
} // namespace llvm

namespace commcost {

/// S as an Expr, or nullopt with Why saying which part has no source-level
/// form (a value without a name, a loop-variant term, ...). Casts are
/// dropped and max(0, x) reads as x: sizes are taken to be non-negative and
/// in range.
std::optional<Expr> exprFromSCEV(const llvm::SCEV *S, const SourceFacts &Facts,
                                 std::string &Why);

} // namespace commcost
