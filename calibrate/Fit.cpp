// Least-squares fitting of model forms with Eigen; breakpoint detection and
// piecewise forms.
#include "Fit.h"

#include "Stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace commcost::calib {

Eigen::VectorXd nonNegativeLeastSquares(const Eigen::MatrixXd &A,
                                        const Eigen::VectorXd &B) {
  const Eigen::Index N = A.cols();
  Eigen::VectorXd X = Eigen::VectorXd::Zero(N);
  std::vector<bool> Passive(N, false), Blocked(N, false);
  const double Tol = 1e-12 * std::max(1.0, A.norm() * B.norm());
  // The passive set's least-squares solution, 0 elsewhere.
  auto SolvePassive = [&] {
    std::vector<Eigen::Index> Cols;
    for (Eigen::Index J = 0; J < N; ++J)
      if (Passive[J])
        Cols.push_back(J);
    Eigen::MatrixXd Ap(A.rows(), Cols.size());
    for (size_t K = 0; K < Cols.size(); ++K)
      Ap.col(K) = A.col(Cols[K]);
    Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> Cod(Ap);
    Cod.setThreshold(1e-10);
    Eigen::VectorXd Sp = Cod.solve(B), S = Eigen::VectorXd::Zero(N);
    for (size_t K = 0; K < Cols.size(); ++K)
      S(Cols[K]) = Sp(K);
    return S;
  };
  for (Eigen::Index Outer = 0; Outer < 3 * N + 3; ++Outer) {
    Eigen::VectorXd W = A.transpose() * (B - A * X);
    Eigen::Index Best = -1;
    for (Eigen::Index J = 0; J < N; ++J)
      if (!Passive[J] && !Blocked[J] && W(J) > Tol &&
          (Best < 0 || W(J) > W(Best)))
        Best = J;
    if (Best < 0)
      break;
    Passive[Best] = true;
    for (Eigen::Index Inner = 0; Inner < 3 * N + 3; ++Inner) {
      Eigen::VectorXd S = SolvePassive();
      double Alpha = 1;
      for (Eigen::Index J = 0; J < N; ++J)
        if (Passive[J] && S(J) <= 0)
          Alpha = std::min(Alpha, X(J) / std::max(X(J) - S(J), 1e-300));
      X += Alpha * (S - X);
      if (Alpha >= 1)
        break;
      // The variables the step stopped at leave the passive set at 0.
      for (Eigen::Index J = 0; J < N; ++J)
        if (Passive[J] && X(J) <= Tol) {
          Passive[J] = false;
          X(J) = 0;
        }
    }
    // A variable sent back at once gained nothing (rounding let it in):
    // letting it in again would cycle.
    if (!Passive[Best])
      Blocked[Best] = true;
  }
  return X;
}

Eigen::VectorXd solveLeastSquares(const Eigen::MatrixXd &X,
                                  const Eigen::VectorXd &Y, bool Relative,
                                  bool NonNegative) {
  if (X.rows() != Y.rows())
    throw ModelError("least squares: " + std::to_string(X.rows()) +
                     " rows of features but " + std::to_string(Y.rows()) +
                     " measurements");
  // A column of zeros (a term no point carries, or one set aside for too
  // little support) is no unknown: its coefficient is 0.
  Eigen::Index Unknowns = (X.array() != 0).colwise().any().count();
  if (X.rows() < Unknowns)
    throw ModelError("least squares: " + std::to_string(X.rows()) +
                     " points cannot determine " + std::to_string(Unknowns) +
                     " coefficients");
  Eigen::MatrixXd A = X;
  Eigen::VectorXd B = Y;
  if (Relative) {
    for (Eigen::Index I = 0; I < Y.rows(); ++I) {
      if (!(Y(I) > 0))
        throw ModelError("least squares: relative fit needs positive "
                         "measurements, point " +
                         std::to_string(I) + " is " + std::to_string(Y(I)));
      A.row(I) /= Y(I);
      B(I) = 1;
    }
  }
  // Features differ by orders of magnitude (one message vs millions of
  // bytes); unit-norm columns keep the system well conditioned.
  Eigen::VectorXd Scale(A.cols());
  for (Eigen::Index J = 0; J < A.cols(); ++J) {
    double Norm = A.col(J).norm();
    Scale(J) = Norm > 0 ? 1 / Norm : 0;
    A.col(J) *= Scale(J);
  }
  if (NonNegative)
    return nonNegativeLeastSquares(A, B).cwiseProduct(Scale);
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> Cod(A);
  Cod.setThreshold(1e-10);
  return Cod.solve(B).cwiseProduct(Scale);
}

