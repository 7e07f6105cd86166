// Fits on synthetic data with known coefficients and noise: the
// coefficients must come back within tolerance; breakpoints of a synthetic
// protocol switch must be found where they are; non-linear forms refused.
#include "Fit.h"

#include <gtest/gtest.h>

#include <random>

using namespace commcost;
using namespace commcost::calib;

namespace {

/// N points of Truth, each time multiplied by 1 + Noise Z, or with
/// Multiplicative by exp(Noise Z) (Z standard normal).
std::vector<Observation> synthetic(const Model &Truth, unsigned N, double Noise,
                                   unsigned Seed, bool Multiplicative = false) {
  std::mt19937_64 R(Seed);
  std::uniform_real_distribution<double> M(8, 2e4), Lines(1, 500);
  std::normal_distribution<double> E(0, Noise);
  std::vector<Observation> Out;
  for (unsigned I = 0; I < N; ++I) {
    FeatureVector F{{"n", 1}, {"m", M(R)}, {"L_mem", Lines(R)}};
    double Z = E(R);
    Out.push_back(
        {F, Truth.evaluate(F) * (Multiplicative ? std::exp(Z) : 1 + Z)});
  }
  return Out;
}

} // namespace

TEST(Fit, RecoversM1CoefficientsUnderNoise) {
  Model Truth("M1", "a*n + b*m + c*L_mem",
              {{"a", 3.0}, {"b", 2e-4}, {"c", 0.05}});
  for (Loss L : {Loss::Absolute, Loss::Relative, Loss::Log}) {
    Model Got = LinearForm(builtinModelForm("M1"))
                    .fit(synthetic(Truth, 200, 0.02, 1), L);
    for (const auto &[K, V] : Truth.coefficients())
      EXPECT_NEAR(Got.coefficients().at(K), V, 0.08 * V) << K;
    EXPECT_EQ(Got.Fit.TrainPoints, 200u);
  }
}

TEST(Fit, NoiselessDataIsFittedExactly) {
  Model Truth("HrHw", "L + ghr*hr + ghw*hw",
              {{"L", 12}, {"ghr", 0.002}, {"ghw", 0.004}});
  std::vector<Observation> Obs;
  for (double Hr : {100.0, 5000.0, 90000.0})
    for (double Hw : {10.0, 7000.0, 300000.0}) {
      FeatureVector F{{"hr", Hr}, {"hw", Hw}};
      Obs.push_back({F, Truth.evaluate(F)});
    }
  Model Got = LinearForm(builtinModelForm("HrHw")).fit(Obs, Loss::Relative);
  for (const auto &[K, V] : Truth.coefficients())
    EXPECT_NEAR(Got.coefficients().at(K), V, 1e-9 * (1 + V)) << K;
  FitStats S = validate(Got, Obs);
  EXPECT_LT(S.AvgRelErr, 1e-9);
  EXPECT_LT(S.R2, 1e-12);
}

TEST(Fit, TermsOnTooFewPointsAreNotFitted) {
  // 200 points of a*n + b*m + c*L_mem; a feature r non-zero on 3 of them,
  // whose times carry noise of their own (+50%): fitted, r absorbs that
  // noise; with a support of 10 it is not fitted, priced 0, named, and
  // the other coefficients still come back.
  Model Truth("M1", "a*n + b*m + c*L_mem",
              {{"a", 3.0}, {"b", 2e-4}, {"c", 0.05}});
  std::vector<Observation> Obs = synthetic(Truth, 200, 0.01, 7);
  for (auto &O : Obs)
    O.Features["r"] = 0;
  for (unsigned I : {5u, 50u, 150u}) {
    Obs[I].Features["r"] = 1000;
    Obs[I].TimeUs *= 1.5;
  }
  LinearForm F("M1-r", "a*n + b*m + c*L_mem + r1*r", {"a", "b", "c", "r1"});
  EXPECT_GT(F.fit(Obs, Loss::Relative).coefficients().at("r1"), 1e-4);
  for (unsigned Support : {3u, 4u, 10u}) {
    std::vector<std::string> Unsupported;
    Model Got = F.fit(Obs, Loss::Relative, Support, &Unsupported);
    if (Support <= 3) {
      EXPECT_GT(Got.coefficients().at("r1"), 1e-4) << Support;
      EXPECT_TRUE(Unsupported.empty()) << Support;
      continue;
    }
    EXPECT_EQ(Got.coefficients().at("r1"), 0.0) << Support;
    EXPECT_EQ(Unsupported, std::vector<std::string>{"r1"}) << Support;
    for (const auto &[K, V] : Truth.coefficients())
      EXPECT_NEAR(Got.coefficients().at(K), V, 0.08 * V) << K;
  }
}

