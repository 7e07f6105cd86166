// Machine profiles (docs/design.md, "Profile"): JSON with schema
// "commcost-profile/1", a machine object and fitted models. Loading
// validates every field and refuses a malformed file with a message naming
// the file, the field and what was expected; unknown fields are kept and
// written back. Saving is atomic: a failed save leaves the old file intact.
//
// A profile is input from anywhere (a user's file, an environment
// variable), so reading it is bounded: a regular file of at most
// MaxProfileBytes, JSON nested at most MaxProfileDepth levels, and every
// number inside the range below (no silent narrowing).
#pragma once

#include "commcost/AtomicFile.h"
#include "commcost/Model.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace commcost {

inline constexpr const char *ProfileSchema = "commcost-profile/1";

/// Largest profile file read (a calibrated profile is a few KiB).
inline constexpr uint64_t MaxProfileBytes = 16u << 20;
/// Deepest JSON nesting read (the format itself needs 4 levels).
inline constexpr unsigned MaxProfileDepth = 64;
/// Line sizes are powers of two in this range (bytes).
inline constexpr uint64_t MinLineSize = 8, MaxLineSize = 1024;
/// Page sizes are powers of two in this range and at least the line size:
/// the base pages whose TLB entries the pages feature counts, not huge
/// pages. Line counts over unknown offsets take time in proportion to the
/// page size.
inline constexpr uint64_t MinPageSize = 1024, MaxPageSize = 65536;
inline constexpr uint64_t MaxCores = 65536;
/// Cache levels are numbered 1 to MaxCacheLevel; a cache holds at least a
/// line and at most MaxCacheBytes.
inline constexpr uint64_t MaxCacheLevel = 8;
inline constexpr uint64_t MaxCacheBytes = uint64_t(1) << 40;
/// Ways of associativity, when given: 1 (direct-mapped) to this many.
inline constexpr uint64_t MaxCacheWays = 1024;
/// Fit statistics count at most this many points.
inline constexpr uint64_t MaxFitPoints = 1000000000;

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
  /// Ways of associativity; 0: fully associative or not known.
  uint64_t Ways = 0;
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
  /// True only for the profile compiled into the library (defaultProfile()
  /// and its copies); a file is never embedded, whatever it says.
  bool Embedded = false;
  MachineInfo Machine;
  /// Fitted models by name.
  std::map<std::string, Model> Models;
  /// Which model predicts which kind of site (send, recv, put, get, copy,
  /// copy-loop, superstep, packet).
  std::map<std::string, std::string> SiteModels;
  /// Which model predicts a kind of site when its data start in cache
  /// (site_models_warm): the lower end of the site's [warm, cold] interval.
  /// Kinds absent here are priced cold only.
  std::map<std::string, std::string> WarmSiteModels;
  /// The document as read: fields commcost does not know, at any level,
  /// are written back unchanged by toJson().
  nlohmann::json Extra = nlohmann::json::object();

  /// The model for a kind of site; throws ProfileError if the profile maps
  /// the kind to no model or to a model it does not have.
  const Model &modelForSite(const std::string &Kind) const;
  const Model &model(const std::string &Name) const;
  /// The warm model for a kind of site, or null when the profile has none.
  const Model *warmModelForSite(const std::string &Kind) const;

  nlohmann::json toJson() const;
  /// Validates J; Source names the file in errors. J's nesting is not
  /// checked: parse untrusted text with parseProfile.
  static Profile fromJson(const nlohmann::json &J, const std::string &Source);
};

/// Parse and validate the text of a profile; Source names the file in
/// errors. Refuses nesting deeper than MaxProfileDepth and numbers that do
/// not fit a double, naming the field being read.
Profile parseProfile(std::string_view Text, const std::string &Source);
/// Read and validate a profile file: a regular file of at most
/// MaxProfileBytes (a directory, a device or a pipe is refused).
Profile loadProfile(const std::string &Path);
/// The profile compiled into the library (not a measurement).
const Profile &defaultProfile();
/// Write atomically: a temporary file in the same folder, flushed, then
/// renamed over Path. Throws ProfileError on failure, leaving Path as it was;
/// a profile that loading would refuse is not written.
void saveProfile(const Profile &P, const std::string &Path);

/// How remarks and tables name the profile in use: "embedded default
/// profile" for the one compiled in, else "profile PATH", with "(marked
/// default: not a measurement)" for a file whose machine says so.
std::string describeProfile(const Profile &P);

/// The profile `commcost calibrate` writes by default and the plugin uses
/// when given none: $COMMCOST_PROFILE, else
/// $XDG_CONFIG_HOME/commcost/profile.json (~/.config/commcost/profile.json).
std::string defaultProfilePath();
/// The profile to use: Path if given, else the default path if that file
/// exists, else the embedded default.
Profile resolveProfile(const std::optional<std::string> &Path);

} // namespace commcost
