// From raw points to fitted models: the fits and validations of every
// suite (train and held-out sets as each seed does it), the forms this
// project adds where the seeds' are not enough, selection by held-out
// error, the accuracy targets, and the profile built from the result.
// The same code serves a fresh run and `--refit DIR`.
#pragma once

#include "RawData.h"
#include "commcost/Profile.h"

#include <map>
#include <string>
#include <vector>

namespace commcost::calib {

/// Raw points by suite name (noise, marshalling, smp, mpi, packets).
using RawSet = std::map<std::string, std::vector<Point>>;

/// One form fitted on one training set and validated on one held-out set.
struct FittedForm {
  std::string Suite;       ///< marshalling, smp-good, smp-bad, mpi, packets
  std::string Group;       ///< the subset: "rows+columns", "p=2", ...
  std::string TrainedOn;   ///< "train", "suite1", ...
  std::string ValidatedOn; ///< "test", "suite2", ...
  std::string Form;        ///< the form's name (S1, HrHwM-c, F_io-pw, ...)
  bool Added = false;      ///< a form beyond the seeds
  Model M;
  FitStats Held;
};

struct Target {
  std::string What;
  double Value = 0, Limit = 0;
  bool Met = false;
  std::string Detail;
};

struct Analysis {
  double NoiseFloor = 0; ///< 0 when not measured
  std::vector<FittedForm> Fits;
  std::vector<Target> Targets;
  std::vector<double> Breakpoints; ///< message sizes of protocol switches
  /// Fischer: per-packet and per-byte coefficients at r = 1, the data
  /// size of the packet curve, the predicted and measured best packet.
  double PacketA1 = 0, PacketA2 = 0, PacketD = 0, PacketL0 = 0,
         PacketMeasuredL = 0;
  std::map<std::string, std::string> SiteModels;
  std::vector<std::string> Notes;
};

/// The median over probes of the relative range of their repeated medians.
double noiseFloor(const std::vector<Point> &Noise);

Analysis analyse(const RawSet &Raw, const MachineInfo &Machine);

/// The profile: every fitted model (named uniquely), the site-kind map,
/// and the calibration summary under "calibration" in Extra.
Profile buildProfile(const Analysis &A, const MachineInfo &Machine,
                     const nlohmann::json &RunInfo);

/// The fits of one suite and group, best held-out average error first.
std::vector<const FittedForm *> fitsOf(const Analysis &A,
                                       const std::string &Suite,
                                       const std::string &Group,
                                       const std::string &ValidatedOn);

} // namespace commcost::calib
