// `commcost calibrate`: measures this machine (or reloads saved raw data
// with --refit), fits every paper's forms and this project's, and writes
// the profile, the raw CSV files and the report. Only rank 0 writes.
#include "commcost/Calibrate.h"

#include "Analysis.h"
#include "Machine.h"
#include "Mpi.h"
#include "Options.h"
#include "Report.h"
#include "Suite.h"
#include "TlbReach.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <unistd.h>

namespace commcost {

namespace calib {
namespace {

namespace fs = std::filesystem;

/// The raw-data folder that goes with a profile: profile.json ->
/// profile-raw/.
std::string rawDirFor(const std::string &ProfilePath) {
  fs::path P(ProfilePath);
  return (P.parent_path() / (P.stem().string() + "-raw")).string();
}

/// A profile-format file that records the machine and the run settings, so
/// that --refit needs nothing but the folder.
void saveRunInfo(const MachineInfo &M, const nlohmann::json &Run,
                 const std::string &Dir) {
  Profile P;
  P.Machine = M;
  P.Extra["run"] = Run;
  saveProfile(P, Dir + "/machine.json");
}

RawSet loadRaw(const std::string &Dir, MachineInfo &M, nlohmann::json &Run) {
  Profile P = loadProfile(Dir + "/machine.json");
  M = P.Machine;
  Run = P.Extra.value("run", nlohmann::json::object());
  RawSet Raw;
  bool Any = false;
  for (const std::string &S : suiteNames()) {
    std::string Path = Dir + "/" + S + ".csv";
    if (fs::exists(Path)) {
      Raw[S] = loadCsv(Path);
      Any = true;
    }
  }
  if (!Any)
    throw RawDataError(Dir + ": no raw-data files (noise.csv, tlb.csv, "
                             "marshalling.csv, smp.csv, packets.csv, mpi.csv)");
  return Raw;
}

void printSummary(const Analysis &A) {
  for (const std::string &N : A.Notes)
    std::fprintf(stderr, "calibrate: note: %s\n", N.c_str());
  for (const Target &T : A.Targets)
    std::fprintf(stderr, "calibrate: target %s: %.4g (limit %.4g) %s\n",
                 T.What.c_str(), T.Value, T.Limit, T.Met ? "met" : "MISSED");
}

/// The 1-minute load average: how busy the machine was, for the record.
double loadAverage() {
  double L = -1;
  if (FILE *F = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(F, "%lf", &L) != 1)
      L = -1;
    std::fclose(F);
  }
  return L;
}

int run(const Options &O) {
  double StartUs = nowUs();
  bool Root = mpiRank() == 0;
  std::string Out = O.Out.empty() ? defaultProfilePath() : O.Out;
  MachineInfo Machine;
  nlohmann::json Run;
  RawSet Raw;
  if (!O.RefitDir.empty()) {
    Raw = loadRaw(O.RefitDir, Machine, Run);
  } else {
    Progress Prog(Root);
    RunContext Ctx;
    Ctx.Quick = O.Quick;
    Ctx.Mpi = O.Mpi;
    Ctx.Seed = O.Seed;
    Ctx.Machine = detectMachine();
    Ctx.Prog = &Prog;
    if (O.Quick)
      Ctx.Policy = {1, 9, 31, 0.006, 3e5};
    Machine = Ctx.Machine;
    Run = {{"quick", O.Quick},
           {"seed", O.Seed},
           {"ranks", mpiSize()},
           {"mpi", O.Mpi ? mpiHostSummary() : "no"},
           {"load_average_start", loadAverage()}};
    auto Want = [&](const char *S) { return O.Suites.count(S) > 0; };
    // The noise floor first: every target is judged against it.
    if (Want("noise")) {
      Raw["noise"] = runNoiseFloor(Ctx);
      double N = noiseFloor(Raw["noise"]);
      Prog.note(N > 0 ? "noise floor N = " + std::to_string(100 * N) +
                            " % (median relative range of repeated medians)"
                      : std::string("noise floor: not measured (no probe "
                                    "measured in two passes)"));
    }
    // Marshalling and the thread suites on rank 0 alone; the other ranks
    // sleep meanwhile. With --mpi the packets travel between ranks instead
    // of threads.
    if (Root) {
      Ctx.AllRanks = false;
      if (Want("tlb")) {
        Raw["tlb"] = runTlbReach(Ctx);
        std::optional<uint64_t> Reach = tlbReach(translationCosts(Raw["tlb"]));
        Prog.note(Reach ? "TLB reach " + std::to_string(*Reach) + " pages"
                        : std::string("TLB reach: no step in the "
                                      "translation costs"));
      }
      if (Want("marshalling"))
        Raw["marshalling"] = runMarshalling(Ctx);
      if (Want("smp"))
        Raw["smp"] = runSmpSupersteps(Ctx);
      if (Want("packets") && !O.Mpi)
        Raw["packets"] = runPackets(Ctx);
      Ctx.AllRanks = true;
    }
    mpiIdleBarrier();
    if (Want("mpi"))
      Raw["mpi"] = runMessagePassing(Ctx);
    if (Want("packets") && O.Mpi)
      Raw["packets"] = runPackets(Ctx);
    if (Interrupted) {
      if (Root)
        std::fprintf(stderr,
                     "calibrate: interrupted by %s: nothing written (%s "
                     "left as it was)\n",
                     Interrupted == SIGTERM ? "SIGTERM" : "SIGINT",
                     Out.c_str());
      // The shell's status for a process ended by that signal.
      return 128 + Interrupted;
    }
    Run["measure_seconds"] = (nowUs() - StartUs) / 1e6;
    Run["load_average_end"] = loadAverage();
  }
  if (!Root)
    return 0;
  Analysis A = analyse(Raw, Machine);
  printSummary(A);
  std::string RawDir = O.RefitDir.empty() ? rawDirFor(Out) : O.RefitDir;
  Run["raw_dir"] = fs::absolute(RawDir).string();
  if (O.RefitDir.empty()) {
    fs::create_directories(RawDir);
    for (const auto &[Suite, Points] : Raw)
      saveCsv(Points, RawDir + "/" + Suite + ".csv");
    saveRunInfo(Machine, Run, RawDir);
  }
  if (fs::path(Out).has_parent_path())
    fs::create_directories(fs::path(Out).parent_path());
  saveProfile(buildProfile(A, Machine, Run), Out);
  std::fprintf(stderr, "calibrate: profile written to %s (raw data in %s)\n",
               Out.c_str(), RawDir.c_str());
  if (!O.ReportDir.empty()) {
    writeReport(A, Raw, Machine, Run, O.ReportDir);
    std::fprintf(stderr, "calibrate: report written to %s/report.md\n",
                 O.ReportDir.c_str());
  }
  std::fprintf(stderr, "calibrate: done in %.1f s\n",
               (nowUs() - StartUs) / 1e6);
  return 0;
}

/// Whether an MPI launcher started this process (mpirun sets these in
/// every rank it starts).
bool launchedByMpi() {
  for (const char *Var : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(Var))
      return true;
  return false;
}

/// --mpi typed without a launcher: this command again, in place of this
/// process, under `mpirun -np 2` (root may run it: the user asked for it).
/// Returns only when mpirun cannot be started.
int relaunchUnderMpirun(const std::vector<std::string> &Args) {
  std::error_code Ec;
  std::string Self = std::filesystem::read_symlink("/proc/self/exe", Ec);
  std::vector<std::string> Cmd = {"mpirun", "-np", "2", "--oversubscribe"};
  if (::geteuid() == 0)
    Cmd.push_back("--allow-run-as-root");
  Cmd.push_back(Ec ? std::string("commcost") : Self);
  Cmd.push_back("calibrate");
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  std::vector<char *> Argv;
  for (std::string &A : Cmd)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  std::cerr << "commcost calibrate: --mpi: running under mpirun -np 2\n";
  std::cerr.flush();
  ::execvp("mpirun", Argv.data());
  std::cerr << "commcost calibrate: --mpi starts `mpirun -np 2` (Open MPI, "
               "package openmpi-bin), which cannot be run: "
            << std::strerror(errno)
            << "; install it, or start the ranks yourself: mpirun -np 2 "
               "commcost calibrate --mpi\n";
  return 1;
}

} // namespace
} // namespace calib

int calibrateMain(const std::vector<std::string> &Args) {
  using namespace calib;
  Options O;
  try {
    O = parseOptions(Args);
  } catch (const UsageError &E) {
    std::cerr << "commcost calibrate: " << E.what() << "\n" << usageText();
    return 2;
  }
  if (O.Help) {
    std::cout << usageText();
    return 0;
  }
  // Ctrl-C, or SIGTERM (kill, a batch system's time limit), stops the run
  // before anything is written; every file is written atomically, so an
  // old profile stays whole either way. A second signal ends the process at
  // once.
  for (int Sig : {SIGINT, SIGTERM})
    std::signal(Sig, [](int Sig) {
      if (Interrupted)
        std::_Exit(128 + Sig);
      Interrupted = Sig;
    });
  if (O.Mpi && !launchedByMpi())
    return relaunchUnderMpirun(Args);
  if (O.Mpi)
    mpiInit();
  int Rc;
  try {
    Rc = run(O);
  } catch (const std::exception &E) {
    std::cerr << "commcost calibrate: " << E.what() << "\n";
    Rc = 1;
  }
  mpiFinalize();
  return Rc;
}

} // namespace commcost
