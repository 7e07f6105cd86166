// libFuzzer target: profile text of any bytes through parsing and
// validation. Every input must load or be refused with a ProfileError of
// sane length; what loads must survive a save/load round trip unchanged,
// and its models must evaluate or refuse with ModelError, numerically and
// symbolically.
#include "commcost/Profile.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

using namespace commcost;

namespace {

/// A message longer than this repeats the input instead of naming it.
constexpr size_t MaxMessage = 1000;

void check(bool Ok) {
  if (!Ok)
    std::abort();
}

void exerciseModels(const Profile &P) {
  for (const auto &[Name, M] : P.Models) {
    FeatureVector F;
    std::map<std::string, Expr> Symbolic;
    for (const std::string &Feature : M.features()) {
      F[Feature] = 1000;
      Symbolic.emplace(Feature, Expr::var(Feature) * Expr::constant(1000));
    }
    try {
      M.evaluate(F);
    } catch (const ModelError &E) {
      check(std::strlen(E.what()) < MaxMessage);
    }
    try {
      Expr Ps = M.costExprPs(Symbolic);
      check(parseExpr(Ps.str()) == Ps);
      Expr::IntBindings B;
      for (const std::string &V : Ps.variables())
        B[V] = 3;
      Ps.evaluate(B);
    } catch (const ModelError &E) {
      check(std::strlen(E.what()) < MaxMessage);
    } catch (const ExprEvalError &E) {
      check(std::strlen(E.what()) < MaxMessage);
    }
  }
  for (const auto &[Kind, Name] : P.SiteModels)
    check(&P.modelForSite(Kind) == &P.model(Name));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  try {
    Profile P = parseProfile(Text, "fuzz.json");
    check(!P.Embedded);
    check(describeProfile(P).rfind("profile fuzz.json", 0) == 0);
    nlohmann::json Saved = P.toJson();
    Profile Q = parseProfile(Saved.dump(2), "fuzz-saved.json");
    check(Q.toJson() == Saved);
    exerciseModels(P);
  } catch (const ProfileError &E) {
    check(std::strlen(E.what()) < MaxMessage);
  }
  return 0;
}
