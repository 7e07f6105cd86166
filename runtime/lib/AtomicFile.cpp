// Atomic file writes: a temporary file beside the target, flushed, renamed;
// temporaries of dead writers removed.
#include "commcost/AtomicFile.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace commcost {

namespace {

namespace fs = std::filesystem;

std::string hostName() {
  char Name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(Name, sizeof Name - 1) != 0 || !*Name)
    return "localhost";
  return Name;
}

/// Removes PATH.tmp.HOST.PID.XXXXXX files of this host whose PID is not a
/// running process. Best effort: a folder that cannot be listed, or a file
/// another cleaner removed first, is no error.
void removeStaleTemporaries(const std::string &Path) {
  fs::path Target(Path);
  fs::path Dir = Target.has_parent_path() ? Target.parent_path() : ".";
  std::string Prefix =
      Target.filename().string() + ".tmp." + hostName() + ".";
  std::error_code Ec;
  for (fs::directory_iterator It(Dir, Ec), End; !Ec && It != End;
       It.increment(Ec)) {
    std::string Name = It->path().filename().string();
    if (Name.compare(0, Prefix.size(), Prefix) != 0)
      continue;
    // PID "." six characters of mkstemp.
    std::string Rest = Name.substr(Prefix.size());
    size_t Dot = Rest.find('.');
    if (Dot == 0 || Dot == std::string::npos || Rest.size() - Dot - 1 != 6 ||
        Rest.find_first_not_of("0123456789") != Dot || Dot > 9)
      continue;
    pid_t Pid = static_cast<pid_t>(std::stol(Rest.substr(0, Dot)));
    if (::kill(Pid, 0) != 0 && errno == ESRCH)
      fs::remove(It->path(), Ec), Ec.clear();
  }
}

} // namespace

std::string temporaryPrefix(const std::string &Path) {
  return Path + ".tmp." + hostName() + "." + std::to_string(::getpid()) + ".";
}

void writeFileAtomically(const std::string &Path, const std::string &Text) {
  removeStaleTemporaries(Path);
  std::string Temp = temporaryPrefix(Path) + "XXXXXX";
  int Fd = mkstemp(Temp.data());
  if (Fd < 0)
    throw FileWriteError("cannot write " + Path + ": " + std::strerror(errno));
  auto Fail = [&](const char *What) {
    int Err = errno;
    ::close(Fd);
    ::unlink(Temp.c_str());
    throw FileWriteError("cannot write " + Path + ": " + What + ": " +
                         std::strerror(Err));
  };
  size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Fail("write");
    }
    Done += static_cast<size_t>(N);
  }
  // mkstemp creates the file 0600; a profile is as readable as any file.
  mode_t Mask = ::umask(0);
  ::umask(Mask);
  if (::fchmod(Fd, 0666 & ~Mask) != 0)
    Fail("chmod");
  if (::fsync(Fd) != 0)
    Fail("fsync");
  if (::close(Fd) != 0) {
    int Err = errno;
    ::unlink(Temp.c_str());
    throw FileWriteError("cannot write " + Path + ": close: " +
                         std::strerror(Err));
  }
  if (::rename(Temp.c_str(), Path.c_str()) != 0) {
    int Err = errno;
    ::unlink(Temp.c_str());
    throw FileWriteError("cannot write " + Path + ": rename: " +
                         std::strerror(Err));
  }
}

} // namespace commcost
