// The command line of `commcost calibrate`.
#include "Options.h"

#include <algorithm>
#include <sstream>

namespace commcost::calib {

const std::vector<std::string> &suiteNames() {
  static const std::vector<std::string> Names = {
      "noise", "tlb", "marshalling", "smp", "packets", "mpi"};
  return Names;
}

const char *usageText() {
  return "usage: commcost calibrate [--quick] [--out FILE] [--report DIR]\n"
         "                          [--suites LIST] [--seed N]\n"
         "       commcost calibrate --mpi [...]     (starts mpirun -np 2)\n"
         "       mpirun -np P commcost calibrate --mpi [...]\n"
         "       commcost calibrate --refit DIR [--out FILE] [--report DIR]\n"
         "\n"
         "Measures this machine and writes a profile (default: "
         "$COMMCOST_PROFILE,\n"
         "else $XDG_CONFIG_HOME/commcost/profile.json, else\n"
         "~/.config/commcost/profile.json; the plugin uses it when given no\n"
         "profile). The raw samples go to FILE's name with -raw/ instead of\n"
         ".json, so that --refit DIR recomputes every fit and table.\n"
         "  --quick        small sizes and budgets (under 30 s)\n"
         "  --mpi          also measure message passing between MPI ranks\n"
         "                 (without a launcher: under mpirun -np 2)\n"
         "  --report DIR   write DIR/report.md and its plots\n"
         "  --suites LIST  comma-separated: "
         "noise,tlb,marshalling,smp,packets,\n"
         "                 mpi\n"
         "  --seed N       random seed of shapes, patterns and order\n";
}

Options parseOptions(const std::vector<std::string> &Args) {
  Options O;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    auto Value = [&]() -> std::string {
      if (I + 1 >= Args.size() || Args[I + 1].rfind("--", 0) == 0)
        throw UsageError("option " + A + " needs a value");
      return Args[++I];
    };
    if (A == "--quick")
      O.Quick = true;
    else if (A == "--mpi")
      O.Mpi = true;
    else if (A == "--help" || A == "-h")
      O.Help = true;
    else if (A == "--out")
      O.Out = Value();
    else if (A == "--report")
      O.ReportDir = Value();
    else if (A == "--refit")
      O.RefitDir = Value();
    else if (A == "--seed") {
      std::string V = Value();
      size_t End = 0;
      try {
        O.Seed = std::stoull(V, &End);
      } catch (...) {
        End = 0;
      }
      if (End != V.size() || V.empty())
        throw UsageError("--seed: '" + V + "' is not a whole number");
    } else if (A == "--suites") {
      std::stringstream SS(Value());
      std::string Name;
      while (std::getline(SS, Name, ',')) {
        const auto &Known = suiteNames();
        if (std::find(Known.begin(), Known.end(), Name) == Known.end())
          throw UsageError("--suites: unknown suite '" + Name +
                           "' (expected noise, tlb, marshalling, smp, "
                           "packets, mpi)");
        O.Suites.insert(Name);
      }
      if (O.Suites.empty())
        throw UsageError("--suites: empty list");
    } else
      throw UsageError("unknown argument '" + A + "'");
  }
  if (O.Suites.count("mpi") && !O.Mpi)
    throw UsageError("--suites: suite 'mpi' needs --mpi");
  if (O.Suites.empty()) {
    O.Suites.insert(suiteNames().begin(), suiteNames().end());
    if (!O.Mpi)
      O.Suites.erase("mpi");
  }
  if (!O.RefitDir.empty() && O.Mpi)
    throw UsageError("--refit uses saved data: it takes no --mpi");
  return O;
}

} // namespace commcost::calib
