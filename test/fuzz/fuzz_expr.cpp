// libFuzzer target: expression text of any bytes through the parser, the
// printer and both evaluators. Text must parse or be refused with an
// ExprParseError of sane length; what parses must print to text that
// parses back to an equal expression printed the same way, and must
// evaluate or refuse with ExprEvalError (never wrap, never crash).
#include "commcost/Expr.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

using namespace commcost;

namespace {

constexpr size_t MaxMessage = 1000;

void check(bool Ok) {
  if (!Ok)
    std::abort();
}

/// Values that exercise the edges of 64-bit arithmetic, picked per
/// variable from the input's bytes.
int64_t valueFor(const std::string &Name, std::string_view Text) {
  static const int64_t Values[] = {0,  1,  -1, 2,   3,    7,   64,  -64,
                                   1000, 4096, -4096, 1 << 20,
                                   std::numeric_limits<int64_t>::max(),
                                   std::numeric_limits<int64_t>::min(),
                                   std::numeric_limits<int32_t>::max(),
                                   -(int64_t(1) << 40)};
  size_t H = std::hash<std::string>()(Name) ^ Text.size();
  return Values[H % (sizeof Values / sizeof Values[0])];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  std::optional<Expr> E;
  try {
    E = parseExpr(Text);
  } catch (const ExprParseError &Err) {
    check(std::strlen(Err.what()) < MaxMessage);
    check(Err.Position <= Text.size());
    return 0;
  }
  std::string Printed = E->str();
  Expr Again = parseExpr(Printed);
  check(Again == *E);
  check(Again.str() == Printed);
  check(E->depth() <= MaxExprDepth);

  Expr::IntBindings Ints;
  Expr::RealBindings Reals;
  for (const std::string &V : E->variables()) {
    Ints[V] = valueFor(V, Text);
    Reals[V] = double(Ints[V]);
  }
  auto Guard = [](auto &&Fn) {
    try {
      Fn();
    } catch (const ExprEvalError &Err) {
      check(std::strlen(Err.what()) < MaxMessage);
    }
  };
  std::optional<int64_t> Value;
  Guard([&] { Value = E->evaluate(Ints); });
  Guard([&] { E->evaluateReal(Reals); });
  // Substituting every variable by its value gives the value: the
  // simplifying constructors fold exactly what evaluation computes.
  std::map<std::string, Expr, std::less<>> Constants;
  for (const auto &[V, X] : Ints)
    Constants.emplace(V, Expr::constant(X));
  Guard([&] {
    Expr Folded = E->substitute(Constants);
    if (Value)
      check(Folded.evaluate({}) == *Value);
  });
  return 0;
}
