// Statistics of repeated measurements and of model predictions: medians,
// spreads, relative standard errors, and the accuracy measures the report
// shows (average and maximum relative error; S_e and R^2 as the
// cache-lines paper defines them).
#pragma once

#include "commcost/Model.h"

#include <vector>

namespace commcost::calib {

/// The median of Xs (the mean of the two middle values for an even count).
/// Throws std::invalid_argument for an empty sample.
double median(std::vector<double> Xs);
/// The Q-quantile (0 <= Q <= 1), linear interpolation between order
/// statistics.
double quantile(std::vector<double> Xs, double Q);
/// Interquartile range over the median: the spread of one point's samples,
/// robust to the outliers a shared machine produces.
double relativeSpread(const std::vector<double> &Xs);
/// Standard error of the mean over the mean; the repetition loop stops
/// when this is small enough.
double relativeStandardError(const std::vector<double> &Xs);
/// (max - min) / median: how far repeated medians of one point disagree.
double relativeRange(const std::vector<double> &Xs);

/// Accuracy of Predicted against Measured. Coefs is the number of fitted
/// coefficients (S_e divides the squared errors by the degrees of freedom
/// left, |test| - Coefs, never below 1). R2 is SSE over the SSE of the
/// mean model, so 0 is perfect and 1 is no better than the mean.
FitStats accuracy(const std::vector<double> &Measured,
                  const std::vector<double> &Predicted, unsigned Coefs);

} // namespace commcost::calib
