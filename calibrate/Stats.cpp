// Statistics of repeated measurements and of model predictions.
#include "Stats.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace commcost::calib {

double quantile(std::vector<double> Xs, double Q) {
  if (Xs.empty())
    throw std::invalid_argument("quantile of an empty sample");
  std::sort(Xs.begin(), Xs.end());
  double Pos = Q * double(Xs.size() - 1);
  size_t Lo = size_t(std::floor(Pos));
  size_t Hi = std::min(Lo + 1, Xs.size() - 1);
  double Frac = Pos - double(Lo);
  return Xs[Lo] * (1 - Frac) + Xs[Hi] * Frac;
}

double median(std::vector<double> Xs) { return quantile(std::move(Xs), 0.5); }

double relativeSpread(const std::vector<double> &Xs) {
  double Med = median(Xs);
  if (Med == 0)
    return 0;
  return (quantile(Xs, 0.75) - quantile(Xs, 0.25)) / Med;
}

double relativeStandardError(const std::vector<double> &Xs) {
  if (Xs.size() < 2)
    return INFINITY;
  double Mean = 0;
  for (double X : Xs)
    Mean += X;
  Mean /= double(Xs.size());
  double Var = 0;
  for (double X : Xs)
    Var += (X - Mean) * (X - Mean);
  Var /= double(Xs.size() - 1);
  if (Mean == 0)
    return 0;
  return std::sqrt(Var / double(Xs.size())) / std::fabs(Mean);
}

double relativeRange(const std::vector<double> &Xs) {
  double Med = median(Xs);
  if (Med == 0)
    return 0;
  auto [Lo, Hi] = std::minmax_element(Xs.begin(), Xs.end());
  return (*Hi - *Lo) / Med;
}

FitStats accuracy(const std::vector<double> &Measured,
                  const std::vector<double> &Predicted, unsigned Coefs) {
  if (Measured.size() != Predicted.size() || Measured.empty())
    throw std::invalid_argument("accuracy: need as many predictions as "
                                "measurements, and at least one");
  FitStats S;
  double Mean = 0;
  for (double Y : Measured)
    Mean += Y;
  Mean /= double(Measured.size());
  double Sse = 0, SseMean = 0, SumRel = 0;
  for (size_t I = 0; I < Measured.size(); ++I) {
    double Y = Measured[I], E = Y - Predicted[I];
    double Rel = Y != 0 ? std::fabs(E / Y) : std::fabs(E);
    SumRel += Rel;
    S.MaxRelErr = std::max(S.MaxRelErr, Rel);
    Sse += E * E;
    SseMean += (Y - Mean) * (Y - Mean);
  }
  S.AvgRelErr = SumRel / double(Measured.size());
  double Dof = std::max(1.0, double(Measured.size()) - double(Coefs));
  S.Se = std::sqrt(Sse / Dof);
  S.R2 = SseMean > 0 ? Sse / SseMean : (Sse > 0 ? INFINITY : 0);
  S.TestPoints = unsigned(Measured.size());
  return S;
}

} // namespace commcost::calib