TEST(Fit, LogLossSettlesAtTheMedianUnderMultiplicativeNoise) {
  // Times spread by a factor exp(0.6 Z) around the truth (a column's cold
  // cost from one point to the next on a virtual machine): the relative
  // fit settles at exp(-1.5 * 0.36) = 0.58 of the truth, the log fit at
  // the truth (the median). Each coefficient, and the prediction of a
  // point of the kind whose noise this is, checked.
  Model Truth("M1", "a*n + b*m + c*L_mem",
              {{"a", 3.0}, {"b", 2e-4}, {"c", 0.05}});
  std::vector<Observation> Obs =
      synthetic(Truth, 4000, 0.6, 7, /*Multiplicative=*/true);
  LinearForm Form(builtinModelForm("M1"));
  Model Log = Form.fit(Obs, Loss::Log), Rel = Form.fit(Obs, Loss::Relative);
  for (const auto &[K, V] : Truth.coefficients()) {
    EXPECT_NEAR(Log.coefficients().at(K), V, 0.1 * V) << K;
    EXPECT_NEAR(Rel.coefficients().at(K), 0.58 * V, 0.1 * V) << K;
  }
  FeatureVector Probe{{"n", 1}, {"m", 8000}, {"L_mem", 250}};
  EXPECT_NEAR(Log.evaluate(Probe) / Truth.evaluate(Probe), 1, 0.05);
  EXPECT_LT(fitLoss(Log, Obs, Loss::Log), fitLoss(Rel, Obs, Loss::Log));
  EXPECT_LT(fitLoss(Rel, Obs, Loss::Relative),
            fitLoss(Log, Obs, Loss::Relative));
}

TEST(Fit, LogLossCopesWithPredictionsAtOrBelowZero) {
  // A form with a fixed part below the times (a*m - 10 through t = 1 +
  // 0.01 m): no coefficient prices the smallest points above 0, so the
  // fits start from, and end at, predictions the logarithm cannot take.
  // The log fit's loss must stay a finite number no worse than the start.
  LinearForm Form("below", "a*m - 10", {"a"});
  std::vector<Observation> Obs;
  for (double Mv : {1.0, 10.0, 100.0, 1000.0, 10000.0})
    Obs.push_back({{{"m", Mv}}, 1 + 0.01 * Mv});
  Model Log = Form.fit(Obs, Loss::Log), Rel = Form.fit(Obs, Loss::Relative);
  double LogLoss = fitLoss(Log, Obs, Loss::Log);
  EXPECT_TRUE(std::isfinite(LogLoss));
  EXPECT_LE(LogLoss, fitLoss(Rel, Obs, Loss::Log));
  EXPECT_LT(Log.evaluate(Obs.front().Features), 0);
}

