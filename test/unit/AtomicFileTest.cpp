// Tests of atomic writes (AtomicFile.h): the temporaries a killed writer
// leaves behind are removed by the next write of the same file, and only
// those (issue 8, defect 10).
#include "commcost/AtomicFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace commcost;
namespace fs = std::filesystem;

namespace {

std::set<std::string> filesIn(const fs::path &Dir) {
  std::set<std::string> Names;
  for (const auto &E : fs::directory_iterator(Dir))
    Names.insert(E.path().filename().string());
  return Names;
}

/// The pid of a process that has exited and been reaped.
pid_t deadPid() {
  pid_t Child = ::fork();
  if (Child == 0)
    ::_exit(0);
  int Status;
  ::waitpid(Child, &Status, 0);
  return Child;
}

/// The prefix of Path's temporaries written on this host by process Pid.
std::string prefixOf(const std::string &Path, pid_t Pid) {
  std::string Own = temporaryPrefix(Path);
  std::string Self = std::to_string(::getpid()) + ".";
  EXPECT_EQ(Own.substr(Own.size() - Self.size()), Self);
  return Own.substr(0, Own.size() - Self.size()) + std::to_string(Pid) + ".";
}

TEST(AtomicFile, StaleTemporariesOfDeadWritersAreRemoved) {
  fs::path Dir = fs::temp_directory_path() /
                 ("commcost-atomic-" + std::to_string(::getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  std::string Path = (Dir / "profile.json").string();

  auto Touch = [](const std::string &P) { std::ofstream(P) << "partial"; };
  std::string Dead = prefixOf(Path, deadPid()) + "a1B2c3";
  std::string Live = temporaryPrefix(Path) + "Zz9yX8"; // this process
  // "PATH.tmp.HOST." becomes "PATH.tmp.other-HOST.".
  std::string OtherHost = prefixOf(Path, deadPid()) + "qQ1wW2";
  OtherHost.insert(Path.size() + 5, "other-");
  std::string OtherFile =
      (Dir / "other.json").string() + Dead.substr(Path.size());
  std::string NotOurs = Path + ".tmp.notes"; // not a temporary of ours
  for (const std::string &P : {Dead, Live, OtherHost, OtherFile, NotOurs})
    Touch(P);

  writeFileAtomically(Path, "{}\n");
  std::set<std::string> Expected = {"profile.json"};
  for (const std::string &P : {Live, OtherHost, OtherFile, NotOurs})
    Expected.insert(fs::path(P).filename().string());
  EXPECT_EQ(filesIn(Dir), Expected);
  std::stringstream Text;
  Text << std::ifstream(Path).rdbuf();
  EXPECT_EQ(Text.str(), "{}\n");
  fs::remove_all(Dir);
}

TEST(AtomicFile, WritesInTheCurrentFolder) {
  // A bare file name: the temporaries are looked for in ".".
  fs::path Dir = fs::temp_directory_path() /
                 ("commcost-atomic-cwd-" + std::to_string(::getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  fs::path Old = fs::current_path();
  fs::current_path(Dir);
  std::string Stale = prefixOf("out.csv", deadPid()) + "abcdef";
  std::ofstream(Stale) << "x";
  writeFileAtomically("out.csv", "a,b\n");
  fs::current_path(Old);
  EXPECT_EQ(filesIn(Dir), std::set<std::string>{"out.csv"});
  fs::remove_all(Dir);
}

} // namespace
