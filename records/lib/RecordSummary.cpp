// The most expensive sites and functions of a set of records
// (RecordSummary.h).
#include "commcost/RecordSummary.h"

#include "Table.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace commcost {

RecordSummary summarizeRecords(const RecordSet &Records,
                               const SummaryOptions &Options) {
  RecordSummary S;
  S.Options = Options;
  S.SiteCount = Records.Sites.size();
  S.MissedCount = Records.Missed.size();
  for (const SiteRecord &Site : Records.Sites) {
    if (!Site.CostUs) {
      ++S.UnpricedCount;
      continue;
    }
    if (std::optional<double> Us = Site.CostUs->evaluate(Options.Bindings))
      S.Sites.push_back({Site, *Us});
    else
      S.SymbolicSites.push_back(Site);
  }
  std::vector<FunctionRecord> Totals =
      functionTotals(Records, Options.Bindings);
  S.FunctionCount = Totals.size();
  for (FunctionRecord &F : Totals) {
    if (!F.CostUs)
      continue;
    if (std::optional<double> Us = F.CostUs->evaluate(Options.Bindings))
      S.Functions.push_back({std::move(F), *Us});
    else
      S.SymbolicFunctions.push_back(std::move(F));
  }
  // Stable: equal costs stay in record order.
  std::stable_sort(
      S.Sites.begin(), S.Sites.end(),
      [](const RankedSite &A, const RankedSite &B) { return A.Us > B.Us; });
  std::stable_sort(S.Functions.begin(), S.Functions.end(),
                   [](const RankedFunction &A, const RankedFunction &B) {
                     return A.Us > B.Us;
                   });
  auto Keep = [&](auto &V) {
    if (V.size() > Options.Top)
      V.resize(Options.Top);
  };
  Keep(S.Sites);
  Keep(S.Functions);
  Keep(S.SymbolicSites);
  Keep(S.SymbolicFunctions);
  return S;
}

static std::string dominantText(const std::optional<std::string> &Term,
                                const std::optional<double> &Share) {
  if (!Term)
    return "-";
  if (!Share)
    return *Term;
  return formatv("{0} ({1:F0}%)", *Term, *Share * 100).str();
}

static std::string siteText(const SiteRecord &S) {
  std::string Text = S.Callee + " (" + S.Kind + ")";
  if (!S.Array.empty())
    Text += " of '" + S.Array + "'";
  return Text;
}

/// The variables that bindings must give for these costs.
template <typename T>
static std::set<std::string> unboundOf(const std::vector<T> &Records,
                                       const Expr::IntBindings &Bindings) {
  std::set<std::string> U;
  for (const T &R : Records)
    U.merge(R.CostUs->unbound(Bindings));
  return U;
}

void RecordSummary::print(raw_ostream &OS) const {
  OS << formatv("{0} sites analysed, {1} not analysed, {2} not priced; {3} "
                "functions\n",
                SiteCount, MissedCount, UnpricedCount, FunctionCount);
  bool DominantMissing = false, Incomplete = false;
  if (!Sites.empty()) {
    OS << "\nmost expensive sites\n";
    TextTable T({">cost us", "dominant", "site", "function", "where", "model"});
    for (const RankedSite &R : Sites) {
      DominantMissing |= !R.Site.DominantTerm;
      T.addRow({formatMicroseconds(R.Us),
                dominantText(R.Site.DominantTerm, R.Site.DominantShare),
                siteText(R.Site), displayFunctionName(R.Site.Function),
                R.Site.Loc.brief(), R.Site.Model});
    }
    T.print(OS);
  }
  if (!Functions.empty()) {
    OS << "\nmost expensive functions\n";
    TextTable T({">cost us", "dominant", ">sites", ">missed",
                 "most expensive site", "function"});
    for (const RankedFunction &R : Functions) {
      const FunctionRecord &F = R.Function;
      DominantMissing |= !F.DominantTerm && F.Sites > 0;
      Incomplete |= !F.Incomplete.empty();
      T.addRow({(F.Incomplete.empty() ? "" : ">=") + formatMicroseconds(R.Us),
                dominantText(F.DominantTerm, F.DominantShare),
                std::to_string(F.Sites), std::to_string(F.Missed),
                F.MostExpensive, displayFunctionName(F.Function)});
    }
    T.print(OS);
  }
  if (!SymbolicSites.empty() || !SymbolicFunctions.empty()) {
    std::set<std::string> U = unboundOf(SymbolicSites, Options.Bindings);
    U.merge(unboundOf(SymbolicFunctions, Options.Bindings));
    std::string Sets;
    for (const std::string &V : U)
      Sets += " --set " + V + "=VALUE";
    OS << "\nsymbolic costs, not ranked (give" << Sets << " to rank them)\n";
    TextTable T({"function", "site", "where", "cost us"});
    for (const SiteRecord &Site : SymbolicSites)
      T.addRow({displayFunctionName(Site.Function), siteText(Site),
                Site.Loc.brief(), Site.CostUs->str()});
    for (const FunctionRecord &F : SymbolicFunctions)
      T.addRow(
          {displayFunctionName(F.Function), "(total)", "", F.CostUs->str()});
    T.print(OS);
  }
  if (Incomplete)
    OS << "\n>=: a lower bound (the function has sites or callees that were "
          "not analysed)\n";
  if (DominantMissing)
    OS << "\ndominant: '-' where the records do not state it (symbolic "
          "costs, records of a plugin without DominantTerm)\n";
}

