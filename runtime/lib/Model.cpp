// The model forms of the five papers and their evaluation. Each form is a
// formula in the expression grammar; coefficients are the names a fit
// determines, every other name is a feature.
#include "commcost/Model.h"
#include "commcost/Clip.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>

namespace commcost {

namespace {
/// A real number in messages, as people write it (1e+13, nan, 0.5).
std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", V);
  return Buf;
}
} // namespace

const std::vector<ModelForm> &builtinModelForms() {
  // Second-order forms of the cache-lines paper add the quadratic and
  // cross terms of the first-order features.
  static const std::vector<ModelForm> Forms = {
      {"S1", "cache-lines", "a*n + b*m", {"a", "b"}},
      {"S2", "cache-lines", "a*n + b*m + d*m*m", {"a", "b", "d"}},
      {"S3", "cache-lines", "a*n + b*m + d*m*m + e*n*m", {"a", "b", "d", "e"}},
      {"M1", "cache-lines", "a*n + b*m + c*L_mem", {"a", "b", "c"}},
      {"M2", "cache-lines", "a*n + b*m + c*L_mem + f*m*L_mem",
       {"a", "b", "c", "f"}},
      {"M3", "cache-lines",
       "a*n + b*m + c*L_mem + d*m*m + f*m*L_mem + q*L_mem*L_mem",
       {"a", "b", "c", "d", "f", "q"}},

      {"H", "amato", "L + g*h", {"L", "g"}},
      {"HM", "amato", "L + g*h + gM*M", {"L", "g", "gM"}},
      {"HrHw", "amato", "L + ghr*hr + ghw*hw", {"L", "ghr", "ghw"}},
      {"HrHwM", "amato", "L + ghr*hr + ghw*hw + gM*M",
       {"L", "ghr", "ghw", "gM"}},
      {"HrHwM-c", "amato",
       "L + ghrc*hrc + ghrm*hrm + ghwc*hwc + ghwm*hwm + gM*M",
       {"L", "ghrc", "ghrm", "ghwc", "ghwm", "gM"}},

      {"F_h", "bianco-pucci", "g*h + l", {"g", "l"}},
      {"F_io", "bianco-pucci", "gi*hi + go*ho + l", {"gi", "go", "l"}},
      {"F_ioM", "bianco-pucci", "gi*hi + go*ho + gM*M + l",
       {"gi", "go", "gM", "l"}},
      {"F_hM", "bianco-pucci", "g*h + gM*M + l", {"g", "gM", "l"}},
      {"F_M", "bianco-pucci", "gM*M + l", {"gM", "l"}},
      {"F_oM", "bianco-pucci", "go*ho + gM*M + l", {"go", "gM", "l"}},
      {"F_iM", "bianco-pucci", "gi*hi + gM*M + l", {"gi", "gM", "l"}},
      {"F_o", "bianco-pucci", "go*ho + l", {"go", "l"}},
      {"F_i", "bianco-pucci", "gi*hi + l", {"gi", "l"}},

      {"BSP", "juurlink-wijshoff", "w + g*h + L", {"g", "L"}},
      {"E-BSP", "juurlink-wijshoff", "max(g*V/p, gh*h) + L", {"g", "gh", "L"}},
      {"BPRAM", "juurlink-wijshoff", "sigma*m + ell", {"sigma", "ell"}},
      // BPRAM per message, for a site of n messages of bpm bytes (m in
      // all): a latency once (the first message's), a cost per further
      // message (a stream's gap) and per byte. The calibrator fits it on
      // single messages and streams, piecewise in bpm, one line per
      // protocol regime.
      {"Msg", "juurlink-wijshoff", "lat + ell*n + sigma*m",
       {"lat", "ell", "sigma"}},

      {"Fischer", "fischer",
       "c7*k*l*r + c6*k*r + c5*k*l + c4*l*r + c3*k + c2*l + c1*r + c0",
       {"c7", "c6", "c5", "c4", "c3", "c2", "c1", "c0"}},

      // The calibrator's marshalling forms beyond the cache-lines paper:
      // pages touched (TLB, and the prefetcher stops at page ends) and
      // contiguous runs (a loop trip or copy call each).
      {"S1-runs", "commcost", "a*n + b*m + f*runs", {"a", "b", "f"}},
      {"M1-pages", "commcost", "a*n + b*m + c*L_mem + e*pages",
       {"a", "b", "c", "e"}},
      {"M1-pages-runs", "commcost", "a*n + b*m + c*L_mem + e*pages + f*runs",
       {"a", "b", "c", "e", "f"}},
      // Lines brought in again at each cache level, beyond the unique
      // ones, because the loop order walks them after the cache let them
      // go (the layer conditions of Reuse.h).
      {"M1-reuse", "commcost",
       "a*n + b*m + c*L_mem + r1*L_re1 + r2*L_re2 + r3*L_re3",
       {"a", "b", "c", "r1", "r2", "r3"}},

      // Supersteps: one cost per access of the busiest thread, hrw =
      // max_i(r_i + w_i). A superstep costs what its busiest thread does;
      // when the most reads and the most writes are different threads',
      // Amato's hr and hw over-predict. -c splits hrw at the cache
      // capacity as HrHwM-c splits hr and hw.
      {"HrwM", "commcost", "L + g*hrw + gM*M", {"L", "g", "gM"}},
      {"HrwM-c", "commcost", "L + grwc*hrwc + grwm*hrwm + gM*M",
       {"L", "grwc", "grwm", "gM"}},
      // Its reads and writes apart, as HrHwM has them: a read costs
      // other than a write.
      {"HrbHwbM", "commcost", "L + ghr*hrb + ghw*hwb + gM*M",
       {"L", "ghr", "ghw", "gM"}},
  };
  return Forms;
}

