// Reading commcost's optimisation records (Records.h) with LLVM's remark
// parser, and the costs they state.
#include "commcost/Records.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Remarks/Remark.h"
#include "llvm/Remarks/RemarkParser.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

using namespace llvm;

namespace commcost {

// ---------------------------------------------------------------------------
// Costs

/// The divisor of a symbolic CostUs: EXPR is in picoseconds.
static constexpr int64_t PsPerUs = 1000000;

Cost Cost::microseconds(double Us) {
  Cost C;
  C.Us = Us;
  return C;
}

Cost Cost::picoseconds(Expr Ps) {
  Cost C;
  C.Ps = std::move(Ps);
  return C;
}

std::optional<Cost> Cost::parse(std::string_view Text) {
  double Us;
  auto [End, Err] = std::from_chars(Text.data(), Text.data() + Text.size(), Us);
  if (!Text.empty() && Err == std::errc() && End == Text.data() + Text.size())
    return std::isfinite(Us) ? std::optional(microseconds(Us)) : std::nullopt;
  // "(EXPR) / 1000000", as the plugin writes it. Read as text, not as one
  // expression: the parser would simplify (1000000*nx) / 1000000 to nx.
  constexpr std::string_view Suffix = ") / 1000000";
  if (Text.size() <= Suffix.size() || Text.front() != '(' ||
      !Text.ends_with(Suffix))
    return std::nullopt;
  try {
    return picoseconds(
        parseExpr(Text.substr(1, Text.size() - 1 - Suffix.size())));
  } catch (const ExprParseError &) {
    return std::nullopt;
  }
}

std::set<std::string> Cost::variables() const {
  return Ps ? Ps->variables() : std::set<std::string>();
}

std::set<std::string> Cost::unbound(const Expr::IntBindings &Bindings) const {
  std::set<std::string> U;
  for (const std::string &V : variables())
    if (!Bindings.count(V))
      U.insert(V);
  return U;
}

std::optional<double> Cost::evaluate(const Expr::IntBindings &Bindings) const {
  if (!Ps)
    return Us;
  if (!unbound(Bindings).empty())
    return std::nullopt;
  try {
    return Us + double(Ps->evaluate(Bindings)) / PsPerUs;
  } catch (const ExprEvalError &E) {
    throw RecordError("cost " + str() + " cannot be evaluated: " + E.what());
  }
}

std::string formatMicroseconds(double Us) {
  std::string Text;
  raw_string_ostream(Text) << format("%.3f", Us);
  return Text;
}

std::string Cost::str() const {
  if (!Ps)
    return formatMicroseconds(Us);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "(" << Ps->str() << ") / " << PsPerUs;
  if (Us != 0)
    OS << " + " << formatMicroseconds(Us);
  return Text;
}

Cost &Cost::operator+=(const Cost &O) {
  Us += O.Us;
  if (O.Ps)
    Ps = Ps ? *Ps + *O.Ps : *O.Ps;
  return *this;
}

bool operator==(const Cost &A, const Cost &B) {
  return formatMicroseconds(A.Us) == formatMicroseconds(B.Us) &&
         A.Ps.has_value() == B.Ps.has_value() && (!A.Ps || *A.Ps == *B.Ps);
}

// ---------------------------------------------------------------------------
// Records

std::string RecordLocation::brief() const {
  if (File.empty())
    return "";
  return (sys::path::filename(File) + ":" + Twine(Line)).str();
}

std::string SiteRecord::label() const {
  return Callee + " #" + std::to_string(Ordinal) + " (" + Kind + ")";
}

std::string displayFunctionName(const std::string &Function) {
  return demangle(Function);
}

static RecordLocation locationOf(const remarks::Remark &R) {
  RecordLocation L;
  if (R.Loc) {
    L.File = R.Loc->SourceFilePath.str();
    L.Line = R.Loc->SourceLine;
    L.Column = R.Loc->SourceColumn;
  }
  return L;
}

/// LLVM's remark parser returns a single-quoted YAML scalar as written:
/// '' inside still stands for '.
static std::string unescapeQuotes(StringRef Raw) {
  std::string Text;
  for (size_t I = 0; I < Raw.size(); ++I) {
    Text += Raw[I];
    if (Raw[I] == '\'' && I + 1 < Raw.size() && Raw[I + 1] == '\'')
      ++I;
  }
  return Text;
}

namespace {

/// One record's keyed arguments (String: text pieces left out).
class RecordArgs {
public:
  RecordArgs(const remarks::Remark &R, const std::string &File) {
    raw_string_ostream OS(Where);
    OS << File;
    if (R.Loc)
      OS << ":" << R.Loc->SourceLine;
    OS << ": " << R.RemarkName << " record of " << R.FunctionName;
    for (const remarks::Argument &A : R.Args)
      if (A.Key != "String")
        Values.try_emplace(A.Key, unescapeQuotes(A.Val));
  }
  std::string get(StringRef Key) const {
    auto It = Values.find(Key);
    return It == Values.end() ? "" : It->second;
  }
  std::string required(StringRef Key) const {
    auto It = Values.find(Key);
    if (It == Values.end() || It->second.empty())
      throw RecordError(Where + ": has no " + Key.str());
    return It->second;
  }
  std::optional<Cost> cost(StringRef Key) const {
    auto It = Values.find(Key);
    if (It == Values.end())
      return std::nullopt;
    if (auto C = Cost::parse(It->second))
      return C;
    throw RecordError(Where + ": " + Key.str() + " '" + It->second +
                      "' is neither a number of microseconds nor "
                      "'(EXPR) / 1000000'");
  }
  unsigned count(StringRef Key) const {
    auto It = Values.find(Key);
    unsigned N = 0;
    if (It == Values.end())
      return 0;
    if (StringRef(It->second).getAsInteger(10, N))
      throw RecordError(Where + ": " + Key.str() + " '" + It->second +
                        "' is not a count");
    return N;
  }
  std::optional<std::string> optional(StringRef Key) const {
    auto It = Values.find(Key);
    if (It == Values.end())
      return std::nullopt;
    return It->second;
  }
  std::optional<double> share(StringRef Key) const {
    auto It = Values.find(Key);
    if (It == Values.end())
      return std::nullopt;
    double D;
    if (StringRef(It->second).getAsDouble(D) || D < 0 || D > 1)
      throw RecordError(Where + ": " + Key.str() + " '" + It->second +
                        "' is not a share between 0 and 1");
    return D;
  }

private:
  std::string Where;
  StringMap<std::string> Values;
};

} // namespace

RecordSet parseRecords(std::string_view Buffer, const std::string &Name,
                       const std::string &Unit) {
  RecordSet Set;
  Set.Files.push_back(Name);
  auto Fail = [&](Error E) -> RecordError {
    // The parser's message continues with the offending line and a caret.
    std::string Msg = toString(std::move(E));
    return RecordError(Name + ": not a readable optimisation record: " +
                       StringRef(Msg).split('\n').first.str());
  };
  // clang writes an empty file when nothing was remarked.
  if (StringRef(Buffer).trim().empty())
    return Set;
  Expected<std::unique_ptr<remarks::RemarkParser>> Parser =
      remarks::createRemarkParser(remarks::Format::YAML, Buffer);
  if (!Parser)
    throw Fail(Parser.takeError());
  // Ordinals count per (function, kind, callee) in emission order.
  std::map<std::tuple<std::string, std::string, std::string>, unsigned> Seen;
  while (true) {
    Expected<std::unique_ptr<remarks::Remark>> Next = (*Parser)->next();
    if (!Next) {
      Error E = Next.takeError();
      if (E.isA<remarks::EndOfFileError>()) {
        consumeError(std::move(E));
        break;
      }
      throw Fail(std::move(E));
    }
    const remarks::Remark &R = **Next;
    if (R.PassName != "commcost")
      continue;
    RecordArgs Args(R, Name);
    if (R.RemarkType == remarks::Type::Missed) {
      Set.Missed.push_back({Unit, R.FunctionName.str(), R.RemarkName.str(),
                            Args.get("Callee"), Args.get("Reason"),
                            locationOf(R)});
    } else if (R.RemarkType == remarks::Type::Analysis &&
               R.RemarkName == "CommunicationCost") {
      SiteRecord S;
      S.Unit = Unit;
      S.Function = R.FunctionName.str();
      S.Kind = Args.required("Kind");
      S.Callee = Args.required("Callee");
      S.Array = Args.get("Array");
      S.Model = Args.get("Model");
      S.Loc = locationOf(R);
      S.CostUs = Args.cost("CostUs");
      S.DominantTerm = Args.optional("DominantTerm");
      S.DominantShare = Args.share("DominantShare");
      S.Ordinal = ++Seen[{S.Function, S.Kind, S.Callee}];
      Set.Sites.push_back(std::move(S));
    } else if (R.RemarkType == remarks::Type::Analysis &&
               R.RemarkName == "FunctionCost") {
      FunctionRecord F;
      F.Unit = Unit;
      // Keyed like the sites, by the (mangled) name of the record's
      // function; the Function argument is the same name for people.
      F.Function = R.FunctionName.str();
      F.CostUs = Args.cost("CostUs");
      F.Sites = Args.count("Sites");
      F.Missed = Args.count("Missed");
      F.MostExpensive = Args.get("MostExpensive");
      F.Incomplete = Args.get("Incomplete");
      F.DominantTerm = Args.optional("DominantTerm");
      F.DominantShare = Args.share("DominantShare");
      Set.Functions.push_back(std::move(F));
    }
  }
  return Set;
}

static void append(RecordSet &To, RecordSet &&From) {
  auto Move = [](auto &Dst, auto &Src) {
    Dst.insert(Dst.end(), std::make_move_iterator(Src.begin()),
               std::make_move_iterator(Src.end()));
  };
  Move(To.Sites, From.Sites);
  Move(To.Missed, From.Missed);
  Move(To.Functions, From.Functions);
  Move(To.Files, From.Files);
}

static RecordSet readRecordFile(const std::string &Path,
                                const std::string &Unit) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    throw RecordError(Path + ": cannot be read: " + Buf.getError().message());
  return parseRecords((*Buf)->getBuffer(), Path, Unit);
}

