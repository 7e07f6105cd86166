// Comparison of two sets of commcost records (`commcost diff BASE NEW`):
// sites matched by unit, function, kind, callee and order within the
// function, so that inserted lines do not break the match; per-site and
// per-function changes of the predicted cost; which changes fail a
// regression check (a rise above the threshold, a site no longer analysed
// or priced, a symbolic cost that changed and cannot be compared without a
// binding).
#pragma once

#include "commcost/Records.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace commcost {

struct DiffOptions {
  /// A rise of more than this many percent fails.
  double ThresholdPct = 5;
  /// Values of the variables of symbolic costs.
  Expr::IntBindings Bindings;
};

enum class ChangeStatus {
  Same,         ///< the same cost (same text, or the same value)
  Fall,         ///< cheaper
  Rise,         ///< more expensive (fails above the threshold)
  New,          ///< only in NEW
  Removed,      ///< only in BASE
  Priced,       ///< NEW prices a site BASE could not price
  NotAnalysed,  ///< in NEW a missed record replaces it (fails)
  NotPriced,    ///< NEW cannot price it any more (fails)
  Incomparable, ///< symbolic, changed, variables unbound (fails)
};

/// The status as the table and JSON print it: "rise", "not-analysed"...
const char *statusName(ChangeStatus S);

/// One row: a site or a function, before and after.
struct CostChange {
  std::string Unit;
  std::string Function;
  /// For a site, what identifies it within the function (empty for a
  /// function's total).
  std::string Kind, Callee;
  unsigned Ordinal = 0;
  RecordLocation BaseLoc, NewLoc;
  std::optional<Cost> BaseCost, NewCost;
  /// The costs evaluated at the bindings, where possible.
  std::optional<double> BaseUs, NewUs;
  ChangeStatus Status = ChangeStatus::Same;
  /// (new - base) / base in percent; absent when either value is unknown
  /// or base is 0.
  std::optional<double> ChangePct;
  /// Variables a binding must give to compare (Incomparable).
  std::set<std::string> Unbound;
  /// Why a site is not analysed or priced any more (from NEW).
  std::string Reason;
  /// Why a function's total is only a lower bound, in BASE and in NEW.
  std::string BaseIncomplete, NewIncomplete;
  /// Whether this row fails the check.
  bool Fails = false;
};

struct RecordDiff {
  DiffOptions Options;
  std::vector<CostChange> Sites;
  std::vector<CostChange> Functions;

  bool failed() const;
  /// The table: changed sites, changed function totals, and a last line
  /// that says whether the check passes and why not.
  void print(llvm::raw_ostream &OS) const;
  nlohmann::json toJson() const;
};

/// Compares BASE with NEW. Throws RecordError when a cost cannot be
/// evaluated at the bindings (a division by zero there).
RecordDiff diffRecords(const RecordSet &Base, const RecordSet &New,
                       const DiffOptions &Options);

} // namespace commcost
