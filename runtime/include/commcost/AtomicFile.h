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
///
/// The temporary is named PATH.tmp.HOST.PID.XXXXXX after the writer. A
/// writer killed before its rename (SIGKILL, a power cut) leaves one
/// behind; the next write of the same Path removes every temporary of Path
/// whose writer was on this host and is no longer running. Temporaries of
/// live writers, and of other hosts sharing the folder, are left alone.
void writeFileAtomically(const std::string &Path, const std::string &Text);

/// The prefix of the temporaries of Path written by this process:
/// PATH.tmp.HOST.PID. (for tests and cleaners).
std::string temporaryPrefix(const std::string &Path);

} // namespace commcost