LinearForm::LinearForm(std::string Name, std::string Text,
                       std::vector<std::string> Coefficients)
    : Name(std::move(Name)), Text(std::move(Text)),
      Coefs(std::move(Coefficients)), Parsed(parseExpr(this->Text)) {}

LinearForm::LinearForm(const ModelForm &F)
    : LinearForm(F.Name, F.Form, F.Coefficients) {}

double LinearForm::eval(const FeatureVector &F,
                        const std::map<std::string, double> &CoefValues) const {
  Expr::RealBindings B(F.begin(), F.end());
  for (const auto &[K, V] : CoefValues)
    B[K] = V;
  try {
    return Parsed.evaluateReal(B);
  } catch (const ExprEvalError &E) {
    throw ModelError("form " + Name + " (" + Text + "): " + E.what());
  }
}

Eigen::RowVectorXd LinearForm::basis(const FeatureVector &F,
                                     double &Offset) const {
  std::map<std::string, double> Zero;
  for (const auto &C : Coefs)
    Zero[C] = 0;
  Offset = eval(F, Zero);
  Eigen::RowVectorXd Row(Coefs.size());
  for (size_t J = 0; J < Coefs.size(); ++J) {
    auto One = Zero;
    One[Coefs[J]] = 1;
    Row(J) = eval(F, One) - Offset;
  }
  return Row;
}

namespace {

/// A prediction below this fraction of its time counts as this fraction:
/// the logarithm needs a positive prediction, and a point priced at
/// nothing or less is off by a factor of a thousand either way.
constexpr double LogFloor = 1e-3;

/// Predictions X * Beta + Offset floored as LogFloor says, and whether
/// each one was.
Eigen::VectorXd flooredPredictions(const Eigen::MatrixXd &X,
                                   const Eigen::VectorXd &Offset,
                                   const Eigen::VectorXd &T,
                                   const Eigen::VectorXd &Beta,
                                   std::vector<bool> &Floored) {
  Eigen::VectorXd P = X * Beta + Offset;
  Floored.assign(P.size(), false);
  for (Eigen::Index I = 0; I < P.size(); ++I)
    if (P(I) < LogFloor * T(I)) {
      P(I) = LogFloor * T(I);
      Floored[I] = true;
    }
  return P;
}

double pointLoss(Loss L, double P, double T) {
  switch (L) {
  case Loss::Absolute:
    return (P - T) * (P - T);
  case Loss::Relative:
    return (P - T) * (P - T) / (T * T);
  case Loss::Log:
    break;
  }
  double E = std::log(std::max(P, LogFloor * T) / T);
  return E * E;
}

double logLoss(const Eigen::VectorXd &P, const Eigen::VectorXd &T) {
  double Sum = 0;
  for (Eigen::Index I = 0; I < P.size(); ++I)
    Sum += pointLoss(Loss::Log, P(I), T(I));
  return Sum;
}

/// Gauss-Newton on sum (log p - log t)^2 from Beta, p = X * Beta + Offset:
/// each step the least-squares solution of diag(1/p) X d = log t - log p,
/// halved until the loss falls.
Eigen::VectorXd logLeastSquares(const Eigen::MatrixXd &X,
                                const Eigen::VectorXd &Offset,
                                const Eigen::VectorXd &T, Eigen::VectorXd Beta,
                                bool NonNegative) {
  std::vector<bool> Floored;
  Eigen::VectorXd P = flooredPredictions(X, Offset, T, Beta, Floored);
  double Loss = logLoss(P, T);
  for (int Iteration = 0; Iteration < 50; ++Iteration) {
    Eigen::MatrixXd J = X;
    for (Eigen::Index I = 0; I < J.rows(); ++I)
      J.row(I) *= Floored[I] ? 0 : 1 / P(I);
    Eigen::VectorXd R = (T.array().log() - P.array().log()).matrix();
    // Non-negative: the linearised problem in the next coefficients
    // themselves, whose step back to Beta stays non-negative all along.
    Eigen::VectorXd Step =
        NonNegative
            ? Eigen::VectorXd(solveLeastSquares(J, R + J * Beta, false, true) -
                              Beta)
            : solveLeastSquares(J, R, false);
    bool Better = false;
    for (double Scale = 1; Scale > 1e-6 && !Better; Scale /= 2) {
      Eigen::VectorXd Next = Beta + Scale * Step;
      std::vector<bool> NextFloored;
      Eigen::VectorXd NextP =
          flooredPredictions(X, Offset, T, Next, NextFloored);
      double NextLoss = logLoss(NextP, T);
      if (NextLoss < Loss) {
        Better = true;
        bool Converged = Loss - NextLoss <= 1e-12 * Loss;
        Beta = Next;
        P = NextP;
        Floored = NextFloored;
        Loss = NextLoss;
        if (Converged)
          return Beta;
      }
    }
    if (!Better)
      break;
  }
  return Beta;
}

} // namespace