TEST(Fit, NonNegativeLeastSquaresMeetsItsOptimalityConditions) {
  // Random systems whose unconstrained solution has negative entries: the
  // solution must be >= 0 and meet Karush-Kuhn-Tucker's conditions (the
  // gradient A^T (b - A x) at most 0 everywhere, and 0 where x > 0), and
  // a system whose solution is positive must come back unchanged.
  std::mt19937_64 R(11);
  std::normal_distribution<double> G(0, 1);
  unsigned Negative = 0;
  for (int Trial = 0; Trial < 50; ++Trial) {
    Eigen::MatrixXd A(40, 6);
    Eigen::VectorXd B(40);
    for (Eigen::Index I = 0; I < 40; ++I) {
      for (Eigen::Index J = 0; J < 6; ++J)
        A(I, J) = G(R);
      B(I) = G(R);
    }
    Eigen::VectorXd Free = A.colPivHouseholderQr().solve(B);
    Negative += (Free.array() < 0).any();
    Eigen::VectorXd X = nonNegativeLeastSquares(A, B);
    Eigen::VectorXd W = A.transpose() * (B - A * X);
    for (Eigen::Index J = 0; J < 6; ++J) {
      EXPECT_GE(X(J), 0) << Trial;
      EXPECT_LE(W(J), 1e-9) << Trial;
      if (X(J) > 0)
        EXPECT_NEAR(W(J), 0, 1e-9) << Trial;
    }
  }
  EXPECT_GT(Negative, 40u);
  Eigen::MatrixXd A(3, 2);
  A << 1, 0, 0, 1, 1, 1;
  Eigen::VectorXd B(3);
  B << 1, 2, 3.1;
  Eigen::VectorXd Free = A.colPivHouseholderQr().solve(B);
  EXPECT_LT((nonNegativeLeastSquares(A, B) - Free).norm(), 1e-12);
}

TEST(Fit, NonNegativeFitKeepsEveryPriceAtOrAboveZero) {
  // A cost with no page term fitted by a form that has one, on points
  // where pages and lines go together but for noise: the free fit may
  // price a page below 0 (and a large copy below 0 with it); the
  // non-negative one cannot, and stays near the truth.
  Model Truth("M1", "a*n + b*m + c*L_mem",
              {{"a", 2.0}, {"b", 1e-4}, {"c", 0.05}});
  std::mt19937_64 R(3);
  std::uniform_real_distribution<double> Lines(10, 5000), Jitter(0.9, 1.1);
  std::normal_distribution<double> Z(0, 0.3);
  std::vector<Observation> Obs;
  for (int I = 0; I < 300; ++I) {
    double L = Lines(R);
    FeatureVector F{
        {"n", 1}, {"m", 64 * L}, {"L_mem", L}, {"pages", L / 64 * Jitter(R)}};
    Obs.push_back({F, Truth.evaluate(F) * std::exp(Z(R))});
  }
  LinearForm Form("M1-pages", "a*n + b*m + c*L_mem + e*pages",
                  {"a", "b", "c", "e"});
  for (Loss L : {Loss::Relative, Loss::Log}) {
    Model M = Form.fit(Obs, L, 0, nullptr, /*NonNegative=*/true);
    for (const auto &[K, V] : M.coefficients())
      EXPECT_GE(V, 0) << K;
    FeatureVector Big{
        {"n", 1}, {"m", 64 * 1e6}, {"L_mem", 1e6}, {"pages", 1e6 / 64}};
    EXPECT_NEAR(M.evaluate(Big) / Truth.evaluate(Big), 1, 0.25);
  }
}

TEST(Fit, RelativeWeightingFavoursSmallPoints) {
  // Two regimes one line cannot both fit: the relative fit must keep the
  // small times' relative error lower than the unweighted fit does.
  std::vector<Observation> Obs;
  for (double M = 8; M <= 1 << 22; M *= 2) {
    double T = M < 8192 ? 0.2 + 1e-5 * M : 2.4 + 7e-5 * M;
    Obs.push_back({{{"n", 1}, {"m", M}}, T});
  }
  LinearForm S1(builtinModelForm("S1"));
  auto SmallErr = [&](const Model &Mo) {
    return std::fabs(Mo.evaluate(Obs[0].Features) - Obs[0].TimeUs) /
           Obs[0].TimeUs;
  };
  EXPECT_LT(SmallErr(S1.fit(Obs, Loss::Relative)),
            SmallErr(S1.fit(Obs, Loss::Absolute)));
}

