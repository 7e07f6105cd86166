// Comparison of two sets of records (RecordDiff.h).
#include "commcost/RecordDiff.h"

#include "Table.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace commcost {

const char *statusName(ChangeStatus S) {
  switch (S) {
  case ChangeStatus::Same:
    return "same";
  case ChangeStatus::Fall:
    return "fall";
  case ChangeStatus::Rise:
    return "rise";
  case ChangeStatus::New:
    return "new";
  case ChangeStatus::Removed:
    return "removed";
  case ChangeStatus::Priced:
    return "priced";
  case ChangeStatus::NotAnalysed:
    return "not-analysed";
  case ChangeStatus::NotPriced:
    return "not-priced";
  case ChangeStatus::Incomparable:
    return "incomparable";
  }
  return "?";
}

/// Status, change and failure of a row whose costs are filled in.
static void classify(CostChange &C, const DiffOptions &O) {
  if (C.BaseCost)
    C.BaseUs = C.BaseCost->evaluate(O.Bindings);
  if (C.NewCost)
    C.NewUs = C.NewCost->evaluate(O.Bindings);
  if (C.BaseUs && C.NewUs && *C.BaseUs != 0)
    C.ChangePct = (*C.NewUs - *C.BaseUs) / *C.BaseUs * 100;
  if (!C.BaseCost && !C.NewCost)
    C.Status = ChangeStatus::Same;
  else if (!C.NewCost)
    C.Status = ChangeStatus::NotPriced;
  else if (!C.BaseCost)
    C.Status = ChangeStatus::Priced;
  else if (*C.BaseCost == *C.NewCost)
    C.Status = ChangeStatus::Same;
  else if (!C.BaseUs || !C.NewUs) {
    C.Status = ChangeStatus::Incomparable;
    C.Unbound = C.BaseCost->unbound(O.Bindings);
    C.Unbound.merge(C.NewCost->unbound(O.Bindings));
  } else if (*C.NewUs == *C.BaseUs)
    C.Status = ChangeStatus::Same;
  else if (*C.NewUs < *C.BaseUs)
    C.Status = ChangeStatus::Fall;
  else
    C.Status = ChangeStatus::Rise;
  C.Fails = C.Status == ChangeStatus::NotPriced ||
            C.Status == ChangeStatus::Incomparable ||
            (C.Status == ChangeStatus::Rise &&
             (!C.ChangePct || *C.ChangePct > O.ThresholdPct));
}

/// A row for a site or function present on one side only.
static void classifyOneSided(CostChange &C, ChangeStatus S,
                             const DiffOptions &O) {
  if (C.BaseCost)
    C.BaseUs = C.BaseCost->evaluate(O.Bindings);
  if (C.NewCost)
    C.NewUs = C.NewCost->evaluate(O.Bindings);
  C.Status = S;
  C.Fails = S == ChangeStatus::NotAnalysed;
}

static CostChange siteRow(const SiteRecord &S) {
  CostChange C;
  C.Unit = S.Unit;
  C.Function = S.Function;
  C.Kind = S.Kind;
  C.Callee = S.Callee;
  C.Ordinal = S.Ordinal;
  return C;
}

