// The progress display.
#include "Progress.h"

#include "Measure.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace commcost::calib {

Progress::Progress(bool Enabled)
    : Enabled(Enabled), Tty(Enabled && isatty(STDERR_FILENO)) {}

void Progress::beginSuite(const std::string &Name, size_t Points,
                          double Budget) {
  Suite = Name;
  Total = Points;
  BudgetS = Budget;
  StartUs = LastPrintUs = nowUs();
  if (Enabled && !Tty)
    std::fprintf(stderr, "calibrate: %s: %zu points, budget %.0f s\n",
                 Name.c_str(), Points, Budget);
}

void Progress::step(size_t Done, const std::string &What) {
  if (!Enabled)
    return;
  double Now = nowUs(), ElapsedS = (Now - StartUs) / 1e6;
  // Time left: the pace so far, but never past the budget.
  double LeftS =
      Done ? ElapsedS / double(Done) * double(Total - Done) : BudgetS;
  LeftS = std::min(LeftS, std::max(0.0, BudgetS - ElapsedS));
  if (Tty) {
    const int Width = 24;
    int Filled = Total ? int(double(Width) * double(Done) / double(Total)) : 0;
    std::string Bar(size_t(Filled), '#');
    Bar.resize(Width, '.');
    std::fprintf(stderr, "\r\033[K%-12s [%s] %zu/%zu %-28.28s %4.0f s left",
                 Suite.c_str(), Bar.c_str(), Done, Total, What.c_str(), LeftS);
    std::fflush(stderr);
  } else if (Now - LastPrintUs > 5e6) {
    LastPrintUs = Now;
    std::fprintf(stderr, "calibrate: %s: point %zu/%zu (%s), %.0f s left\n",
                 Suite.c_str(), Done, Total, What.c_str(), LeftS);
  }
}

void Progress::endSuite(size_t Measured, size_t Skipped, const char *Why) {
  if (!Enabled)
    return;
  if (Tty)
    std::fprintf(stderr, "\r\033[K");
  std::fprintf(stderr, "calibrate: %s: %zu points measured", Suite.c_str(),
               Measured);
  if (Skipped)
    std::fprintf(stderr, ", %zu skipped (%s)", Skipped, Why);
  std::fprintf(stderr, " in %.1f s\n", (nowUs() - StartUs) / 1e6);
}

void Progress::note(const std::string &Line) {
  if (Enabled)
    std::fprintf(stderr, "%scalibrate: %s\n", Tty ? "\r\033[K" : "",
                 Line.c_str());
}

} // namespace commcost::calib
