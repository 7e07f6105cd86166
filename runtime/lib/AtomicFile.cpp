// Atomic file writes: a temporary file beside the target, flushed, renamed.
#include "commcost/AtomicFile.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace commcost {

void writeFileAtomically(const std::string &Path, const std::string &Text) {
  std::string Temp = Path + ".tmp.XXXXXX";
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
