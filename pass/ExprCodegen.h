// Code that computes an expression of the grammar at run time, for choices
// made from the actual arguments (commcost/variants.h): 64-bit integer
// arithmetic with the semantics of Expr::evaluate (C division and
// remainder, floordiv, ceildiv, min, max, gcd), except where evaluate
// refuses: sums and products wrap around, and a division or remainder by
// zero yields 0, so that the code never traps.
#pragma once

#include "commcost/Expr.h"

#include <map>
#include <string>

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace commcost {

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