RecordDiff diffRecords(const RecordSet &Base, const RecordSet &New,
                       const DiffOptions &Options) {
  RecordDiff D;
  D.Options = Options;

  using SiteKey =
      std::tuple<std::string, std::string, std::string, std::string, unsigned>;
  auto KeyOf = [](const SiteRecord &S) {
    return SiteKey{S.Unit, S.Function, S.Kind, S.Callee, S.Ordinal};
  };
  std::map<SiteKey, const SiteRecord *> BaseSites;
  for (const SiteRecord &S : Base.Sites)
    BaseSites.emplace(KeyOf(S), &S);

  for (const SiteRecord &S : New.Sites) {
    CostChange C = siteRow(S);
    C.NewLoc = S.Loc;
    C.NewCost = S.CostUs;
    auto It = BaseSites.find(KeyOf(S));
    if (It == BaseSites.end()) {
      classifyOneSided(C, ChangeStatus::New, Options);
    } else {
      C.BaseLoc = It->second->Loc;
      C.BaseCost = It->second->CostUs;
      classify(C, Options);
      BaseSites.erase(It);
    }
    D.Sites.push_back(std::move(C));
  }

  // A site that disappeared while NEW has more missed records of the same
  // callee in the function was not removed: it is no longer analysed.
  using MissedKey = std::tuple<std::string, std::string, std::string>;
  std::map<MissedKey, unsigned> BaseMissed;
  std::map<MissedKey, std::vector<const MissedRecord *>> NewMissed;
  for (const MissedRecord &M : Base.Missed)
    ++BaseMissed[{M.Unit, M.Function, M.Callee}];
  for (const MissedRecord &M : New.Missed)
    NewMissed[{M.Unit, M.Function, M.Callee}].push_back(&M);
  for (const SiteRecord &S : Base.Sites) {
    if (!BaseSites.count(KeyOf(S)))
      continue;
    CostChange C = siteRow(S);
    C.BaseLoc = S.Loc;
    C.BaseCost = S.CostUs;
    MissedKey K{S.Unit, S.Function, S.Callee};
    std::vector<const MissedRecord *> &Missed = NewMissed[K];
    if (Missed.size() > BaseMissed[K]) {
      const MissedRecord *M = Missed[BaseMissed[K]++];
      C.NewLoc = M->Loc;
      C.Reason = M->Reason.empty() ? M->Name : M->Name + ": " + M->Reason;
      classifyOneSided(C, ChangeStatus::NotAnalysed, Options);
    } else {
      classifyOneSided(C, ChangeStatus::Removed, Options);
    }
    D.Sites.push_back(std::move(C));
  }

  std::vector<FunctionRecord> BaseTotals =
      functionTotals(Base, Options.Bindings);
  std::vector<FunctionRecord> NewTotals = functionTotals(New, Options.Bindings);
  std::map<std::pair<std::string, std::string>, const FunctionRecord *>
      BaseFunctions;
  for (const FunctionRecord &F : BaseTotals)
    BaseFunctions.emplace(std::pair(F.Unit, F.Function), &F);
  for (const FunctionRecord &F : NewTotals) {
    CostChange C;
    C.Unit = F.Unit;
    C.Function = F.Function;
    C.NewCost = F.CostUs;
    C.NewIncomplete = F.Incomplete;
    auto It = BaseFunctions.find({F.Unit, F.Function});
    if (It == BaseFunctions.end()) {
      classifyOneSided(C, ChangeStatus::New, Options);
    } else {
      C.BaseCost = It->second->CostUs;
      C.BaseIncomplete = It->second->Incomplete;
      classify(C, Options);
      BaseFunctions.erase(It);
    }
    D.Functions.push_back(std::move(C));
  }
  for (const FunctionRecord &F : BaseTotals) {
    if (!BaseFunctions.count({F.Unit, F.Function}))
      continue;
    CostChange C;
    C.Unit = F.Unit;
    C.Function = F.Function;
    C.BaseCost = F.CostUs;
    C.BaseIncomplete = F.Incomplete;
    classifyOneSided(C, ChangeStatus::Removed, Options);
    D.Functions.push_back(std::move(C));
  }
  return D;
}

bool RecordDiff::failed() const {
  for (const auto *Rows : {&Sites, &Functions})
    for (const CostChange &C : *Rows)
      if (C.Fails)
        return true;
  return false;
}

/// A threshold as people write it: 5, 2.5.
static std::string thresholdText(double Pct) {
  std::string Text;
  raw_string_ostream(Text) << format("%g%%", Pct);
  return Text;
}

