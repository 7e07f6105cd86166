// The one translator from IR to the expression grammar. Scalar evolution
// folds the affine arithmetic of sizes and addresses; what it leaves opaque
// (divisions, remainders, shifts, selects, phis that join the two sides of
// a branch, minima and maxima) is read from the instructions; values are
// named by their source-level variables (SourceNames.h); the processor id
// and count (omp_get_thread_num, MPI_Comm_rank and their counterparts) are
// named and recorded, which is what a partition of a loop is read from.
#pragma once

#include "SourceNames.h"

#include "commcost/Expr.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace llvm {
class CallBase;
class DominatorTree;
class Loop;
class LoopInfo;
class SCEV;
class SCEVAddRecExpr;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace commcost {

/// Whether V is the processor's id or the processor count, as the OpenMP
/// runtime, MPI or OpenSHMEM gives them.
enum class ProcessorRole { None, Id, Count };
/// The Origin of OpenSHMEM's PE count (shmem_n_pes()).
inline constexpr const char *ShmemPesOrigin = "shmem_n_pes()";
struct ProcessorValue {
  ProcessorRole Role = ProcessorRole::None;
  const char *Origin = "";      ///< "omp_get_thread_num()", "MPI_Comm_rank"
  const char *DefaultName = ""; ///< when the value has no source name
};
ProcessorValue processorValue(const llvm::Value *V);

/// V without integer casts (extensions, truncations, freeze).
llvm::Value *stripIntCasts(llvm::Value *V);

/// Whether V is computed from the processor id.
bool dependsOnProcessorId(llvm::Value *V);

class ExprTranslator {
public:
  /// How instructions that have a source name and could also be taken
  /// apart are read: by name (sizes: "w" reads better than "n / px"), or
  /// by structure (partitions: the id must be seen inside "id * n / P").
  enum class Prefer { Names, Structure };

  /// SE and DT may be null (a caller's values, read without analyses).
  ExprTranslator(llvm::ScalarEvolution *SE, const SourceFacts &Facts,
                 const llvm::DominatorTree *DT, Prefer P = Prefer::Names)
      : SE(SE), Facts(Facts), DT(DT), Pref(P) {}

  /// V (an integer) as an expression.
  llvm::Expected<Expr> value(llvm::Value *V);
  /// S as an expression. Casts are dropped and max(0, x) reads as x: sizes
  /// are taken to be non-negative and in range.
  llvm::Expected<Expr> scev(const llvm::SCEV *S);

  /// Values that change only from one iteration of L to the next (L's
  /// counters, elements its counters select) read as their source names,
  /// for a site analysed per iteration of L; a counter At passes as a
  /// variable reads as that variable. With LI, a value that changes names
  /// the loop it changes in (VaryingValue::In).
  void namePerIterationOf(const llvm::LoopInfo &Loops, const llvm::Loop *L,
                          const llvm::CallBase *At = nullptr) {
    LI = &Loops;
    NamedIn = L;
    NamedAt = At;
  }

  /// The processor id and count the translated values used.
  struct Processor {
    std::string Name;
    std::string Origin;
  };
  std::optional<Processor> Id, Count;

private:
  llvm::ScalarEvolution *SE;
  const SourceFacts &Facts;
  const llvm::DominatorTree *DT;
  Prefer Pref;
  const llvm::LoopInfo *LI = nullptr;
  const llvm::Loop *NamedIn = nullptr;
  const llvm::CallBase *NamedAt = nullptr;
  unsigned Depth = 0;

  llvm::Expected<Expr> recurrence(const llvm::SCEVAddRecExpr &AR);

  llvm::Expected<Expr> instruction(llvm::Value *V);
  llvm::Expected<Expr> processor(llvm::Value *V, const ProcessorValue &PV);
  llvm::Expected<Expr> binary(llvm::Value *V);
  llvm::Expected<Expr> diamond(llvm::Value *V);
  llvm::Expected<Expr> select(llvm::Value *Cond, llvm::Value *TrueV,
                              llvm::Value *FalseV);
};

/// "the result of next_size() at line 12", "a value computed by 'xor'",
/// for messages.
std::string describeValue(const llvm::Value *V);

} // namespace commcost
