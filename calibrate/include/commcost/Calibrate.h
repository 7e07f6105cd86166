// Entry point of `commcost calibrate`: measures this machine, fits every
// paper's model and writes a profile and a report.
#pragma once

#include <string>
#include <vector>

namespace commcost {

/// Runs `commcost calibrate` with the arguments after the subcommand name.
/// Returns the process exit code.
int calibrateMain(const std::vector<std::string> &Args);

} // namespace commcost