Model LinearForm::fit(const std::vector<Observation> &Train, Loss L,
                      unsigned MinSupport,
                      std::vector<std::string> *Unsupported,
                      bool NonNegative) const {
  if (Train.empty())
    throw ModelError("form " + Name + ": no training points");
  Eigen::MatrixXd X(Train.size(), Coefs.size());
  Eigen::VectorXd Y(Train.size());
  for (size_t I = 0; I < Train.size(); ++I) {
    double Offset;
    X.row(I) = basis(Train[I].Features, Offset);
    Y(I) = Train[I].TimeUs - Offset;
  }
  // Linearity check on the first point with coefficients 1, 2, 3, ...: a
  // form such as max(g*V/p, g'*h) + L cannot be fitted this way.
  std::map<std::string, double> Probe;
  double Expected = Train[0].TimeUs - Y(0);
  for (size_t J = 0; J < Coefs.size(); ++J) {
    Probe[Coefs[J]] = double(J + 1);
    Expected += double(J + 1) * X(0, J);
  }
  double Got = eval(Train[0].Features, Probe);
  if (std::fabs(Got - Expected) > 1e-9 * std::max(1.0, std::fabs(Expected)))
    throw ModelError("form " + Name + " (" + Text +
                     ") is not linear in its coefficients");
  // A term seen on a handful of points would be fitted to their noise;
  // an all-zero column gets coefficient 0 (the minimum-norm solution).
  for (size_t J = 0; J < Coefs.size(); ++J)
    if (MinSupport > 0 &&
        (X.col(J).array() != 0).count() < Eigen::Index(MinSupport)) {
      X.col(J).setZero();
      if (Unsupported)
        Unsupported->push_back(Coefs[J]);
    }
  Eigen::VectorXd Beta =
      solveLeastSquares(X, Y, L != Loss::Absolute, NonNegative);
  if (L == Loss::Log) {
    Eigen::VectorXd T(Train.size());
    for (size_t I = 0; I < Train.size(); ++I)
      T(I) = Train[I].TimeUs;
    Beta = logLeastSquares(X, T - Y, T, Beta, NonNegative);
  }
  std::map<std::string, double> Values;
  for (size_t J = 0; J < Coefs.size(); ++J)
    Values[Coefs[J]] = Beta(J);
  Model M(Name, Text, Values);
  M.Fit.TrainPoints = unsigned(Train.size());
  return M;
}

double fitLoss(const Model &M, const std::vector<Observation> &Obs, Loss L) {
  double Sum = 0;
  for (const Observation &O : Obs)
    Sum += pointLoss(L, M.evaluate(O.Features), O.TimeUs);
  return Sum;
}

FitStats validate(const Model &M, const std::vector<Observation> &Test) {
  std::vector<double> Measured, Predicted;
  for (const auto &O : Test) {
    Measured.push_back(O.TimeUs);
    Predicted.push_back(M.evaluate(O.Features));
  }
  FitStats S = accuracy(Measured, Predicted, unsigned(M.coefficients().size()));
  S.TrainPoints = M.Fit.TrainPoints;
  return S;
}

namespace {

/// Relative squared error of one line a + b*x through points [Lo, Hi).
double lineError(const std::vector<double> &Xs, const std::vector<double> &Ys,
                 size_t Lo, size_t Hi) {
  Eigen::MatrixXd X(Hi - Lo, 2);
  Eigen::VectorXd Y(Hi - Lo);
  for (size_t I = Lo; I < Hi; ++I) {
    X(I - Lo, 0) = 1;
    X(I - Lo, 1) = Xs[I];
    Y(I - Lo) = Ys[I];
  }
  Eigen::VectorXd Beta = solveLeastSquares(X, Y, /*Relative=*/true);
  return ((X * Beta - Y).cwiseQuotient(Y)).squaredNorm();
}

size_t distinctCount(const std::vector<double> &Xs, size_t Lo, size_t Hi) {
  size_t N = 0;
  for (size_t I = Lo; I < Hi; ++I)
    N += I == Lo || Xs[I] != Xs[I - 1];
  return N;
}

struct Segment {
  size_t Lo, Hi;
};

} // namespace