TEST(Fit, RefusesNonLinearForms) {
  std::vector<Observation> Obs(5, {{{"V", 10}, {"p", 2}, {"h", 3}}, 1.0});
  EXPECT_THROW(LinearForm(builtinModelForm("E-BSP")).fit(Obs, Loss::Absolute),
               ModelError);
}

TEST(Fit, MissingFeatureIsNamed) {
  std::vector<Observation> Obs(5, {{{"n", 1}}, 1.0});
  try {
    LinearForm(builtinModelForm("S1")).fit(Obs, Loss::Absolute);
    FAIL() << "no error";
  } catch (const ModelError &E) {
    EXPECT_NE(std::string(E.what()).find("m"), std::string::npos);
    EXPECT_NE(std::string(E.what()).find("S1"), std::string::npos);
  }
}

TEST(Fit, TooFewPointsIsAnError) {
  std::vector<Observation> Obs(2, {{{"n", 1}, {"m", 3}, {"L_mem", 1}}, 1.0});
  EXPECT_THROW(LinearForm(builtinModelForm("M1")).fit(Obs, Loss::Absolute),
               ModelError);
}

TEST(Fit, DetectsSyntheticProtocolSwitches) {
  std::mt19937_64 R(7);
  std::normal_distribution<double> E(0, 0.02);
  std::vector<double> Xs, Ys;
  for (double M = 8; M <= 4 << 20; M *= 1.5) {
    double T = M < 8192     ? 0.3 + 1e-5 * M
               : M < 262144 ? 2.4 + 8e-5 * M
                            : 10 + 5e-5 * M;
    Xs.push_back(M);
    Ys.push_back(T * (1 + E(R)));
  }
  std::vector<double> B = detectBreakpoints(Xs, Ys, 3);
  ASSERT_GE(B.size(), 2u);
  auto Near = [&](double Want) {
    for (double X : B)
      if (X >= Want && X <= Want * 1.5)
        return true;
    return false;
  };
  EXPECT_TRUE(Near(8192));
  EXPECT_TRUE(Near(262144));
}

TEST(Fit, NoBreakpointsInOneLine) {
  std::vector<double> Xs, Ys;
  for (double M = 8; M <= 1 << 20; M *= 2) {
    Xs.push_back(M);
    Ys.push_back(1 + 1e-4 * M);
  }
  EXPECT_TRUE(detectBreakpoints(Xs, Ys, 3).empty());
}

TEST(Fit, PiecewiseFormRecoversEachSegment) {
  ModelForm Pw = piecewiseForm(builtinModelForm("BPRAM"), "m", {8192});
  EXPECT_EQ(Pw.Coefficients.size(), 4u);
  // Telescoped: the step is written once, not once per segment it bounds.
  EXPECT_EQ(Pw.Form.find("floordiv"), Pw.Form.rfind("floordiv")) << Pw.Form;
  std::vector<Observation> Obs;
  for (double M = 8; M <= 1 << 22; M *= 2)
    Obs.push_back({{{"m", M}}, M < 8192 ? 0.2 + 1e-5 * M : 2.4 + 7e-5 * M});
  Model Got = LinearForm(Pw).fit(Obs, Loss::Relative);
  EXPECT_NEAR(Got.coefficients().at("ell_0"), 0.2, 1e-6);
  EXPECT_NEAR(Got.coefficients().at("sigma_0"), 1e-5, 1e-9);
  EXPECT_NEAR(Got.coefficients().at("ell_1"), 2.4, 1e-6);
  EXPECT_NEAR(Got.coefficients().at("sigma_1"), 7e-5, 1e-9);
  // The text alone, reparsed, evaluates the step at the breakpoint.
  Model Reparsed(Got.name(), Got.formText(), Got.coefficients());
  EXPECT_NEAR(Reparsed.evaluate({{"m", 8191}}), 0.2 + 1e-5 * 8191, 1e-6);
  EXPECT_NEAR(Reparsed.evaluate({{"m", 8192}}), 2.4 + 7e-5 * 8192, 1e-6);
}

