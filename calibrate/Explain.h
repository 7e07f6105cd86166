// Why a target was missed, from the measurements: the sentences of the
// report's closing note. Each one tests a cause on the data (the form, the
// training set, the features, the noise) and says what it found, so that a
// miss comes with figures, not a guess.
#pragma once

#include "Analysis.h"
#include "Fit.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace commcost::calib {

/// V as a percentage with one decimal: "12.3%".
std::string pctText(double V);

/// Average relative error of M on the observations that Keep selects, and
/// how many there were.
std::pair<double, size_t>
errorWhere(const Model &M, const std::vector<Observation> &Obs,
           const std::function<bool(const Observation &)> &Keep);

/// The average error of M's form refitted on Held itself: what the form
/// reaches with the held-out points as its training set. Near M's
/// held-out error, the miss is the form's; far below it, the training
/// set's. Negative if the fit is impossible.
double formFloor(const Model &M, const std::vector<Observation> &Held);

/// Why the best marshalling form misses: its floor on Held (the held-out
/// row and column transfers), its error on one-run and many-run
/// transfers, and the spread of one shape across places in memory.
std::string whyMarshallingMisses(const FittedForm &Best,
                                 const std::vector<Observation> &Held,
                                 double PlacementSpread, double NoiseFloor);

/// Why M1 cannot have half S1's S_e on columns, from the cost per line of
/// large row and column transfers among Ps.
std::string whyOneLineCostMisses(const std::vector<Point> &Ps);

/// Why an SMP family misses at one thread count. A training set with
/// hr = hw throughout cannot tell reads from writes; otherwise a
/// superstep costs what its busiest thread does, max_i(a*r_i + b*w_i),
/// and the maxima hr and hw may belong to different threads: the feature
/// hrw (the largest r_i + w_i) tells those supersteps apart. If the
/// error is no larger there, the form's floor and the samples' spread
/// (against one thread's) are given instead.
std::string whySmpMisses(const Model &M, const std::vector<Observation> &Train,
                         const std::vector<Observation> &Held, double Spread,
                         double OneThreadSpread);

/// Median over the points Keep selects of their samples' relative spread.
double medianSpread(const std::vector<Point> &Ps,
                    const std::function<bool(const Point &)> &Keep);

} // namespace commcost::calib