std::vector<double> detectBreakpoints(const std::vector<double> &XsIn,
                                      const std::vector<double> &YsIn,
                                      unsigned MaxBreaks, double MinGain,
                                      unsigned MinPoints) {
  if (XsIn.size() != YsIn.size())
    throw ModelError("breakpoints: as many x as y needed");
  std::vector<size_t> Order(XsIn.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return XsIn[A] < XsIn[B]; });
  std::vector<double> Xs, Ys;
  for (size_t I : Order) {
    Xs.push_back(XsIn[I]);
    Ys.push_back(YsIn[I]);
  }
  std::vector<Segment> Segments{{0, Xs.size()}};
  std::vector<double> Breaks;
  while (Breaks.size() < MaxBreaks) {
    // The split, over all segments, that removes the most error.
    double BestGain = 0;
    size_t BestSeg = 0, BestAt = 0;
    for (size_t S = 0; S < Segments.size(); ++S) {
      auto [Lo, Hi] = Segments[S];
      if (distinctCount(Xs, Lo, Hi) < 2 * MinPoints)
        continue;
      // A line within 0.1% RMS of every point needs no split.
      double Whole = lineError(Xs, Ys, Lo, Hi);
      if (Whole < 1e-6 * double(Hi - Lo))
        continue;
      for (size_t At = Lo + 1; At < Hi; ++At) {
        if (Xs[At] == Xs[At - 1] || distinctCount(Xs, Lo, At) < MinPoints ||
            distinctCount(Xs, At, Hi) < MinPoints)
          continue;
        double Split = lineError(Xs, Ys, Lo, At) + lineError(Xs, Ys, At, Hi);
        double Gain = Whole > 0 ? (Whole - Split) / Whole : 0;
        if (Gain > BestGain) {
          BestGain = Gain;
          BestSeg = S;
          BestAt = At;
        }
      }
    }
    if (BestGain < MinGain)
      break;
    Segment Old = Segments[BestSeg];
    Segments[BestSeg] = {Old.Lo, BestAt};
    Segments.insert(Segments.begin() + long(BestSeg) + 1, {BestAt, Old.Hi});
    Breaks.push_back(Xs[BestAt]);
  }
  std::sort(Breaks.begin(), Breaks.end());
  return Breaks;
}

namespace {

/// One training set of detectFormBreakpoints, sorted by the variable.
struct SplitSet {
  Eigen::MatrixXd X0;
  Eigen::VectorXd Y;
  std::vector<double> Values;

  SplitSet(const LinearForm &F, const std::string &Var,
           const std::vector<Observation> &Train)
      : X0(Train.size(), F.coefficients().size()), Y(Train.size()),
        Values(Train.size()) {
    std::vector<size_t> Order(Train.size());
    std::iota(Order.begin(), Order.end(), 0);
    std::sort(Order.begin(), Order.end(), [&](size_t L, size_t R) {
      return Train[L].Features.at(Var) < Train[R].Features.at(Var);
    });
    for (size_t I = 0; I < Train.size(); ++I) {
      const Observation &O = Train[Order[I]];
      double Offset;
      X0.row(I) = F.basis(O.Features, Offset);
      Y(I) = O.TimeUs - Offset;
      Values[I] = O.Features.at(Var);
    }
  }

  /// Relative squared error of the piecewise fit at Breaks; infinite when
  /// a segment has fewer than twice as many points as coefficients.
  double error(const std::vector<double> &Breaks) const {
    size_t N = Values.size(), C = size_t(X0.cols());
    std::vector<size_t> Starts = {0};
    for (double B : Breaks)
      Starts.push_back(size_t(
          std::lower_bound(Values.begin(), Values.end(), B) - Values.begin()));
    Starts.push_back(N);
    Eigen::MatrixXd X = Eigen::MatrixXd::Zero(N, C * (Breaks.size() + 1));
    for (size_t K = 0; K + 1 < Starts.size(); ++K) {
      if (Starts[K + 1] - Starts[K] < 2 * C)
        return INFINITY;
      X.block(Starts[K], K * C, Starts[K + 1] - Starts[K], C) =
          X0.middleRows(Starts[K], Starts[K + 1] - Starts[K]);
    }
    Eigen::VectorXd Beta = solveLeastSquares(X, Y, /*Relative=*/true);
    return ((X * Beta - Y).cwiseQuotient(Y)).squaredNorm();
  }
};

} // namespace