RecordSet readRecords(const std::string &Path) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    throw RecordError(Path + ": cannot be read: " + EC.message());
  if (!sys::fs::is_directory(Status))
    return readRecordFile(Path, "");
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Path, EC), End;
       It != End && !EC; It.increment(EC))
    if (StringRef(It->path()).ends_with(".opt.yaml") &&
        It->type() != sys::fs::file_type::directory_file)
      Files.push_back(It->path());
  if (EC)
    throw RecordError(Path + ": cannot be listed: " + EC.message());
  llvm::sort(Files);
  RecordSet Set;
  // The iterator's paths start with Path.
  for (const std::string &F : Files)
    append(Set, readRecordFile(
                    F, StringRef(F).drop_front(Path.size()).ltrim('/').str()));
  return Set;
}

RecordSet readRecords(const std::vector<std::string> &Paths) {
  if (Paths.size() == 1)
    return readRecords(Paths.front());
  RecordSet Set;
  for (const std::string &P : Paths) {
    RecordSet R = readRecords(P);
    auto Prefix = [&](auto &Records) {
      for (auto &Rec : Records)
        Rec.Unit = Rec.Unit.empty() ? P : P + "/" + Rec.Unit;
    };
    Prefix(R.Sites);
    Prefix(R.Missed);
    Prefix(R.Functions);
    append(Set, std::move(R));
  }
  return Set;
}

