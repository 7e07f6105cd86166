// The `commcost` command line: where the plugin is, line counts of slices,
// model predictions, profiles, and calibration (delegated to calibrate/).
#include "Subcommand.h"

#include "commcost/Calibrate.h"
#include "commcost/Clip.h"
#include "commcost/Lines.h"
#include "commcost/Profile.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <optional>

using namespace llvm;
using namespace commcost;

namespace {

cl::OptionCategory Category("commcost options");

cl::opt<bool> PluginPath("plugin-path",
                         cl::desc("Print the absolute path of CommCost.so"),
                         cl::cat(Category));

cl::SubCommand LinesCmd("lines",
                        "Unique memory lines touched by a rectangular slice");
cl::opt<uint64_t> Rows("rows", cl::desc("Rows of the slice"), cl::init(1),
                       cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> BytesPerRow("bytes-per-row",
                              cl::desc("Contiguous bytes in each row"),
                              cl::Required, cl::sub(LinesCmd),
                              cl::cat(Category));
cl::opt<uint64_t> Pitch("pitch",
                        cl::desc("Bytes from one row's start to the next's "
                                 "(default: bytes per row)"),
                        cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> Planes("planes", cl::desc("Planes of a 3-D slice"),
                         cl::init(1), cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> PlanePitch("plane-pitch",
                             cl::desc("Bytes from one plane's start to the "
                                      "next's"),
                             cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> LineSize("line",
                           cl::desc("Line size in bytes (default: the line "
                                    "size of the profile in use)"),
                           cl::sub(LinesCmd), cl::cat(Category));
cl::opt<std::string> LinesProfile("profile",
                                  cl::desc("Profile whose line size to use "
                                           "(default: the calibrated or "
                                           "embedded one)"),
                                  cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> Offset("offset",
                         cl::desc("Address of the first byte (exact count)"),
                         cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> Modulo("modulo",
                         cl::desc("With --offset: the address is known only "
                                  "modulo this (e.g. the base's alignment); "
                                  "prints min max"),
                         cl::sub(LinesCmd), cl::cat(Category));
cl::opt<uint64_t> Align("align",
                        cl::desc("Guaranteed alignment of the first byte "
                                 "(prints min max)"),
                        cl::sub(LinesCmd), cl::cat(Category));
cl::opt<bool> LinesJson("json", cl::desc("Machine-readable output"),
                        cl::sub(LinesCmd), cl::cat(Category));

cl::SubCommand PredictCmd("predict", "Evaluate a model of a profile");
cl::opt<std::string> ModelName("model", cl::desc("Model name, e.g. M1"),
                               cl::Required, cl::sub(PredictCmd),
                               cl::cat(Category));
cl::list<std::string> Sets("set", cl::desc("feature=value (repeatable)"),
                           cl::sub(PredictCmd), cl::cat(Category));
cl::opt<std::string> PredictProfile("profile",
                                    cl::desc("Profile file (default: the "
                                             "calibrated or embedded one)"),
                                    cl::sub(PredictCmd), cl::cat(Category));
cl::opt<bool> PredictJson("json", cl::desc("Machine-readable output"),
                          cl::sub(PredictCmd), cl::cat(Category));

cl::SubCommand ProfileCmd("profile", "Profiles: `commcost profile show [FILE]`");
cl::list<std::string> ProfileArgs(cl::Positional, cl::desc("show [FILE]"),
                                  cl::sub(ProfileCmd), cl::cat(Category));

/// A real number with six significant digits, as people write them.
std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.6g", V);
  return Buf;
}

using cli::fail;

std::string pluginPath(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&pluginPath));
  // The build tree (build/bin, build/lib) or the installed one (the path
  // cmake/Install.cmake puts the plugin at, relative to bin).
  std::string Tried;
  for (const char *Relative :
       {"../lib/CommCost.so", COMMCOST_PLUGIN_FROM_BINDIR}) {
    SmallString<256> Path(sys::path::parent_path(Exe));
    sys::path::append(Path, Relative);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (sys::fs::exists(Path))
      return std::string(Path);
    Tried += (Tried.empty() ? "" : " nor ") + Path.str().str();
  }
  fail("the plugin is not where it should be: neither " + Tried + " exists");
}

Profile profileOrFail(const std::optional<std::string> &Path);

int runLines() {
  if (Offset.getNumOccurrences() && Align.getNumOccurrences())
    fail("--offset and --align exclude each other: give the exact address "
         "(with --modulo if it is known only modulo an alignment) or only "
         "its alignment");
  if (Align.getNumOccurrences() && Align == 0)
    fail("--align must be at least 1");
  if (Modulo.getNumOccurrences() && (!Offset.getNumOccurrences() || !Modulo))
    fail("--modulo needs --offset and must be at least 1");
  uint64_t Line = LineSize;
  std::string LineSource = "--line";
  if (!LineSize.getNumOccurrences()) {
    std::optional<std::string> Path;
    if (LinesProfile.getNumOccurrences())
      Path = LinesProfile;
    Profile P = profileOrFail(Path);
    Line = P.Machine.LineSize;
    LineSource = P.Source;
  }
  Placement Where = Placement::exactly(Offset);
  if (Align.getNumOccurrences())
    Where = Placement::aligned(Align);
  else if (Modulo.getNumOccurrences())
    Where = {Modulo, Offset};
  uint64_t RowPitch = Pitch.getNumOccurrences() ? Pitch : BytesPerRow;
  // Planes that abut unless told otherwise.
  uint64_t PPitch =
      PlanePitch.getNumOccurrences() || Rows == 0
          ? PlanePitch
          : extentOfRepetitions<uint64_t>(Rows, RowPitch, BytesPerRow);
  Slice3D S{Planes, Rows, BytesPerRow, RowPitch, PPitch};
  LineBounds B;
  try {
    B = uniqueLinesOf3DSlice(S, Where, Line);
  } catch (const SliceError &E) {
    fail(E.what());
  }
  bool Range = Align.getNumOccurrences() || Modulo.getNumOccurrences();
  if (LinesJson) {
    nlohmann::json J = {{"min", B.Min},
                        {"max", B.Max},
                        {"exact", B.exact()},
                        {"planes", S.Planes},
                        {"rows", S.Rows},
                        {"bytes_per_row", S.BytesPerRow},
                        {"pitch", S.RowPitch},
                        {"plane_pitch", S.PlanePitch},
                        {"line_size", Line},
                        {"line_size_from", LineSource}};
    if (Align.getNumOccurrences())
      J["align"] = Align.getValue();
    else
      J["offset"] = Offset.getValue();
    if (Modulo.getNumOccurrences())
      J["modulo"] = Modulo.getValue();
    outs() << J.dump() << "\n";
  } else if (Range) {
    outs() << B.Min << " " << B.Max << "\n";
  } else {
    outs() << B.Min << "\n";
  }
  return 0;
}

Profile profileOrFail(const std::optional<std::string> &Path) {
  try {
    return resolveProfile(Path);
  } catch (const ProfileError &E) {
    fail(E.what());
  }
}

int runPredict() {
  std::optional<std::string> Path;
  if (PredictProfile.getNumOccurrences())
    Path = PredictProfile;
  Profile P = profileOrFail(Path);
  auto It = P.Models.find(ModelName);
  if (It == P.Models.end()) {
    std::string Names;
    for (const auto &[Name, M] : P.Models)
      Names += (Names.empty() ? "" : ", ") + Name;
    fail("--model " + clip(ModelName) + ": profile " + P.Source +
         " has no such model (it has: " + Names + ")");
  }
  FeatureVector F;
  for (const std::string &S : Sets) {
    auto [Name, Value] = StringRef(S).split('=');
    double D;
    if (Name.empty() || Value.empty() || Value.getAsDouble(D))
      fail("--set " + clip(S) + ": expected feature=number, e.g. --set m=8000");
    if (!F.emplace(Name.str(), D).second)
      fail("--set " + clip(S) + ": feature '" + clip(Name) +
           "' is set twice");
  }
  double Cost;
  try {
    It->second.requireOnlyFeatures(F);
    Cost = It->second.evaluate(F);
  } catch (const ModelError &E) {
    fail(E.what());
  }
  if (PredictJson)
    outs() << nlohmann::json{{"model", ModelName.getValue()},
                             {"profile", P.Source},
                             {"cost_us", Cost}}
                  .dump()
           << "\n";
  else
    outs() << number(Cost) << " us\n";
  return 0;
}

int runProfileShow() {
  if (ProfileArgs.empty() || ProfileArgs[0] != "show" || ProfileArgs.size() > 2)
    fail("usage: commcost profile show [FILE]");
  std::optional<std::string> Path;
  if (ProfileArgs.size() == 2)
    Path = ProfileArgs[1];
  Profile P = profileOrFail(Path);
  const MachineInfo &M = P.Machine;
  outs() << "profile      " << P.Source << "\n"
         << "machine      " << M.Description << "\n"
         << "measured     "
         << (!M.IsDefault ? (P.Embedded ? "yes (the reference machine)" : "yes")
             : P.Embedded ? "no (embedded default)"
                          : "no (marked default in the file)")
         << "\n"
         << "line size    " << M.LineSize << " B\n"
         << "page size    " << M.PageSize << " B\n"
         << "cores        " << M.Cores << "\n";
  for (const CacheLevel &C : M.Caches)
    outs() << formatv("L{0} cache     {1} KiB{2}\n", C.Level,
                      C.SizeBytes / 1024, C.Shared ? " (shared)" : "");
  outs() << "\n"
         << formatv("{0,-10} {1,-18} {2,-9} {3,-9} {4}\n", "model", "paper",
                    "avg err", "max err", "form and coefficients (us)");
  for (const auto &[Name, Mod] : P.Models) {
    const FitStats &F = Mod.Fit;
    std::string Avg = F.TestPoints ? formatv("{0:P1}", F.AvgRelErr).str() : "-";
    std::string Max = F.TestPoints ? formatv("{0:P1}", F.MaxRelErr).str() : "-";
    std::string Coefs;
    for (const auto &[C, V] : Mod.coefficients())
      Coefs += (Coefs.empty() ? "" : " ") + C + "=" + number(V);
    outs() << formatv("{0,-10} {1,-18} {2,-9} {3,-9} {4}\n", Name, Mod.Paper,
                      Avg, Max, Mod.formText())
           << formatv("{0,-40} {1}\n", "", Coefs);
  }
  // The warm model, where there is one: the lower end of the interval.
  outs() << "\nsite kind    model (cold; warm)\n";
  for (const auto &[Kind, Name] : P.SiteModels) {
    auto Warm = P.WarmSiteModels.find(Kind);
    outs() << formatv("{0,-12} {1}{2}\n", Kind, Name,
                      Warm == P.WarmSiteModels.end() ? ""
                                                     : "; " + Warm->second);
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  // Calibration parses its own arguments (it may run under mpirun).
  if (Argc >= 2 && std::strcmp(Argv[1], "calibrate") == 0)
    return calibrateMain(std::vector<std::string>(Argv + 2, Argv + Argc));

  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      Argc, Argv,
      "commcost: communication cost analysis\n\n"
      "  commcost --plugin-path       print the plugin's absolute path\n"
      "  commcost lines ...           unique lines of a slice\n"
      "  commcost predict ...         evaluate a model of a profile\n"
      "  commcost profile show [FILE] print a profile as a table\n"
      "  commcost diff BASE NEW       compare the costs of two records\n"
      "  commcost summary RECORDS...  the most expensive sites and functions\n"
      "  commcost calibrate ...       measure this machine (see "
      "`commcost calibrate --help`)\n");
  if (PluginPath) {
    outs() << pluginPath(Argv[0]) << "\n";
    return 0;
  }
  if (LinesCmd)
    return runLines();
  if (PredictCmd)
    return runPredict();
  if (ProfileCmd)
    return runProfileShow();
  if (std::optional<int> Status = cli::runSelectedSubcommand())
    return *Status;
  errs() << "commcost: error: no command given; see `commcost --help`\n";
  return 1;
}
