// Tests of the summary of records (RecordSummary.h): ranking by cost,
// --top, dominant terms, symbolic costs with and without bindings, JSON.
#include "RecordsYaml.h"

#include "commcost/RecordSummary.h"

#include <gtest/gtest.h>

using namespace commcost;
using namespace commcost::test;

namespace {

const std::string Records =
    site("a", "MPI_Send", "send", 10, "1.000",
         {{"DominantTerm", "n"}, {"DominantShare", "0.6"}}) +
    site("a", "MPI_Recv", "recv", 11, "5.000",
         {{"DominantTerm", "L_mem"}, {"DominantShare", "0.9"}}) +
    site("b", "memcpy", "copy", 20, "3.000") +
    site("c", "MPI_Send", "send", 30, "(1000000*nx) / 1000000") +
    site("c", "MPI_Put", "put", 31, "") + missed("c", "MPI_Get", 32, "why");

RecordSummary summary(SummaryOptions O = {}) {
  return summarizeRecords(parseRecords(Records, "t.opt.yaml", ""), O);
}

std::string printed(const RecordSummary &S) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  S.print(OS);
  return Text;
}

TEST(RecordSummary, RanksSitesAndFunctionsByCost) {
  RecordSummary S = summary();
  EXPECT_EQ(S.SiteCount, 5u);
  EXPECT_EQ(S.MissedCount, 1u);
  EXPECT_EQ(S.UnpricedCount, 1u);
  EXPECT_EQ(S.FunctionCount, 3u);
  ASSERT_EQ(S.Sites.size(), 3u);
  EXPECT_EQ(S.Sites[0].Site.Callee, "MPI_Recv");
  EXPECT_EQ(S.Sites[0].Us, 5.0);
  EXPECT_EQ(S.Sites[1].Site.Callee, "memcpy");
  EXPECT_EQ(S.Sites[2].Site.Callee, "MPI_Send");
  // Function a: 6 us, dominated by its costliest site's L_mem.
  ASSERT_EQ(S.Functions.size(), 2u);
  EXPECT_EQ(S.Functions[0].Function.Function, "a");
  EXPECT_EQ(S.Functions[0].Us, 6.0);
  EXPECT_EQ(S.Functions[0].Function.DominantTerm, "L_mem");
  EXPECT_EQ(S.Functions[0].Function.MostExpensive, "MPI_Recv at halo.c:11");
  // c is symbolic without a binding (and has an unpriced site: no total).
  ASSERT_EQ(S.SymbolicSites.size(), 1u);
  EXPECT_EQ(S.SymbolicSites[0].Function, "c");
  EXPECT_TRUE(S.SymbolicFunctions.empty());
}

TEST(RecordSummary, BindingsRankSymbolicCosts) {
  SummaryOptions O;
  O.Bindings = {{"nx", 4}};
  RecordSummary S = summary(O);
  ASSERT_EQ(S.Sites.size(), 4u);
  EXPECT_EQ(S.Sites[1].Site.Function, "c");
  EXPECT_EQ(S.Sites[1].Us, 4.0);
  EXPECT_TRUE(S.SymbolicSites.empty());
}

TEST(RecordSummary, TopLimitsEachList) {
  SummaryOptions O;
  O.Top = 1;
  RecordSummary S = summary(O);
  ASSERT_EQ(S.Sites.size(), 1u);
  ASSERT_EQ(S.Functions.size(), 1u);
  EXPECT_EQ(S.Sites[0].Site.Callee, "MPI_Recv");
}

TEST(RecordSummary, TableShowsDominantTermsAndWhatSymbolicCostsNeed) {
  std::string T = printed(summary());
  EXPECT_NE(
      T.find("5 sites analysed, 1 not analysed, 1 not priced; 3 functions"),
      std::string::npos)
      << T;
  EXPECT_NE(T.find("5.000  L_mem (90%)  MPI_Recv (recv) of 'grid'  a"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("3.000  -"), std::string::npos) << T;
  EXPECT_NE(T.find("give --set nx=VALUE to rank them"), std::string::npos) << T;
  EXPECT_NE(T.find("(1000000*nx) / 1000000"), std::string::npos) << T;
  EXPECT_NE(T.find("dominant: '-' where the records do not state it"),
            std::string::npos)
      << T;
}

TEST(RecordSummary, Json) {
  nlohmann::json J = summary().toJson();
  EXPECT_EQ(J["counts"]["sites"], 5);
  ASSERT_EQ(J["sites"].size(), 3u);
  EXPECT_EQ(J["sites"][0]["callee"], "MPI_Recv");
  EXPECT_EQ(J["sites"][0]["us"], 5.0);
  EXPECT_EQ(J["sites"][0]["dominant_term"], "L_mem");
  EXPECT_EQ(J["sites"][0]["dominant_share"], 0.9);
  EXPECT_TRUE(J["sites"][1]["dominant_term"].is_null());
  EXPECT_EQ(J["functions"][0]["function"], "a");
  EXPECT_EQ(J["functions"][0]["summed_from_sites"], true);
  EXPECT_EQ(J["symbolic_sites"][0]["unbound"], nlohmann::json({"nx"}));
}

} // namespace
