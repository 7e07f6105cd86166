// Rendering site results as optimisation remarks (see SiteReport.h), and
// pricing them with the profile's model for the site's kind.
#include "SiteReport.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Format.h"

#include <map>
#include <utility>
#include <vector>

using namespace llvm;

namespace commcost {

static const char *const PassName = "commcost";

static std::string profileName(const Profile &P) { return describeProfile(P); }

static std::string range(const SymbolicLineBounds &B) {
  if (B.Min == B.Max)
    return B.Min.str();
  return B.Min.str() + " to " + B.Max.str();
}

namespace {
/// The cost of a site: a number, an expression, or why there is none.
struct Cost {
  std::string ModelName;
  std::optional<double> Us;
  std::optional<Expr> Ps; ///< picoseconds
  std::string Missing;        ///< why there is no cost
  std::string MissingFeature; ///< the feature the model needs and lacks
  std::string FeatureWhy;     ///< why the site cannot supply it
};
} // namespace

/// A slice feature (pages, runs) of the footprints of S. A copy with read
/// and write sides takes the larger, as L_mem does.
static std::optional<Expr> sliceFeature(const SiteResult &S, StringRef Name,
                                        std::string &Why) {
  auto Of = [&](const FootprintLines &F) {
    return Name == "pages" ? F.pagesMax(Why) : F.runs(Why);
  };
  if (S.Lines)
    return Of(*S.Lines);
  if (!S.ReadLines || !S.WriteLines) {
    Why = "the site has no memory footprint";
    return std::nullopt;
  }
  auto R = Of(*S.ReadLines);
  auto W = R ? Of(*S.WriteLines) : std::nullopt;
  if (!W)
    return std::nullopt;
  return Expr::max(*R, *W);
}

static Cost price(const SiteResult &S, const Profile &P) {
  Cost C;
  const Model *M = nullptr;
  try {
    M = &P.modelForSite(S.Kind);
  } catch (const std::exception &E) {
    C.Missing = E.what();
    return C;
  }
  C.ModelName = M->name();
  std::map<std::string, Expr> F;
  if (S.Messages)
    F.emplace("n", *S.Messages);
  if (S.Bytes)
    F.emplace("m", *S.Bytes);
  if (S.Lines)
    F.emplace("L_mem", S.Lines->Max);
  else if (S.ReadLines && S.WriteLines)
    F.emplace("L_mem", Expr::max(S.ReadLines->Max, S.WriteLines->Max));
  if (S.ReadsMax)
    F.emplace("hr", *S.ReadsMax);
  if (S.WritesMax)
    F.emplace("hw", *S.WritesMax);
  if (S.ReadsMax && S.WritesMax)
    F.emplace("h", Expr::max(*S.ReadsMax, *S.WritesMax));
  if (S.Traffic)
    F.emplace("M", *S.Traffic);
  for (const auto &[Name, E] : S.Features)
    F.insert_or_assign(Name, E);
  bool AllConstant = true;
  for (const std::string &Name : M->features()) {
    auto It = F.find(Name);
    std::string Why = "this site does not have it";
    if (It == F.end() && (Name == "pages" || Name == "runs"))
      if (auto V = sliceFeature(S, Name, Why))
        It = F.emplace(Name, *V).first;
    if (It == F.end()) {
      C.MissingFeature = Name;
      C.FeatureWhy = Why;
      C.Missing = "model " + M->name() + " needs feature '" + Name +
                  "', which the plugin cannot supply here: " + Why;
      return C;
    }
    AllConstant &= It->second.isConstant();
  }
  if (AllConstant) {
    FeatureVector V;
    for (const auto &[Name, E] : F)
      if (E.isConstant())
        V[Name] = double(E.constantValue());
    C.Us = M->evaluate(V);
  } else {
    C.Ps = M->costExprPs(F);
  }
  return C;
}

static std::string formatUs(double Us) {
  std::string Text;
  raw_string_ostream(Text) << format("%.3f", Us);
  return Text;
}

void emitSite(OptimizationRemarkEmitter &ORE, const RemarkPlace &At,
              const SiteResult &S, const Profile &P) {
  // Pricing may count pages: skip it when no remark or record is wanted.
  if (!ORE.allowExtraAnalysis(PassName))
    return;
  Cost C = price(S, P);
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(PassName, "CommunicationCost", At.Loc,
                                 At.Block);
    R << ore::NV("Callee", S.Callee) << " (" << ore::NV("Kind", S.Kind)
      << ")";
    if (!S.Array.empty())
      R << " of '" << ore::NV("Array", S.Array) << "'";
    if (!S.Element.empty())
      R << ", " << S.Element << " elements";
    if (!S.Datatype.empty())
      R << ", datatype " << S.Datatype;
    if (!S.Partition.empty())
      R << ", " << S.Partition;
    if (!S.Shape.empty())
      R << ": " << S.Shape;
    if (S.Messages)
      R << "; messages " << ore::NV("Messages", S.Messages->str());
    if (S.BytesPerMessage)
      R << ", bytes per message "
        << ore::NV("BytesPerMessage", S.BytesPerMessage->str());
    if (S.Bytes)
      R << ", bytes " << ore::NV("Bytes", S.Bytes->str());
    // Line counts read as a range in the text; tools get both ends as
    // separate keys, after the message.
    std::vector<std::pair<const char *, std::string>> Extra;
    auto Lines = [&](const char *Label, const char *Min, const char *Max,
                     const SymbolicLineBounds &B) {
      R << Label << range(B);
      Extra.emplace_back(Min, B.Min.str());
      Extra.emplace_back(Max, B.Max.str());
    };
    if (S.Lines)
      Lines("; unique lines ", "LinesMin", "LinesMax", *S.Lines);
    if (S.ReadLines)
      Lines("; read lines ", "ReadLinesMin", "ReadLinesMax", *S.ReadLines);
    if (S.WriteLines)
      Lines(", write lines ", "WriteLinesMin", "WriteLinesMax",
            *S.WriteLines);
    if (S.Reads)
      R << "; reads " << ore::NV("Reads", S.Reads->str()) << ", writes "
        << ore::NV("Writes", S.Writes->str());
    if (S.ReadsMax)
      R << ", per processor at most hr " << ore::NV("ReadsMax", S.ReadsMax->str())
        << ", hw " << ore::NV("WritesMax", S.WritesMax->str());
    if (S.Traffic)
      R << ", total M " << ore::NV("Traffic", S.Traffic->str());
    if (!S.Alignment.empty())
      R << "; assumed alignment: " << S.Alignment;
    if (C.Us)
      R << "; cost " << ore::NV("CostUs", formatUs(*C.Us)) << " us";
    else if (C.Ps) {
      R << "; cost (" << ore::NV("CostPs", C.Ps->str()) << ") ps";
      Extra.emplace_back("CostUs", "(" + C.Ps->str() + ") / 1000000");
    } else
      R << "; no cost: " << C.Missing;
    if (!C.ModelName.empty())
      R << " (model " << ore::NV("Model", C.ModelName) << ", "
        << profileName(P) << ")";
    R << ore::setExtraArgs();
    for (const auto &[Key, Value] : Extra)
      R << ore::NV(Key, Value);
    return R;
  });
  if (!C.MissingFeature.empty())
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "MissingFeature", At.Loc,
                                      At.Block)
             << ore::NV("Callee", S.Callee) << " not priced: model "
             << ore::NV("Model", C.ModelName) << " of " << profileName(P)
             << " needs feature '" << ore::NV("Feature", C.MissingFeature)
             << "', which the plugin cannot supply here: "
             << ore::NV("Reason", C.FeatureWhy);
    });
}

void emitMissed(OptimizationRemarkEmitter &ORE, const RemarkPlace &At,
                StringRef RemarkName, StringRef What,
                const std::string &Reason) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, RemarkName, At.Loc, At.Block)
           << ore::NV("Callee", What) << " not analysed: "
           << ore::NV("Reason", Reason);
  });
}

} // namespace commcost