static nlohmann::json optionalJson(const std::optional<std::string> &V) {
  return V ? nlohmann::json(*V) : nlohmann::json(nullptr);
}

static nlohmann::json optionalJson(const std::optional<double> &V) {
  return V ? nlohmann::json(*V) : nlohmann::json(nullptr);
}

static nlohmann::json siteJson(const SiteRecord &S) {
  return {
      {"unit", S.Unit},
      {"function", S.Function},
      {"function_name", displayFunctionName(S.Function)},
      {"kind", S.Kind},
      {"callee", S.Callee},
      {"ordinal", S.Ordinal},
      {"array", S.Array},
      {"model", S.Model},
      {"location",
       {{"file", S.Loc.File}, {"line", S.Loc.Line}, {"column", S.Loc.Column}}},
      {"cost",
       S.CostUs ? nlohmann::json(S.CostUs->str()) : nlohmann::json(nullptr)},
      {"dominant_term", optionalJson(S.DominantTerm)},
      {"dominant_share", optionalJson(S.DominantShare)}};
}

static nlohmann::json functionJson(const FunctionRecord &F) {
  return {{"unit", F.Unit},
          {"function", F.Function},
          {"function_name", displayFunctionName(F.Function)},
          {"cost", F.CostUs ? nlohmann::json(F.CostUs->str())
                            : nlohmann::json(nullptr)},
          {"sites", F.Sites},
          {"missed", F.Missed},
          {"most_expensive", F.MostExpensive},
          {"dominant_term", optionalJson(F.DominantTerm)},
          {"dominant_share", optionalJson(F.DominantShare)},
          {"incomplete", F.Incomplete.empty() ? nlohmann::json(nullptr)
                                              : nlohmann::json(F.Incomplete)},
          {"summed_from_sites", F.Summed}};
}

nlohmann::json RecordSummary::toJson() const {
  nlohmann::json J = {{"bindings", Options.Bindings},
                      {"top", Options.Top},
                      {"counts",
                       {{"sites", SiteCount},
                        {"functions", FunctionCount},
                        {"missed", MissedCount},
                        {"unpriced", UnpricedCount}}},
                      {"sites", nlohmann::json::array()},
                      {"functions", nlohmann::json::array()},
                      {"symbolic_sites", nlohmann::json::array()},
                      {"symbolic_functions", nlohmann::json::array()}};
  for (const RankedSite &R : Sites) {
    nlohmann::json S = siteJson(R.Site);
    S["us"] = R.Us;
    J["sites"].push_back(S);
  }
  for (const RankedFunction &R : Functions) {
    nlohmann::json F = functionJson(R.Function);
    F["us"] = R.Us;
    J["functions"].push_back(F);
  }
  for (const SiteRecord &Site : SymbolicSites) {
    nlohmann::json S = siteJson(Site);
    S["unbound"] = Site.CostUs->unbound(Options.Bindings);
    J["symbolic_sites"].push_back(S);
  }
  for (const FunctionRecord &F : SymbolicFunctions) {
    nlohmann::json FJ = functionJson(F);
    FJ["unbound"] = F.CostUs->unbound(Options.Bindings);
    J["symbolic_functions"].push_back(FJ);
  }
  return J;
}

} // namespace commcost
