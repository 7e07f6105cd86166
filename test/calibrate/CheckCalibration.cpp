// Checks what `commcost calibrate` wrote: the profile loads (libcommcost
// validates it), names a model for each expected site kind (and a warm
// model too for KIND+warm; for KIND=PREFIX, models whose names start with
// PREFIX), every such model has held-out statistics, and the report exists
// with its tables and a measured noise floor.
// Usage: commcost-check-calibration PROFILE REPORT_DIR
//          KIND[+warm][=PREFIX][,...]
#include "commcost/Profile.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

int main(int Argc, char **Argv) {
  if (Argc != 4) {
    std::cerr << "usage: commcost-check-calibration PROFILE REPORT_DIR KINDS\n";
    return 2;
  }
  try {
    commcost::Profile P = commcost::loadProfile(Argv[1]);
    if (P.Models.empty())
      throw std::runtime_error("profile has no models");
    std::stringstream Kinds(Argv[3]);
    std::string Kind;
    while (std::getline(Kinds, Kind, ',')) {
      std::string Prefix;
      if (size_t Eq = Kind.find('='); Eq != std::string::npos) {
        Prefix = Kind.substr(Eq + 1);
        Kind.resize(Eq);
      }
      bool Warm = Kind.ends_with("+warm");
      if (Warm)
        Kind.resize(Kind.size() - 5);
      std::vector<const commcost::Model *> Models = {&P.modelForSite(Kind)};
      if (Warm) {
        Models.push_back(P.warmModelForSite(Kind));
        if (!Models.back())
          throw std::runtime_error("no warm model for " + Kind);
      }
      for (const commcost::Model *M : Models) {
        if (!M->name().starts_with(Prefix))
          throw std::runtime_error("model " + M->name() + " for " + Kind +
                                   " is not a " + Prefix + " model");
        if (M->Fit.TestPoints == 0)
          throw std::runtime_error("model " + M->name() + " for " + Kind +
                                   " has no held-out points");
      }
    }
    if (!P.Extra.contains("calibration") ||
        !P.Extra["calibration"].contains("noise_floor"))
      throw std::runtime_error("profile lacks the calibration summary");
    std::ifstream Report(std::string(Argv[2]) + "/report.md");
    std::stringstream Text;
    Text << Report.rdbuf();
    for (const char *Must : {"## Noise floor", "## Targets", "| form |"})
      if (Text.str().find(Must) == std::string::npos)
        throw std::runtime_error(std::string("report lacks '") + Must + "'");
    // Every calibration the tests run measures the noise floor.
    if (Text.str().find("N = **") == std::string::npos)
      throw std::runtime_error("report has no noise floor");
    // The TLB section says what the profile says: a reach, where the
    // costs climb, or that neither was measured.
    const auto &Cal = P.Extra["calibration"];
    auto Says = [&](const char *Words) {
      return Text.str().find(Words) != std::string::npos;
    };
    if (Cal.contains("tlb_reach_pages") != Says("Reach: **") ||
        Cal.contains("tlb_reach_pages") == Says("Not measured (suite `tlb`"))
      throw std::runtime_error("report's TLB reach disagrees with the profile");
    if (Cal.contains("tlb_climb_pages") != Says("start to climb past **"))
      throw std::runtime_error(
          "report's TLB climb disagrees with the profile");
    std::cout << "ok: " << P.Models.size() << " models\n";
    return 0;
  } catch (const std::exception &E) {
    std::cerr << "check failed: " << E.what() << "\n";
    return 1;
  }
}
