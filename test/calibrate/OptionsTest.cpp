// The command line: defaults, every option, and errors that name the
// argument.
#include "Options.h"

#include <gtest/gtest.h>

using namespace commcost::calib;

TEST(Options, Defaults) {
  Options O = parseOptions({});
  EXPECT_FALSE(O.Quick);
  EXPECT_FALSE(O.Mpi);
  EXPECT_TRUE(O.Out.empty());
  EXPECT_EQ(O.Suites.count("mpi"), 0u);
  EXPECT_EQ(O.Suites.count("marshalling"), 1u);
}

TEST(Options, Everything) {
  Options O = parseOptions({"--quick", "--mpi", "--out", "p.json", "--report",
                            "r", "--suites", "smp,mpi", "--seed", "9"});
  EXPECT_TRUE(O.Quick);
  EXPECT_TRUE(O.Mpi);
  EXPECT_EQ(O.Out, "p.json");
  EXPECT_EQ(O.ReportDir, "r");
  EXPECT_EQ(O.Suites, (std::set<std::string>{"smp", "mpi"}));
  EXPECT_EQ(O.Seed, 9u);
}

TEST(Options, ErrorsNameTheProblem) {
  auto Message = [](std::vector<std::string> Args) {
    try {
      parseOptions(Args);
    } catch (const UsageError &E) {
      return std::string(E.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(Message({"--bogus"}).find("'--bogus'"), std::string::npos);
  EXPECT_NE(Message({"--out"}).find("--out needs a value"), std::string::npos);
  EXPECT_NE(Message({"--suites", "x"}).find("unknown suite 'x'"),
            std::string::npos);
  EXPECT_NE(Message({"--suites", "mpi"}).find("needs --mpi"),
            std::string::npos);
  EXPECT_NE(Message({"--seed", "1x"}).find("'1x'"), std::string::npos);
}