const ModelForm &builtinModelForm(const std::string &Name) {
  for (const ModelForm &F : builtinModelForms())
    if (F.Name == Name)
      return F;
  throw ModelError("no model form named '" + Name + "'");
}

void checkCoefficient(const std::string &Name, double Value) {
  if (!std::isfinite(Value) || std::fabs(Value) > MaxCoefficientUs)
    throw ModelError("coefficient '" + clip(Name) + "' is " + number(Value) +
                     " us, outside the range [-" + number(MaxCoefficientUs) +
                     ", " + number(MaxCoefficientUs) +
                     "] us (one second per unit) a profile accepts");
}

struct Model::ScaledForm {
  std::once_flag Once;
  Expr Form;
  std::string Error; ///< why Form could not be built, if it could not
};

static std::atomic<uint64_t> NextModelId{1};

Model::Model(std::string Name, std::string Form,
             std::map<std::string, double> Coefficients)
    : Name(std::move(Name)), FormText(std::move(Form)),
      FormExpr(parseExpr(FormText)), Coefs(std::move(Coefficients)),
      Id(NextModelId++), FormPs(std::make_shared<ScaledForm>()) {
  for (const auto &[Coef, Value] : Coefs) {
    try {
      checkCoefficient(Coef, Value);
    } catch (const ModelError &E) {
      throw ModelError("model " + clip(this->Name) + ": " + E.what());
    }
  }
  for (const std::string &V : FormExpr.variables())
    if (!Coefs.count(V))
      Features.push_back(V);
}

const Expr &Model::formPs() const {
  std::call_once(FormPs->Once, [this] {
    // Coefficients are microseconds per unit; scaled to integer picoseconds
    // the cost stays in the integer grammar, and even a per-byte
    // coefficient of a fast copy (tens of picoseconds) keeps two
    // significant digits. Bounded to MaxCoefficientUs, the scaled values
    // fit in 64 bits with room to spare.
    std::map<std::string, Expr, std::less<>> Scaled;
    for (const auto &[Coef, Value] : Coefs)
      Scaled.emplace(Coef, Expr::constant(std::llround(Value * 1e6)));
    try {
      FormPs->Form = FormExpr.substitute(Scaled);
    } catch (const ExprEvalError &E) {
      FormPs->Error = E.what();
    }
  });
  if (!FormPs->Error.empty())
    throw ModelError("model " + Name + ": " + FormPs->Error);
  return FormPs->Form;
}

double Model::evaluate(const FeatureVector &F) const {
  Expr::RealBindings Vars(Coefs.begin(), Coefs.end());
  for (const std::string &Feature : Features) {
    auto It = F.find(Feature);
    if (It == F.end())
      throw ModelError("model " + Name + " needs feature '" + Feature +
                       "', which was not given");
    // Features count things (messages, bytes, lines, processors).
    if (!std::isfinite(It->second) || It->second < 0)
      throw ModelError("model " + Name + ": feature '" + Feature + "' is " +
                       number(It->second) +
                       ", expected a finite number at least 0");
    Vars[Feature] = It->second;
  }
  double Cost;
  try {
    Cost = FormExpr.evaluateReal(Vars);
  } catch (const ExprEvalError &E) {
    throw ModelError("model " + Name + ": " + E.what());
  }
  if (!std::isfinite(Cost))
    throw ModelError("model " + Name + ": the cost is " + number(Cost) +
                     ", not a finite number");
  return Cost;
}

void Model::requireOnlyFeatures(const FeatureVector &F) const {
  for (const auto &[Given, Value] : F) {
    if (std::find(Features.begin(), Features.end(), Given) != Features.end())
      continue;
    std::string Names;
    for (const std::string &Feature : Features)
      Names += (Names.empty() ? "" : ", ") + Feature;
    throw ModelError("model " + Name + " has no feature '" + clip(Given) +
                     "' (its features: " + Names + ")");
  }
}

Expr Model::costExprPs(const std::map<std::string, Expr> &Given) const {
  const Expr &Scaled = formPs();
  std::map<std::string, Expr, std::less<>> Values;
  for (const std::string &Feature : Features) {
    auto It = Given.find(Feature);
    if (It == Given.end())
      throw ModelError("model " + Name + " needs feature '" + Feature +
                       "', which was not given");
    Values.emplace(Feature, It->second);
  }
  // At once, and after the coefficients: a source variable named like a
  // feature or a coefficient (n, m, a) inside a feature's value must not be
  // replaced again. Sums and products of the result detect their own
  // overflow (Expr::evaluate).
  try {
    return Scaled.substitute(Values);
  } catch (const ExprEvalError &E) {
    throw ModelError("model " + Name + ": " + E.what());
  }
}

double PredictionInterval::locality(double Measured) const {
  if (Bad == Good)
    throw ModelError("prediction interval is empty: good and bad "
                     "predictions are both " +
                     std::to_string(Good));
  return 1.0 - (Measured - Good) / (Bad - Good);
}

double PredictionInterval::measuredOverGood(double Measured) const {
  if (Good == 0)
    throw ModelError("good prediction is 0: M/G is undefined");
  return Measured / Good;
}

PacketSplit optimalPacketSplit(double PerPacket, double PerByte,
                               double Bytes) {
  if (!(PerPacket > 0) || !(PerByte > 0) || !(Bytes > 0))
    throw ModelError("optimal packet split needs positive per-packet cost, "
                     "per-byte cost and data size (got " +
                     std::to_string(PerPacket) + ", " +
                     std::to_string(PerByte) + ", " + std::to_string(Bytes) +
                     ")");
  return {std::sqrt(PerByte / PerPacket * Bytes),
          std::sqrt(PerPacket / PerByte * Bytes)};
}

} // namespace commcost
