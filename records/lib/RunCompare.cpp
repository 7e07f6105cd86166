// Predicted against measured cost, per site (RunCompare.h).
#include "commcost/RunCompare.h"

#include "Table.h"

#include "commcost/Clip.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <tuple>

using namespace llvm;
using json = nlohmann::json;

namespace commcost {

// ---------------------------------------------------------------------------
// Run files

namespace {

/// The fields of one run file, read with errors "FILE: FIELD: PROBLEM".
class RunReader {
public:
  explicit RunReader(const std::string &File) : File(File) {}

  [[noreturn]] void fail(const std::string &Field,
                         const std::string &Problem) const {
    throw RecordError(File + ": " + Field + ": " + Problem);
  }

  /// The member Key of Object (Where names Object, "" for the document).
  const json &member(const json &Object, const std::string &Where,
                     const char *Key) const {
    auto It = Object.find(Key);
    if (It == Object.end())
      fail(field(Where, Key), "missing");
    return *It;
  }

  std::string string(const json &Object, const std::string &Where,
                     const char *Key) const {
    const json &V = member(Object, Where, Key);
    if (!V.is_string())
      fail(field(Where, Key), "expected a string, got " + got(V));
    return V.get<std::string>();
  }

  int64_t integer(const json &V, const std::string &Field) const {
    if (!V.is_number_integer() ||
        (V.is_number_unsigned() && V.get<uint64_t>() > INT64_MAX))
      fail(Field, "expected an integer, got " + got(V));
    return V.get<int64_t>();
  }

  uint64_t count(const json &Object, const std::string &Where,
                 const char *Key) const {
    const json &V = member(Object, Where, Key);
    if (!V.is_number_unsigned())
      fail(field(Where, Key), "expected an integer >= 0, got " + got(V));
    return V.get<uint64_t>();
  }

  unsigned lineOrColumn(const json &Object, const std::string &Where,
                        const char *Key) const {
    uint64_t N = count(Object, Where, Key);
    if (N > UINT_MAX)
      fail(field(Where, Key), "is " + std::to_string(N) + ", too large");
    return unsigned(N);
  }

  /// A time or cost: a number >= 0 (the parser refuses non-finite ones).
  double amount(const json &Object, const std::string &Where,
                const char *Key) const {
    const json &V = member(Object, Where, Key);
    if (!V.is_number() || V.get<double>() < 0)
      fail(field(Where, Key), "expected a number >= 0, got " + got(V));
    return V.get<double>();
  }

  static std::string field(const std::string &Where, const char *Key) {
    return Where.empty() ? std::string(Key) : Where + "." + Key;
  }

private:
  /// What a value of the wrong type is: numbers as written, else its type.
  static std::string got(const json &V) {
    if (V.is_number())
      return V.dump();
    if (V.is_null())
      return "null";
    std::string Type = V.type_name();
    return (Type == "object" || Type == "array" ? "an " : "a ") + Type;
  }

