// What a small array holds when a call reads it: the counts and
// displacements of MPI_Alltoallv and friends, the sizes of a subarray, the
// block lengths, displacements and types of indexed and struct datatypes.
// The analysis reads the stores the function makes before the call: at
// constant indices (also of wide integers and vectors, which optimised code
// stores several ints with), copies of constant initialisers, and loops
// that fill the array index by index with a value affine in the index.
#pragma once

#include "Footprint.h"

#include "commcost/Expr.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace commcost {

/// The entries of an array as the code fills it.
struct ArrayContents {
  /// Entries stored one by one: Entries[i] is stored at index i.
  std::vector<llvm::Value *> Entries;
  /// Or filled by a loop: entry i is Start + Step * i for i < Filled, in
  /// the expression grammar (integers), or the one value Uniform
  /// (datatype handles).
  std::optional<Expr> Start, Step, Filled;
  llvm::Value *Uniform = nullptr;
  bool byLoop() const { return Filled.has_value(); }
};

/// The entries of Array, of ElemBytes bytes each, that the code stores
/// before Use. Length, when given, is the number of entries Use reads;
/// they must all be known. What names the array in reasons ("the counts of
/// MPI_Alltoallv").
llvm::Expected<ArrayContents>
arrayContents(llvm::Value *Array, unsigned ElemBytes,
              std::optional<unsigned> Length, const llvm::CallBase &Use,
              const AnalysisContext &Ctx, const std::string &What);

/// Integer entries of an array as expressions, for arrays known one by one;
/// ToExpr translates the stored values.
llvm::Expected<std::vector<Expr>>
arrayExprs(const ArrayContents &A,
           const std::function<llvm::Expected<Expr>(llvm::Value *)> &ToExpr);

} // namespace commcost
