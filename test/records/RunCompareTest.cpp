// Tests of comparing measured runs with records (RunCompare.h): run files
// and the errors that name the file and key, the merge of processes, the
// match of measured sites to records by location, where the prediction
// comes from, errors and statistics against values computed by hand, the
// sites too short for the timer, sorting, the table and JSON.
#include "RecordsYaml.h"

#include "commcost/RunCompare.h"

#include <gtest/gtest.h>

using namespace commcost;
using namespace commcost::test;
using json = nlohmann::json;

namespace {

/// A site of a run file, at src/halo.c (the file of RecordsYaml's records)
/// unless File says otherwise.
json measured(const std::string &Function, const std::string &Callee,
              const std::string &Kind, unsigned Line, uint64_t Count,
              double TotalNs, double MedianNs,
              const std::string &File = "src/halo.c", unsigned Column = 3) {
  return {{"file", File},          {"line", Line},
          {"column", Column},      {"function", Function},
          {"kind", Kind},          {"callee", Callee},
          {"count", Count},        {"total_ns", TotalNs},
          {"median_ns", MedianNs}, {"min_ns", MedianNs / 2},
          {"max_ns", MedianNs * 2}};
}

json withPrediction(json Site, uint64_t Count, double TotalPs) {
  Site["predicted_count"] = Count;
  Site["predicted_total_ps"] = TotalPs;
  return Site;
}

json withWaits(json Site, uint64_t Count, double Ns) {
  Site["waited_count"] = Count;
  Site["waited_ns"] = Ns;
  return Site;
}

/// A run file's text of Sites. A vector, not a json: a braced list of one
/// site would make a json of that site, not an array, with clang (gcc
/// makes the array).
json runJson(const std::vector<json> &Sites, double OverheadNs = 20,
             int64_t Pid = 100) {
  return {{"format", "commcost-run/2"},
          {"program", "/bin/halo"},
          {"pid", Pid},
          {"rank", nullptr},
          {"clock", "CLOCK_MONOTONIC"},
          {"timer_overhead_ns", OverheadNs},
          {"sites", json(Sites)}};
}

MeasuredRun run(const std::vector<json> &Sites, double OverheadNs = 20,
                int64_t Pid = 100) {
  return parseRun(runJson(Sites, OverheadNs, Pid).dump(),
                  "commcost-run." + std::to_string(Pid) + ".json");
}

/// The message parseRun throws for Text.
std::string runError(const std::string &Text) {
  try {
    parseRun(Text, "r.json");
  } catch (const RecordError &E) {
    return E.what();
  }
  return "(no error)";
}

RecordSet records(const std::string &Yaml) {
  return parseRecords(Yaml, "t.opt.yaml", "");
}

/// A record as site() writes it, at another file.
std::string atFile(std::string Yaml, const std::string &File) {
  Yaml.replace(Yaml.find("src/halo.c"), 10, File);
  return Yaml;
}

std::string printed(const RunComparison &C) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  C.print(OS);
  return Text;
}

/// The row of the site at Line of function Function.
const SiteComparison &row(const RunComparison &C, const std::string &Function,
                          unsigned Line) {
  for (const SiteComparison &R : C.Sites)
    if (R.function() == Function && R.location().Line == Line)
      return R;
  ADD_FAILURE() << "no row " << Function << ":" << Line;
  return C.Sites.front();
}