std::vector<double>
detectFormBreakpoints(const ModelForm &Base, const std::string &Var,
                      const std::vector<std::vector<Observation>> &TrainSets,
                      unsigned MaxBreaks, double MinGain,
                      const std::vector<double> &Given) {
  // The base form's design rows, once per set; a piecewise fit puts each
  // row in the block of its segment.
  LinearForm F(Base);
  std::vector<SplitSet> Sets;
  std::vector<double> Values;
  for (const std::vector<Observation> &Train : TrainSets)
    if (!Train.empty()) {
      Sets.emplace_back(F, Var, Train);
      Values.insert(Values.end(), Sets.back().Values.begin(),
                    Sets.back().Values.end());
    }
  std::sort(Values.begin(), Values.end());
  size_t N = Values.size();
  // Candidates: the given ones, or up to 256 values of Var spread evenly
  // over the sorted points (all of them in a suite of a few hundred).
  std::vector<double> Candidates = Given;
  std::sort(Candidates.begin(), Candidates.end());
  for (size_t K = 1; Given.empty() && K < std::min<size_t>(N, 256); ++K)
    Candidates.push_back(Values[K * N / std::min<size_t>(N, 256)]);
  Candidates.erase(std::unique(Candidates.begin(), Candidates.end()),
                   Candidates.end());
  auto Error = [&](const std::vector<double> &Breaks) {
    double Sum = 0;
    for (const SplitSet &S : Sets)
      Sum += S.error(Breaks);
    return Sum;
  };
  std::vector<double> Breaks;
  double Current = Error(Breaks);
  // Within 0.1% RMS of every point there is nothing left to split.
  while (Breaks.size() < MaxBreaks && Current > 1e-6 * double(N)) {
    double Best = INFINITY, BestAt = 0;
    for (double Cand : Candidates) {
      if (std::find(Breaks.begin(), Breaks.end(), Cand) != Breaks.end())
        continue;
      std::vector<double> With = Breaks;
      With.insert(std::upper_bound(With.begin(), With.end(), Cand), Cand);
      double E = Error(With);
      if (E < Best) {
        Best = E;
        BestAt = Cand;
      }
    }
    if (!(Best < Current * (1 - MinGain)))
      break;
    Breaks.insert(std::upper_bound(Breaks.begin(), Breaks.end(), BestAt),
                  BestAt);
    Current = Best;
  }
  return Breaks;
}

ModelForm piecewiseForm(const ModelForm &Base, const std::string &Var,
                        const std::vector<double> &Breakpoints) {
  if (Breakpoints.empty())
    return Base;
  Expr Body = parseExpr(Base.Form);
  Expr X = Expr::var(Var);
  std::vector<Expr> Steps;
  for (double B : Breakpoints)
    Steps.push_back(
        Expr::min(Expr::constant(1),
                  Expr::floorDiv(X, Expr::constant(int64_t(std::llround(B))))));
  ModelForm Out;
  Out.Name = Base.Name + "-pw";
  Out.Paper = Base.Paper;
  // Telescoped: the first segment's form, plus at each step the change to
  // the next segment's form. Each step is written once, so a site's cost,
  // its feature expressions substituted, is half as long as with one
  // indicator (a difference of two steps) per segment.
  std::vector<Expr> Pieces;
  for (size_t K = 0; K <= Steps.size(); ++K) {
    Expr Piece = Body;
    for (const auto &C : Base.Coefficients) {
      std::string Renamed = C + "_" + std::to_string(K);
      Piece = Piece.substitute(C, Expr::var(Renamed));
      Out.Coefficients.push_back(Renamed);
    }
    Pieces.push_back(Piece);
  }
  Expr Sum = Pieces[0];
  for (size_t K = 1; K < Pieces.size(); ++K)
    Sum = Sum + Steps[K - 1] * (Pieces[K] - Pieces[K - 1]);
  Out.Form = Sum.str();
  return Out;
}

} // namespace commcost::calib