/// A cost column: ">=" marks a lower bound (an incomplete total).
static std::string usText(const std::optional<Cost> &C,
                          const std::optional<double> &Us,
                          const std::string &Incomplete = "") {
  std::string Bound = Incomplete.empty() || !C ? "" : ">=";
  if (Us)
    return Bound + formatMicroseconds(*Us);
  return C ? Bound + "symbolic" : "-";
}

static std::string changeText(const CostChange &C) {
  switch (C.Status) {
  case ChangeStatus::Rise:
  case ChangeStatus::Fall:
  case ChangeStatus::Same:
    if (C.ChangePct)
      return formatv("{0}{1:F1}%", *C.ChangePct >= 0 ? "+" : "", *C.ChangePct)
          .str();
    return statusName(C.Status);
  default:
    return statusName(C.Status);
  }
}

static std::string joined(const std::set<std::string> &Names,
                          const char *Suffix) {
  std::string Text;
  for (const std::string &N : Names) {
    if (!Text.empty())
      Text += ' ';
    Text += "--set ";
    Text += N;
    Text += Suffix;
  }
  return Text;
}

/// The note column: why a row fails or what it needs.
static std::string noteText(const CostChange &C, double ThresholdPct) {
  switch (C.Status) {
  case ChangeStatus::Rise:
    return C.Fails ? "above " + thresholdText(ThresholdPct) : "";
  case ChangeStatus::Incomparable:
    return "symbolic: give " + joined(C.Unbound, "=VALUE") + " to compare";
  case ChangeStatus::NotAnalysed:
    return C.Reason;
  case ChangeStatus::NotPriced:
    return "no cost in NEW";
  default:
    return "";
  }
}

static void addSymbolicNotes(TextTable &T, const CostChange &C) {
  if (C.Status != ChangeStatus::Incomparable)
    return;
  T.addNote("base " + C.BaseCost->str());
  T.addNote("new  " + C.NewCost->str());
}

void RecordDiff::print(raw_ostream &OS) const {
  unsigned SameSites = 0, SameFunctions = 0;
  TextTable SiteTable(
      {"function", "site", "where", ">base us", ">new us", ">change", "note"});
  // Failing rows first, then the others in record order.
  for (bool Failing : {true, false})
    for (const CostChange &C : Sites) {
      if (C.Fails != Failing)
        continue;
      if (C.Status == ChangeStatus::Same) {
        ++SameSites;
        continue;
      }
      const RecordLocation &Loc = C.NewLoc.File.empty() ? C.BaseLoc : C.NewLoc;
      SiteTable.addRow(
          {displayFunctionName(C.Function),
           C.Callee + " #" + std::to_string(C.Ordinal) + " (" + C.Kind + ")",
           Loc.brief(), usText(C.BaseCost, C.BaseUs),
           usText(C.NewCost, C.NewUs), changeText(C),
           noteText(C, Options.ThresholdPct)});
      addSymbolicNotes(SiteTable, C);
    }
  TextTable FunctionTable(
      {"function", ">base us", ">new us", ">change", "note"});
  bool Incomplete = false;
  for (bool Failing : {true, false})
    for (const CostChange &C : Functions) {
      if (C.Fails != Failing)
        continue;
      if (C.Status == ChangeStatus::Same) {
        ++SameFunctions;
        continue;
      }
      FunctionTable.addRow({displayFunctionName(C.Function),
                            usText(C.BaseCost, C.BaseUs, C.BaseIncomplete),
                            usText(C.NewCost, C.NewUs, C.NewIncomplete),
                            changeText(C), noteText(C, Options.ThresholdPct)});
      Incomplete |= !C.BaseIncomplete.empty() || !C.NewIncomplete.empty();
      addSymbolicNotes(FunctionTable, C);
    }

  OS << "sites: " << Sites.size() - SameSites << " changed, " << SameSites
     << " unchanged\n";
  if (!SiteTable.empty())
    SiteTable.print(OS);
  OS << "functions: " << Functions.size() - SameFunctions << " changed, "
     << SameFunctions << " unchanged\n";
  if (!FunctionTable.empty())
    FunctionTable.print(OS);
  if (Incomplete)
    OS << "  >=: a lower bound (the function has sites or callees that were "
          "not analysed)\n";

  unsigned Rises = 0, Lost = 0, Incomparable = 0;
  for (const auto *Rows : {&Sites, &Functions})
    for (const CostChange &C : *Rows) {
      Rises += C.Fails && C.Status == ChangeStatus::Rise;
      Lost += C.Status == ChangeStatus::NotAnalysed ||
              C.Status == ChangeStatus::NotPriced;
      Incomparable += C.Status == ChangeStatus::Incomparable;
    }
  if (!failed()) {
    OS << "OK: no cost rose more than " << thresholdText(Options.ThresholdPct)
       << "\n";
    return;
  }
  std::vector<std::string> Why;
  if (Rises)
    Why.push_back(formatv("{0} cost(s) rose more than {1}", Rises,
                          thresholdText(Options.ThresholdPct)));
  if (Lost)
    Why.push_back(formatv("{0} site(s) or total(s) no longer analysed or "
                          "priced",
                          Lost));
  if (Incomparable)
    Why.push_back(formatv("{0} symbolic cost(s) changed and need --set to "
                          "compare",
                          Incomparable));
  OS << "FAIL: ";
  for (size_t I = 0; I < Why.size(); ++I)
    OS << (I ? "; " : "") << Why[I];
  OS << "\n";
}

