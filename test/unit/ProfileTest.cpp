// Tests of profile loading, validation messages, round trips, atomic saves
// and the choice between explicit, calibrated and embedded profiles.
#include "commcost/Profile.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>
#include <sstream>
#include <sys/resource.h>

using namespace commcost;
namespace fs = std::filesystem;

namespace {

class ProfileFiles : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("commcost-profile-test-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(Dir);
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::string write(const std::string &Name, const std::string &Text) {
    std::string Path = (Dir / Name).string();
    std::ofstream(Path) << Text;
    return Path;
  }

  static std::string read(const std::string &Path) {
    std::stringstream S;
    S << std::ifstream(Path).rdbuf();
    return S.str();
  }

  static nlohmann::json valid() { return defaultProfile().toJson(); }

  /// Loads J from a file and returns the error message ("" if it loaded).
  std::string errorOf(const nlohmann::json &J) {
    return errorOfText(J.dump());
  }
  std::string errorOfText(const std::string &Text) {
    std::string Path = write("p.json", Text);
    try {
      loadProfile(Path);
      return "";
    } catch (const ProfileError &E) {
      EXPECT_EQ(E.File, Path);
      EXPECT_EQ(std::string(E.what()).rfind(Path + ": ", 0), 0u) << E.what();
      return E.what();
    }
  }

  fs::path Dir;
};

#define EXPECT_CONTAINS(Haystack, Needle)                                      \
  EXPECT_NE(std::string(Haystack).find(Needle), std::string::npos)            \
      << "'" << (Haystack) << "' lacks '" << (Needle) << "'"

TEST(DefaultProfile, IsAReferenceCalibrationAndCoversEverySiteKind) {
  const Profile &P = defaultProfile();
  // A measurement of a stated machine (scripts/reference-profile.sh), not
  // plausible numbers.
  EXPECT_FALSE(P.Machine.IsDefault);
  EXPECT_TRUE(P.Embedded);
  EXPECT_EQ(P.Source, "<embedded default>");
  EXPECT_CONTAINS(P.Machine.Description, "reference machine: ");
  EXPECT_CONTAINS(P.Machine.Description, "; calibrated ");
  EXPECT_FALSE(P.Machine.Caches.empty());
  EXPECT_EQ(P.Machine.LineSize, 64u);
  for (const char *Kind : {"send", "recv", "put", "get", "copy", "copy-loop",
                           "superstep", "packet"}) {
    // Every feature a site model needs is one the analysis derives
    // (docs/profile.md lists them).
    static const std::set<std::string> Known = {
        "n",   "m",   "L_mem", "pages", "L_pt", "runs", "bpm", "hr",  "hw",
        "hrc", "hrm", "hwc",   "hwm",   "hrb",  "hwb", "hrw", "hrwc",
        "hrwm", "M",  "h",     "hi",    "ho",   "V",   "p",   "k",
        "l",   "r",   "w"};
    std::set<std::string> Levels;
    for (const CacheLevel &C : P.Machine.Caches) {
      Levels.insert("L_re" + std::to_string(C.Level));
      Levels.insert("L_rw" + std::to_string(C.Level));
      Levels.insert("L_wm" + std::to_string(C.Level));
    }
    Levels.insert("L_sw");
    Levels.insert("L_sww");
    Levels.insert("L_swc");
    std::vector<const Model *> Models = {&P.modelForSite(Kind)};
    if (const Model *Warm = P.warmModelForSite(Kind))
      Models.push_back(Warm);
    for (const Model *M : Models)
      for (const std::string &F : M->features())
        EXPECT_TRUE(Known.count(F) || Levels.count(F) ||
                    F.starts_with("P_re_"))
            << Kind << ": " << M->name() << " needs unknown feature " << F;
  }
  // A plausible machine: a 4 KiB row copy (one message, one run of 64
  // lines on 2 pages, nothing brought in again) costs 0.01 to 10 us.
  const Model &Copy = P.modelForSite("copy");
  FeatureVector Row = {
      {"n", 1}, {"m", 4096}, {"L_mem", 64}, {"pages", 2}, {"runs", 1}};
  for (const std::string &F : Copy.features())
    Row.emplace(F, 0.0);
  double Us = Copy.evaluate(Row);
  EXPECT_GT(Us, 0.01);
  EXPECT_LT(Us, 10.0);
  EXPECT_THROW(P.modelForSite("teleport"), ProfileError);
  // The reference measured copies and sends warm too: their interval.
  for (const char *Kind : {"copy", "copy-loop", "send", "recv"})
    EXPECT_NE(P.warmModelForSite(Kind), nullptr) << Kind;
}

TEST_F(ProfileFiles, RoundTripKeepsModelsAndUnknownFields) {
  nlohmann::json J = valid();
  J["comment"] = "kept";
  J["machine"]["numa_nodes"] = 2;
  J["models"]["M1"]["raw_data"] = "marshalling.csv";
  J["site_models_warm"] = {{"copy-loop", "M1"}};
  J["models"]["M1"]["fit"] = {{"avg_rel_err", 0.04},
                              {"max_rel_err", 0.2},
                              {"S_e", 0.3},
                              {"R2", 0.002},
                              {"train_points", 100},
                              {"test_points", 250}};
  Profile P = loadProfile(write("in.json", J.dump()));
  EXPECT_EQ(P.Models.at("M1").Fit.TestPoints, 250u);
  EXPECT_DOUBLE_EQ(P.Models.at("M1").Fit.AvgRelErr, 0.04);
  std::string Out = (Dir / "out.json").string();
  saveProfile(P, Out);
  nlohmann::json Back = nlohmann::json::parse(read(Out));
  EXPECT_EQ(Back["comment"], "kept");
  EXPECT_EQ(Back["machine"]["numa_nodes"], 2);
  EXPECT_EQ(Back["models"]["M1"]["raw_data"], "marshalling.csv");
  Profile Q = loadProfile(Out);
  EXPECT_EQ(Q.Models.size(), P.Models.size());
  EXPECT_EQ(Q.SiteModels, P.SiteModels);
  EXPECT_EQ(Q.WarmSiteModels, P.WarmSiteModels);
  ASSERT_NE(Q.warmModelForSite("copy-loop"), nullptr);
  EXPECT_EQ(Q.warmModelForSite("copy-loop")->name(), "M1");
  // A kind with no warm model is priced cold only.
  EXPECT_EQ(Q.warmModelForSite("send"), nullptr);
  for (const auto &[Name, M] : P.Models) {
    EXPECT_EQ(Q.Models.at(Name).coefficients(), M.coefficients()) << Name;
    EXPECT_EQ(Q.Models.at(Name).formText(), M.formText()) << Name;
  }
  EXPECT_EQ(Q.Models.at("M1").Fit.TrainPoints, 100u);
}

TEST_F(ProfileFiles, MalformedProfilesNameFileFieldAndProblem) {
  nlohmann::json J = valid();
  J["machine"].erase("line_size");
  std::string E = errorOf(J);
  EXPECT_CONTAINS(E, "machine.line_size: missing");

  J = valid();
  J["machine"]["cores"] = "two";
  E = errorOf(J);
  EXPECT_CONTAINS(E, "machine.cores: expected an integer from 1 to 65536");
  EXPECT_CONTAINS(E, "string \"two\"");

  J = valid();
  J["machine"]["line_size"] = -64;
  EXPECT_CONTAINS(errorOf(J), "machine.line_size: expected a power of two");
  J["machine"]["line_size"] = 48;
  EXPECT_CONTAINS(errorOf(J), "machine.line_size: expected a power of two");

  J = valid();
  J["schema"] = "commcost-profile/9";
  EXPECT_CONTAINS(errorOf(J), "schema: unknown schema \"commcost-profile/9\"");
  J.erase("schema");
  EXPECT_CONTAINS(errorOf(J), "schema: missing");

  E = errorOfText("{\"schema\": \"commcost-profile/1\", ");
  EXPECT_CONTAINS(E, "(document): not valid JSON");

  J = valid();
  J["models"]["M1"]["coefficients"]["a"] = "fast";
  EXPECT_CONTAINS(errorOf(J), "models.M1.coefficients.a: expected a finite "
                              "number");
  J = valid();
  J["models"]["M1"]["form"] = "a*n + (b";
  EXPECT_CONTAINS(errorOf(J), "models.M1.form: not a formula");
  J = valid();
  J["models"]["M1"]["coefficients"]["z"] = 1.0;
  EXPECT_CONTAINS(errorOf(J), "models.M1.coefficients.z: the form");
  J = valid();
  J["models"]["M1"]["units"] = "ms";
  EXPECT_CONTAINS(errorOf(J), "models.M1.units: expected \"us\"");
  J = valid();
  J["site_models"]["copy"] = "M9";
  EXPECT_CONTAINS(errorOf(J), "site_models.copy: names model \"M9\"");
  J = valid();
  J["site_models_warm"]["copy"] = "M9";
  EXPECT_CONTAINS(errorOf(J), "site_models_warm.copy: names model \"M9\"");
  J = valid();
  J["site_models_warm"] = {1, 2};
  EXPECT_CONTAINS(errorOf(J), "site_models_warm: expected an object");
  J = valid();
  J["machine"]["caches"][1]["size"] = 0;
  EXPECT_CONTAINS(errorOf(J), "machine.caches[1].size: expected an integer");
  EXPECT_CONTAINS(errorOfText("[1, 2]"), "(document): expected an object");

  EXPECT_EQ(errorOf(valid()), "");
}

TEST_F(ProfileFiles, UnreadableFileIsNamed) {
  std::string Path = (Dir / "missing.json").string();
  try {
    loadProfile(Path);
    FAIL() << "expected ProfileError";
  } catch (const ProfileError &E) {
    EXPECT_CONTAINS(E.what(), Path + ": (file): cannot be read");
  }
}

// A save that fails half-way (here: the file size limit is hit while
// writing) must leave the previous profile byte for byte.
TEST_F(ProfileFiles, FailedSaveLeavesTheOldFileIntact) {
  std::string Path = (Dir / "profile.json").string();
  saveProfile(defaultProfile(), Path);
  std::string Before = read(Path);

  Profile Big = defaultProfile();
  Big.Extra["padding"] = std::string(1 << 16, 'x');
  struct rlimit Old;
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &Old), 0);
  auto OldHandler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit Small = Old;
  Small.rlim_cur = 4096;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &Small), 0);
  EXPECT_THROW(saveProfile(Big, Path), ProfileError);
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &Old), 0);
  std::signal(SIGXFSZ, OldHandler);

  EXPECT_EQ(read(Path), Before);
  size_t Files = 0;
  for ([[maybe_unused]] const auto &E : fs::directory_iterator(Dir))
    ++Files;
  EXPECT_EQ(Files, 1u) << "a temporary file was left behind";
}

