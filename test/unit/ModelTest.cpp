// Tests of the model forms, their evaluation, the prediction interval and
// the optimal packet split.
#include "commcost/Model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace commcost;

namespace {

std::set<std::string> featuresOf(const std::string &Name) {
  const ModelForm &F = builtinModelForm(Name);
  std::set<std::string> Vars = parseExpr(F.Form).variables();
  for (const std::string &C : F.Coefficients)
    Vars.erase(C);
  return Vars;
}

TEST(ModelForms, EveryFormParsesAndUsesItsCoefficients) {
  EXPECT_GE(builtinModelForms().size(), 24u);
  for (const ModelForm &F : builtinModelForms()) {
    SCOPED_TRACE(F.Name);
    std::set<std::string> Vars = parseExpr(F.Form).variables();
    for (const std::string &C : F.Coefficients)
      EXPECT_TRUE(Vars.count(C)) << "coefficient " << C << " unused";
    EXPECT_FALSE(F.Paper.empty());
  }
}

TEST(ModelForms, FeaturesAreThoseOfThePapers) {
  using S = std::set<std::string>;
  EXPECT_EQ(featuresOf("S1"), (S{"n", "m"}));
  EXPECT_EQ(featuresOf("M1"), (S{"n", "m", "L_mem"}));
  EXPECT_EQ(featuresOf("M3"), (S{"n", "m", "L_mem"}));
  EXPECT_EQ(featuresOf("H"), (S{"h"}));
  EXPECT_EQ(featuresOf("HrHwM"), (S{"hr", "hw", "M"}));
  EXPECT_EQ(featuresOf("HrHwM-c"), (S{"hrc", "hrm", "hwc", "hwm", "M"}));
  EXPECT_EQ(featuresOf("F_io"), (S{"hi", "ho"}));
  EXPECT_EQ(featuresOf("F_ioM"), (S{"hi", "ho", "M"}));
  EXPECT_EQ(featuresOf("F_o"), (S{"ho"}));
  EXPECT_EQ(featuresOf("E-BSP"), (S{"V", "p", "h"}));
  EXPECT_EQ(featuresOf("BPRAM"), (S{"m"}));
  EXPECT_EQ(featuresOf("Fischer"), (S{"k", "l", "r"}));
  EXPECT_THROW(builtinModelForm("M4"), ModelError);
}

TEST(Model, EvaluatesTheFormWithItsCoefficients) {
  Model M1("M1", builtinModelForm("M1").Form,
           {{"a", 0.5}, {"b", 0.001}, {"c", 0.02}});
  EXPECT_EQ(M1.features(), (std::vector<std::string>{"L_mem", "m", "n"}));
  double N = 3, Bytes = 24000, Lines = 400;
  EXPECT_DOUBLE_EQ(M1.evaluate({{"n", N}, {"m", Bytes}, {"L_mem", Lines}}),
                   0.5 * N + 0.001 * Bytes + 0.02 * Lines);
}

TEST(Model, EBspTakesTheLargerOfVolumeAndHRelationTerms) {
  Model E("E-BSP", builtinModelForm("E-BSP").Form,
          {{"g", 2.0}, {"gh", 3.0}, {"L", 10.0}});
  EXPECT_DOUBLE_EQ(E.evaluate({{"V", 100}, {"p", 4}, {"h", 5}}), 60.0);
  EXPECT_DOUBLE_EQ(E.evaluate({{"V", 100}, {"p", 4}, {"h", 30}}), 100.0);
}

TEST(Model, MissingFeatureIsNamed) {
  Model M1("M1", "a*n + b*m + c*L_mem", {{"a", 1}, {"b", 1}, {"c", 1}});
  try {
    M1.evaluate({{"n", 1}, {"m", 2}});
    FAIL() << "expected ModelError";
  } catch (const ModelError &E) {
    EXPECT_NE(std::string(E.what()).find("'L_mem'"), std::string::npos)
        << E.what();
  }
}

TEST(Model, SymbolicCostAgreesWithNumericCost) {
  Model M1("M1", "a*n + b*m + c*L_mem",
           {{"a", 0.35}, {"b", 0.00007}, {"c", 0.004}});
  Expr N = Expr::var("N");
  Expr Cost = M1.costExprPs({{"n", Expr::constant(1)},
                             {"m", Expr::constant(8) * N},
                             {"L_mem", Expr::ceilDiv(Expr::constant(8) * N,
                                                     Expr::constant(64))}});
  EXPECT_EQ(Cost.variables(), (std::set<std::string>{"N"}));
  for (int64_t V : {1, 7, 8, 1000, 123457}) {
    double Lines = std::ceil(8.0 * V / 64);
    double Us = M1.evaluate({{"n", 1}, {"m", 8.0 * V}, {"L_mem", Lines}});
    EXPECT_NEAR(Cost.evaluate({{"N", V}}) / 1e6, Us, 1e-6 * (1 + Us)) << V;
  }
}

// Source variables may be named like features: a column of an m x n
// matrix has n messages of m bytes... the substitution must not chain.
TEST(Model, SymbolicCostDoesNotResubstituteSourceNames) {
  Model S1("S1", "a*n + b*m", {{"a", 1.0}, {"b", 2.0}});
  Expr Cost = S1.costExprPs(
      {{"n", Expr::var("m")}, {"m", Expr::constant(8) * Expr::var("n")}});
  // 1e6*m + 2e6*8*n picoseconds.
  EXPECT_EQ(Cost.evaluate({{"m", 3}, {"n", 5}}), 3000000 + 80000000);
}

// ... nor named like coefficients: a source variable b in a feature's value
// stays the program's b, not the coefficient b's picoseconds.
TEST(Model, SymbolicCostDoesNotSubstituteCoefficientsIntoFeatures) {
  Model S1("S1", "a*n + b*m", {{"a", 1.0}, {"b", 2.0}});
  Expr Cost =
      S1.costExprPs({{"n", Expr::var("a")}, {"m", Expr::var("b")}});
  EXPECT_EQ(Cost.evaluate({{"a", 3}, {"b", 5}}), 3000000 + 10000000);
}

TEST(PredictionInterval, LocalityAndMeasuredOverGood) {
  PredictionInterval I{10.0, 30.0};
  EXPECT_DOUBLE_EQ(I.locality(10.0), 1.0);
  EXPECT_DOUBLE_EQ(I.locality(30.0), 0.0);
  EXPECT_DOUBLE_EQ(I.locality(25.0), 0.25);
  EXPECT_DOUBLE_EQ(I.measuredOverGood(25.0), 2.5);
  EXPECT_THROW(PredictionInterval({5.0, 5.0}).locality(5.0), ModelError);
  EXPECT_THROW(PredictionInterval({0.0, 5.0}).measuredOverGood(1.0),
               ModelError);
}

// The split must minimise the Fischer model at r = 1 over every way of
// cutting D bytes into packets, which a scan over packet counts finds.
TEST(PacketSplit, MinimisesFischerAtFullParticipation) {
  std::map<std::string, double> C = {{"c7", 0.0},  {"c6", 0.4},
                                     {"c5", 1e-5}, {"c4", 2e-4},
                                     {"c3", 1.1},  {"c2", 3e-4},
                                     {"c1", 0.7},  {"c0", 2.0}};
  Model T("Fischer", builtinModelForm("Fischer").Form, C);
  for (double D : {4096.0, 1e5, 3e6}) {
    PacketSplit S =
        optimalPacketSplit(C["c6"] + C["c3"], C["c4"] + C["c2"], D);
    EXPECT_NEAR(S.Packets * S.Bytes, D, 1e-9 * D);
    double Best = INFINITY, BestK = 0;
    for (double K = 1; K <= D; K *= 1.001) {
      double Cost = T.evaluate({{"k", K}, {"l", D / K}, {"r", 1}});
      if (Cost < Best)
        Best = Cost, BestK = K;
    }
    EXPECT_NEAR(S.Packets / BestK, 1.0, 0.002) << D;
  }
  EXPECT_THROW(optimalPacketSplit(0, 1, 1), ModelError);
  EXPECT_THROW(optimalPacketSplit(1, -1, 1), ModelError);
}

} // namespace
