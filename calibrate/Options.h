// The command line of `commcost calibrate`.
#pragma once

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace commcost::calib {

struct Options {
  bool Quick = false;
  bool Mpi = false;
  bool Help = false;
  std::string Out;              ///< empty: defaultProfilePath()
  std::string ReportDir;        ///< empty: no report
  std::string RefitDir;         ///< non-empty: refit the raw data found there
  std::set<std::string> Suites; ///< noise, marshalling, smp, mpi, packets
  uint64_t Seed = 20240601;
};

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Every suite name `--suites` accepts.
const std::vector<std::string> &suiteNames();
/// Throws UsageError naming the bad argument and what was expected.
Options parseOptions(const std::vector<std::string> &Args);
const char *usageText();

} // namespace commcost::calib
