// Tests of the comparison of records (RecordDiff.h): matching by function,
// kind, callee and order across line shifts, rises against the threshold,
// new, removed and no-longer-analysed sites, symbolic costs with and
// without bindings, function totals, the table and the JSON.
#include "RecordsYaml.h"

#include "commcost/RecordDiff.h"

#include <gtest/gtest.h>

using namespace commcost;
using namespace commcost::test;

namespace {

RecordDiff diff(const std::string &Base, const std::string &New,
                DiffOptions O = {}) {
  return diffRecords(parseRecords(Base, "base.opt.yaml", ""),
                     parseRecords(New, "new.opt.yaml", ""), O);
}

const CostChange &siteRow(const RecordDiff &D, const std::string &Callee,
                          unsigned Ordinal, const std::string &Function = "f") {
  for (const CostChange &C : D.Sites)
    if (C.Callee == Callee && C.Ordinal == Ordinal && C.Function == Function)
      return C;
  throw std::runtime_error("no row for " + Callee);
}

std::string printed(const RecordDiff &D) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  D.print(OS);
  return S;
}

TEST(RecordDiff, MatchesSitesAcrossInsertedLines) {
  std::string Base = site("f", "MPI_Send", "send", 10, "1.000") +
                     site("f", "MPI_Send", "send", 11, "2.000") +
                     site("f", "MPI_Recv", "recv", 12, "3.000");
  // Lines inserted everywhere; the same sites in the same order.
  std::string New = site("f", "MPI_Send", "send", 20, "1.000") +
                    site("f", "MPI_Send", "send", 25, "2.000") +
                    site("f", "MPI_Recv", "recv", 40, "3.000");
  RecordDiff D = diff(Base, New);
  ASSERT_EQ(D.Sites.size(), 3u);
  for (const CostChange &C : D.Sites)
    EXPECT_EQ(C.Status, ChangeStatus::Same) << C.Callee << C.Ordinal;
  EXPECT_EQ(siteRow(D, "MPI_Send", 2).NewLoc.Line, 25u);
  EXPECT_EQ(siteRow(D, "MPI_Send", 2).BaseLoc.Line, 11u);
  EXPECT_FALSE(D.failed());
  EXPECT_NE(printed(D).find("sites: 0 changed, 3 unchanged"),
            std::string::npos);
}

TEST(RecordDiff, ASiteInsertedBeforeAnotherShiftsOnlyItsOwnCallee) {
  std::string Base = site("f", "MPI_Send", "send", 10, "1.000") +
                     site("f", "MPI_Recv", "recv", 11, "3.000");
  std::string New = site("f", "memcpy", "copy", 9, "0.500") +
                    site("f", "MPI_Send", "send", 10, "1.000") +
                    site("f", "MPI_Recv", "recv", 11, "3.000");
  RecordDiff D = diff(Base, New);
  EXPECT_EQ(siteRow(D, "memcpy", 1).Status, ChangeStatus::New);
  EXPECT_EQ(siteRow(D, "MPI_Send", 1).Status, ChangeStatus::Same);
  EXPECT_EQ(siteRow(D, "MPI_Recv", 1).Status, ChangeStatus::Same);
  // The function's total rose by 0.5 / 4 = 12.5 %.
  ASSERT_EQ(D.Functions.size(), 1u);
  EXPECT_EQ(D.Functions[0].Status, ChangeStatus::Rise);
  EXPECT_DOUBLE_EQ(*D.Functions[0].ChangePct, 12.5);
  EXPECT_TRUE(D.Functions[0].Fails);
  EXPECT_TRUE(D.failed());
}

TEST(RecordDiff, ThresholdDecidesWhichRisesFail) {
  std::string Base = site("f", "MPI_Send", "send", 10, "1.000");
  std::string New = site("f", "MPI_Send", "send", 10, "1.050");
  DiffOptions O;
  O.ThresholdPct = 5;
  RecordDiff D = diff(Base, New, O);
  const CostChange &C = siteRow(D, "MPI_Send", 1);
  EXPECT_EQ(C.Status, ChangeStatus::Rise);
  EXPECT_NEAR(*C.ChangePct, 5.0, 1e-9);
  O.ThresholdPct = 5.01;
  EXPECT_FALSE(diff(Base, New, O).failed());
  O.ThresholdPct = 4.99;
  EXPECT_TRUE(diff(Base, New, O).failed());
  O.ThresholdPct = 0;
  EXPECT_TRUE(diff(Base, New, O).failed());
}

