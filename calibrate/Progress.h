// The progress display: on a terminal one line redrawn in place (suite,
// point, bar, time left); otherwise plain lines, one every few seconds, so
// that logs stay readable. Only rank 0 shows anything.
#pragma once

#include <cstddef>
#include <string>

namespace commcost::calib {

class Progress {
public:
  explicit Progress(bool Enabled);
  void beginSuite(const std::string &Name, size_t Points, double BudgetS);
  void step(size_t Done, const std::string &What);
  /// Why names what cut the suite short, when Skipped > 0.
  void endSuite(size_t Measured, size_t Skipped,
                const char *Why = "time budget");
  /// A line of its own (noise floor, fit summaries).
  void note(const std::string &Line);

private:
  bool Enabled, Tty;
  std::string Suite;
  size_t Total = 0;
  double BudgetS = 0, StartUs = 0, LastPrintUs = 0;
};

} // namespace commcost::calib