TEST_F(ProfileFiles, ResolvesExplicitThenEnvironmentThenCalibratedThenDefault) {
  ::unsetenv("COMMCOST_PROFILE");
  ::setenv("XDG_CONFIG_HOME", Dir.c_str(), 1);
  EXPECT_TRUE(resolveProfile(std::nullopt).Embedded);

  Profile Calibrated = defaultProfile();
  Calibrated.Machine.Description = "calibrated";
  fs::create_directories(Dir / "commcost");
  saveProfile(Calibrated, (Dir / "commcost" / "profile.json").string());
  EXPECT_EQ(resolveProfile(std::nullopt).Machine.Description, "calibrated");

  std::string Explicit = (Dir / "explicit.json").string();
  Calibrated.Machine.Description = "explicit";
  saveProfile(Calibrated, Explicit);
  EXPECT_EQ(resolveProfile(Explicit).Source, Explicit);

  std::string Missing = (Dir / "nope.json").string();
  ::setenv("COMMCOST_PROFILE", Missing.c_str(), 1);
  EXPECT_THROW(resolveProfile(std::nullopt), ProfileError);
  ::setenv("COMMCOST_PROFILE", Explicit.c_str(), 1);
  EXPECT_EQ(resolveProfile(std::nullopt).Machine.Description, "explicit");
  ::unsetenv("COMMCOST_PROFILE");
  ::unsetenv("XDG_CONFIG_HOME");
}

} // namespace