TEST(Fit, BreakpointsOfAFormAreFoundWhereTheSegmentsChange) {
  // Supersteps whose cost follows F_hM with other coefficients below 4 KiB
  // and above 64 KiB messages, with 2% noise; m, h and M vary apart.
  std::mt19937_64 R(9);
  std::normal_distribution<double> E(0, 0.02);
  std::uniform_real_distribution<double> LogM(std::log(64.0),
                                              std::log(4.0 * (1 << 20)));
  std::vector<Observation> Obs;
  for (int I = 0; I < 400; ++I) {
    double M = std::round(std::exp(LogM(R))), H = M * (1 + I % 2),
           Tot = H * (1 + I % 3);
    double T = M < 4096    ? 0.7 + 2e-4 * H + 1e-5 * Tot
               : M < 65536 ? 3.0 + 3e-5 * H + 2e-5 * Tot
                           : 1.0 + 2e-5 * H + 1.5e-5 * Tot;
    Obs.push_back({{{"m", M}, {"h", H}, {"M", Tot}}, T * (1 + E(R))});
  }
  std::vector<double> B =
      detectFormBreakpoints(builtinModelForm("F_hM"), "m", {Obs}, 4);
  ASSERT_EQ(B.size(), 2u);
  EXPECT_NEAR(std::log(B[0]), std::log(4096.0), 0.2);
  EXPECT_NEAR(std::log(B[1]), std::log(65536.0), 0.2);
  // One segment's truth: nothing to split.
  for (Observation &O : Obs)
    O.TimeUs = 0.7 + 2e-4 * O.Features["h"] + 1e-5 * O.Features["M"];
  EXPECT_TRUE(
      detectFormBreakpoints(builtinModelForm("F_hM"), "m", {Obs}, 4).empty());
}

TEST(Fit, FormBreakpointsKeepOnlyTheCandidatesTheDataBearsOut) {
  // Streams of n messages of bpm bytes, eager below 4032 bytes and
  // rendezvous from there, sampled at sizes that never hit 4032 itself:
  // of the candidates (switches placed elsewhere to the byte), the one at
  // 4032 is kept, exactly, and those where nothing changes are not.
  std::vector<Observation> Obs;
  std::mt19937_64 R(11);
  std::normal_distribution<double> E(0, 0.02);
  for (int I = 0; I < 40; ++I)
    for (double N : {1.0, 8.0, 64.0}) {
      // 8 B to 4 MiB, log-spaced, multiples of 8.
      double B = 8 * std::round(std::pow(2.0, 19.0 * I / 39));
      uint64_t Bpm = uint64_t(B);
      double T = Bpm < 4032 ? 3 + 0.15 * N + 3e-4 * N * B
                            : 30 + 2.5 * N + 2e-4 * N * B;
      Obs.push_back({{{"n", N}, {"bpm", B}, {"m", N * B}}, T * (1 + E(R))});
      ASSERT_NE(Bpm, 4032u);
    }
  std::vector<double> B = detectFormBreakpoints(
      builtinModelForm("Msg"), "bpm", {Obs}, 4, 0.1, {272, 4032, 65536});
  EXPECT_EQ(B, std::vector<double>{4032});
  // Without candidates the split lands on a sampled size above 4032.
  std::vector<double> Own =
      detectFormBreakpoints(builtinModelForm("Msg"), "bpm", {Obs}, 4, 0.1);
  ASSERT_FALSE(Own.empty());
  EXPECT_GT(Own.front(), 4032);
}

