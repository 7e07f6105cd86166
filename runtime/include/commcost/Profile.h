// Machine profiles (docs/design.md, "Profile"): JSON with schema
// "commcost-profile/1", a machine object and fitted models. Loading
// validates every field and refuses a malformed file with a message naming
// the file, the field and what was expected; unknown fields are kept and
// written back. Saving is atomic: a failed save leaves the old file intact.
#pragma once

#include "commcost/AtomicFile.h"
#include "commcost/Model.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace commcost {

inline constexpr const char *ProfileSchema = "commcost-profile/1";

/// Raised for an unreadable or malformed profile. what() reads
/// "FILE: FIELD: PROBLEM".
class ProfileError : public std::runtime_error {
public:
  ProfileError(std::string File, std::string Field, const std::string &Problem);
  std::string File;
  std::string Field;
};

struct CacheLevel {
  unsigned Level = 1;
  uint64_t SizeBytes = 0;
  bool Shared = false;
};

struct MachineInfo {
  std::string Description;
  uint64_t LineSize = 64;
  uint64_t PageSize = 4096;
  unsigned Cores = 1;
  std::vector<CacheLevel> Caches;
  /// True for the embedded default: plausible numbers, not a measurement.
  bool IsDefault = false;
};

class Profile {
public:
  /// Where the profile came from: a path, or "<embedded default>".
  std::string Source;
  MachineInfo Machine;
  /// Fitted models by name.
  std::map<std::string, Model> Models;
  /// Which model predicts which kind of site (send, recv, put, get, copy,
  /// copy-loop, superstep, packet).
  std::map<std::string, std::string> SiteModels;
  /// The document as read: fields commcost does not know, at any level,
  /// are written back unchanged by toJson().
  nlohmann::json Extra = nlohmann::json::object();

  /// The model for a kind of site; throws ProfileError if the profile maps
  /// the kind to no model or to a model it does not have.
  const Model &modelForSite(const std::string &Kind) const;
  const Model &model(const std::string &Name) const;

  nlohmann::json toJson() const;
  /// Validates J; Source names the file in errors.
  static Profile fromJson(const nlohmann::json &J, const std::string &Source);
};

/// Read and validate a profile file.
Profile loadProfile(const std::string &Path);
/// The profile compiled into the library (not a measurement).
const Profile &defaultProfile();
/// Write atomically: a temporary file in the same folder, flushed, then
/// renamed over Path. Throws ProfileError on failure, leaving Path as it was.
void saveProfile(const Profile &P, const std::string &Path);

/// The profile `commcost calibrate` writes by default and the plugin uses
/// when given none: $COMMCOST_PROFILE, else
/// $XDG_CONFIG_HOME/commcost/profile.json (~/.config/commcost/profile.json).
std::string defaultProfilePath();
/// The profile to use: Path if given, else the default path if that file
/// exists, else the embedded default.
Profile resolveProfile(const std::optional<std::string> &Path);

} // namespace commcost