TEST(RunFile, ParsesEveryKey) {
  json J = runJson(
      {withPrediction(measured("a", "MPI_Send", "send", 10, 4, 8000, 1900), 4,
                      8e6),
       measured("b", "memcpy", "copy", 20, 0, 0, 0)},
      21.5, 1234);
  J["rank"] = 3;
  MeasuredRun R = parseRun(J.dump(), "r.json");
  EXPECT_EQ(R.File, "r.json");
  EXPECT_EQ(R.Program, "/bin/halo");
  EXPECT_EQ(R.Pid, 1234);
  EXPECT_EQ(R.Rank, 3);
  EXPECT_EQ(R.Clock, "CLOCK_MONOTONIC");
  EXPECT_EQ(R.TimerOverheadNs, 21.5);
  ASSERT_EQ(R.Sites.size(), 2u);
  const MeasuredSite &S = R.Sites[0];
  EXPECT_EQ(S.Loc.File, "src/halo.c");
  EXPECT_EQ(S.Loc.Line, 10u);
  EXPECT_EQ(S.Loc.Column, 3u);
  EXPECT_EQ(S.Function, "a");
  EXPECT_EQ(S.Kind, "send");
  EXPECT_EQ(S.Callee, "MPI_Send");
  EXPECT_EQ(S.Count, 4u);
  EXPECT_EQ(S.TotalNs, 8000);
  EXPECT_EQ(S.MedianNs, std::vector<double>{1900});
  EXPECT_EQ(S.MinNs, 950);
  EXPECT_EQ(S.MaxNs, 3800);
  EXPECT_EQ(S.PredictedCount, 4u);
  EXPECT_EQ(S.PredictedTotalPs, 8e6);
  EXPECT_EQ(R.Sites[1].PredictedCount, 0u);
  EXPECT_EQ(R.Sites[0].WaitedCount, 0u);
  EXPECT_EQ(parseRun(runJson({withWaits(
                                 measured("r", "MPI_Recv", "recv", 9, 2, 10, 5),
                                 2, 7000)})
                         .dump(),
                     "w.json")
                .Sites[0]
                .WaitedNs,
            7000);
  // rank null: not an MPI job.
  EXPECT_FALSE(run(json::array()).Rank);
}

TEST(RunFile, ErrorsNameTheFileAndTheKey) {
  EXPECT_EQ(runError("{\"format\": ")
                .rfind("r.json: (document): not valid JSON: ", 0),
            0u);
  EXPECT_EQ(runError("[1]"), "r.json: (document): expected an object");
  json J = runJson({measured("a", "MPI_Send", "send", 10, 1, 10, 10)});
  J["format"] = "commcost-run/3";
  EXPECT_EQ(runError(J.dump()),
            "r.json: format: expected \"commcost-run/2\" or "
            "\"commcost-run/1\", got \"commcost-run/3\"");
  J = runJson({});
  J.erase("timer_overhead_ns");
  EXPECT_EQ(runError(J.dump()), "r.json: timer_overhead_ns: missing");
  J = runJson({});
  J["rank"] = "zero";
  EXPECT_EQ(runError(J.dump()),
            "r.json: rank: expected an integer, got a string");
  J = runJson({});
  J["sites"] = json::object();
  EXPECT_EQ(runError(J.dump()), "r.json: sites: expected an array");

  json Good = measured("a", "MPI_Send", "send", 10, 1, 10, 10);
  auto SecondSite = [&](auto Edit) {
    json S = Good;
    Edit(S);
    return runError(runJson({Good, S}).dump());
  };
  EXPECT_EQ(SecondSite([](json &S) { S.erase("callee"); }),
            "r.json: sites[1].callee: missing");
  EXPECT_EQ(SecondSite([](json &S) { S["line"] = -1; }),
            "r.json: sites[1].line: expected an integer >= 0, got -1");
  EXPECT_EQ(SecondSite([](json &S) { S["count"] = 1.5; }),
            "r.json: sites[1].count: expected an integer >= 0, got 1.5");
  EXPECT_EQ(SecondSite([](json &S) { S["total_ns"] = "10"; }),
            "r.json: sites[1].total_ns: expected a number >= 0, got a string");
  EXPECT_EQ(SecondSite([](json &S) { S["median_ns"] = nullptr; }),
            "r.json: sites[1].median_ns: expected a number >= 0, got null");
  EXPECT_EQ(SecondSite([](json &S) { S["predicted_count"] = 1; }),
            "r.json: sites[1].predicted_total_ps: missing (predicted_count "
            "is given)");
  EXPECT_EQ(SecondSite([](json &S) { S["waited_ns"] = 5; }),
            "r.json: sites[1].waited_count: missing (waited_ns is given)");
  EXPECT_EQ(SecondSite([](json &S) { S = 7; }),
            "r.json: sites[1]: expected an object");
}

TEST(RunFile, UnreadableFilesAreNamed) {
  try {
    readRun("/nonexistent/commcost-run.1.json");
    FAIL() << "no error";
  } catch (const RecordError &E) {
    EXPECT_EQ(std::string(E.what()),
              "/nonexistent/commcost-run.1.json: cannot be read: No such "
              "file or directory");
  }
}

