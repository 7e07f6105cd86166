// commcost's optimisation records as data: what -fsave-optimization-record
// wrote for the plugin (docs/plugin.md, "Records"), read with LLVM's remark
// parser from files or folders of *.opt.yaml. The analysed sites, the missed
// ones and the per-function totals, each with the cost it states; the
// comparison (RecordDiff.h) and the summary (RecordSummary.h) work on these.
#pragma once

#include "commcost/Expr.h"

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace commcost {

/// Raised for unreadable or malformed records; the message names the file
/// (and the record's line where known) and the problem.
class RecordError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A predicted cost as a record states it (the CostUs key): microseconds,
/// or a symbolic "(EXPR) / 1000000" with EXPR in integer picoseconds in the
/// grammar of docs/design.md. Sums of costs (a function's total) keep both
/// parts: Us + Ps / 1e6.
class Cost {
public:
  static Cost microseconds(double Us);
  static Cost picoseconds(Expr Ps);
  /// The CostUs text; nullopt when it is neither form.
  static std::optional<Cost> parse(std::string_view Text);

  bool isSymbolic() const { return Ps.has_value(); }
  /// The variables a symbolic cost needs.
  std::set<std::string> variables() const;
  /// The variables of variables() that Bindings leaves unbound.
  std::set<std::string> unbound(const Expr::IntBindings &Bindings) const;
  /// Microseconds at Bindings (EXPR evaluated with the grammar's integer
  /// semantics); nullopt when a variable is unbound. Throws RecordError
  /// when the expression cannot be evaluated there (division by zero,
  /// overflow).
  std::optional<double> evaluate(const Expr::IntBindings &Bindings) const;
  /// As records print it: "1.439", "(EXPR) / 1000000", or both summed.
  std::string str() const;

  Cost &operator+=(const Cost &O);
  /// Same value for every binding because the same text: equal constant
  /// parts (to the records' 1 ns precision) and structurally equal EXPRs.
  friend bool operator==(const Cost &A, const Cost &B);

private:
  double Us = 0;
  std::optional<Expr> Ps;
};

/// Where a record points: the DebugLoc.
struct RecordLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// "halo.c:18" (the file's last component), "" when unknown.
  std::string brief() const;
};

/// An analysed site (`--- !Analysis`, Name CommunicationCost).
struct SiteRecord {
  /// The record file relative to the folder it was found in ("" when a
  /// file was given): sites and functions of different files never match.
  std::string Unit;
  std::string Function; ///< as in the record (mangled in C++)
  std::string Kind;     ///< send, recv, put, get, copy, copy-loop, superstep
  std::string Callee;
  std::string Array;
  std::string Model;
  RecordLocation Loc;
  /// Absent when the site could not be priced (its text says why).
  std::optional<Cost> CostUs;
  /// The feature whose term contributes most, and its share (0..1), when
  /// the plugin states them.
  std::optional<std::string> DominantTerm;
  std::optional<double> DominantShare;
  /// 1-based position among the sites of the same unit, function, kind and
  /// callee, in the order the compiler emitted them: with the function and
  /// the kind and callee, what identifies a site across line shifts.
  unsigned Ordinal = 0;
  /// "MPI_Send #2 (send)": the identity within the function.
  std::string label() const;
};

/// A recognised site that was not analysed (`--- !Missed`).
struct MissedRecord {
  std::string Unit;
  std::string Function;
  std::string Name; ///< the reason's name, e.g. UnknownDatatype
  std::string Callee;
  std::string Reason;
  RecordLocation Loc;
};

/// A function's total (`--- !Analysis`, Name FunctionCost), as the plugin
/// states it, or summed from the function's sites (functionTotals()).
struct FunctionRecord {
  std::string Unit;
  std::string Function;
  std::optional<Cost> CostUs;
  unsigned Sites = 0;
  unsigned Missed = 0;
  std::string MostExpensive; ///< e.g. "MPI_Send at halo.c:42"
  std::optional<std::string> DominantTerm;
  std::optional<double> DominantShare;
  /// Why the total is only a lower bound (sites or callees that were not
  /// analysed); empty when it is complete.
  std::string Incomplete;
  /// True when summed from sites rather than read from a FunctionCost
  /// record.
  bool Summed = false;
};

struct RecordSet {
  std::vector<SiteRecord> Sites;
  std::vector<MissedRecord> Missed;
  /// FunctionCost records as read (possibly none: older plugins).
  std::vector<FunctionRecord> Functions;
  /// The record files read, in order.
  std::vector<std::string> Files;
};

/// The commcost records of one YAML buffer (other passes' records are
/// skipped). Name is the file name for messages.
RecordSet parseRecords(std::string_view Buffer, const std::string &Name,
                       const std::string &Unit);

/// The commcost records of a file, or of every *.opt.yaml below a folder
/// (in path order, units relative to the folder).
RecordSet readRecords(const std::string &Path);

/// The records of several files or folders, each read as by
/// readRecords(Path); with more than one, units start with the argument,
/// so that records of different arguments never belong to one function.
RecordSet readRecords(const std::vector<std::string> &Paths);

/// Every function's total: its FunctionCost record when there is one, else
/// the sum of its sites' costs (absent when a site is unpriced, or when
/// every site was missed), with the count of sites and missed sites and its
/// most expensive site at Bindings. In the order functions first appear.
std::vector<FunctionRecord> functionTotals(const RecordSet &Records,
                                           const Expr::IntBindings &Bindings);

/// Microseconds as the plugin prints them: 3 decimals (1 ns).
std::string formatMicroseconds(double Us);

/// The function name as people read it (demangled C++).
std::string displayFunctionName(const std::string &Function);

} // namespace commcost