TEST(RecordDiff, FallsAndRemovedSitesPass) {
  std::string Base = site("f", "MPI_Send", "send", 10, "2.000") +
                     site("f", "MPI_Recv", "recv", 11, "2.000");
  std::string New = site("f", "MPI_Send", "send", 10, "1.000");
  RecordDiff D = diff(Base, New);
  EXPECT_EQ(siteRow(D, "MPI_Send", 1).Status, ChangeStatus::Fall);
  EXPECT_DOUBLE_EQ(*siteRow(D, "MPI_Send", 1).ChangePct, -50);
  EXPECT_EQ(siteRow(D, "MPI_Recv", 1).Status, ChangeStatus::Removed);
  EXPECT_FALSE(D.failed());
  EXPECT_NE(printed(D).find("OK: no cost rose more than 5%"),
            std::string::npos);
}

TEST(RecordDiff, ASiteNoLongerAnalysedFails) {
  std::string Base = site("f", "MPI_Send", "send", 10, "2.000") +
                     missed("f", "MPI_Send", 12, "old reason");
  std::string New = missed("f", "MPI_Send", 10, "the datatype is a parameter") +
                    missed("f", "MPI_Send", 12, "old reason");
  RecordDiff D = diff(Base, New);
  const CostChange &C = siteRow(D, "MPI_Send", 1);
  EXPECT_EQ(C.Status, ChangeStatus::NotAnalysed);
  EXPECT_EQ(C.Reason, "UnknownDatatype: old reason");
  EXPECT_TRUE(C.Fails);
  EXPECT_TRUE(D.failed());
  // Without the new missed record it is simply removed.
  EXPECT_EQ(siteRow(diff(Base, missed("f", "MPI_Send", 12, "old reason")),
                    "MPI_Send", 1)
                .Status,
            ChangeStatus::Removed);
}

TEST(RecordDiff, ASiteNoLongerPricedFails) {
  RecordDiff D = diff(site("f", "MPI_Put", "put", 3, "1.000"),
                      site("f", "MPI_Put", "put", 3, ""));
  EXPECT_EQ(siteRow(D, "MPI_Put", 1).Status, ChangeStatus::NotPriced);
  EXPECT_TRUE(D.failed());
  RecordDiff Back = diff(site("f", "MPI_Put", "put", 3, ""),
                         site("f", "MPI_Put", "put", 3, "1.000"));
  EXPECT_EQ(siteRow(Back, "MPI_Put", 1).Status, ChangeStatus::Priced);
  EXPECT_FALSE(Back.failed());
}