TEST(RunMerge, SumsProcessesAndKeepsTheirMedians) {
  std::vector<MeasuredRun> Runs = {
      run({withPrediction(measured("a", "MPI_Send", "send", 10, 100, 2e5, 1900),
                          100, 1e8),
           measured("a", "MPI_Recv", "recv", 11, 10, 1e4, 900)}),
      run({measured("a", "MPI_Recv", "recv", 11, 0, 0, 0),
           withPrediction(
               measured("a", "MPI_Send", "send", 10, 50, 1.5e5, 2900), 50,
               6e7)},
          30, 101),
      run({measured("a", "MPI_Send", "send", 10, 10, 1e4, 1000)}, 20, 102)};
  std::vector<MeasuredSite> M = mergeRuns(Runs);
  ASSERT_EQ(M.size(), 2u);
  // In the order sites first appear.
  EXPECT_EQ(M[0].Callee, "MPI_Send");
  EXPECT_EQ(M[0].Count, 160u);
  EXPECT_EQ(M[0].TotalNs, 3.6e5);
  EXPECT_EQ(M[0].MinNs, 500);  // 1000 / 2
  EXPECT_EQ(M[0].MaxNs, 5800); // 2900 * 2
  EXPECT_EQ(M[0].MedianNs, (std::vector<double>{1900, 2900, 1000}));
  EXPECT_EQ(M[0].medianNs(), 1900);
  EXPECT_EQ(M[0].PredictedCount, 150u);
  EXPECT_EQ(M[0].PredictedTotalPs, 1.6e8);
  // The process that never ran MPI_Recv adds no median.
  EXPECT_EQ(M[1].Count, 10u);
  EXPECT_EQ(M[1].MedianNs, std::vector<double>{900});
  // An even number of medians: the mean of the middle two.
  MeasuredSite Even;
  Even.MedianNs = {4, 1, 3, 10};
  EXPECT_EQ(Even.medianNs(), 3.5);
}

TEST(RunCompare, ReceivesWaitsAreSummedAndReportedApartFromTheirTime) {
  // Two processes' runs of one receive: 10 + 30 executions that waited
  // 4 ms and 36 ms in all for their messages; a send without waits.
  RecordSet Records = records(site("a", "MPI_Recv", "recv", 11, "1.000") +
                              site("a", "MPI_Send", "send", 10, "1.000"));
  std::vector<MeasuredRun> Runs = {
      run({withWaits(measured("a", "MPI_Recv", "recv", 11, 10, 1e4, 1000), 10,
                     4e6),
           measured("a", "MPI_Send", "send", 10, 10, 1e4, 1000)}),
      run({withWaits(measured("a", "MPI_Recv", "recv", 11, 30, 3e4, 1000), 40,
                     3.6e7)},
          20, 101)};
  std::vector<MeasuredSite> M = mergeRuns(Runs);
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0].WaitedCount, 50u);
  EXPECT_EQ(M[0].WaitedNs, 4e7);
  EXPECT_EQ(M[1].WaitedCount, 0u);

  RunComparison C = compareRuns(Runs, Records, CompareOptions{});
  // The error is the receive's own time's (1 us a run), not the wait's.
  EXPECT_DOUBLE_EQ(*row(C, "a", 11).ErrorPct, 0.0);
  json J = C.toJson();
  for (const json &S : J["sites"]) {
    if (S["callee"] == "MPI_Recv") {
      EXPECT_EQ(S["measured"]["waited"]["count"], 50);
      EXPECT_EQ(S["measured"]["waited"]["total_ns"], 4e7);
      EXPECT_DOUBLE_EQ(S["measured"]["waited"]["mean_us"].get<double>(),
                       1000.0);
    } else {
      EXPECT_FALSE(S["measured"].contains("waited"));
    }
  }
  std::string Text = printed(C);
  EXPECT_NE(Text.find("waited 1000.000 us a run for its message (not in its "
                      "time)"),
            std::string::npos)
      << Text;
  EXPECT_EQ(Text.find("waited", Text.find("MPI_Send")), std::string::npos)
      << Text;
}

