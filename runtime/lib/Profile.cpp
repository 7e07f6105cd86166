// Machine profiles: validation of the JSON document field by field, the
// embedded default, where the calibrated profile lives, and atomic saves.
#include "commcost/Profile.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace commcost {

extern const char commcostDefaultProfileText[];

ProfileError::ProfileError(std::string File, std::string Field,
                           const std::string &Problem)
    : std::runtime_error(File + ": " + Field + ": " + Problem),
      File(std::move(File)), Field(std::move(Field)) {}

namespace {

using nlohmann::json;

/// Validates one document, naming the file and the dotted path of each
/// field in its errors.
class Reader {
public:
  explicit Reader(std::string Source) : Source(std::move(Source)) {}

  [[noreturn]] void fail(const std::string &Field,
                         const std::string &Problem) const {
    throw ProfileError(Source, Field, Problem);
  }

  static std::string describe(const json &J) {
    std::string Text = J.dump();
    if (Text.size() > 40)
      Text = Text.substr(0, 37) + "...";
    return std::string(J.type_name()) + " " + Text;
  }

  const json &member(const json &Obj, const std::string &Path,
                     const std::string &Key) const {
    auto It = Obj.find(Key);
    if (It == Obj.end())
      fail(Path + Key, "missing");
    return *It;
  }

  const json &object(const json &J, const std::string &Field) const {
    if (!J.is_object())
      fail(Field, "expected an object, found " + describe(J));
    return J;
  }

  std::string string(const json &J, const std::string &Field) const {
    if (!J.is_string())
      fail(Field, "expected a string, found " + describe(J));
    return J.get<std::string>();
  }

  uint64_t positive(const json &J, const std::string &Field) const {
    if (!J.is_number_integer() || J.get<int64_t>() <= 0)
      fail(Field, "expected a positive integer, found " + describe(J));
    return J.get<uint64_t>();
  }

  double number(const json &J, const std::string &Field) const {
    if (!J.is_number() || !std::isfinite(J.get<double>()))
      fail(Field, "expected a finite number, found " + describe(J));
    return J.get<double>();
  }

  bool boolean(const json &J, const std::string &Field) const {
    if (!J.is_boolean())
      fail(Field, "expected true or false, found " + describe(J));
    return J.get<bool>();
  }

  MachineInfo machine(const json &J) const {
    object(J, "machine");
    MachineInfo M;
    M.LineSize = positive(member(J, "machine.", "line_size"),
                          "machine.line_size");
    if (M.LineSize & (M.LineSize - 1))
      fail("machine.line_size", "expected a power of two, found " +
                                    std::to_string(M.LineSize));
    M.Cores = static_cast<unsigned>(
        positive(member(J, "machine.", "cores"), "machine.cores"));
    M.Description =
        string(member(J, "machine.", "description"), "machine.description");
    if (J.contains("page_size"))
      M.PageSize = positive(J["page_size"], "machine.page_size");
    if (J.contains("default"))
      M.IsDefault = boolean(J["default"], "machine.default");
    const json &Caches = member(J, "machine.", "caches");
    if (!Caches.is_array())
      fail("machine.caches", "expected an array, found " + describe(Caches));
    for (size_t I = 0; I < Caches.size(); ++I) {
      std::string Field = "machine.caches[" + std::to_string(I) + "]";
      object(Caches[I], Field);
      CacheLevel C;
      C.Level = static_cast<unsigned>(
          positive(member(Caches[I], Field + ".", "level"), Field + ".level"));
      C.SizeBytes =
          positive(member(Caches[I], Field + ".", "size"), Field + ".size");
      if (Caches[I].contains("shared"))
        C.Shared = boolean(Caches[I]["shared"], Field + ".shared");
      M.Caches.push_back(C);
    }
    return M;
  }

  FitStats fit(const json &J, const std::string &Field) const {
    object(J, Field);
    FitStats F;
    auto Get = [&](const char *Key, double &Out) {
      if (J.contains(Key))
        Out = number(J[Key], Field + "." + Key);
    };
    Get("avg_rel_err", F.AvgRelErr);
    Get("max_rel_err", F.MaxRelErr);
    Get("S_e", F.Se);
    Get("R2", F.R2);
    if (J.contains("train_points"))
      F.TrainPoints = static_cast<unsigned>(
          positive(J["train_points"], Field + ".train_points"));
    if (J.contains("test_points"))
      F.TestPoints = static_cast<unsigned>(
          positive(J["test_points"], Field + ".test_points"));
    return F;
  }

  Model model(const std::string &Name, const json &J) const {
    std::string Field = "models." + Name;
    object(J, Field);
    std::string Form = string(member(J, Field + ".", "form"), Field + ".form");
    const json &Coefs = member(J, Field + ".", "coefficients");
    object(Coefs, Field + ".coefficients");
    std::map<std::string, double> Values;
    for (const auto &[Coef, Value] : Coefs.items())
      Values[Coef] = number(Value, Field + ".coefficients." + Coef);
    std::optional<Model> M;
    try {
      M.emplace(Name, Form, Values);
    } catch (const ExprParseError &E) {
      fail(Field + ".form", std::string("not a formula in the grammar: ") +
                                E.what());
    }
    for (const auto &[Coef, Value] : Values)
      if (!M->form().variables().count(Coef))
        fail(Field + ".coefficients." + Coef,
             "the form '" + Form + "' does not use this coefficient");
    if (J.contains("paper"))
      M->Paper = string(J["paper"], Field + ".paper");
    if (J.contains("units")) {
      M->Units = string(J["units"], Field + ".units");
      if (M->Units != "us")
        fail(Field + ".units",
             "expected \"us\" (coefficients in microseconds per unit), found \"" +
                 M->Units + "\"");
    }
    if (J.contains("fit"))
      M->Fit = fit(J["fit"], Field + ".fit");
    return *M;
  }