static nlohmann::json sideJson(const std::optional<Cost> &C,
                               const std::optional<double> &Us,
                               const RecordLocation *Loc,
                               const std::string &Incomplete) {
  nlohmann::json J = nlohmann::json::object();
  J["cost"] = C ? nlohmann::json(C->str()) : nlohmann::json(nullptr);
  J["us"] = Us ? nlohmann::json(*Us) : nlohmann::json(nullptr);
  if (!Incomplete.empty())
    J["incomplete"] = Incomplete;
  if (Loc && !Loc->File.empty())
    J["location"] = {
        {"file", Loc->File}, {"line", Loc->Line}, {"column", Loc->Column}};
  return J;
}

static nlohmann::json rowJson(const CostChange &C, bool IsSite) {
  nlohmann::json J = {{"unit", C.Unit},
                      {"function", C.Function},
                      {"function_name", displayFunctionName(C.Function)}};
  if (IsSite) {
    J["kind"] = C.Kind;
    J["callee"] = C.Callee;
    J["ordinal"] = C.Ordinal;
  }
  bool HasBase = C.Status != ChangeStatus::New;
  bool HasNew = C.Status != ChangeStatus::Removed &&
                C.Status != ChangeStatus::NotAnalysed;
  J["base"] = HasBase
                  ? sideJson(C.BaseCost, C.BaseUs,
                             IsSite ? &C.BaseLoc : nullptr, C.BaseIncomplete)
                  : nlohmann::json(nullptr);
  J["new"] = HasNew ? sideJson(C.NewCost, C.NewUs, IsSite ? &C.NewLoc : nullptr,
                               C.NewIncomplete)
                    : nlohmann::json(nullptr);
  J["status"] = statusName(C.Status);
  J["change_pct"] =
      C.ChangePct ? nlohmann::json(*C.ChangePct) : nlohmann::json(nullptr);
  J["fails"] = C.Fails;
  if (!C.Unbound.empty())
    J["unbound"] = C.Unbound;
  if (!C.Reason.empty())
    J["reason"] = C.Reason;
  return J;
}

nlohmann::json RecordDiff::toJson() const {
  nlohmann::json J = {{"threshold_pct", Options.ThresholdPct},
                      {"bindings", Options.Bindings},
                      {"failed", failed()},
                      {"sites", nlohmann::json::array()},
                      {"functions", nlohmann::json::array()}};
  for (const CostChange &C : Sites)
    J["sites"].push_back(rowJson(C, true));
  for (const CostChange &C : Functions)
    J["functions"].push_back(rowJson(C, false));
  return J;
}

} // namespace commcost