TEST(RecordDiff, SymbolicCostsNeedABindingOnlyWhenTheyChanged) {
  std::string Base =
      site("f", "MPI_Send", "send", 10, "(560*nx + 354000) / 1000000") +
      site("f", "MPI_Recv", "recv", 11, "(560*ny + 354000) / 1000000");
  std::string New =
      site("f", "MPI_Send", "send", 30, "(1120*nx + 354000) / 1000000") +
      site("f", "MPI_Recv", "recv", 31, "(560*ny + 354000) / 1000000");
  RecordDiff D = diff(Base, New);
  const CostChange &Send = siteRow(D, "MPI_Send", 1);
  EXPECT_EQ(Send.Status, ChangeStatus::Incomparable);
  EXPECT_EQ(Send.Unbound, std::set<std::string>{"nx"});
  EXPECT_TRUE(Send.Fails);
  // The unchanged one is the same without a binding.
  EXPECT_EQ(siteRow(D, "MPI_Recv", 1).Status, ChangeStatus::Same);
  std::string Table = printed(D);
  EXPECT_NE(Table.find("symbolic: give --set nx=VALUE to compare"),
            std::string::npos)
      << Table;
  EXPECT_NE(Table.find("base (560*nx + 354000) / 1000000"), std::string::npos);
  EXPECT_NE(Table.find("need --set to compare"), std::string::npos);

  // At nx = 1000: 0.914 us -> 1.474 us, +61.3 %.
  DiffOptions O;
  O.Bindings = {{"nx", 1000}};
  RecordDiff Bound = diff(Base, New, O);
  const CostChange &B = siteRow(Bound, "MPI_Send", 1);
  EXPECT_EQ(B.Status, ChangeStatus::Rise);
  EXPECT_DOUBLE_EQ(*B.BaseUs, 0.914);
  EXPECT_DOUBLE_EQ(*B.NewUs, 1.474);
  EXPECT_NEAR(*B.ChangePct, 61.2691466, 1e-6);
  EXPECT_TRUE(Bound.failed());
  // The function's total needs ny too.
  EXPECT_EQ(Bound.Functions[0].Status, ChangeStatus::Incomparable);
  EXPECT_EQ(Bound.Functions[0].Unbound, std::set<std::string>{"ny"});
  O.Bindings["ny"] = 1000;
  EXPECT_EQ(diff(Base, New, O).Functions[0].Status, ChangeStatus::Rise);
}

TEST(RecordDiff, SymbolicCostsThatFallPass) {
  DiffOptions O;
  O.Bindings = {{"nx", 1000}};
  RecordDiff D =
      diff(site("f", "MPI_Send", "send", 10, "(1120*nx) / 1000000"),
           site("f", "MPI_Send", "send", 10, "(560*nx) / 1000000"), O);
  EXPECT_EQ(siteRow(D, "MPI_Send", 1).Status, ChangeStatus::Fall);
  EXPECT_FALSE(D.failed());
}

TEST(RecordDiff, FunctionCostRecordsAreComparedWhenPresent) {
  // The plugin's stated total rose although the one site did not (e.g. a
  // site inside a loop counted once more).
  std::string Base = site("f", "MPI_Send", "send", 10, "1.000") +
                     functionCost("f", "1.000", 1, 0, "MPI_Send at halo.c:10");
  std::string New = site("f", "MPI_Send", "send", 10, "1.000") +
                    functionCost("f", "2.000", 1, 0, "MPI_Send at halo.c:10");
  RecordDiff D = diff(Base, New);
  EXPECT_EQ(siteRow(D, "MPI_Send", 1).Status, ChangeStatus::Same);
  ASSERT_EQ(D.Functions.size(), 1u);
  EXPECT_EQ(D.Functions[0].Status, ChangeStatus::Rise);
  EXPECT_DOUBLE_EQ(*D.Functions[0].ChangePct, 100);
  EXPECT_TRUE(D.failed());
}

TEST(RecordDiff, IncompleteTotalsAreMarkedAsLowerBounds) {
  std::string Base = site("f", "MPI_Send", "send", 10, "1.000");
  std::string New = site("f", "MPI_Send", "send", 10, "1.000") +
                    record("Analysis", "FunctionCost", "f", 9,
                           {{"CostUs", "1.000"},
                            {"Sites", "1"},
                            {"Missed", "1"},
                            {"Incomplete", "the datatype is parameter ''t''"}});
  RecordDiff D = diff(Base, New);
  ASSERT_EQ(D.Functions.size(), 1u);
  EXPECT_EQ(D.Functions[0].NewIncomplete, "the datatype is parameter 't'");
  EXPECT_EQ(D.Functions[0].BaseIncomplete, "");
  EXPECT_EQ(D.toJson()["functions"][0]["new"]["incomplete"],
            "the datatype is parameter 't'");
  // Same value, so unchanged in the table; JSON keeps the mark.
  EXPECT_EQ(D.Functions[0].Status, ChangeStatus::Same);
  RecordDiff Rise =
      diff(Base, New.replace(New.find("'1.000'\n  - Sites"), 7, "'2.000'"));
  std::string R = printed(Rise);
  EXPECT_NE(R.find("  f           1.000  >=2.000  +100.0%  above 5%"),
            std::string::npos)
      << R;
  EXPECT_NE(R.find(">=: a lower bound"), std::string::npos) << R;
}