  std::string Source;
};

} // namespace

const Model &Profile::model(const std::string &Name) const {
  auto It = Models.find(Name);
  if (It == Models.end())
    throw ProfileError(Source, "models." + Name, "no such model");
  return It->second;
}

const Model &Profile::modelForSite(const std::string &Kind) const {
  auto It = SiteModels.find(Kind);
  if (It == SiteModels.end())
    throw ProfileError(Source, "site_models." + Kind,
                       "no model is assigned to sites of kind '" + Kind + "'");
  return model(It->second);
}

Profile Profile::fromJson(const nlohmann::json &J, const std::string &Source) {
  Reader R(Source);
  R.object(J, "(document)");
  std::string Schema = R.string(R.member(J, "", "schema"), "schema");
  if (Schema != ProfileSchema)
    R.fail("schema", "unknown schema \"" + Schema + "\" (expected \"" +
                         ProfileSchema + "\")");
  Profile P;
  P.Source = Source;
  P.Extra = J;
  P.Machine = R.machine(R.member(J, "", "machine"));
  const json &Models = R.member(J, "", "models");
  R.object(Models, "models");
  for (const auto &[Name, Body] : Models.items())
    P.Models.emplace(Name, R.model(Name, Body));
  if (J.contains("site_models")) {
    R.object(J["site_models"], "site_models");
    for (const auto &[Kind, Name] : J["site_models"].items()) {
      std::string Field = "site_models." + Kind;
      std::string ModelName = R.string(Name, Field);
      if (!P.Models.count(ModelName))
        R.fail(Field, "names model \"" + ModelName +
                          "\", which the profile does not define");
      P.SiteModels[Kind] = ModelName;
    }
  }
  return P;
}

nlohmann::json Profile::toJson() const {
  json J = Extra.is_object() ? Extra : json::object();
  J["schema"] = ProfileSchema;
  json &M = J["machine"];
  if (!M.is_object())
    M = json::object();
  M["description"] = Machine.Description;
  M["line_size"] = Machine.LineSize;
  M["page_size"] = Machine.PageSize;
  M["cores"] = Machine.Cores;
  M["default"] = Machine.IsDefault;
  json Caches = json::array();
  for (const CacheLevel &C : Machine.Caches)
    Caches.push_back(
        {{"level", C.Level}, {"size", C.SizeBytes}, {"shared", C.Shared}});
  M["caches"] = Caches;

  json Old = J.contains("models") && J["models"].is_object() ? J["models"]
                                                             : json::object();
  json Out = json::object();
  for (const auto &[Name, Mod] : Models) {
    json Body = Old.contains(Name) && Old[Name].is_object() ? Old[Name]
                                                            : json::object();
    Body["form"] = Mod.formText();
    Body["coefficients"] = Mod.coefficients();
    Body["units"] = Mod.Units;
    if (!Mod.Paper.empty())
      Body["paper"] = Mod.Paper;
    const FitStats &F = Mod.Fit;
    if (F.TrainPoints || F.TestPoints) {
      json &Fit = Body["fit"];
      if (!Fit.is_object())
        Fit = json::object();
      Fit["avg_rel_err"] = F.AvgRelErr;
      Fit["max_rel_err"] = F.MaxRelErr;
      Fit["S_e"] = F.Se;
      Fit["R2"] = F.R2;
      if (F.TrainPoints)
        Fit["train_points"] = F.TrainPoints;
      if (F.TestPoints)
        Fit["test_points"] = F.TestPoints;
    }
    Out[Name] = Body;
  }
  J["models"] = Out;
  J["site_models"] = SiteModels;
  return J;
}

Profile loadProfile(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    throw ProfileError(Path, "(file)",
                       std::string("cannot be read: ") + std::strerror(errno));
  std::stringstream Text;
  Text << In.rdbuf();
  nlohmann::json J;
  try {
    J = nlohmann::json::parse(Text.str());
  } catch (const nlohmann::json::parse_error &E) {
    throw ProfileError(Path, "(document)",
                       std::string("not valid JSON: ") + E.what());
  }
  return Profile::fromJson(J, Path);
}

const Profile &defaultProfile() {
  static const Profile P = Profile::fromJson(
      nlohmann::json::parse(commcostDefaultProfileText), "<embedded default>");
  return P;
}

void saveProfile(const Profile &P, const std::string &Path) {
  try {
    writeFileAtomically(Path, P.toJson().dump(2) + "\n");
  } catch (const FileWriteError &E) {
    throw ProfileError(Path, "(file)", E.what());
  }
}

std::string defaultProfilePath() {
  if (const char *Env = std::getenv("COMMCOST_PROFILE"); Env && *Env)
    return Env;
  if (const char *Xdg = std::getenv("XDG_CONFIG_HOME"); Xdg && *Xdg)
    return std::string(Xdg) + "/commcost/profile.json";
  const char *Home = std::getenv("HOME");
  return std::string(Home && *Home ? Home : ".") +
         "/.config/commcost/profile.json";
}

Profile resolveProfile(const std::optional<std::string> &Path) {
  if (Path)
    return loadProfile(*Path);
  // A profile named by the environment must exist; the conventional
  // location is used only when calibration has written it.
  const char *Env = std::getenv("COMMCOST_PROFILE");
  std::string Default = defaultProfilePath();
  struct stat St;
  if ((Env && *Env) || ::stat(Default.c_str(), &St) == 0)
    return loadProfile(Default);
  return defaultProfile();
}

} // namespace commcost