  const std::string &File;
};

} // namespace

MeasuredRun parseRun(std::string_view Text, const std::string &Name) {
  RunReader R(Name);
  json J;
  try {
    J = json::parse(Text);
  } catch (const json::exception &E) {
    // parse_error, and out_of_range for a number beyond a double (1e400).
    R.fail("(document)",
           "not valid JSON: " + clip(E.what(), 4 * MaxQuotedBytes));
  }
  if (!J.is_object())
    R.fail("(document)", "expected an object");
  std::string Format = R.string(J, "", "format");
  if (Format != RunFormat && Format != RunFormatBefore)
    R.fail("format", "expected \"" + std::string(RunFormat) + "\" or \"" +
                         RunFormatBefore + "\", got \"" + clip(Format) +
                         "\"");

  MeasuredRun Out;
  Out.File = Name;
  Out.Program = R.string(J, "", "program");
  Out.Pid = R.integer(R.member(J, "", "pid"), "pid");
  if (const json &Rank = R.member(J, "", "rank"); !Rank.is_null())
    Out.Rank = R.integer(Rank, "rank");
  Out.Clock = R.string(J, "", "clock");
  Out.TimerOverheadNs = R.amount(J, "", "timer_overhead_ns");

  const json &Sites = R.member(J, "", "sites");
  if (!Sites.is_array())
    R.fail("sites", "expected an array");
  for (size_t I = 0; I < Sites.size(); ++I) {
    const json &S = Sites[I];
    std::string Where = "sites[" + std::to_string(I) + "]";
    if (!S.is_object())
      R.fail(Where, "expected an object");
    MeasuredSite M;
    M.Loc.File = R.string(S, Where, "file");
    M.Loc.Line = R.lineOrColumn(S, Where, "line");
    M.Loc.Column = R.lineOrColumn(S, Where, "column");
    M.Function = R.string(S, Where, "function");
    M.Kind = R.string(S, Where, "kind");
    M.Callee = R.string(S, Where, "callee");
    M.Count = R.count(S, Where, "count");
    M.TotalNs = R.amount(S, Where, "total_ns");
    M.MedianNs = {R.amount(S, Where, "median_ns")};
    M.MinNs = R.amount(S, Where, "min_ns");
    M.MaxNs = R.amount(S, Where, "max_ns");
    // A run-time prediction (cold, and warm) and a receive's waits each
    // come as a count and a total, or not at all.
    auto Pair = [&](const char *Count, const char *Total, uint64_t &CountOut,
                    double &TotalOut) {
      bool HasCount = S.contains(Count);
      if (HasCount != S.contains(Total))
        R.fail(RunReader::field(Where, HasCount ? Total : Count),
               std::string("missing (") + (HasCount ? Count : Total) +
                   " is given)");
      if (HasCount) {
        CountOut = R.count(S, Where, Count);
        TotalOut = R.amount(S, Where, Total);
      }
    };
    Pair("predicted_count", "predicted_total_ps", M.PredictedCount,
         M.PredictedTotalPs);
    Pair("predicted_warm_count", "predicted_warm_total_ps",
         M.PredictedWarmCount, M.PredictedWarmTotalPs);
    Pair("waited_count", "waited_ns", M.WaitedCount, M.WaitedNs);
    Out.Sites.push_back(std::move(M));
  }
  return Out;
}

MeasuredRun readRun(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    throw RecordError(Path + ": cannot be read: " + Buf.getError().message());
  return parseRun((*Buf)->getBuffer(), Path);
}

double MeasuredSite::medianNs() const {
  std::vector<double> V = MedianNs;
  std::sort(V.begin(), V.end());
  size_t Mid = V.size() / 2;
  return V.size() % 2 ? V[Mid] : (V[Mid - 1] + V[Mid]) / 2;
}

std::vector<MeasuredSite> mergeRuns(const std::vector<MeasuredRun> &Runs) {
  using Key = std::tuple<std::string, unsigned, unsigned, std::string,
                         std::string, std::string>;
  std::map<Key, size_t> Index;
  std::vector<MeasuredSite> Out;
  for (const MeasuredRun &R : Runs)
    for (const MeasuredSite &S : R.Sites) {
      // A site the process never executed has no times to merge.
      if (S.Count == 0)
        continue;
      auto [It, New] =
          Index.try_emplace(Key{S.Loc.File, S.Loc.Line, S.Loc.Column,
                                S.Function, S.Kind, S.Callee},
                            Out.size());
      if (New) {
        Out.push_back(S);
        continue;
      }
      MeasuredSite &M = Out[It->second];
      M.Count += S.Count;
      M.TotalNs += S.TotalNs;
      M.MinNs = std::min(M.MinNs, S.MinNs);
      M.MaxNs = std::max(M.MaxNs, S.MaxNs);
      M.MedianNs.insert(M.MedianNs.end(), S.MedianNs.begin(), S.MedianNs.end());
      M.PredictedCount += S.PredictedCount;
      M.PredictedTotalPs += S.PredictedTotalPs;
      M.PredictedWarmCount += S.PredictedWarmCount;
      M.PredictedWarmTotalPs += S.PredictedWarmTotalPs;
      M.WaitedCount += S.WaitedCount;
      M.WaitedNs += S.WaitedNs;
    }
  return Out;
}

// ---------------------------------------------------------------------------
// Comparison

const char *statusName(CompareStatus S) {
  switch (S) {
  case CompareStatus::Compared:
    return "compared";
  case CompareStatus::BelowTimerResolution:
    return "below-timer-resolution";
  case CompareStatus::Symbolic:
    return "symbolic";
  case CompareStatus::NotPriced:
    return "not-priced";
  case CompareStatus::NoRecord:
    return "no-record";
  case CompareStatus::NotRun:
    return "not-run";
  }
  return "?";
}

static const char *sourceName(PredictionSource S) {
  switch (S) {
  case PredictionSource::Run:
    return "run";
  case PredictionSource::Record:
    return "record";
  case PredictionSource::Bindings:
    return "bindings";
  }
  return "?";
}

static const char *sortName(CompareSortKey K) {
  switch (K) {
  case CompareSortKey::Time:
    return "time";
  case CompareSortKey::Error:
    return "error";
  case CompareSortKey::Location:
    return "location";
  }
  return "?";
}

const std::string &SiteComparison::function() const {
  return Record ? Record->Function : Measured->Function;
}
const std::string &SiteComparison::kind() const {
  return Record ? Record->Kind : Measured->Kind;
}
const std::string &SiteComparison::callee() const {
  return Record ? Record->Callee : Measured->Callee;
}
const RecordLocation &SiteComparison::location() const {
  return Record ? Record->Loc : Measured->Loc;
}

/// Prediction, status and error of a row whose record and measurement are
/// filled in.
static void classify(SiteComparison &Row, const CompareOptions &O,
                     double TimerOverheadNs) {
  const std::optional<MeasuredSite> &M = Row.Measured;
  // The run's prediction saw the program's actual values: it comes first.
  if (M && M->PredictedCount) {
    Row.PredictedUs = M->PredictedTotalPs / double(M->PredictedCount) / 1e6;
    Row.Source = PredictionSource::Run;
  } else if (Row.Record && Row.Record->CostUs) {
    const Cost &C = *Row.Record->CostUs;
    Row.Source =
        C.isSymbolic() ? PredictionSource::Bindings : PredictionSource::Record;
    Row.PredictedUs = C.evaluate(O.Bindings);
    Row.Unbound = C.unbound(O.Bindings);
  }
  if (!M)
    Row.Status = CompareStatus::NotRun;
  // A time of 0 is below any clock's resolution.
  else if (M->TotalNs == 0 ||
           M->meanNs() < TimerResolutionFactor * TimerOverheadNs)
    Row.Status = CompareStatus::BelowTimerResolution;
  else if (Row.PredictedUs)
    Row.Status = CompareStatus::Compared;
  else if (!Row.Record)
    Row.Status = CompareStatus::NoRecord;
  else if (!Row.Record->CostUs)
    Row.Status = CompareStatus::NotPriced;
  else
    Row.Status = CompareStatus::Symbolic;
  if (Row.Status == CompareStatus::Compared) {
    double MeasuredUs = M->meanNs() / 1000;
    Row.ErrorPct = (*Row.PredictedUs - MeasuredUs) / MeasuredUs * 100;
    // The warm end only beside the run's cold one: both saw the same values.
    if (Row.Source == PredictionSource::Run && M->PredictedWarmCount) {
      Row.PredictedWarmUs =
          M->PredictedWarmTotalPs / double(M->PredictedWarmCount) / 1e6;
      if (*Row.PredictedUs != *Row.PredictedWarmUs)
        Row.Locality = 1 - (MeasuredUs - *Row.PredictedWarmUs) /
                               (*Row.PredictedUs - *Row.PredictedWarmUs);
    }
  }
}

/// What identifies a record's site but its file: function, line, column,
/// kind and callee.
using RecordKey =
    std::tuple<std::string, unsigned, unsigned, std::string, std::string>;

/// The record a measured site belongs to: the one of the same RecordKey
/// with the same file text, else those of the one file that has the same
/// last component (the program was built in another folder). Records of one key
/// and file in several units (an inline function of a header, compiled in
/// several files) are one site: every one of them is marked in Measured, the
/// records of the first unit are returned. Several records of one key in one
/// unit are the statements of one copy loop nest, which the run times as one.
static std::vector<size_t>
matchRecord(const MeasuredSite &M, const RecordSet &Records,
            const std::map<RecordKey, std::vector<size_t>> &ByKey,
            std::vector<bool> &Measured) {
  auto It = ByKey.find(
      RecordKey{M.Function, M.Loc.Line, M.Loc.Column, M.Kind, M.Callee});
  if (It == ByKey.end())
    return {};
  std::vector<size_t> SameFile, SameName;
  for (size_t I : It->second) {
    const std::string &File = Records.Sites[I].Loc.File;
    if (File == M.Loc.File)
      SameFile.push_back(I);
    else if (sys::path::filename(File) == sys::path::filename(M.Loc.File))
      SameName.push_back(I);
  }
  // By last component only when that names one file (the statements of
  // one loop share it): two files of one name are ambiguous.
  if (SameFile.empty() && !SameName.empty() &&
      llvm::all_of(SameName, [&](size_t I) {
        return Records.Sites[I].Loc.File ==
               Records.Sites[SameName.front()].Loc.File;
      }))
    SameFile = SameName;
  std::vector<size_t> FirstUnit;
  for (size_t I : SameFile) {
    Measured[I] = true;
    if (Records.Sites[I].Unit == Records.Sites[SameFile.front()].Unit)
      FirstUnit.push_back(I);
  }
  return FirstUnit;
}

/// One record for the statements Matched of one bracket: the first, with
/// their costs summed (none when one of them has none).
static SiteRecord mergedRecord(const RecordSet &Records,
                               const std::vector<size_t> &Matched) {
  SiteRecord R = Records.Sites[Matched.front()];
  for (size_t I = 1; I < Matched.size() && R.CostUs; ++I) {
    const std::optional<Cost> &Other = Records.Sites[Matched[I]].CostUs;
    if (Other)
      *R.CostUs += *Other;
    else
      R.CostUs.reset();
  }
  return R;
}

/// Rows with a value before rows without, larger values first.
static bool descending(std::optional<double> A, std::optional<double> B) {
  return A && (!B || *A > *B);
}

static void sortRows(std::vector<SiteComparison> &Rows, CompareSortKey Key) {
  auto Time = [](const SiteComparison &R) -> std::optional<double> {
    if (!R.Measured)
      return std::nullopt;
    return R.Measured->TotalNs;
  };
  auto AbsError = [](const SiteComparison &R) -> std::optional<double> {
    if (!R.ErrorPct)
      return std::nullopt;
    return std::abs(*R.ErrorPct);
  };
  auto Where = [](const SiteComparison &R) {
    const RecordLocation &L = R.location();
    return std::tie(L.File, L.Line, L.Column, R.function(), R.kind(),
                    R.callee());
  };
  // Stable, and by time first: rows that tie on the key (no error) stay in
  // order of time.
  std::stable_sort(Rows.begin(), Rows.end(), [&](const auto &A, const auto &B) {
    return descending(Time(A), Time(B));
  });
  if (Key == CompareSortKey::Error)
    std::stable_sort(Rows.begin(), Rows.end(),
                     [&](const auto &A, const auto &B) {
                       return descending(AbsError(A), AbsError(B));
                     });
  else if (Key == CompareSortKey::Location)
    std::stable_sort(
        Rows.begin(), Rows.end(),
        [&](const auto &A, const auto &B) { return Where(A) < Where(B); });
}

static CompareStatistics statistics(const std::vector<SiteComparison> &Rows) {
  CompareStatistics S;
  double SumAbs = 0;
  for (size_t I = 0; I < Rows.size(); ++I) {
    const SiteComparison &R = Rows[I];
    if (R.Status != CompareStatus::Compared)
      continue;
    double Abs = std::abs(*R.ErrorPct);
    ++S.Compared;
    SumAbs += Abs;
    S.Within20Pct += Abs <= 20;
    // predicted / measured = 1 + error / 100.
    double Ratio = 1 + *R.ErrorPct / 100;
    S.Within2x += Ratio >= 0.5 && Ratio <= 2;
    if (!S.Worst || Abs > std::abs(*Rows[*S.Worst].ErrorPct))
      S.Worst = I;
  }
  if (S.Compared)
    S.MeanAbsErrorPct = SumAbs / S.Compared;
  return S;
}

RunComparison compareRuns(std::vector<MeasuredRun> Runs,
                          const RecordSet &Records,
                          const CompareOptions &Options) {
  RunComparison C;
  C.Options = Options;
  std::vector<MeasuredSite> Measured = mergeRuns(Runs);
  for (MeasuredRun &R : Runs) {
    C.TimerOverheadNs = std::max(C.TimerOverheadNs, R.TimerOverheadNs);
    R.Sites.clear();
  }
  C.Runs = std::move(Runs);

  std::map<RecordKey, std::vector<size_t>> ByKey;
  for (size_t I = 0; I < Records.Sites.size(); ++I) {
    const SiteRecord &S = Records.Sites[I];
    ByKey[{S.Function, S.Loc.Line, S.Loc.Column, S.Kind, S.Callee}].push_back(
        I);
  }
  std::vector<bool> RecordMeasured(Records.Sites.size());
  for (MeasuredSite &M : Measured) {
    SiteComparison Row;
    std::vector<size_t> Matched =
        matchRecord(M, Records, ByKey, RecordMeasured);
    if (!Matched.empty())
      Row.Record = mergedRecord(Records, Matched);
    Row.Measured = std::move(M);
    classify(Row, Options, C.TimerOverheadNs);
    C.Sites.push_back(std::move(Row));
  }
  for (size_t I = 0; I < Records.Sites.size(); ++I) {
    if (RecordMeasured[I])
      continue;
    SiteComparison Row;
    Row.Record = Records.Sites[I];
    classify(Row, Options, C.TimerOverheadNs);
    C.Sites.push_back(std::move(Row));
  }
  sortRows(C.Sites, Options.Sort);
  C.Statistics = statistics(C.Sites);
  return C;
}

unsigned RunComparison::count(CompareStatus S) const {
  return std::count_if(Sites.begin(), Sites.end(),
                       [&](const SiteComparison &R) { return R.Status == S; });
}

// ---------------------------------------------------------------------------
// Output

static std::string plural(size_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

/// "halo.c:11:3": the column tells apart sites on one line.
static std::string whereText(const RecordLocation &L) {
  return L.File.empty() ? "" : L.brief() + ":" + std::to_string(L.Column);
}

static std::string siteText(const SiteComparison &R) {
  return R.callee() + " (" + R.kind() + ")";
}

static std::string errorText(double Pct) {
  return formatv("{0}{1:F1}%", Pct >= 0 ? "+" : "", Pct).str();
}

static std::string nsText(double Ns) {
  std::string Text;
  raw_string_ostream(Text) << format("%g ns", Ns);
  return Text;
}

static std::string givesText(const std::set<std::string> &Unbound) {
  std::string Text = "give";
  for (const std::string &V : Unbound)
    Text += " --set " + V + "=VALUE";
  return Text;
}

/// The status in words: "not run".
static std::string statusWords(CompareStatus S) {
  std::string Text = statusName(S);
  std::replace(Text.begin(), Text.end(), '-', ' ');
  return Text;
}

/// What a receive waited for its message, per execution, beside the time.
static std::string waitedText(const SiteComparison &R) {
  const std::optional<MeasuredSite> &M = R.Measured;
  if (!M || !M->WaitedCount)
    return "";
  return "waited " + formatMicroseconds(M->meanWaitedNs() / 1000) +
         " us a run for its message (not in its time)";
}

static std::string noteText(const SiteComparison &R) {
  std::string Waited = waitedText(R);
  switch (R.Status) {
  case CompareStatus::Compared:
    return R.Record         ? Waited
           : Waited.empty() ? "no record"
                            : "no record; " + Waited;
  case CompareStatus::BelowTimerResolution:
    return statusWords(R.Status) + (R.Record ? "" : "; no record");
  case CompareStatus::Symbolic:
    return "symbolic: " + givesText(R.Unbound) + " to compare";
  default:
    return statusWords(R.Status);
  }
}

void RunComparison::print(raw_ostream &OS) const {
  std::set<std::string> Programs, Clocks;
  for (const MeasuredRun &R : Runs) {
    Programs.insert(R.Program);
    Clocks.insert(R.Clock);
  }
  OS << "runs: " << plural(Runs.size(), "process", "processes") << " of "
     << (Programs.size() == 1 ? *Programs.begin()
                              : plural(Programs.size(), "program", "programs"));
  for (const std::string &Clock : Clocks)
    OS << ", " << Clock;
  OS << ", timer overhead up to " << nsText(TimerOverheadNs) << "\n";

  // The spread over processes only when there are several.
  bool Spread = Runs.size() > 1;
  std::vector<std::string> Header = {"function", "site",     "where",
                                     ">count",   ">mean us", ">median us"};
  if (Spread)
    Header.push_back(">process medians us");
  Header.push_back(">predicted us");
  // The interval's warm end and Loc only when some site has them.
  bool Interval = llvm::any_of(
      Sites, [](const SiteComparison &R) { return R.PredictedWarmUs; });
  if (Interval)
    Header.insert(Header.end(), {">warm us", ">Loc"});
  Header.insert(Header.end(), {"from", ">error", "note"});
  TextTable T(std::move(Header));
  for (const SiteComparison &R : Sites) {
    std::vector<std::string> Cells = {displayFunctionName(R.function()),
                                      siteText(R), whereText(R.location())};
    if (const std::optional<MeasuredSite> &M = R.Measured) {
      auto [Lo, Hi] =
          std::minmax_element(M->MedianNs.begin(), M->MedianNs.end());
      Cells.insert(Cells.end(), {std::to_string(M->Count),
                                 formatMicroseconds(M->meanNs() / 1000),
                                 formatMicroseconds(M->medianNs() / 1000)});
      if (Spread)
        Cells.push_back(M->MedianNs.size() == 1
                            ? formatMicroseconds(*Lo / 1000)
                            : formatMicroseconds(*Lo / 1000) + ".." +
                                  formatMicroseconds(*Hi / 1000));
    } else {
      Cells.insert(Cells.end(), Spread ? 4 : 3, "-");
    }
    Cells.push_back(R.PredictedUs ? formatMicroseconds(*R.PredictedUs)
                    : R.Record && R.Record->CostUs ? "symbolic"
                                                   : "-");
    if (Interval) {
      Cells.push_back(R.PredictedWarmUs ? formatMicroseconds(*R.PredictedWarmUs)
                                        : "-");
      Cells.push_back(R.Locality ? formatv("{0:F2}", *R.Locality).str() : "-");
    }
    Cells.push_back(!R.PredictedUs ? ""
                    : R.Source == PredictionSource::Bindings
                        ? "--set"
                        : sourceName(R.Source));
    Cells.push_back(R.ErrorPct ? errorText(*R.ErrorPct) : "-");
    Cells.push_back(noteText(R));
    T.addRow(std::move(Cells));
    if (!R.PredictedUs && R.Record && R.Record->CostUs)
      T.addNote("cost " + R.Record->CostUs->str());
  }
  T.print(OS);

  const CompareStatistics &S = Statistics;
  OS << "compared: " << plural(S.Compared, "site", "sites");
  if (S.Worst) {
    const SiteComparison &W = Sites[*S.Worst];
    OS << formatv(", mean absolute error {0:F1}%, {1} within 20%, {2} "
                  "within 2x; worst: {3} in {4} at {5}, {6}",
                  S.MeanAbsErrorPct, S.Within20Pct, S.Within2x, siteText(W),
                  displayFunctionName(W.function()), whereText(W.location()),
                  errorText(*W.ErrorPct));
  }
  OS << "\n";
  std::vector<std::string> Left;
  if (unsigned N = count(CompareStatus::BelowTimerResolution))
    Left.push_back(formatv(
        "{0} below timer resolution (mean under {1} us, "
        "{2:F0}x the timer overhead)",
        N, formatMicroseconds(TimerResolutionFactor * TimerOverheadNs / 1000),
        TimerResolutionFactor));
  std::set<std::string> Unbound;
  for (const SiteComparison &R : Sites)
    if (R.Status == CompareStatus::Symbolic)
      Unbound.insert(R.Unbound.begin(), R.Unbound.end());
  if (unsigned N = count(CompareStatus::Symbolic))
    Left.push_back(formatv("{0} symbolic ({1})", N, givesText(Unbound)));
  for (CompareStatus St : {CompareStatus::NotPriced, CompareStatus::NoRecord,
                           CompareStatus::NotRun})
    if (unsigned N = count(St))
      Left.push_back(std::to_string(N) + " " + statusWords(St));
  if (Left.empty())
    return;
  OS << "not compared: ";
  for (size_t I = 0; I < Left.size(); ++I)
    OS << (I ? ", " : "") << Left[I];
  OS << "\n";
}

/// What identifies a row's site.
static json identityJson(const SiteComparison &R) {
  const RecordLocation &L = R.location();
  return {
      {"function", R.function()},
      {"function_name", displayFunctionName(R.function())},
      {"kind", R.kind()},
      {"callee", R.callee()},
      {"location", {{"file", L.File}, {"line", L.Line}, {"column", L.Column}}}};
}

static json rowJson(const SiteComparison &R) {
  json J = identityJson(R);
  J["status"] = statusName(R.Status);
  J["record"] = nullptr;
  if (const std::optional<SiteRecord> &Rec = R.Record)
    J["record"] = {{"unit", Rec->Unit},
                   {"model", Rec->Model},
                   {"cost", Rec->CostUs ? json(Rec->CostUs->str()) : json()}};
  J["measured"] = nullptr;
  if (const std::optional<MeasuredSite> &M = R.Measured) {
    json Medians = json::array();
    for (double Ns : M->MedianNs)
      Medians.push_back(Ns / 1000);
    J["measured"] = {{"count", M->Count},
                     {"total_ns", M->TotalNs},
                     {"mean_us", M->meanNs() / 1000},
                     {"median_us", M->medianNs() / 1000},
                     {"process_medians_us", Medians},
                     {"min_ns", M->MinNs},
                     {"max_ns", M->MaxNs}};
    if (M->WaitedCount)
      J["measured"]["waited"] = {{"count", M->WaitedCount},
                                 {"total_ns", M->WaitedNs},
                                 {"mean_us", M->meanWaitedNs() / 1000}};
  }
  J["predicted"] = nullptr;
  if (R.PredictedUs)
    J["predicted"] = {{"us", *R.PredictedUs}, {"from", sourceName(R.Source)}};
  if (R.PredictedWarmUs)
    J["predicted"]["warm_us"] = *R.PredictedWarmUs;
  if (R.Locality)
    J["predicted"]["locality"] = *R.Locality;
  if (!R.Unbound.empty())
    J["unbound"] = R.Unbound;
  J["error_pct"] = R.ErrorPct ? json(*R.ErrorPct) : json();
  return J;
}

json RunComparison::toJson() const {
  json RunsJson = json::array();
  for (const MeasuredRun &R : Runs)
    RunsJson.push_back({{"file", R.File},
                        {"program", R.Program},
                        {"pid", R.Pid},
                        {"rank", R.Rank ? json(*R.Rank) : json()},
                        {"clock", R.Clock},
                        {"timer_overhead_ns", R.TimerOverheadNs}});
  json Rows = json::array();
  for (const SiteComparison &R : Sites)
    Rows.push_back(rowJson(R));
  const CompareStatistics &S = Statistics;
  json Counts = json::object();
  for (CompareStatus St :
       {CompareStatus::Compared, CompareStatus::BelowTimerResolution,
        CompareStatus::Symbolic, CompareStatus::NotPriced,
        CompareStatus::NoRecord, CompareStatus::NotRun})
    Counts[statusName(St)] = count(St);
  json Worst;
  if (S.Worst) {
    Worst = identityJson(Sites[*S.Worst]);
    Worst["error_pct"] = *Sites[*S.Worst].ErrorPct;
  }
  return {
      {"runs", RunsJson},
      {"timer_overhead_ns", TimerOverheadNs},
      {"timer_resolution_factor", TimerResolutionFactor},
      {"bindings", Options.Bindings},
      {"sort", sortName(Options.Sort)},
      {"sites", Rows},
      {"statistics",
       {{"compared", S.Compared},
        {"mean_abs_error_pct", S.Compared ? json(S.MeanAbsErrorPct) : json()},
        {"within_20pct", S.Within20Pct},
        {"within_2x", S.Within2x},
        {"worst", Worst},
        {"counts", Counts}}}};
}

} // namespace commcost
