// Tests of reading records (Records.h): costs in both forms, the keys of
// sites, missed sites and function totals, ordinals, folders, function
// totals from FunctionCost records or summed from sites, and errors that
// name the file and the record.
#include "RecordsYaml.h"

#include "commcost/Records.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace commcost;
using namespace commcost::test;

namespace {

TEST(Cost, ParsesMicrosecondsAndPicosecondExpressions) {
  std::optional<Cost> A = Cost::parse("1.439");
  ASSERT_TRUE(A);
  EXPECT_FALSE(A->isSymbolic());
  EXPECT_EQ(A->evaluate({}), 1.439);
  EXPECT_EQ(A->str(), "1.439");

  std::optional<Cost> B = Cost::parse("(560*nx + 354000) / 1000000");
  ASSERT_TRUE(B);
  EXPECT_TRUE(B->isSymbolic());
  EXPECT_EQ(B->variables(), std::set<std::string>{"nx"});
  EXPECT_FALSE(B->evaluate({}));
  // 560 * 1000 + 354000 ps = 0.914 us.
  EXPECT_DOUBLE_EQ(*B->evaluate({{"nx", 1000}}), 0.914);
  EXPECT_EQ(B->str(), "(560*nx + 354000) / 1000000");
}

TEST(Cost, EvaluatesTheGrammarsIntegerDivision) {
  // floordiv(8*nx + 55, 64) at nx = 10: 135 / 64 = 2 lines, 2000 ps.
  std::optional<Cost> C =
      Cost::parse("(1000*floordiv(8*nx + 55, 64)) / 1000000");
  ASSERT_TRUE(C);
  EXPECT_DOUBLE_EQ(*C->evaluate({{"nx", 10}}), 0.002);
}

TEST(Cost, RefusesOtherText) {
  for (const char *Bad :
       {"", "fast", "(nx) / 1000", "nx", "1.5us", "inf", "(nx + ) / 1000000"})
    EXPECT_FALSE(Cost::parse(Bad)) << Bad;
}

TEST(Cost, SumsKeepBothParts) {
  Cost C = *Cost::parse("1.5");
  C += *Cost::parse("(1000000*nx) / 1000000");
  C += *Cost::parse("0.25");
  EXPECT_DOUBLE_EQ(*C.evaluate({{"nx", 3}}), 4.75);
  EXPECT_EQ(C.str(), "(1000000*nx) / 1000000 + 1.750");
}

TEST(Cost, EqualityIsTextualAtNanosecondPrecision) {
  EXPECT_EQ(*Cost::parse("1.4390"), *Cost::parse("1.439"));
  EXPECT_FALSE(*Cost::parse("1.439") == *Cost::parse("1.440"));
  EXPECT_EQ(*Cost::parse("(2*nx) / 1000000"), *Cost::parse("(nx*2) / 1000000"));
  EXPECT_FALSE(*Cost::parse("(2*nx) / 1000000") ==
               *Cost::parse("(3*nx) / 1000000"));
}

TEST(Cost, EvaluationErrorsNameTheCost) {
  Cost C = *Cost::parse("(1000000 / n) / 1000000");
  try {
    C.evaluate({{"n", 0}});
    FAIL() << "no error";
  } catch (const RecordError &E) {
    EXPECT_NE(std::string(E.what()).find("(1000000/n) / 1000000"),
              std::string::npos)
        << E.what();
  }
}

TEST(Records, ReadsSitesMissedAndFunctionCosts) {
  std::string Y =
      site("exchange", "MPI_Send", "send", 11, "1.439",
           {{"DominantTerm", "L_mem"}, {"DominantShare", "0.8"}}) +
      site("exchange", "MPI_Recv", "recv", 12, "1.500") +
      site("exchange", "MPI_Send", "send", 13, "2.000") +
      // As LLVM writes it, '' in single quotes.
      missed("exchange", "MPI_Send", 14, "the datatype is parameter ''t''") +
      functionCost("exchange", "4.939", 3, 1, "MPI_Send at halo.c:13") +
      // Other passes' records are not commcost's.
      record("Missed", "NoDefinition", "exchange", 3, {{"Callee", "x"}},
             "inline");
  RecordSet R = parseRecords(Y, "t.opt.yaml", "u");
  ASSERT_EQ(R.Sites.size(), 3u);
  const SiteRecord &S = R.Sites[0];
  EXPECT_EQ(S.Unit, "u");
  EXPECT_EQ(S.Function, "exchange");
  EXPECT_EQ(S.Callee, "MPI_Send");
  EXPECT_EQ(S.Kind, "send");
  EXPECT_EQ(S.Array, "grid");
  EXPECT_EQ(S.Model, "M1-mpi");
  EXPECT_EQ(S.Loc.File, "src/halo.c");
  EXPECT_EQ(S.Loc.Line, 11u);
  EXPECT_EQ(S.Loc.brief(), "halo.c:11");
  EXPECT_EQ(S.CostUs->str(), "1.439");
  EXPECT_EQ(S.DominantTerm, "L_mem");
  EXPECT_EQ(S.DominantShare, 0.8);
  // Ordinals count per function, kind and callee.
  EXPECT_EQ(R.Sites[0].Ordinal, 1u);
  EXPECT_EQ(R.Sites[1].Ordinal, 1u);
  EXPECT_EQ(R.Sites[2].Ordinal, 2u);
  EXPECT_EQ(R.Sites[2].label(), "MPI_Send #2 (send)");
  EXPECT_FALSE(R.Sites[1].DominantTerm);

  ASSERT_EQ(R.Missed.size(), 1u);
  EXPECT_EQ(R.Missed[0].Name, "UnknownDatatype");
  EXPECT_EQ(R.Missed[0].Callee, "MPI_Send");
  EXPECT_EQ(R.Missed[0].Reason, "the datatype is parameter 't'");

  ASSERT_EQ(R.Functions.size(), 1u);
  EXPECT_EQ(R.Functions[0].Sites, 3u);
  EXPECT_EQ(R.Functions[0].Missed, 1u);
  EXPECT_EQ(R.Functions[0].CostUs->str(), "4.939");
  EXPECT_EQ(R.Functions[0].MostExpensive, "MPI_Send at halo.c:13");
}

TEST(Records, AnEmptyFileHasNoRecords) {
  RecordSet R = parseRecords("", "empty.opt.yaml", "");
  EXPECT_TRUE(R.Sites.empty());
  EXPECT_EQ(R.Files, std::vector<std::string>{"empty.opt.yaml"});
}

TEST(Records, AnUnpricedSiteHasNoCost) {
  RecordSet R =
      parseRecords(site("f", "MPI_Put", "put", 3, ""), "t.opt.yaml", "");
  ASSERT_EQ(R.Sites.size(), 1u);
  EXPECT_FALSE(R.Sites[0].CostUs);
}

void expectError(const std::string &Yaml, const std::string &Part) {
  try {
    parseRecords(Yaml, "bad.opt.yaml", "");
    FAIL() << "no error for " << Yaml;
  } catch (const RecordError &E) {
    std::string Msg = E.what();
    EXPECT_NE(Msg.find("bad.opt.yaml"), std::string::npos) << Msg;
    EXPECT_NE(Msg.find(Part), std::string::npos) << Msg;
  }
}

TEST(Records, ErrorsNameTheFileAndTheProblem) {
  expectError("--- !Analysis\nPass: [\n", "not a readable optimisation record");
  expectError(site("f", "MPI_Send", "send", 7, "soon"),
              "bad.opt.yaml:7: CommunicationCost record of f: CostUs 'soon' "
              "is neither");
  expectError(record("Analysis", "CommunicationCost", "f", 7,
                     {{"Callee", "MPI_Send"}, {"CostUs", "1"}}),
              "has no Kind");
  expectError(site("f", "MPI_Send", "send", 7, "1", {{"DominantShare", "1.5"}}),
              "DominantShare '1.5' is not a share between 0 and 1");
  expectError(record("Analysis", "FunctionCost", "f", 1,
                     {{"Sites", "x"}, {"CostUs", "1"}}),
              "Sites 'x' is not a count");
}

TEST(Records, FunctionTotalsAreSummedWithoutFunctionCostRecords) {
  std::string Y =
      site("f", "MPI_Send", "send", 3, "1.000", {{"DominantTerm", "n"}}) +
      site("f", "MPI_Recv", "recv", 4, "(2000000*nx) / 1000000",
           {{"DominantTerm", "L_mem"}}) +
      missed("f", "MPI_Send", 5, "why") +
      site("g", "memcpy", "copy", 9, "0.500") +
      site("h", "MPI_Put", "put", 12, "") + missed("m", "MPI_Send", 20, "why");
  RecordSet R = parseRecords(Y, "t.opt.yaml", "");
  std::vector<FunctionRecord> T = functionTotals(R, {{"nx", 2}});
  ASSERT_EQ(T.size(), 4u);
  EXPECT_EQ(T[0].Function, "f");
  EXPECT_TRUE(T[0].Summed);
  EXPECT_EQ(T[0].Sites, 2u);
  EXPECT_EQ(T[0].Missed, 1u);
  EXPECT_DOUBLE_EQ(*T[0].CostUs->evaluate({{"nx", 2}}), 5.0);
  // At nx = 2 the receive (4 us) costs most.
  EXPECT_EQ(T[0].MostExpensive, "MPI_Recv at halo.c:4");
  EXPECT_EQ(T[0].DominantTerm, "L_mem");
  // With a missed site the sum is a lower bound.
  EXPECT_EQ(T[0].Incomplete, "1 site(s) not analysed");
  EXPECT_EQ(T[1].CostUs->str(), "0.500");
  EXPECT_EQ(T[1].Incomplete, "");
  // A site without a cost leaves the total unknown.
  EXPECT_EQ(T[2].Function, "h");
  EXPECT_FALSE(T[2].CostUs);
  // So does a function whose every site was missed, as in the plugin's.
  EXPECT_EQ(T[3].Function, "m");
  EXPECT_EQ(T[3].Missed, 1u);
  EXPECT_FALSE(T[3].CostUs);
}

TEST(Records, FunctionCostRecordsReplaceTheSums) {
  std::string Y =
      site("f", "MPI_Send", "send", 3, "1.000", {{"DominantTerm", "m"}}) +
      functionCost("f", "7.000", 1, 0, "MPI_Send at halo.c:3");
  std::vector<FunctionRecord> T =
      functionTotals(parseRecords(Y, "t.opt.yaml", ""), {});
  ASSERT_EQ(T.size(), 1u);
  EXPECT_FALSE(T[0].Summed);
  EXPECT_EQ(T[0].CostUs->str(), "7.000");
  // The function's dominant term is its costliest site's.
  EXPECT_EQ(T[0].DominantTerm, "m");
}

TEST(Records, FoldersAreReadRecursivelyWithRelativeUnits) {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() / "commcost-records-test";
  fs::remove_all(Dir);
  fs::create_directories(Dir / "sub");
  std::ofstream(Dir / "a.opt.yaml") << site("f", "MPI_Send", "send", 3, "1");
  std::ofstream(Dir / "sub" / "b.opt.yaml")
      << site("g", "MPI_Send", "send", 3, "2");
  std::ofstream(Dir / "sub" / "notes.txt") << "not a record";
  RecordSet R = readRecords(Dir.string() + "/");
  ASSERT_EQ(R.Sites.size(), 2u);
  EXPECT_EQ(R.Sites[0].Unit, "a.opt.yaml");
  EXPECT_EQ(R.Sites[1].Unit, "sub/b.opt.yaml");

  RecordSet Both = readRecords(std::vector<std::string>{
      (Dir / "a.opt.yaml").string(), (Dir / "sub").string()});
  ASSERT_EQ(Both.Sites.size(), 2u);
  EXPECT_EQ(Both.Sites[0].Unit, (Dir / "a.opt.yaml").string());
  EXPECT_EQ(Both.Sites[1].Unit, (Dir / "sub").string() + "/b.opt.yaml");
  fs::remove_all(Dir);

  try {
    readRecords((Dir / "missing").string());
    FAIL() << "no error";
  } catch (const RecordError &E) {
    EXPECT_NE(std::string(E.what()).find("missing: cannot be read"),
              std::string::npos)
        << E.what();
  }
}

TEST(Records, DemanglesFunctionNames) {
  EXPECT_EQ(displayFunctionName("_ZN4Halo8exchangeEi"), "Halo::exchange(int)");
  EXPECT_EQ(displayFunctionName("exchange_rows"), "exchange_rows");
}

} // namespace
