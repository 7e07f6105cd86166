// Cost models: the forms of the five papers (docs/design.md, "Model forms"), each
// a formula over named features and named coefficients written in the
// expression grammar, evaluated with real arithmetic. Also the quantities
// derived from models: the good/bad prediction interval with Loc and M/G
// (Amato et al.) and the optimal packet split (Fischer et al.).
#pragma once

#include "commcost/Expr.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace commcost {

/// Feature values by name: n, m, L_mem, hr, hw, h, hi, ho, M, V, k, l, r...
using FeatureVector = std::map<std::string, double, std::less<>>;

class ModelError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The largest magnitude of a coefficient, in microseconds per unit of its
/// feature: a second per message, byte or line is no machine's. Within it,
/// costExprPs's scaling to integer picoseconds is exact in 64 bits.
inline constexpr double MaxCoefficientUs = 1e6;

/// Throws ModelError naming Name unless Value is a finite coefficient of
/// magnitude at most MaxCoefficientUs.
void checkCoefficient(const std::string &Name, double Value);

/// Fit statistics kept next to the coefficients (cache-lines paper: S_e is
/// the standard deviation of the error, R2 is SSE over the SSE of the mean
/// model; below 0.01 is good).
struct FitStats {
  double AvgRelErr = 0;
  double MaxRelErr = 0;
  double Se = 0;
  double R2 = 0;
  unsigned TrainPoints = 0;
  unsigned TestPoints = 0;
};

/// A model form of one of the papers, before fitting.
struct ModelForm {
  std::string Name;  ///< "M1", "HrHwM-c", "F_io", ...
  std::string Paper; ///< "cache-lines", "amato", "bianco-pucci", ...
  std::string Form;  ///< the formula in the grammar
  std::vector<std::string> Coefficients; ///< names in the formula that are fitted
};

/// Every paper's model forms, in the order of docs/design.md.
const std::vector<ModelForm> &builtinModelForms();
/// The form named Name; throws ModelError if there is none.
const ModelForm &builtinModelForm(const std::string &Name);

/// A fitted model: a form and its coefficients (cost unit: microseconds).
class Model {
public:
  /// Throws ExprParseError for a form outside the grammar and ModelError
  /// for a coefficient that checkCoefficient refuses.
  Model(std::string Name, std::string Form,
        std::map<std::string, double> Coefficients);

  const std::string &name() const { return Name; }
  const std::string &formText() const { return FormText; }
  const Expr &form() const { return FormExpr; }
  const std::map<std::string, double> &coefficients() const { return Coefs; }
  /// Feature names the form needs: its variables that are not coefficients.
  const std::vector<std::string> &features() const { return Features; }
  /// The same for a model and its copies, distinct between models built
  /// apart (even from the same text): a memo of costs can key on it.
  uint64_t id() const { return Id; }

  /// Predicted cost in microseconds. F may hold features the form does not
  /// use. Throws ModelError naming the first feature of the form that F
  /// lacks or gives as negative or not finite, or when the cost itself is
  /// not finite.
  double evaluate(const FeatureVector &F) const;
  /// Throws ModelError naming the first name in F that is not a feature of
  /// the form (a misspelt feature would otherwise go unnoticed).
  void requireOnlyFeatures(const FeatureVector &F) const;
  /// The form with the coefficients and the given feature expressions
  /// substituted, for symbolic costs. Coefficients are scaled to integer
  /// picoseconds so that the result stays in the integer grammar: the
  /// value is the cost in picoseconds (divide by 1e6 for microseconds).
  /// Throws ModelError for a missing feature or a result nested deeper
  /// than MaxExprDepth.
  Expr costExprPs(const std::map<std::string, Expr> &Features) const;

  std::string Paper;
  std::string Units = "us";
  FitStats Fit;

private:
  std::string Name;
  std::string FormText;
  Expr FormExpr;
  std::map<std::string, double> Coefs;
  std::vector<std::string> Features;
  uint64_t Id;
  /// The form with the coefficients in integer picoseconds, built on first
  /// use (a profile holds dozens of models, a unit prices with a few) and
  /// shared by copies.
  struct ScaledForm;
  std::shared_ptr<ScaledForm> FormPs;
  const Expr &formPs() const;
};

/// Amato et al.: the good-family and bad-family predictions bound the real
/// cost.
struct PredictionInterval {
  double Good = 0; ///< t_g
  double Bad = 0;  ///< t_b
  /// Loc = 1 - (t_m - t_g) / (t_b - t_g): 1 at the good end, 0 at the bad.
  double locality(double Measured) const;
  /// M/G = t_m / t_g.
  double measuredOverGood(double Measured) const;
};

/// Fischer et al.: at r = 1, T(k, l, 1) = a0 + a1*k + a2*l + a3*k*l with
/// a1 = c6 + c3 (per packet) and a2 = c4 + c2 (per byte of packet size).
/// For D = k*l bytes the split minimising T is k0 packets of l0 bytes.
struct PacketSplit {
  double Packets = 0; ///< k0 = sqrt(a2/a1 * D)
  double Bytes = 0;   ///< l0 = sqrt(a1/a2 * D)
};
PacketSplit optimalPacketSplit(double PerPacket, double PerByte, double Bytes);

} // namespace commcost
