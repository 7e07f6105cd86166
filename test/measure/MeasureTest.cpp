// Tests of libcommcost-measure (runtime/measure): the statistics of a site
// against brute force, the reservoir, the merge of descriptors with equal
// keys, the run file's JSON and the failures of its writing. Durations are
// fed exactly through the internal commcost_measure_record_duration, which
// unlike __commcost_measure_record does not make the test write a run file
// at exit. Every test uses sites of its own file name or function, so they
// can also share one process.
#include "measure_internal.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// A fresh, empty directory, removed with everything in it at the end.
class TempDir {
public:
  TempDir() {
    static std::atomic<int> Counter;
    Path = fs::temp_directory_path() /
           ("commcost-measure-test-" + std::to_string(::getpid()) + "-" +
            std::to_string(Counter++));
    fs::remove_all(Path);
    fs::create_directories(Path);
  }
  ~TempDir() {
    std::error_code Ec;
    fs::permissions(Path, fs::perms::owner_all, fs::perm_options::add, Ec);
    fs::remove_all(Path, Ec);
  }
  const fs::path &path() const { return Path; }

private:
  fs::path Path;
};

fs::path runFileIn(const fs::path &Dir) {
  return Dir / ("commcost-run." + std::to_string(::getpid()) + ".json");
}

std::set<std::string> filesIn(const fs::path &Dir) {
  std::set<std::string> Names;
  for (const auto &E : fs::directory_iterator(Dir))
    Names.insert(E.path().filename().string());
  return Names;
}

std::string readText(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// The run file's text, dumped into a fresh directory.
std::string dumpText() {
  TempDir Dir;
  EXPECT_EQ(commcost_measure_dump(Dir.path().c_str()), 0);
  EXPECT_EQ(filesIn(Dir.path()),
            std::set<std::string>{runFileIn(Dir.path()).filename()});
  return readText(runFileIn(Dir.path()));
}

/// The dumped sites whose Key is Value, in the file's order.
std::vector<json> sitesWhere(const std::string &Key, const std::string &Value) {
  json Run = json::parse(dumpText());
  std::vector<json> Sites;
  for (const json &Site : Run.at("sites"))
    if (Site.at(Key) == Value)
      Sites.push_back(Site);
  return Sites;
}

/// What the file says of a site's durations, and what it should say.
struct Stats {
  uint64_t Count = 0, Total = 0, Min = 0, Max = 0;
  double Median = 0;
};

Stats statsOf(const json &Site) {
  return {Site.at("count").get<uint64_t>(), Site.at("total_ns").get<uint64_t>(),
          Site.at("min_ns").get<uint64_t>(), Site.at("max_ns").get<uint64_t>(),
          Site.at("median_ns").get<double>()};
}

Stats bruteForce(std::vector<uint64_t> V) {
  std::sort(V.begin(), V.end());
  Stats S;
  S.Count = V.size();
  for (uint64_t X : V)
    S.Total += X;
  S.Min = V.front();
  S.Max = V.back();
  size_t N = V.size();
  S.Median = N % 2 ? double(V[N / 2])
                   : double(V[N / 2 - 1]) + double(V[N / 2] - V[N / 2 - 1]) / 2;
  return S;
}

void expectStats(const json &Site, const Stats &Want) {
  Stats Got = statsOf(Site);
  EXPECT_EQ(Got.Count, Want.Count);
  EXPECT_EQ(Got.Total, Want.Total);
  EXPECT_EQ(Got.Min, Want.Min);
  EXPECT_EQ(Got.Max, Want.Max);
  EXPECT_EQ(Got.Median, Want.Median);
}

const commcost_measure_state &stateOf(const commcost_site &Site) {
  return *static_cast<const commcost_measure_state *>(Site.state);
}

/// What Body writes to file descriptor 2.
std::string stderrOf(const std::function<void()> &Body) {
  TempDir Dir;
  fs::path Log = Dir.path() / "stderr";
  std::fflush(stderr);
  int Saved = ::dup(2);
  int Fd = ::open(Log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ::dup2(Fd, 2);
  ::close(Fd);
  Body();
  std::fflush(stderr);
  ::dup2(Saved, 2);
  ::close(Saved);
  return readText(Log);
}

/// Sets (or with nullptr unsets) an environment variable for a scope.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    set(Value);
  }
  ~ScopedEnv() { set(Saved ? Saved->c_str() : nullptr); }

private:
  void set(const char *Value) {
    if (Value)
      ::setenv(Name, Value, 1);
    else
      ::unsetenv(Name);
  }
  const char *Name;
  std::optional<std::string> Saved;
};

