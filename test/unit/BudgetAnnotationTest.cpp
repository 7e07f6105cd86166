// Tests of the parsers of bindings and budget annotations
// (BudgetAnnotation.h): the formats commcost/budget.h writes, and errors
// that quote the text and say what was expected.
#include "commcost/BudgetAnnotation.h"

#include <gtest/gtest.h>

using namespace commcost;

namespace {

TEST(Bindings, ParsesNamesAndIntegers) {
  EXPECT_EQ(parseBinding("nx=1024"),
            (std::pair<std::string, int64_t>("nx", 1024)));
  EXPECT_EQ(parseBinding(" n_2 = -3 "),
            (std::pair<std::string, int64_t>("n_2", -3)));
  Expr::IntBindings B = parseBindings("nx=1024, ny=8,m=1");
  EXPECT_EQ(B, (Expr::IntBindings{{"m", 1}, {"nx", 1024}, {"ny", 8}}));
  EXPECT_TRUE(parseBindings("").empty());
  EXPECT_TRUE(parseBindings("  ").empty());
}

void expectBindingError(const std::string &Text, const std::string &Part) {
  try {
    parseBindings(Text);
    FAIL() << "no error for '" << Text << "'";
  } catch (const BindingError &E) {
    EXPECT_NE(std::string(E.what()).find(Part), std::string::npos) << E.what();
  }
}

TEST(Bindings, ErrorsSayWhatWasExpected) {
  expectBindingError("nx", "'nx': expected name=value");
  expectBindingError("nx=", "the value '' is not an integer");
  expectBindingError("nx=1.5", "the value '1.5' is not an integer");
  expectBindingError("nx=10k", "the value '10k' is not an integer");
  expectBindingError("1x=3", "'1x' is not a variable name");
  expectBindingError("=3", "'' is not a variable name");
  expectBindingError("n=1,,m=2", "expected name=value");
  expectBindingError("n=1,n=2", "'n' is bound twice");
}

TEST(BudgetAnnotation, ParsesTheMacrosText) {
  std::optional<Budget> B = parseBudgetAnnotation("commcost.budget_us=5.0");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Us, 5.0);
  EXPECT_TRUE(B->At.empty());
  B = parseBudgetAnnotation("commcost.budget_us=2.5e1;at=n=1024,m=8");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Us, 25.0);
  EXPECT_EQ(B->At, (Expr::IntBindings{{"m", 8}, {"n", 1024}}));
  EXPECT_EQ(parseBudgetAnnotation("commcost.budget_us=0")->Us, 0.0);
}

TEST(BudgetAnnotation, OtherAnnotationsAreNotBudgets) {
  EXPECT_FALSE(parseBudgetAnnotation("x"));
  EXPECT_FALSE(parseBudgetAnnotation("commcost.budget"));
  EXPECT_FALSE(parseBudgetAnnotation(""));
}

void expectBudgetError(const std::string &Text, const std::string &Part) {
  try {
    parseBudgetAnnotation(Text);
    FAIL() << "no error for '" << Text << "'";
  } catch (const BindingError &E) {
    std::string Msg = E.what();
    EXPECT_NE(Msg.find("budget annotation '" + Text + "'"), std::string::npos)
        << Msg;
    EXPECT_NE(Msg.find(Part), std::string::npos) << Msg;
  }
}

TEST(BudgetAnnotation, MalformedBudgetsAreErrors) {
  expectBudgetError("commcost.budget_us=", "the budget '' is not a number");
  expectBudgetError("commcost.budget_us=fast", "the budget 'fast'");
  expectBudgetError("commcost.budget_us=5.0f", "the budget '5.0f'");
  expectBudgetError("commcost.budget_us=-1", "the budget '-1'");
  expectBudgetError("commcost.budget_us=inf", "the budget 'inf'");
  expectBudgetError("commcost.budget_us=5;n=3",
                    "expected ';at=name=value,...'");
  expectBudgetError("commcost.budget_us=5;at=n", "'n': expected name=value");
}

} // namespace
