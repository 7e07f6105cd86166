// The raw measurements: one record per measured point (its suite, kind,
// set, processor count, features and every timed sample), and the CSV
// format they are kept in next to the profile, so that `commcost
// calibrate --refit DIR` can recompute every table.
//
// CSV: a header `point,suite,kind,set,procs,<feature columns...>,rep,time_us`,
// then one row per sample. Feature columns are the union over the file's
// points; a point leaves the cells of features it lacks empty.
#pragma once

#include "commcost/Model.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace commcost::calib {

struct Point {
  std::string Suite; ///< marshalling, smp, mpi, packets, noise
  std::string Kind;  ///< row, column, like-gather/good, scatter, ...
  std::string Set;   ///< train, test, suite1, suite2, suite3, ...
  unsigned P = 1;    ///< threads or ranks taking part
  FeatureVector Features;
  std::vector<double> SamplesUs;

  double medianUs() const;
  double spread() const;
};

/// Raised for a malformed CSV file: "FILE:LINE: PROBLEM".
class RawDataError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

std::string toCsv(const std::vector<Point> &Points);
/// Parses CSV text; File names the source in errors.
std::vector<Point> fromCsv(const std::string &Text, const std::string &File);

/// Writes atomically (the file is complete or absent).
void saveCsv(const std::vector<Point> &Points, const std::string &Path);
std::vector<Point> loadCsv(const std::string &Path);

} // namespace commcost::calib
