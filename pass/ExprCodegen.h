// Code that computes an expression of the grammar at run time, for choices
// made from the actual arguments (commcost/variants.h): 64-bit integer
// arithmetic with the semantics of Expr::evaluate (C division and
// remainder, floordiv, ceildiv, min, max, gcd), except where evaluate
// refuses: sums and products wrap around, and a division or remainder by
// zero yields 0, so that the code never traps.
#pragma once

#include "commcost/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace commcost {

/// The values of E's variables, each a parameter: Params names them by
/// position and Arg(I) is the I-th's value (an argument of a call, or the
/// function's own). nullopt, with Unbound the first variable that is none
/// of the integer parameters, when one is not.
std::optional<std::map<std::string, llvm::Value *, std::less<>>>
parameterValues(const Expr &E, llvm::ArrayRef<std::string> Params,
                llvm::function_ref<llvm::Value *(unsigned)> Arg,
                unsigned NumArgs, std::string &Unbound);

/// V as an i64, as the grammar reads sizes: signed unless marked zeroext.
llvm::Value *asI64(llvm::IRBuilderBase &B, llvm::Value *V, bool ZeroExt);

/// Emits E at B's insertion point, the end of a block that has no
/// terminator yet (a gcd of two values adds a loop, and B then inserts at
/// the end of its exit block). Vars gives an i64 value for every variable
/// of E.
llvm::Value *emitExpr(llvm::IRBuilderBase &B, const Expr &E,
                      const std::map<std::string, llvm::Value *, std::less<>>
                          &Vars);

} // namespace commcost