// ---------------------------------------------------------------------------
// Function totals

std::vector<FunctionRecord> functionTotals(const RecordSet &Records,
                                           const Expr::IntBindings &Bindings) {
  using Key = std::pair<std::string, std::string>;
  std::vector<Key> Order;
  std::map<Key, FunctionRecord> Totals;
  std::map<Key, std::optional<double>> Costliest;
  std::map<Key, const SiteRecord *> CostliestSite;
  auto Entry = [&](const std::string &Unit,
                   const std::string &Function) -> FunctionRecord & {
    Key K{Unit, Function};
    auto [It, New] = Totals.try_emplace(K);
    if (New) {
      Order.push_back(K);
      It->second.Unit = Unit;
      It->second.Function = Function;
      It->second.Summed = true;
      It->second.CostUs = Cost::microseconds(0);
    }
    return It->second;
  };
  for (const SiteRecord &S : Records.Sites) {
    FunctionRecord &F = Entry(S.Unit, S.Function);
    ++F.Sites;
    if (!S.CostUs) {
      F.CostUs.reset();
      continue;
    }
    if (F.CostUs)
      *F.CostUs += *S.CostUs;
    std::optional<double> V = S.CostUs->evaluate(Bindings);
    Key K{S.Unit, S.Function};
    if (V && (!Costliest[K] || *V > *Costliest[K])) {
      Costliest[K] = V;
      CostliestSite[K] = &S;
    }
  }
  for (const MissedRecord &M : Records.Missed)
    ++Entry(M.Unit, M.Function).Missed;
  // Nothing known of a function whose every site was missed, as the
  // plugin's own totals say.
  for (auto &[K, F] : Totals) {
    if (F.Sites == 0 && F.Missed > 0)
      F.CostUs.reset();
    else if (F.Missed > 0)
      F.Incomplete = std::to_string(F.Missed) + " site(s) not analysed";
  }
  // The plugin's own totals replace the sums.
  for (const FunctionRecord &Stated : Records.Functions) {
    FunctionRecord &F = Entry(Stated.Unit, Stated.Function);
    F = Stated;
  }
  std::vector<FunctionRecord> Out;
  for (const Key &K : Order) {
    FunctionRecord &F = Totals[K];
    if (const SiteRecord *S = CostliestSite[K]) {
      if (F.MostExpensive.empty())
        F.MostExpensive =
            S->Callee + (S->Loc.File.empty() ? "" : " at " + S->Loc.brief());
      if (!F.DominantTerm) {
        F.DominantTerm = S->DominantTerm;
        F.DominantShare = S->DominantShare;
      }
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace commcost
