// Predicted against measured cost, per site (`commcost compare`): the run
// files a program built with -fplugin-arg-commcost-measure writes at exit
// (commcost-run.<pid>.json, one per process, format "commcost-run/2"),
// merged over processes; each measured site matched to its record by
// location, function, kind and callee; the predicted cost per execution
// (from the run, the record, or the record at --set bindings) set against
// the measured mean, and how far the predictions are off overall.
#pragma once

#include "commcost/Records.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace commcost {

/// The "format" libcommcost-measure writes, and the one before it that
/// this reader understands too: its durations held one clock overhead per
/// timed piece (timer_overhead_ns), small beside the sites it is kept for.
inline constexpr const char *RunFormat = "commcost-run/2";
inline constexpr const char *RunFormatBefore = "commcost-run/1";

/// A site measured by one process, or by several merged (mergeRuns()). Its
/// identity is the record's: DebugLoc, function, kind and callee.
struct MeasuredSite {
  std::string Function;
  std::string Kind;
  std::string Callee;
  RecordLocation Loc;
  /// Executions and the time they took, summed over processes.
  uint64_t Count = 0;
  double TotalNs = 0;
  /// Fastest and slowest single execution over all processes.
  double MinNs = 0, MaxNs = 0;
  /// The median execution time of each process that ran the site.
  std::vector<double> MedianNs;
  /// The cost the instrumented code predicted at run time, summed over the
  /// PredictedCount executions for which it could (0 when it never could).
  uint64_t PredictedCount = 0;
  double PredictedTotalPs = 0;
  /// The same from warm caches, where the profile has warm models.
  uint64_t PredictedWarmCount = 0;
  double PredictedWarmTotalPs = 0;
  /// A receive's waits for its message, timed apart from its executions
  /// (WaitedCount pieces, WaitedNs in all; 0 when none was timed).
  uint64_t WaitedCount = 0;
  double WaitedNs = 0;

  /// Mean time of one execution: what a cost model predicts.
  double meanNs() const { return TotalNs / double(Count); }
  /// Mean wait of one execution for its message (a receive's).
  double meanWaitedNs() const { return WaitedNs / double(Count); }
  /// The median of the processes' medians (of the middle two when their
  /// number is even).
  double medianNs() const;
};

/// One run file: what one process measured.
struct MeasuredRun {
  std::string File;
  std::string Program;
  int64_t Pid = 0;
  /// The MPI rank; absent for a program that is not an MPI job.
  std::optional<int64_t> Rank;
  std::string Clock;
  /// What reading the clock once costs: times far above it are measurable.
  double TimerOverheadNs = 0;
  /// As the file lists them (sites the process never executed included).
  std::vector<MeasuredSite> Sites;
};

/// The run file text Text; Name is the file for messages. Throws
/// RecordError "NAME: FIELD: PROBLEM" (FIELD e.g. sites[3].count) for text
/// that is not JSON, another format, or a key that is missing or of the
/// wrong type.
MeasuredRun parseRun(std::string_view Text, const std::string &Name);

/// The run file at Path (parseRun()); RecordError when it cannot be read.
MeasuredRun readRun(const std::string &Path);

/// The sites of all runs merged by identity, in the order they first
/// appear: counts, totals and predictions summed, extremes kept, one median
/// per process. Sites no process executed are left out.
std::vector<MeasuredSite> mergeRuns(const std::vector<MeasuredRun> &Runs);

/// A site whose mean is below this many times the timer overhead is too
/// short to measure: it is listed but left out of the statistics.
inline constexpr double TimerResolutionFactor = 10;

enum class CompareSortKey {
  Time,    ///< the most measured time (all executions) first
  Error,   ///< the largest absolute error first
  Location ///< by file, line, column and function
};

struct CompareOptions {
  /// Values of the variables of symbolic costs.
  Expr::IntBindings Bindings;
  CompareSortKey Sort = CompareSortKey::Time;
};

/// Where a site's predicted cost per execution comes from, by preference.
enum class PredictionSource {
  Run,     ///< the run's predicted_total_ps / predicted_count
  Record,  ///< the record's cost, a number of microseconds
  Bindings ///< the record's symbolic cost at CompareOptions::Bindings
};

enum class CompareStatus {
  Compared,             ///< predicted and measured
  BelowTimerResolution, ///< measured, but too short to measure
  Symbolic,             ///< measured; the prediction needs --set
  NotPriced,            ///< measured; the record states no cost
  NoRecord,             ///< measured; no record and no run prediction
  NotRun,               ///< a record no process executed
};

/// The status as the table and JSON print it: "compared", "not-run"...
const char *statusName(CompareStatus S);

/// One row: a measured site, a record, or both.
struct SiteComparison {
  std::optional<SiteRecord> Record;
  std::optional<MeasuredSite> Measured;
  std::optional<double> PredictedUs;
  PredictionSource Source = PredictionSource::Record;
  /// The run's prediction from warm caches: with PredictedUs (from cold
  /// ones) the interval [warm, cold] the measured mean is set in.
  std::optional<double> PredictedWarmUs;
  /// Where the measured mean lies in that interval, as the SMP paper's
  /// Loc: 1 - (measured - warm) / (cold - warm), 1 at the warm end, 0 at
  /// the cold one (outside [0, 1]: beyond the interval).
  std::optional<double> Locality;
  /// Variables the bindings must give to evaluate the record's cost.
  std::set<std::string> Unbound;
  /// (predicted - measured mean) / measured mean, in percent.
  std::optional<double> ErrorPct;
  CompareStatus Status = CompareStatus::Compared;

  /// The site's identity: the record's, else the measurement's.
  const std::string &function() const;
  const std::string &kind() const;
  const std::string &callee() const;
  const RecordLocation &location() const;
};

/// The statistics over the rows with status Compared.
struct CompareStatistics {
  unsigned Compared = 0;
  double MeanAbsErrorPct = 0;
  /// Rows with |error| at most 20%, and with predicted / measured between
  /// 0.5 and 2.
  unsigned Within20Pct = 0, Within2x = 0;
  /// Index in RunComparison::Sites of the largest |error|.
  std::optional<size_t> Worst;
};

struct RunComparison {
  CompareOptions Options;
  /// The runs as read, without their sites.
  std::vector<MeasuredRun> Runs;
  /// The largest timer overhead of the runs.
  double TimerOverheadNs = 0;
  /// In the order of Options.Sort.
  std::vector<SiteComparison> Sites;
  CompareStatistics Statistics;

  /// How many rows have status S.
  unsigned count(CompareStatus S) const;
  /// A line about the runs, the table, and the statistics.
  void print(llvm::raw_ostream &OS) const;
  nlohmann::json toJson() const;
};

/// Compares the runs' measurements with the records' predictions. A
/// measured site matches the record of the same function, line, column,
/// kind and callee whose file is the same text, else the only such record
/// whose file has the same last component. Throws RecordError when a cost
/// cannot be evaluated at the bindings (a division by zero there).
RunComparison compareRuns(std::vector<MeasuredRun> Runs,
                          const RecordSet &Records,
                          const CompareOptions &Options);

} // namespace commcost