TEST(RunMerge, SitesDifferingInAnyKeyStayApart) {
  json Base = measured("a", "MPI_Send", "send", 10, 1, 1000, 1000);
  std::vector<json> Sites = {Base};
  for (const char *Key : {"file", "function", "kind", "callee"}) {
    json S = Base;
    S[Key] = "other";
    Sites.push_back(S);
  }
  for (const char *Key : {"line", "column"}) {
    json S = Base;
    S[Key] = 99;
    Sites.push_back(S);
  }
  EXPECT_EQ(mergeRuns({run(Sites)}).size(), 7u);
}

TEST(RunCompare, MatchesSitesByLocationFunctionKindAndCallee) {
  RecordSet Records = records(
      site("a", "MPI_Send", "send", 10, "1.000") +
      site("a", "MPI_Recv", "recv", 11, "1.000") +
      atFile(site("b", "MPI_Send", "send", 20, "2.000"), "/abs/src/halo.c") +
      site("c", "MPI_Send", "send", 30, "3.000") +
      atFile(site("c", "MPI_Send", "send", 30, "3.000"), "lib/halo.c") +
      site("d", "MPI_Send", "send", 40, "4.000"));
  RunComparison C = compareRuns(
      {run(
          {// The same file text.
           measured("a", "MPI_Send", "send", 10, 1, 1000, 1000),
           // Only one record of b:20 has the last component halo.c.
           measured("b", "MPI_Send", "send", 20, 1, 1000, 1000, "halo.c"),
           // Two records of c:30 do: ambiguous.
           measured("c", "MPI_Send", "send", 30, 1, 1000, 1000, "other/halo.c"),
           // Same line, another column, kind or callee.
           measured("a", "MPI_Recv", "recv", 11, 1, 1000, 1000, "src/halo.c",
                    7),
           measured("d", "MPI_Send", "put", 40, 1, 1000, 1000),
           measured("d", "MPI_Isend", "send", 40, 1, 1000, 1000)})},
      Records, {});
  EXPECT_EQ(row(C, "a", 10).Status, CompareStatus::Compared);
  ASSERT_TRUE(row(C, "a", 10).Record);
  EXPECT_EQ(row(C, "b", 20).Status, CompareStatus::Compared);
  EXPECT_EQ(row(C, "b", 20).Record->Loc.File, "/abs/src/halo.c");

  unsigned NoRecord = 0, NotRun = 0;
  for (const SiteComparison &R : C.Sites) {
    if (R.Status == CompareStatus::NoRecord) {
      ++NoRecord;
      EXPECT_TRUE(R.Measured && !R.Record);
    }
    if (R.Status == CompareStatus::NotRun) {
      ++NotRun;
      EXPECT_TRUE(R.Record && !R.Measured);
    }
  }
  // c:30 from other/, a:11 at column 7, d:40 as put and as MPI_Isend.
  EXPECT_EQ(NoRecord, 4u);
  // a:11, both records of c:30, d:40.
  EXPECT_EQ(NotRun, 4u);
  EXPECT_EQ(C.count(CompareStatus::NoRecord), 4u);
  EXPECT_EQ(C.Sites.size(), 10u);
}

TEST(RunCompare, OneSiteInSeveralUnitsIsMeasuredOnce) {
  // An inline function of a header: the same record in two files' records.
  RecordSet Records;
  for (const char *Unit : {"x.opt.yaml", "y.opt.yaml"}) {
    RecordSet R =
        parseRecords(site("h", "memcpy", "copy", 5, "1.000"), Unit, Unit);
    Records.Sites.push_back(R.Sites.front());
  }
  RunComparison C = compareRuns(
      {run({measured("h", "memcpy", "copy", 5, 1, 1000, 1000)})}, Records, {});
  ASSERT_EQ(C.Sites.size(), 1u);
  EXPECT_EQ(C.Sites[0].Record->Unit, "x.opt.yaml");
}

