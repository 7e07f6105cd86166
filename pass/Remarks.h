// Remarks and YAML records as thin emitters of the analysis result:
// -Rpass-analysis=commcost shows every analysed site (features, cost) and
// each function's total; -Rpass-missed=commcost every site that could not
// be analysed or priced, named by its reason; -Rpass=commcost every choice
// of commcost/variants.h.
#pragma once

#include "SiteAnalysis.h"

#include <optional>

namespace llvm {
class Function;
class Instruction;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace commcost {

/// Emits the remarks of F's result. F is the function the user wrote. A
/// site remark whose digest is in Emitted (the same location, statement
/// and text) is not emitted again; each function's total is.
void emitRemarks(llvm::OptimizationRemarkEmitter &ORE, const llvm::Function &F,
                 const CommCostInfo &Info, const Profile &P,
                 RemarkDigests &Emitted);

/// A choice between alternatives (functions of COMMCOST_VARIANTS, values
/// of COMMCOST_TUNE) by their predicted costs.
struct ChoiceRemark {
  std::string Name;  ///< the record's name: VariantChosen, TuneChosen
  std::string What;  ///< "halo", "COMMCOST_TUNE(block)"
  std::vector<std::string> Alternatives;
  /// Per alternative, in picoseconds (numbers for a choice at compile
  /// time, expressions in the call's values for one at run time).
  std::vector<Expr> CostsPs;
  std::optional<size_t> Chosen; ///< the static choice
  /// Where the run-time costs' variables come from ("the arguments of the
  /// call").
  std::string Note;
  /// The static choice and the next cheapest are within 0.1%: a predicted
  /// tie, decided by the order of the list, not by the machine.
  bool Tie = false;
};

/// -Rpass=commcost at I: the alternatives, their costs, the choice.
void emitChoice(llvm::OptimizationRemarkEmitter &ORE,
                const llvm::Instruction &I, const ChoiceRemark &C,
                const Profile &P);

/// The size chosen for commcost_packet_bytes(total): Bytes is the total
/// (a number or an expression), PacketBytes the size when known at compile
/// time.
void emitPacketChoice(llvm::OptimizationRemarkEmitter &ORE,
                      const llvm::Instruction &I, const std::string &Bytes,
                      std::optional<int64_t> PacketBytes,
                      const std::string &Model, const Profile &P);

/// -Rpass-missed=commcost: no choice for What, Fallback runs, because of
/// Why.
void emitChoiceMissed(llvm::OptimizationRemarkEmitter &ORE,
                      const llvm::Instruction &I, llvm::StringRef What,
                      llvm::StringRef Fallback, const RejectReason &Why);

} // namespace commcost
