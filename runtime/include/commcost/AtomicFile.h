// Writing files so that readers never see half of one: every file commcost
// writes (profiles, CSV data, reports) goes through here.
#pragma once

#include <stdexcept>
#include <string>

namespace commcost {

/// Raised when a file cannot be written; the message names the path and
/// the system's reason. The previous file at that path is left as it was.
class FileWriteError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Write Text to Path atomically: a temporary file in the same folder,
/// flushed to disk, then renamed over Path.
void writeFileAtomically(const std::string &Path, const std::string &Text);

} // namespace commcost