TEST(Fit, FormBreakpointsOfSeveralSidesAddTheirErrors) {
  // Streams of n messages of bpm bytes, rendezvous from 4064 bytes: the
  // receives pay 15x there, the sends (here) nothing they show, and a
  // slow send stream of 3064 bytes is all their fit could split at. On
  // the sends alone the switch is not found; with the receives it is,
  // at 4064, and an empty set (a side not measured) changes nothing.
  std::vector<double> Sizes = {3064, 4032, 4064, 4080, 4096};
  for (int I = 0; I < 64; ++I)
    Sizes.push_back(8 * std::round(std::pow(2.0, 1 + 16.0 * I / 63)));
  std::sort(Sizes.begin(), Sizes.end());
  Sizes.erase(std::unique(Sizes.begin(), Sizes.end()), Sizes.end());
  std::vector<Observation> Sends, Receives;
  std::mt19937_64 R(3);
  std::normal_distribution<double> E(0, 0.02);
  for (double B : Sizes)
    for (double N : {1.0, 4.0, 64.0, 512.0}) {
      double Send = 2 + 0.3 * N + 3e-4 * N * B;
      double Recv = B >= 4064 ? 28 + 1.7 * N + 2e-4 * N * B
                              : 1.4 + 0.15 * N + 5e-5 * N * B;
      if (N == 1 && B == 3064)
        Send *= 6;
      FeatureVector F{{"n", N}, {"bpm", B}, {"m", N * B}};
      Sends.push_back({F, Send * (1 + E(R))});
      Receives.push_back({F, Recv * (1 + E(R))});
    }
  const ModelForm &Msg = builtinModelForm("Msg");
  std::vector<double> Candidates = {264, 4064};
  Candidates.insert(Candidates.end(), Sizes.begin(), Sizes.end());
  std::vector<double> Alone =
      detectFormBreakpoints(Msg, "bpm", {Sends}, 4, 0.1, Candidates);
  EXPECT_EQ(std::count(Alone.begin(), Alone.end(), 4064.0), 0);
  EXPECT_EQ(detectFormBreakpoints(Msg, "bpm", {Sends, Receives, {}}, 4, 0.1,
                                  Candidates),
            std::vector<double>{4064});
}

TEST(Fit, ColumnsOfZerosAreNoUnknowns) {
  // 3 points of a*n + b*m and 4 terms no point carries, or one only: 6
  // coefficients, 2 unknowns once the unsupported term is set aside (a
  // quick calibration's warm copies: 22 points, 23 coefficients, most of
  // them on lines brought in again that a handful of shapes have). With
  // every column counted the fit refused them; 1 point still cannot
  // determine 2.
  Model Truth("ab", "a*n + b*m", {{"a", 2.0}, {"b", 0.5}});
  std::vector<Observation> Obs;
  for (double M : {10.0, 300.0, 7000.0}) {
    FeatureVector F{{"n", 1},  {"m", M},  {"r1", 0},
                    {"r2", 0}, {"r3", 0}, {"r4", M == 300.0 ? 1.0 : 0.0}};
    Obs.push_back({F, Truth.evaluate(F)});
  }
  LinearForm Form("wide", "a*n + b*m + c1*r1 + c2*r2 + c3*r3 + c4*r4",
                  {"a", "b", "c1", "c2", "c3", "c4"});
  Model Got = Form.fit(Obs, Loss::Relative, /*MinSupport=*/2);
  EXPECT_NEAR(Got.coefficients().at("a"), 2.0, 1e-9);
  EXPECT_NEAR(Got.coefficients().at("b"), 0.5, 1e-9);
  for (const char *C : {"c1", "c2", "c3", "c4"})
    EXPECT_EQ(Got.coefficients().at(C), 0.0) << C;
  EXPECT_THROW(Form.fit({Obs[0]}, Loss::Relative), ModelError);
}
