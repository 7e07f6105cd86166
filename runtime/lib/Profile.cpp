// Machine profiles: validation of the JSON document field by field, the
// embedded default, where the calibrated profile lives, and atomic saves.
#include "commcost/Profile.h"
#include "commcost/Clip.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

  /// A value as a message shows it: its type and a short spelling.
  static std::string describe(const json &J) {
    switch (J.type()) {
    case json::value_t::object:
      return "an object of " + std::to_string(J.size()) + " members";
    case json::value_t::array:
      return "an array of " + std::to_string(J.size()) + " elements";
    case json::value_t::string:
      return "string \"" + clip(J.get_ref<const std::string &>()) + "\"";
    default:
      return std::string(J.type_name()) + " " + J.dump();
    }
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

  /// Whether J is an integer in [Min, Max], read without narrowing:
  /// 2^32 + 64 is not 64.
  static bool integerIn(const json &J, uint64_t Min, uint64_t Max) {
    // Non-negative integers are stored unsigned, negative ones signed.
    return J.is_number_unsigned() && J.get<uint64_t>() >= Min &&
           J.get<uint64_t>() <= Max;
  }

  uint64_t integer(const json &J, const std::string &Field, uint64_t Min,
                   uint64_t Max) const {
    if (!integerIn(J, Min, Max))
      fail(Field, "expected an integer from " + std::to_string(Min) + " to " +
                      std::to_string(Max) + ", found " + describe(J));
    return J.get<uint64_t>();
  }

  uint64_t powerOfTwo(const json &J, const std::string &Field, uint64_t Min,
                      uint64_t Max) const {
    if (!integerIn(J, Min, Max) || !std::has_single_bit(J.get<uint64_t>()))
      fail(Field, "expected a power of two from " + std::to_string(Min) +
                      " to " + std::to_string(Max) + ", found " +
                      describe(J));
    return J.get<uint64_t>();
  }

  double number(const json &J, const std::string &Field) const {
    if (!J.is_number() || !std::isfinite(J.get<double>()))
      fail(Field, "expected a finite number, found " + describe(J));
    return J.get<double>();
  }

  double nonNegative(const json &J, const std::string &Field) const {
    double V = number(J, Field);
    if (V < 0)
      fail(Field, "expected a number at least 0, found " + describe(J));
    return V;
  }

  bool boolean(const json &J, const std::string &Field) const {
    if (!J.is_boolean())
      fail(Field, "expected true or false, found " + describe(J));
    return J.get<bool>();
  }

  MachineInfo machine(const json &J) const {
    object(J, "machine");
    MachineInfo M;
    M.LineSize = powerOfTwo(member(J, "machine.", "line_size"),
                            "machine.line_size", MinLineSize, MaxLineSize);
    M.Cores = static_cast<unsigned>(
        integer(member(J, "machine.", "cores"), "machine.cores", 1, MaxCores));
    M.Description =
        string(member(J, "machine.", "description"), "machine.description");
    // Without a page size the usual 4096 bytes, above any line size.
    if (J.contains("page_size"))
      M.PageSize = powerOfTwo(J["page_size"], "machine.page_size",
                              std::max(MinPageSize, M.LineSize), MaxPageSize);
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
          integer(member(Caches[I], Field + ".", "level"), Field + ".level", 1,
                  MaxCacheLevel));
      C.SizeBytes = integer(member(Caches[I], Field + ".", "size"),
                            Field + ".size", M.LineSize, MaxCacheBytes);
      if (Caches[I].contains("shared"))
        C.Shared = boolean(Caches[I]["shared"], Field + ".shared");
      if (Caches[I].contains("ways"))
        C.Ways = integer(Caches[I]["ways"], Field + ".ways", 1, MaxCacheWays);
      M.Caches.push_back(C);
    }
    return M;
  }

  FitStats fit(const json &J, const std::string &Field) const {
    object(J, Field);
    FitStats F;
    auto Get = [&](const char *Key, double &Out) {
      if (J.contains(Key))
        Out = nonNegative(J[Key], Field + "." + Key);
    };
    Get("avg_rel_err", F.AvgRelErr);
    Get("max_rel_err", F.MaxRelErr);
    Get("S_e", F.Se);
    Get("R2", F.R2);
    if (J.contains("train_points"))
      F.TrainPoints = static_cast<unsigned>(
          integer(J["train_points"], Field + ".train_points", 1, MaxFitPoints));
    if (J.contains("test_points"))
      F.TestPoints = static_cast<unsigned>(
          integer(J["test_points"], Field + ".test_points", 1, MaxFitPoints));
    return F;
  }

  Model model(const std::string &Name, const json &J) const {
    std::string Field = "models." + clip(Name);
    object(J, Field);
    std::string Form = string(member(J, Field + ".", "form"), Field + ".form");
    const json &Coefs = member(J, Field + ".", "coefficients");
    object(Coefs, Field + ".coefficients");
    std::map<std::string, double> Values;
    for (const auto &[Coef, Value] : Coefs.items()) {
      std::string CoefField = Field + ".coefficients." + clip(Coef);
      Values[Coef] = number(Value, CoefField);
      try {
        checkCoefficient(Coef, Values[Coef]);
      } catch (const ModelError &E) {
        fail(CoefField, E.what());
      }
    }
    std::optional<Model> M;
    try {
      M.emplace(Name, Form, Values);
    } catch (const ExprParseError &E) {
      fail(Field + ".form", std::string("not a formula in the grammar: ") +
                                E.what());
    }
    std::set<std::string> Used = M->form().variables();
    for (const auto &[Coef, Value] : Values)
      if (!Used.count(Coef))
        fail(Field + ".coefficients." + clip(Coef),
             "the form '" + clip(Form) + "' does not use this coefficient");
    if (J.contains("paper"))
      M->Paper = string(J["paper"], Field + ".paper");
    if (J.contains("units")) {
      M->Units = string(J["units"], Field + ".units");
      if (M->Units != "us")
        fail(Field + ".units",
             "expected \"us\" (coefficients in microseconds per unit), found \"" +
                 clip(M->Units) + "\"");
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
    throw ProfileError(Source, "models." + clip(Name), "no such model");
  return It->second;
}

const Model &Profile::modelForSite(const std::string &Kind) const {
  auto It = SiteModels.find(Kind);
  if (It == SiteModels.end())
    throw ProfileError(Source, "site_models." + clip(Kind),
                       "no model is assigned to sites of kind '" + clip(Kind) +
                           "'");
  return model(It->second);
}

const Model *Profile::warmModelForSite(const std::string &Kind) const {
  auto It = WarmSiteModels.find(Kind);
  return It == WarmSiteModels.end() ? nullptr : &model(It->second);
}

Profile Profile::fromJson(const nlohmann::json &J, const std::string &Source) {
  Reader R(Source);
  R.object(J, "(document)");
  std::string Schema = R.string(R.member(J, "", "schema"), "schema");
  if (Schema != ProfileSchema)
    R.fail("schema", "unknown schema \"" + clip(Schema) + "\" (expected \"" +
                         ProfileSchema + "\")");
  Profile P;
  P.Source = Source;
  P.Extra = J;
  P.Machine = R.machine(R.member(J, "", "machine"));
  const json &Models = R.member(J, "", "models");
  R.object(Models, "models");
  for (const auto &[Name, Body] : Models.items())
    P.Models.emplace(Name, R.model(Name, Body));
  auto SiteModels = [&](const char *Key, std::map<std::string, std::string> &Out) {
    if (!J.contains(Key))
      return;
    R.object(J[Key], Key);
    for (const auto &[Kind, Name] : J[Key].items()) {
      std::string Field = std::string(Key) + "." + clip(Kind);
      std::string ModelName = R.string(Name, Field);
      if (!P.Models.count(ModelName))
        R.fail(Field, "names model \"" + clip(ModelName) +
                          "\", which the profile does not define");
      Out[Kind] = ModelName;
    }
  };
  SiteModels("site_models", P.SiteModels);
  SiteModels("site_models_warm", P.WarmSiteModels);
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
  for (const CacheLevel &C : Machine.Caches) {
    json Level = {{"level", C.Level}, {"size", C.SizeBytes}, {"shared", C.Shared}};
    if (C.Ways)
      Level["ways"] = C.Ways;
    Caches.push_back(std::move(Level));
  }
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
  if (WarmSiteModels.empty())
    J.erase("site_models_warm");
  else
    J["site_models_warm"] = WarmSiteModels;
  return J;
}

namespace {

/// Parses JSON text, refusing nesting deeper than MaxProfileDepth before the
/// recursive parts of nlohmann::json (copies, dumps) could meet it. Errors
/// name the field being read, tracked from the parser's events.
nlohmann::json parseDocument(std::string_view Text, const std::string &Source) {
  using Event = nlohmann::json::parse_event_t;
  // One entry per open object or array: the key being read, or the index
  // of the element being read.
  struct Level {
    bool IsArray;
    size_t Next = 0;
    std::string Key;
  };
  std::vector<Level> Open;
  auto Where = [&] {
    std::string Field;
    for (const Level &L : Open) {
      if (L.IsArray)
        Field += "[" + std::to_string(L.Next) + "]";
      else if (!L.Key.empty())
        Field += (Field.empty() ? "" : ".") + clip(L.Key);
    }
    return Field.empty() ? std::string("(document)") : Field;
  };
  auto Callback = [&](int, Event E, nlohmann::json &Parsed) {
    switch (E) {
    case Event::object_start:
    case Event::array_start:
      if (Open.size() >= MaxProfileDepth)
        throw ProfileError(Source, clip(Where()),
                           "nested deeper than " +
                               std::to_string(MaxProfileDepth) +
                               " levels of objects and arrays");
      Open.push_back({E == Event::array_start, 0, {}});
      break;
    case Event::key:
      Open.back().Key = Parsed.get<std::string>();
      break;
    case Event::object_end:
    case Event::array_end:
      Open.pop_back();
      [[fallthrough]];
    case Event::value:
      // The element or member is read: the next one, or the container's
      // end, comes.
      if (!Open.empty() && Open.back().IsArray)
        ++Open.back().Next;
      else if (!Open.empty())
        Open.back().Key.clear();
      break;
    }
    return true;
  };
  // nlohmann reads a NUL byte as the end of the input and would ignore
  // what follows it.
  if (size_t Nul = Text.find('\0'); Nul != std::string_view::npos)
    throw ProfileError(Source, "(document)",
                       "not valid JSON: a NUL byte at offset " +
                           std::to_string(Nul));
  try {
    return nlohmann::json::parse(Text, Callback);
  } catch (const nlohmann::json::exception &E) {
    // parse_error, and out_of_range for a number beyond a double (1e400).
    throw ProfileError(Source, clip(Where()),
                       std::string("not valid JSON: ") +
                           clip(E.what(), 4 * MaxQuotedBytes));
  }
}

} // namespace

Profile parseProfile(std::string_view Text, const std::string &Source) {
  return Profile::fromJson(parseDocument(Text, Source), Source);
}

Profile loadProfile(const std::string &Path) {
  auto CannotRead = [&](const std::string &Why) {
    return ProfileError(Path, "(file)", "cannot be read: " + Why);
  };
  // Non-blocking, so that opening a pipe does not wait for a writer.
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (Fd < 0)
    throw CannotRead(std::strerror(errno));
  std::string Text;
  try {
    struct stat St;
    if (::fstat(Fd, &St) != 0)
      throw CannotRead(std::strerror(errno));
    if (S_ISDIR(St.st_mode))
      throw ProfileError(Path, "(file)",
                         "is a directory, expected a profile (a JSON file)");
    if (!S_ISREG(St.st_mode))
      throw ProfileError(Path, "(file)",
                         "is not a regular file (a device, pipe or socket), "
                         "expected a profile (a JSON file)");
    auto TooLarge = [&] {
      return ProfileError(Path, "(file)",
                          "is larger than the " +
                              std::to_string(MaxProfileBytes >> 20) +
                              " MiB a profile may have");
    };
    if (uint64_t(St.st_size) > MaxProfileBytes)
      throw TooLarge();
    // The file may grow while it is read: read at most one byte too many.
    Text.resize(MaxProfileBytes + 1);
    size_t Done = 0;
    while (Done < Text.size()) {
      ssize_t N = ::read(Fd, Text.data() + Done, Text.size() - Done);
      if (N < 0 && errno == EINTR)
        continue;
      if (N < 0)
        throw CannotRead(std::strerror(errno));
      if (N == 0)
        break;
      Done += size_t(N);
    }
    if (Done > MaxProfileBytes)
      throw TooLarge();
    Text.resize(Done);
  } catch (...) {
    ::close(Fd);
    throw;
  }
  ::close(Fd);
  return parseProfile(Text, Path);
}

const Profile &defaultProfile() {
  static const Profile P = [] {
    Profile Compiled =
        parseProfile(commcostDefaultProfileText, "<embedded default>");
    Compiled.Embedded = true;
    return Compiled;
  }();
  return P;
}

void saveProfile(const Profile &P, const std::string &Path) {
  nlohmann::json J = P.toJson();
  // What loading would refuse is not written: the message names the field
  // as loading it would.
  Profile::fromJson(J, Path);
  try {
    writeFileAtomically(Path, J.dump(2) + "\n");
  } catch (const FileWriteError &E) {
    throw ProfileError(Path, "(file)", E.what());
  }
}

std::string describeProfile(const Profile &P) {
  if (P.Embedded)
    return "embedded default profile";
  return "profile " + P.Source +
         (P.Machine.IsDefault ? " (marked default: not a measurement)" : "");
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
