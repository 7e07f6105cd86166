// Loops whose iterations are split among processors (threads or ranks):
// OpenMP worksharing loops (the bounds come from __kmpc_for_static_init_*)
// and loops whose bounds are computed from omp_get_thread_num() or
// MPI_Comm_rank. For each, how many iterations all processors run
// together and the most that one processor runs: what hr, hw and M of a
// superstep are made of.
#pragma once

#include "Footprint.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class Loop;
} // namespace llvm

namespace commcost {

struct Partition {
  const llvm::Loop *L = nullptr;
  Expr Processors;     ///< P
  Expr Iterations;     ///< of all processors together
  Expr MostIterations; ///< of the processor with the largest part
  /// Of one processor, in the source variable holding its id where the
  /// split names one; else the same as MostIterations.
  Expr OwnIterations;
  /// Whether the iterations of one processor are consecutive, so that its
  /// part of an access is one strided run of MostIterations elements.
  bool Contiguous = true;
  /// How the loop is split, for the remark.
  std::string How;
};

/// Whether L is split among processors: the partition, nothing when it is
/// not split, or why a split cannot be analysed. Original is the function
/// the user wrote (the analysis may run on a copy of it); its callers tell
/// how many threads an outlined OpenMP body runs on.
llvm::Expected<std::optional<Partition>>
findPartition(const llvm::Loop &L, const llvm::Function &Original,
              const AnalysisContext &Ctx);

} // namespace commcost