TEST(Measure, NowIsMonotonicNanoseconds) {
  uint64_t T0 = __commcost_measure_now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  uint64_t T1 = __commcost_measure_now();
  EXPECT_GE(T1 - T0, 20'000'000u);
  EXPECT_LT(T1 - T0, 10'000'000'000u);
}

TEST(Measure, NetTimeTakesOffOneOverheadPerPieceNeverBelowZero) {
  EXPECT_EQ(commcost_measure_net_ns(1000, 1, 30), 970u);
  EXPECT_EQ(commcost_measure_net_ns(1000, 10, 30), 700u);
  EXPECT_EQ(commcost_measure_net_ns(1000, 0, 30), 1000u);
  EXPECT_EQ(commcost_measure_net_ns(1000, 1000, 0), 1000u);
  // Pieces shorter than a clock reading: the site took no measurable time.
  EXPECT_EQ(commcost_measure_net_ns(299, 10, 30), 0u);
  EXPECT_EQ(commcost_measure_net_ns(300, 10, 30), 0u);
  EXPECT_EQ(commcost_measure_net_ns(301, 10, 30), 1u);
  // spans * overhead beyond 64 bits.
  EXPECT_EQ(commcost_measure_net_ns(UINT64_MAX, UINT64_MAX / 2, 3), 0u);
  EXPECT_EQ(commcost_measure_net_ns(UINT64_MAX, UINT64_MAX / 3, 3), 0u);
  EXPECT_EQ(commcost_measure_net_ns(UINT64_MAX, UINT64_MAX / 3 - 1, 3), 3u);
}

TEST(Measure, StatisticsMatchBruteForceUpToTheReservoirSize) {
  std::mt19937_64 Random(7);
  const std::vector<uint32_t> Counts = {1, 2, 3, 500, 1023,
                                        COMMCOST_MEASURE_RESERVOIR};
  // Static, as the plugin's descriptors are: the library keeps pointers to
  // them for the rest of the process.
  static commcost_site Sites[6];
  ASSERT_EQ(Counts.size(), std::size(Sites));
  std::vector<Stats> Want;
  for (size_t S = 0; S < Counts.size(); ++S) {
    Sites[S] = {"median.c", "f", "copy", "memcpy", Counts[S], 1, nullptr};
    std::vector<uint64_t> Durations;
    for (uint32_t I = 0; I < Counts[S]; ++I) {
      Durations.push_back(Random() % 1'000'000);
      commcost_measure_record_duration(&Sites[S], Durations.back(), -1, -1);
    }
    Want.push_back(bruteForce(Durations));
  }
  std::vector<json> Got = sitesWhere("file", "median.c");
  ASSERT_EQ(Got.size(), Counts.size());
  for (size_t I = 0; I < Counts.size(); ++I) {
    SCOPED_TRACE("count " + std::to_string(Counts[I]));
    EXPECT_EQ(Got[I].at("line"), Counts[I]);
    expectStats(Got[I], Want[I]);
    EXPECT_FALSE(Got[I].contains("predicted_count"));
    EXPECT_FALSE(Got[I].contains("predicted_total_ps"));
  }
}

TEST(Measure, ReservoirHoldsAUniformSampleOfManyRuns) {
  static commcost_site Site = {"reservoir.c", "f", "copy-loop", "loop",
                               1, 1, nullptr};
  const uint64_t N = 100000;
  for (uint64_t I = 1; I <= N; ++I)
    commcost_measure_record_duration(&Site, I, -1, -1);

  // The reservoir is full of distinct runs (each run has its own value).
  const commcost_measure_state &State = stateOf(Site);
  std::set<uint64_t> Samples(State.samples,
                             State.samples + COMMCOST_MEASURE_RESERVOIR);
  EXPECT_EQ(Samples.size(), size_t(COMMCOST_MEASURE_RESERVOIR));
  EXPECT_GE(*Samples.begin(), 1u);
  EXPECT_LE(*Samples.rbegin(), N);

  std::vector<json> Got = sitesWhere("file", "reservoir.c");
  ASSERT_EQ(Got.size(), 1u);
  Stats S = statsOf(Got[0]);
  EXPECT_EQ(S.Count, N);
  EXPECT_EQ(S.Total, N * (N + 1) / 2);
  EXPECT_EQ(S.Min, 1u);
  EXPECT_EQ(S.Max, N);
  // The median of 1024 uniform samples of 1..N is within 1.6% of N/2 by
  // one standard deviation; the seed is fixed, so 5% never flakes, and a
  // reservoir that kept the early runs (median ~512) or the late ones
  // fails it.
  EXPECT_NEAR(S.Median, N / 2.0, 0.05 * N);
}

TEST(Measure, ReservoirIsTheSameForTheSameRuns) {
  static commcost_site A = {"same.c", "f", "copy", "memcpy", 1, 1, nullptr};
  static commcost_site B = {"same.c", "f", "copy", "memcpy", 2, 1, nullptr};
  for (uint64_t I = 0; I < 5000; ++I) {
    commcost_measure_record_duration(&A, I * 7 % 5001, -1, -1);
    commcost_measure_record_duration(&B, I * 7 % 5001, -1, -1);
  }
  EXPECT_TRUE(std::equal(stateOf(A).samples,
                         stateOf(A).samples + COMMCOST_MEASURE_RESERVOIR,
                         stateOf(B).samples));
}

TEST(Measure, EqualKeysMergeAndSitesAreSorted) {
  // Two translation units' copies of one inline function: equal texts at
  // different addresses.
  static char FileA[] = "merge.c", FileB[] = "merge.c";
  static char FunctionA[] = "f", FunctionB[] = "f";
  static commcost_site A = {FileA, FunctionA, "send", "MPI_Send", 7, 1, nullptr};
  static commcost_site B = {FileB, FunctionB, "send", "MPI_Send", 7, 1, nullptr};
  // Differing in one part of the key each: not merged.
  static commcost_site OtherColumn = {"merge.c", "f", "send", "MPI_Send",
                                      7,         2,   nullptr};
  static commcost_site OtherFunction = {"merge.c", "g", "send", "MPI_Send",
                                        7,         1,   nullptr};
  static commcost_site OtherKind = {"merge.c", "f", "recv", "MPI_Send",
                                    7,         1,   nullptr};
  static commcost_site OtherCallee = {"merge.c", "f", "send", "MPI_Isend",
                                      7,         1,   nullptr};
  static commcost_site EarlierLine = {"merge.c", "f", "send", "MPI_Send",
                                      3,         9,   nullptr};
  std::vector<uint64_t> All;
  for (uint64_t I = 1; I <= 10; ++I) {
    commcost_measure_record_duration(&A, I, 100, -1);
    All.push_back(I);
  }
  for (uint64_t I = 11; I <= 20; ++I) {
    commcost_measure_record_duration(&B, I, -1, -1);
    All.push_back(I);
  }
  for (commcost_site *S :
       {&OtherColumn, &OtherFunction, &OtherKind, &OtherCallee, &EarlierLine})
    commcost_measure_record_duration(S, 5, -1, -1);

  std::vector<json> Got = sitesWhere("file", "merge.c");
  std::vector<std::string> Order;
  for (const json &S : Got)
    Order.push_back(std::to_string(S.at("line").get<int>()) + ":" +
                    std::to_string(S.at("column").get<int>()) + " " +
                    S.at("function").get<std::string>() + " " +
                    S.at("kind").get<std::string>() + " " +
                    S.at("callee").get<std::string>());
  EXPECT_EQ(Order, (std::vector<std::string>{
                       "3:9 f send MPI_Send", "7:1 f recv MPI_Send",
                       "7:1 f send MPI_Isend", "7:1 f send MPI_Send",
                       "7:1 g send MPI_Send", "7:2 f send MPI_Send"}));
  ASSERT_EQ(Got.size(), 6u);
  const json &Merged = Got[3];
  expectStats(Merged, bruteForce(All));
  EXPECT_EQ(Merged.at("median_ns"), 10.5);
  EXPECT_EQ(Merged.at("predicted_count"), 10);
  EXPECT_EQ(Merged.at("predicted_total_ps"), 1000);
}

TEST(Measure, StringsAreEscapedAndValidUtf8) {
  static commcost_site Site = {"dir \"q\"\\back\\slash\x01\ttab\n\xc3\xa9 \xff.c",
                               "escape_fn", "copy", "memcpy", 1, 1, nullptr};
  commcost_measure_record_duration(&Site, 1, -1, -1);
  std::string Text = dumpText();
  EXPECT_NE(Text.find(R"("dir \"q\"\\back\\slash\u0001\u0009tab\u000a)"),
            std::string::npos);
  std::vector<json> Got = sitesWhere("function", "escape_fn");
  ASSERT_EQ(Got.size(), 1u);
  // A byte that starts no UTF-8 sequence becomes U+FFFD; é stays.
  EXPECT_EQ(Got[0].at("file"),
            "dir \"q\"\\back\\slash\x01\ttab\n\xc3\xa9 \xef\xbf\xbd.c");
}

TEST(Measure, PredictionsOnlyWhenThereAreAny) {
  static commcost_site None = {"predicted.c", "f", "copy", "memcpy",
                               1,             1,   nullptr};
  static commcost_site Some = {"predicted.c", "f", "copy", "memcpy",
                               2,             1,   nullptr};
  static commcost_site Huge = {"predicted.c", "f", "copy", "memcpy",
                               3,             1,   nullptr};
  commcost_measure_record_duration(&None, 10, -1, -1);
  commcost_measure_record_duration(&None, 10, -5, -1);
  // A prediction of 0 ps is a prediction.
  commcost_measure_record_duration(&Some, 10, 0, -1);
  commcost_measure_record_duration(&Some, 10, -1, -1);
  commcost_measure_record_duration(&Some, 10, 5, -1);
  for (int I = 0; I < 3; ++I)
    commcost_measure_record_duration(&Huge, 10, INT64_MAX, -1);
  // The warm end of the interval is counted apart: a run may have one
  // prediction and not the other.
  static commcost_site Warm = {"predicted.c", "f", "copy", "memcpy",
                               4,             1,   nullptr};
  commcost_measure_record_duration(&Warm, 10, -1, 7);
  commcost_measure_record_duration(&Warm, 10, 3, 4);

  std::string Text = dumpText();
  // 3 * (2^63 - 1), exact, beyond 64 bits.
  EXPECT_NE(Text.find("\"predicted_total_ps\": 27670116110564327421"),
            std::string::npos);
  json Run = json::parse(Text);
  std::vector<json> Got;
  for (const json &S : Run.at("sites"))
    if (S.at("file") == "predicted.c")
      Got.push_back(S);
  ASSERT_EQ(Got.size(), 4u);
  EXPECT_EQ(Got[0].at("count"), 2);
  EXPECT_FALSE(Got[0].contains("predicted_count"));
  EXPECT_FALSE(Got[0].contains("predicted_total_ps"));
  EXPECT_FALSE(Got[1].contains("predicted_warm_count"));
  EXPECT_EQ(Got[3].at("predicted_count"), 1);
  EXPECT_EQ(Got[3].at("predicted_total_ps"), 3);
  EXPECT_EQ(Got[3].at("predicted_warm_count"), 2);
  EXPECT_EQ(Got[3].at("predicted_warm_total_ps"), 11);
  EXPECT_EQ(Got[1].at("count"), 3);
  EXPECT_EQ(Got[1].at("predicted_count"), 2);
  EXPECT_EQ(Got[1].at("predicted_total_ps"), 5);
  EXPECT_EQ(Got[2].at("predicted_count"), 3);
  EXPECT_DOUBLE_EQ(Got[2].at("predicted_total_ps").get<double>(),
                   3.0 * double(INT64_MAX));
}

TEST(Measure, WaitsAreKeptApartSummedAndMerged) {
  // One receive in two translation units (merged), and a send that never
  // waits: waits do not touch the runs' times, and only a site that waited
  // lists them.
  static char FileA[] = "waits.c", FileB[] = "waits.c";
  static commcost_site A = {FileA, "r", "recv", "MPI_Recv", 4, 1, nullptr};
  static commcost_site B = {FileB, "r", "recv", "MPI_Recv", 4, 1, nullptr};
  static commcost_site Send = {"waits.c", "s", "send", "MPI_Send",
                               9,         1,   nullptr};
  commcost_measure_record_duration(&A, 100, -1, -1);
  commcost_measure_record_wait(&A, 5000, 1);
  commcost_measure_record_duration(&B, 300, -1, -1);
  commcost_measure_record_wait(&B, 7000, 4);
  commcost_measure_record_duration(&Send, 50, -1, -1);
  std::vector<json> Got = sitesWhere("file", "waits.c");
  ASSERT_EQ(Got.size(), 2u);
  EXPECT_EQ(Got[0].at("count"), 2);
  EXPECT_EQ(Got[0].at("total_ns"), 400);
  EXPECT_EQ(Got[0].at("waited_count"), 5);
  EXPECT_EQ(Got[0].at("waited_ns"), 12000);
  EXPECT_FALSE(Got[1].contains("waited_count"));
  EXPECT_FALSE(Got[1].contains("waited_ns"));
}

TEST(Measure, ThreadsRecordingOneSiteLoseNoRun) {
  // Fresh, so that the threads also race to create its state.
  static commcost_site Site = {"threads.c", "f", "copy-loop", "loop",
                               1,           1,   nullptr};
  const int Threads = 4, Runs = 10000;
  std::barrier Start(Threads);
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      Start.arrive_and_wait();
      for (int I = 0; I < Runs; ++I)
        commcost_measure_record_duration(&Site, T + 1, 1, -1);
    });
  for (std::thread &W : Workers)
    W.join();
  std::vector<json> Got = sitesWhere("file", "threads.c");
  ASSERT_EQ(Got.size(), 1u);
  EXPECT_EQ(Got[0].at("count"), Threads * Runs);
  EXPECT_EQ(Got[0].at("total_ns"), Runs * (1 + 2 + 3 + 4));
  EXPECT_EQ(Got[0].at("min_ns"), 1);
  EXPECT_EQ(Got[0].at("max_ns"), Threads);
  EXPECT_EQ(Got[0].at("predicted_count"), Threads * Runs);
  EXPECT_EQ(Got[0].at("predicted_total_ps"), Threads * Runs);
}

