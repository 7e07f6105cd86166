// Least-squares fitting of model forms with Eigen. Every form is linear in
// its coefficients, so its design-matrix column for coefficient j is the
// form evaluated with that coefficient 1 and the others 0, less the
// all-zero evaluation: any form text can be fitted without special code.
// Also: breakpoint detection for piecewise fits across protocol switches,
// and the piecewise form texts the plugin evaluates unchanged.
#pragma once

#include "commcost/Model.h"

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace commcost::calib {

/// One measured point as the fits see it: its features and its median
/// time in microseconds.
struct Observation {
  FeatureVector Features;
  double TimeUs = 0;
};

/// Least squares X * Beta ~ Y on columns scaled to unit norm (the
/// cache-lines paper's normalisation). With Relative, each row is divided
/// by Y first, so the fit minimises the sum of squared relative errors.
/// Rank-deficient X (collinear features, an all-zero column) gets the
/// minimum-norm solution; with NonNegative, the least-squares solution
/// with no entry below 0 (nonNegativeLeastSquares). Throws ModelError for
/// mismatched sizes, a non-positive Y under Relative, or fewer rows than
/// columns.
Eigen::VectorXd solveLeastSquares(const Eigen::MatrixXd &X,
                                  const Eigen::VectorXd &Y, bool Relative,
                                  bool NonNegative = false);

/// min |A x - B| subject to x >= 0: Lawson and Hanson's active-set method
/// (Solving Least Squares Problems, 1974, chapter 23), each passive set's
/// system solved by Eigen's complete orthogonal decomposition.
Eigen::VectorXd nonNegativeLeastSquares(const Eigen::MatrixXd &A,
                                        const Eigen::VectorXd &B);

/// What a fit minimises over its points' predictions p and times t.
enum class Loss {
  /// sum (p - t)^2: ordinary least squares, the large times weigh most.
  Absolute,
  /// sum ((p - t) / t)^2: every point alike; under a machine's
  /// multiplicative noise (a spread exp(sigma)) it settles at
  /// exp(-1.5 sigma^2) times the median time, the cheap end.
  Relative,
  /// sum (log p - log t)^2: every point alike, and at the median time
  /// under multiplicative noise. Gauss-Newton from the Relative fit.
  Log,
};

/// A form ready to fit: its text parsed once.
class LinearForm {
public:
  LinearForm(std::string Name, std::string Text,
             std::vector<std::string> Coefficients);
  explicit LinearForm(const ModelForm &F);

  const std::string &name() const { return Name; }
  const std::string &text() const { return Text; }
  const std::vector<std::string> &coefficients() const { return Coefs; }

  /// The design-matrix row of F and the part of the form that no
  /// coefficient multiplies.
  Eigen::RowVectorXd basis(const FeatureVector &F, double &Offset) const;
  /// Fits the coefficients to Train. Throws ModelError if the form is not
  /// linear in its coefficients or a feature is missing (naming both).
  /// A coefficient whose term is non-zero on fewer than MinSupport points
  /// of Train is not fitted: it is 0, and its name goes to Unsupported.
  /// With NonNegative, no coefficient is below 0 (each prices a count of
  /// events that take time).
  Model fit(const std::vector<Observation> &Train, Loss L,
            unsigned MinSupport = 0,
            std::vector<std::string> *Unsupported = nullptr,
            bool NonNegative = false) const;

private:
  double eval(const FeatureVector &F,
              const std::map<std::string, double> &CoefValues) const;
  std::string Name, Text;
  std::vector<std::string> Coefs;
  Expr Parsed;
};

/// What a fit with loss L minimises, summed over Obs: the loss of M there
/// (under Log, a prediction below a thousandth of its time counts as that).
double fitLoss(const Model &M, const std::vector<Observation> &Obs, Loss L);

/// Accuracy of M on Test (FitStats with TestPoints set; TrainPoints left).
FitStats validate(const Model &M, const std::vector<Observation> &Test);

/// Breakpoints of a piecewise-linear y(x): splits the points (sorted by x)
/// where separate lines a + b*x fit much better than one, recursively, up
/// to MaxBreaks. Each breakpoint is the smallest x of the segment above
/// it. A split must lower the relative squared error by MinGain (a
/// fraction) and leave at least MinPoints distinct x on each side.
std::vector<double> detectBreakpoints(const std::vector<double> &Xs,
                                      const std::vector<double> &Ys,
                                      unsigned MaxBreaks, double MinGain = 0.3,
                                      unsigned MinPoints = 3);

/// Breakpoints of Base over Var found on the training sets themselves:
/// greedily, the value of Var whose split of a segment lowers the relative
/// squared error of the piecewise fits most, while that lowers it by
/// MinGain (a fraction) and every segment of every non-empty set keeps
/// twice as many points as Base has coefficients; up to MaxBreaks. Each
/// set is fitted with its own coefficients and their errors add up: one
/// switch seen from several sides (a library's protocol switch, which a
/// send barely shows and a receive shows tenfold). The values tried are
/// Candidates, or when there are none, those of the sets.
std::vector<double>
detectFormBreakpoints(const ModelForm &Base, const std::string &Var,
                      const std::vector<std::vector<Observation>> &TrainSets,
                      unsigned MaxBreaks, double MinGain = 0.1,
                      const std::vector<double> &Candidates = {});

/// The piecewise version of Base over variable Var: one copy of the form
/// per segment with its coefficients renamed NAME_k; the first segment's
/// copy, plus at each step min(1, floordiv(Var, B)) (the breakpoint B a
/// literal) the next copy minus the one before.
ModelForm piecewiseForm(const ModelForm &Base, const std::string &Var,
                        const std::vector<double> &Breakpoints);

} // namespace commcost::calib
