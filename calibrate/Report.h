// The calibration report: DIR/report.md with the tables laid out like the
// seeds' (coefficients; average and maximum validation errors per function
// and processor count; S_e and R^2), the targets with the noise floor, and
// gnuplot plots (measured vs predicted S1 and M1 over row and column
// transfers; good/bad predictions over like-gather x; the packet-size
// curve with the chosen optimum).
#pragma once

#include "Analysis.h"

#include <string>

namespace commcost::calib {

/// Writes the report into Dir (created if missing); every file atomically.
/// Plots need gnuplot on PATH; without it the report says they are missing.
void writeReport(const Analysis &A, const RawSet &Raw,
                 const MachineInfo &Machine, const nlohmann::json &RunInfo,
                 const std::string &Dir);

/// The report's Markdown text alone (what the tests check).
std::string reportMarkdown(const Analysis &A, const RawSet &Raw,
                           const MachineInfo &Machine,
                           const nlohmann::json &RunInfo,
                           const std::vector<std::string> &Plots);

} // namespace commcost::calib