TEST(RunCompare, StatementsOfOneLoopAreOneSite) {
  // Two statements of one copy loop nest: one record each, one location;
  // the run times the nest once, so their costs sum. A run built in another
  // folder matches them by the file's last component.
  RecordSet Records =
      records(site("p", "loop", "copy-loop", 7, "1.500") +
              site("p", "loop", "copy-loop", 7, "(1000000*n) / 1000000"));
  for (const char *File : {"src/halo.c", "build/halo.c"}) {
    CompareOptions O;
    O.Bindings["n"] = 2;
    RunComparison C = compareRuns(
        {run({measured("p", "loop", "copy-loop", 7, 1, 7000, 7000, File)})},
        Records, O);
    ASSERT_EQ(C.Sites.size(), 1u) << File;
    EXPECT_EQ(C.Sites[0].Status, CompareStatus::Compared);
    ASSERT_TRUE(C.Sites[0].PredictedUs);
    EXPECT_DOUBLE_EQ(*C.Sites[0].PredictedUs, 3.5);
    EXPECT_DOUBLE_EQ(*C.Sites[0].ErrorPct, -50.0);
  }
}

TEST(RunCompare, PredictionFromRunRecordBindingsOrNone) {
  RecordSet Records =
      records(site("a", "MPI_Send", "send", 10, "(1000000*nx) / 1000000") +
              site("a", "MPI_Send", "send", 11, "2.500") +
              site("a", "MPI_Send", "send", 12, "(1000000*nx) / 1000000") +
              site("a", "MPI_Send", "send", 13, "(1000000*nx*ny) / 1000000") +
              site("a", "MPI_Send", "send", 14, ""));
  std::vector<MeasuredRun> Runs = {
      run({// 3e8 ps over 100 executions: 3 us each, whatever the record.
           withPrediction(measured("a", "MPI_Send", "send", 10, 100, 2e5, 2000),
                          100, 3e8),
           measured("a", "MPI_Send", "send", 11, 100, 2e5, 2000),
           measured("a", "MPI_Send", "send", 12, 100, 2e5, 2000),
           measured("a", "MPI_Send", "send", 13, 100, 2e5, 2000),
           measured("a", "MPI_Send", "send", 14, 100, 2e5, 2000),
           withPrediction(measured("z", "MPI_Send", "send", 15, 100, 2e5, 2000),
                          100, 1e8)})};
  CompareOptions O;
  O.Bindings = {{"nx", 4}};
  RunComparison C = compareRuns(Runs, Records, O);

  const SiteComparison &FromRun = row(C, "a", 10);
  EXPECT_EQ(FromRun.Source, PredictionSource::Run);
  EXPECT_DOUBLE_EQ(*FromRun.PredictedUs, 3.0);
  const SiteComparison &FromRecord = row(C, "a", 11);
  EXPECT_EQ(FromRecord.Source, PredictionSource::Record);
  EXPECT_DOUBLE_EQ(*FromRecord.PredictedUs, 2.5);
  const SiteComparison &FromBindings = row(C, "a", 12);
  EXPECT_EQ(FromBindings.Source, PredictionSource::Bindings);
  EXPECT_DOUBLE_EQ(*FromBindings.PredictedUs, 4.0);
  const SiteComparison &Unbound = row(C, "a", 13);
  EXPECT_EQ(Unbound.Status, CompareStatus::Symbolic);
  EXPECT_FALSE(Unbound.PredictedUs);
  EXPECT_EQ(Unbound.Unbound, std::set<std::string>{"ny"});
  EXPECT_EQ(row(C, "a", 14).Status, CompareStatus::NotPriced);
  // No record, but the run predicted it: compared.
  const SiteComparison &NoRecord = row(C, "z", 15);
  EXPECT_EQ(NoRecord.Status, CompareStatus::Compared);
  EXPECT_FALSE(NoRecord.Record);
  EXPECT_DOUBLE_EQ(*NoRecord.PredictedUs, 1.0);

  std::string T = printed(C);
  EXPECT_NE(T.find("symbolic: give --set ny=VALUE to compare\n"
                   "      cost (1000000*nx*ny) / 1000000\n"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("4.000  --set   +100.0%"), std::string::npos) << T;
  EXPECT_NE(T.find("-50.0%  no record\n"), std::string::npos) << T;
  EXPECT_NE(T.find("not compared: 1 symbolic (give --set ny=VALUE), 1 not "
                   "priced\n"),
            std::string::npos)
      << T;
}

TEST(RunCompare, WarmPredictionsSetTheMeasuredMeanInTheInterval) {
  // Cold 4 us, warm 1 us per execution, summed over two processes; means
  // of 2, 4 and 7 us lie at Loc 2/3, 0 and -1 (beyond the cold end). A run
  // without warm predictions (the profile had no warm model) has neither.
  auto Warm = [](json Site, uint64_t Count, double TotalPs) {
    Site["predicted_warm_count"] = Count;
    Site["predicted_warm_total_ps"] = TotalPs;
    return Site;
  };
  auto Site = [&](unsigned Line, double TotalNs, bool WithWarm) {
    json S = withPrediction(
        measured("a", "MPI_Send", "send", Line, 10, TotalNs, TotalNs / 10), 10,
        4e7);
    return WithWarm ? Warm(S, 10, 1e7) : S;
  };
  std::vector<MeasuredRun> Runs = {
      run({Site(10, 2e4, true), Site(11, 4e4, true), Site(12, 7e4, true),
           Site(13, 2e4, false)},
          20, 100),
      run({Site(10, 2e4, true)}, 20, 101)};
  EXPECT_EQ(Runs[0].Sites[0].PredictedWarmCount, 10u);
  EXPECT_EQ(Runs[0].Sites[0].PredictedWarmTotalPs, 1e7);
  RunComparison C = compareRuns(Runs, RecordSet{}, CompareOptions{});
  const SiteComparison &Mid = row(C, "a", 10);
  EXPECT_EQ(Mid.Measured->PredictedWarmCount, 20u);
  EXPECT_DOUBLE_EQ(*Mid.PredictedUs, 4.0);
  EXPECT_DOUBLE_EQ(*Mid.PredictedWarmUs, 1.0);
  EXPECT_NEAR(*Mid.Locality, 2.0 / 3, 1e-12);
  EXPECT_NEAR(*row(C, "a", 11).Locality, 0, 1e-12);
  EXPECT_NEAR(*row(C, "a", 12).Locality, -1, 1e-12);
  EXPECT_FALSE(row(C, "a", 13).PredictedWarmUs);
  EXPECT_FALSE(row(C, "a", 13).Locality);
  std::string T = printed(C);
  EXPECT_NE(T.find("warm us"), std::string::npos) << T;
  EXPECT_NE(T.find("1.000   0.67"), std::string::npos) << T;
  json J = C.toJson();
  for (const json &S : J["sites"])
    if (S["location"]["line"] == 10) {
      EXPECT_DOUBLE_EQ(S["predicted"]["warm_us"].get<double>(), 1.0);
      EXPECT_NEAR(S["predicted"]["locality"].get<double>(), 2.0 / 3, 1e-12);
    } else if (S["location"]["line"] == 13) {
      EXPECT_FALSE(S["predicted"].contains("warm_us"));
    }
  // Without any warm prediction the table has no interval columns.
  EXPECT_EQ(printed(compareRuns({run({Site(13, 2e4, false)})}, RecordSet{},
                                CompareOptions{}))
                .find("warm us"),
            std::string::npos);
  // Half a warm pair is refused, naming the missing key.
  json Half = Site(10, 2e4, false);
  Half["predicted_warm_count"] = 3;
  EXPECT_NE(runError(runJson({Half}).dump())
                .find("sites[0].predicted_warm_total_ps: missing "
                      "(predicted_warm_count is given)"),
            std::string::npos)
      << runError(runJson({Half}).dump());
}

TEST(RunCompare, ErrorsAndStatistics) {
  // Measured means 2, 4, 1, 10, 1 and 5 us; predicted 2.5, 2, 3, 1, 2 and
  // 5.5 us: errors +25%, -50%, +200%, -90%, +100%, +10%; ratios 1.25, 0.5,
  // 3, 0.1, 2 and 1.1 (0.5 and 2 are within 2x).
  RecordSet Records = records(site("a", "MPI_Send", "send", 10, "2.500") +
                              site("a", "MPI_Send", "send", 11, "2.000") +
                              site("a", "MPI_Send", "send", 12, "3.000") +
                              site("a", "MPI_Send", "send", 13, "1.000") +
                              site("a", "MPI_Send", "send", 14, "2.000") +
                              site("a", "MPI_Send", "send", 15, "5.500"));
  RunComparison C =
      compareRuns({run({measured("a", "MPI_Send", "send", 10, 10, 2e4, 2000),
                        measured("a", "MPI_Send", "send", 11, 10, 4e4, 4000),
                        measured("a", "MPI_Send", "send", 12, 10, 1e4, 1000),
                        measured("a", "MPI_Send", "send", 13, 1, 1e4, 1e4),
                        measured("a", "MPI_Send", "send", 14, 2, 2e3, 1000),
                        measured("a", "MPI_Send", "send", 15, 2, 1e4, 5000)})},
                  Records, {});
  EXPECT_DOUBLE_EQ(*row(C, "a", 10).ErrorPct, 25);
  EXPECT_DOUBLE_EQ(*row(C, "a", 11).ErrorPct, -50);
  EXPECT_DOUBLE_EQ(*row(C, "a", 12).ErrorPct, 200);
  EXPECT_DOUBLE_EQ(*row(C, "a", 13).ErrorPct, -90);
  EXPECT_DOUBLE_EQ(*row(C, "a", 14).ErrorPct, 100);
  EXPECT_DOUBLE_EQ(*row(C, "a", 15).ErrorPct, 10);
  const CompareStatistics &S = C.Statistics;
  EXPECT_EQ(S.Compared, 6u);
  EXPECT_DOUBLE_EQ(S.MeanAbsErrorPct, (25 + 50 + 200 + 90 + 100 + 10) / 6.0);
  EXPECT_EQ(S.Within20Pct, 1u);
  EXPECT_EQ(S.Within2x, 4u);
  ASSERT_TRUE(S.Worst);
  EXPECT_EQ(C.Sites[*S.Worst].location().Line, 12u);

  std::string T = printed(C);
  EXPECT_NE(T.find("compared: 6 sites, mean absolute error 79.2%, 1 within "
                   "20%, 4 within 2x; worst: MPI_Send (send) in a at "
                   "halo.c:12:3, +200.0%\n"),
            std::string::npos)
      << T;
  // Everything compared: no second line.
  EXPECT_EQ(T.find("not compared"), std::string::npos) << T;
}

TEST(RunCompare, SitesBelowTimerResolutionAreLeftOut) {
  // Overheads 20 and 30 ns: the larger counts, sites under 300 ns are out.
  RecordSet Records = records(site("a", "MPI_Send", "send", 10, "0.100") +
                              site("a", "MPI_Send", "send", 11, "0.300"));
  RunComparison C = compareRuns(
      {run({measured("a", "MPI_Send", "send", 10, 10, 2990, 299)}, 20),
       run({measured("a", "MPI_Send", "send", 11, 10, 3000, 300)}, 30, 101)},
      Records, {});
  EXPECT_EQ(C.TimerOverheadNs, 30);
  EXPECT_EQ(row(C, "a", 10).Status, CompareStatus::BelowTimerResolution);
  EXPECT_FALSE(row(C, "a", 10).ErrorPct);
  EXPECT_EQ(row(C, "a", 11).Status, CompareStatus::Compared);
  EXPECT_EQ(C.Statistics.Compared, 1u);
  EXPECT_DOUBLE_EQ(C.Statistics.MeanAbsErrorPct, 0);
  std::string T = printed(C);
  EXPECT_NE(T.find("timer overhead up to 30 ns\n"), std::string::npos) << T;
  EXPECT_NE(T.find("below timer resolution\n"), std::string::npos) << T;
  EXPECT_NE(T.find("not compared: 1 below timer resolution (mean under 0.300 "
                   "us, 10x the timer overhead)\n"),
            std::string::npos)
      << T;
}

TEST(RunCompare, SortsByTimeErrorOrLocation) {
  RecordSet Records = records(site("a", "MPI_Send", "send", 10, "1.000") +
                              site("a", "MPI_Send", "send", 11, "1.000") +
                              site("a", "MPI_Send", "send", 12, "1.000") +
                              site("a", "MPI_Send", "send", 13, "1.000"));
  std::vector<MeasuredRun> Runs = {
      run({measured("a", "MPI_Send", "send", 11, 10, 1.1e4, 1100),
           measured("a", "MPI_Send", "send", 12, 100, 2e5, 2000),
           measured("a", "MPI_Send", "send", 10, 1, 4e3, 4000)})};
  auto Lines = [&](CompareSortKey K) {
    CompareOptions O;
    O.Sort = K;
    std::vector<unsigned> L;
    for (const SiteComparison &R : compareRuns(Runs, Records, O).Sites)
      L.push_back(R.location().Line);
    return L;
  };
  // Time: 200, 11 and 4 us in all; the record never run last.
  EXPECT_EQ(Lines(CompareSortKey::Time),
            (std::vector<unsigned>{12, 11, 10, 13}));
  // Errors -75%, -50%, -9.1%.
  EXPECT_EQ(Lines(CompareSortKey::Error),
            (std::vector<unsigned>{10, 12, 11, 13}));
  EXPECT_EQ(Lines(CompareSortKey::Location),
            (std::vector<unsigned>{10, 11, 12, 13}));
}

TEST(RunCompare, TableShowsTheSpreadOfProcessesAndUnrunRecords) {
  RecordSet Records =
      records(site("exchange", "MPI_Send", "send", 10, "1.439") +
              site("exchange", "MPI_Recv", "recv", 11, "1.439"));
  RunComparison C = compareRuns(
      {run({measured("exchange", "MPI_Send", "send", 10, 100, 2e5, 1950)}),
       run({measured("exchange", "MPI_Send", "send", 10, 100, 1.8e5, 1750)}, 20,
           101)},
      Records, {});
  std::string T = printed(C);
  EXPECT_EQ(T.substr(0, T.find('\n')),
            "runs: 2 processes of /bin/halo, CLOCK_MONOTONIC, timer overhead "
            "up to 20 ns");
  EXPECT_NE(
      T.find(
          "  function  site             where        count  mean us  "
          "median us  process medians us  predicted us  from     error  "
          "note\n"
          "  exchange  MPI_Send (send)  halo.c:10:3    200    1.900      "
          "1.850        1.750..1.950         1.439  record  -24.3%\n"
          "  exchange  MPI_Recv (recv)  halo.c:11:3      -        -          "
          "-                   -         1.439  record       -  not run\n"),
      std::string::npos)
      << T;
  // One process: no spread column.
  T = printed(compareRuns(
      {run({measured("exchange", "MPI_Send", "send", 10, 100, 2e5, 1950)})},
      Records, {}));
  EXPECT_EQ(T.find("process medians"), std::string::npos) << T;
  EXPECT_NE(T.find("not compared: 1 not run\n"), std::string::npos) << T;
}

TEST(RunCompare, Json) {
  RecordSet Records = records(site("a", "MPI_Send", "send", 10, "2.500") +
                              site("a", "MPI_Recv", "recv", 11, "1.000"));
  CompareOptions O;
  O.Sort = CompareSortKey::Error;
  json J =
      compareRuns({run({measured("a", "MPI_Send", "send", 10, 10, 2e4, 2000)})},
                  Records, O)
          .toJson();
  EXPECT_EQ(J["sort"], "error");
  EXPECT_EQ(J["timer_overhead_ns"], 20.0);
  EXPECT_EQ(J["runs"][0]["pid"], 100);
  EXPECT_TRUE(J["runs"][0]["rank"].is_null());
  ASSERT_EQ(J["sites"].size(), 2u);
  const json &S = J["sites"][0];
  EXPECT_EQ(S["status"], "compared");
  EXPECT_EQ(S["location"]["line"], 10);
  EXPECT_EQ(S["measured"]["count"], 10);
  EXPECT_DOUBLE_EQ(S["measured"]["mean_us"].get<double>(), 2.0);
  EXPECT_EQ(S["measured"]["process_medians_us"], json({2.0}));
  EXPECT_EQ(S["predicted"]["from"], "record");
  EXPECT_DOUBLE_EQ(S["error_pct"].get<double>(), 25.0);
  EXPECT_EQ(S["record"]["cost"], "2.500");
  EXPECT_EQ(J["sites"][1]["status"], "not-run");
  EXPECT_TRUE(J["sites"][1]["measured"].is_null());
  EXPECT_EQ(J["statistics"]["compared"], 1);
  EXPECT_EQ(J["statistics"]["within_20pct"], 0);
  EXPECT_EQ(J["statistics"]["within_2x"], 1);
  EXPECT_EQ(J["statistics"]["worst"]["location"]["line"], 10);
  EXPECT_EQ(J["statistics"]["counts"]["not-run"], 1);
}

} // namespace