TEST(Measure, RunFileHeader) {
  ScopedEnv Ompi("OMPI_COMM_WORLD_RANK", nullptr), Pmix("PMIX_RANK", nullptr),
      Pmi("PMI_RANK", nullptr);
  json Run = json::parse(dumpText());
  EXPECT_EQ(Run.at("format"), "commcost-run/2");
  EXPECT_EQ(Run.at("program"), fs::read_symlink("/proc/self/exe").string());
  EXPECT_EQ(Run.at("pid"), ::getpid());
  EXPECT_TRUE(Run.at("rank").is_null());
  EXPECT_EQ(Run.at("clock"), "CLOCK_MONOTONIC");
  EXPECT_TRUE(Run.at("timer_overhead_ns").is_number_float());
  EXPECT_GE(Run.at("timer_overhead_ns").get<double>(), 0.0);
  EXPECT_LT(Run.at("timer_overhead_ns").get<double>(), 1e6);
  EXPECT_TRUE(Run.at("sites").is_array());
}

TEST(Measure, RankFromTheLauncher) {
  ScopedEnv Ompi("OMPI_COMM_WORLD_RANK", nullptr), Pmix("PMIX_RANK", nullptr),
      Pmi("PMI_RANK", "5");
  EXPECT_EQ(json::parse(dumpText()).at("rank"), 5);
  {
    ScopedEnv OmpiSet("OMPI_COMM_WORLD_RANK", "2");
    EXPECT_EQ(json::parse(dumpText()).at("rank"), 2);
  }
  {
    ScopedEnv PmixSet("PMIX_RANK", "3");
    EXPECT_EQ(json::parse(dumpText()).at("rank"), 3);
  }
  ScopedEnv PmiBad("PMI_RANK", "three");
  EXPECT_TRUE(json::parse(dumpText()).at("rank").is_null());
}

TEST(Measure, DumpIntoAMissingDirectoryFails) {
  TempDir Dir;
  fs::path Missing = Dir.path() / "missing";
  int Result = 0;
  std::string Err =
      stderrOf([&] { Result = commcost_measure_dump(Missing.c_str()); });
  EXPECT_EQ(Result, -1);
  EXPECT_EQ(Err, "commcost-measure: cannot write " +
                     runFileIn(Missing).string() +
                     ": No such file or directory\n");
  EXPECT_EQ(filesIn(Dir.path()), std::set<std::string>{});
}

TEST(Measure, FailedRenameLeavesNoTemporary) {
  // The temporary is written, and renaming it onto a directory fails.
  TempDir Dir;
  fs::create_directory(runFileIn(Dir.path()));
  int Result = 0;
  std::string Err =
      stderrOf([&] { Result = commcost_measure_dump(Dir.path().c_str()); });
  EXPECT_EQ(Result, -1);
  EXPECT_EQ(Err, "commcost-measure: cannot write " +
                     runFileIn(Dir.path()).string() + ": Is a directory\n");
  EXPECT_EQ(filesIn(Dir.path()),
            std::set<std::string>{runFileIn(Dir.path()).filename()});
}

} // namespace