TEST(RecordDiff, NewAndRemovedFunctions) {
  RecordDiff D = diff(site("old", "MPI_Send", "send", 10, "1.000"),
                      site("young", "MPI_Send", "send", 10, "1.000"));
  ASSERT_EQ(D.Functions.size(), 2u);
  EXPECT_EQ(D.Functions[0].Function, "young");
  EXPECT_EQ(D.Functions[0].Status, ChangeStatus::New);
  EXPECT_EQ(D.Functions[1].Status, ChangeStatus::Removed);
  EXPECT_FALSE(D.failed());
}

TEST(RecordDiff, UnitsKeepFilesApart) {
  RecordSet Base =
      parseRecords(site("f", "MPI_Send", "send", 1, "1"), "a", "a.opt.yaml");
  RecordSet New =
      parseRecords(site("f", "MPI_Send", "send", 1, "1"), "b", "b.opt.yaml");
  RecordDiff D = diffRecords(Base, New, {});
  ASSERT_EQ(D.Sites.size(), 2u);
  EXPECT_EQ(D.Sites[0].Status, ChangeStatus::New);
  EXPECT_EQ(D.Sites[1].Status, ChangeStatus::Removed);
}

TEST(RecordDiff, TableListsFailingRowsFirst) {
  std::string Base = site("f", "MPI_Recv", "recv", 9, "4.000") +
                     site("f", "MPI_Send", "send", 10, "1.000");
  std::string New = site("f", "MPI_Recv", "recv", 9, "3.000") +
                    site("f", "MPI_Send", "send", 10, "3.000");
  std::string T = printed(diff(Base, New));
  size_t Rise = T.find("MPI_Send #1 (send)");
  size_t Fall = T.find("MPI_Recv #1 (recv)");
  ASSERT_NE(Rise, std::string::npos);
  ASSERT_NE(Fall, std::string::npos);
  EXPECT_LT(Rise, Fall) << T;
  EXPECT_NE(T.find("+200.0%  above 5%"), std::string::npos) << T;
  EXPECT_NE(T.find("-25.0%"), std::string::npos) << T;
  EXPECT_NE(T.find("halo.c:10"), std::string::npos) << T;
  // The send and the function's total.
  EXPECT_NE(T.find("FAIL: 2 cost(s) rose more than 5%"), std::string::npos)
      << T;
}

TEST(RecordDiff, JsonCarriesEveryRow) {
  DiffOptions O;
  O.Bindings = {{"nx", 4}};
  RecordDiff D = diff(site("f", "MPI_Send", "send", 10, "1.000") +
                          site("f", "MPI_Recv", "recv", 11, "1.000"),
                      site("f", "MPI_Send", "send", 12, "1.000"), O);
  nlohmann::json J = D.toJson();
  EXPECT_EQ(J["threshold_pct"], 5.0);
  EXPECT_EQ(J["bindings"]["nx"], 4);
  EXPECT_EQ(J["failed"], false);
  ASSERT_EQ(J["sites"].size(), 2u);
  const nlohmann::json &Same = J["sites"][0];
  EXPECT_EQ(Same["status"], "same");
  EXPECT_EQ(Same["callee"], "MPI_Send");
  EXPECT_EQ(Same["ordinal"], 1);
  EXPECT_EQ(Same["base"]["location"]["line"], 10);
  EXPECT_EQ(Same["new"]["location"]["line"], 12);
  EXPECT_EQ(Same["new"]["cost"], "1.000");
  EXPECT_EQ(Same["change_pct"], 0.0);
  const nlohmann::json &Removed = J["sites"][1];
  EXPECT_EQ(Removed["status"], "removed");
  EXPECT_TRUE(Removed["new"].is_null());
  EXPECT_TRUE(Removed["change_pct"].is_null());
  ASSERT_EQ(J["functions"].size(), 1u);
  EXPECT_EQ(J["functions"][0]["status"], "fall");
  EXPECT_DOUBLE_EQ(J["functions"][0]["change_pct"].get<double>(), -50.0);
}

} // namespace
