// The bottom line of a set of records (`commcost summary`): the most
// expensive sites and functions, each with its dominant term (the feature
// whose term contributes most of the cost), and the symbolic costs that
// cannot be ranked without a binding of their variables.
#pragma once

#include "commcost/Records.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace commcost {

struct SummaryOptions {
  /// How many sites and functions to list.
  unsigned Top = 10;
  /// Values of the variables of symbolic costs.
  Expr::IntBindings Bindings;
};

struct RankedSite {
  SiteRecord Site;
  double Us = 0;
};

struct RankedFunction {
  FunctionRecord Function;
  double Us = 0;
};

struct RecordSummary {
  SummaryOptions Options;
  /// The costliest first, at most Options.Top.
  std::vector<RankedSite> Sites;
  std::vector<RankedFunction> Functions;
  /// Sites and functions whose symbolic cost needs variables the bindings
  /// do not give, in record order, at most Options.Top each.
  std::vector<SiteRecord> SymbolicSites;
  std::vector<FunctionRecord> SymbolicFunctions;
  /// Counts over all records.
  unsigned SiteCount = 0, FunctionCount = 0, MissedCount = 0, UnpricedCount = 0;

  void print(llvm::raw_ostream &OS) const;
  nlohmann::json toJson() const;
};

/// Ranks the records' sites and function totals by cost at the bindings.
RecordSummary summarizeRecords(const RecordSet &Records,
                               const SummaryOptions &Options);

} // namespace commcost
