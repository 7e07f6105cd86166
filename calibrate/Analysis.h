// From raw points to fitted models: the fits and validations of every
// suite (train and held-out sets as each seed does it), the forms this
// project adds where the seeds' are not enough, selection by held-out
// error, the accuracy targets, and the profile built from the result.
// The same code serves a fresh run and `--refit DIR`.
#pragma once

#include "RawData.h"
#include "TlbReach.h"
#include "commcost/Profile.h"

#include <map>
#include <optional>
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
  /// For a missed target: why, from the measurements (empty when met).
  std::string Why;
  /// The target before the noise floor raised it (Limit = max(Plain,
  /// 1.5 N)).
  double Plain = 0;
};

/// How a message whose buffer is in several runs is priced from the message
/// model's price S and the marshalling model's price K at the site: Z +
/// A*S + P*K. The identity, the message and the compiled loop's pack in
/// turn, where nothing was measured.
struct DatatypeFit {
  double Z = 0, A = 1, P = 1;
};

/// A send or receive site model on the derived-datatype messages of one
/// side and state: the message and the compiled loop's pack summed, and
/// fitted as z + a*message + p*pack on them.
struct DatatypeCheck {
  std::string State; ///< "cold" or "warm"
  bool Receive = false;
  FitStats Sum, Fitted;
  /// Each row count's points priced by the fit on the others' (no test
  /// points with one row count).
  FitStats HeldOut;
  DatatypeFit Fit;
};

struct Analysis {
  double NoiseFloor = 0; ///< 0 when not measured
  /// How far one marshalling shape's medians disagree across places in
  /// memory (0 when not measured).
  double PlacementSpread = 0;
  /// What a translation costs per access by pages walked (suite tlb),
  /// and the TLB's reach from it: the pages-walked-again terms use the
  /// tried TLB size nearest it, and the one nearest where the costs start
  /// to climb where that is smaller (TlbReach.h).
  std::vector<TranslationCost> TlbCosts;
  std::optional<uint64_t> TlbReach, TlbClimb;
  std::vector<FittedForm> Fits;
  std::vector<Target> Targets;
  /// Message sizes of protocol switches, seen in the block permutations.
  std::vector<double> Breakpoints;
  /// Message sizes where the cold streams change regime, at one of those
  /// or at a stream size: Msg-pw splits there.
  std::vector<double> SendBreakpoints;
  /// The site models on derived-datatype messages, per side and state
  /// (empty when not measured).
  std::vector<DatatypeCheck> DatatypeChecks;
  /// Largest-message sizes where the supersteps' costs change regime,
  /// found on the training supersteps; the F_*-pw forms split there.
  std::vector<double> SuperstepBreakpoints;
  /// Fischer: per-packet and per-byte coefficients at r = 1, the data
  /// size of the packet curve, the predicted and measured best packet.
  double PacketA1 = 0, PacketA2 = 0, PacketD = 0, PacketL0 = 0,
         PacketMeasuredL = 0;
  std::string PacketRule; ///< how PacketL0 was chosen
  std::map<std::string, std::string> SiteModels;
  /// The same for data that start in cache: copies and sends measured warm.
  std::map<std::string, std::string> WarmSiteModels;
  std::vector<std::string> Notes;
};

/// The median over probes of the relative range of their repeated medians
/// (sets pass1, pass2, ...).
double noiseFloor(const std::vector<Point> &Noise);
/// The same over one probe's places: sets pass1, place2, place3, ...
double placementSpread(const std::vector<Point> &Noise);

Analysis analyse(const RawSet &Raw, const MachineInfo &Machine);

/// The profile: every fitted model (named uniquely), the site-kind map,
/// and the calibration summary under "calibration" in Extra.
Profile buildProfile(const Analysis &A, const MachineInfo &Machine,
                     const nlohmann::json &RunInfo);

/// The two sides of a one-way message the streams time: a send's cost is
/// the stream's, from the release to the last message received; a
/// receive's is its own time once its message is there.
struct MessageSide {
  const char *Kind;   ///< the stream points' kind
  const char *Suite;  ///< the fits' suite
  const char *Prefix; ///< the models' names: Prefix, Prefix-pw
  const char *Sets;   ///< the train and held-out sets' names
};
inline constexpr MessageSide SendSide{"stream", "mpi-send", "Msg", "streams"};
inline constexpr MessageSide ReceiveSide{"stream-recv", "mpi-recv", "Recv",
                                         "receives"};

/// The set Side's message fits of State ("cold" or "warm") are validated
/// on (HeldOut) or trained on.
std::string messageSet(const MessageSide &Side, const std::string &State,
                       bool HeldOut);

/// The fits of one suite and group, best held-out average error first.
std::vector<const FittedForm *> fitsOf(const Analysis &A,
                                       const std::string &Suite,
                                       const std::string &Group,
                                       const std::string &ValidatedOn);

} // namespace commcost::calib
