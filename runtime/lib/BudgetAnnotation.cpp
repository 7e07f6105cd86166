// Parsers of bindings and budget annotations (BudgetAnnotation.h).
#include "commcost/BudgetAnnotation.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace commcost {

static std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

/// 'S', for messages (built with +=: GCC 12 warns falsely about
/// "'" + std::string).
static std::string quoted(std::string_view S) {
  std::string Q(1, '\'');
  Q += S;
  Q += '\'';
  return Q;
}

static bool isIdentifier(std::string_view S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S.front())))
    return false;
  for (char C : S)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

std::pair<std::string, int64_t> parseBinding(std::string_view Text) {
  std::string_view T = trim(Text);
  size_t Eq = T.find('=');
  std::string Quoted = quoted(Text);
  if (Eq == std::string_view::npos)
    throw BindingError(Quoted + ": expected name=value, e.g. nx=1024");
  std::string_view Name = trim(T.substr(0, Eq));
  std::string_view Value = trim(T.substr(Eq + 1));
  if (!isIdentifier(Name))
    throw BindingError(Quoted + ": '" + std::string(Name) +
                       "' is not a variable name (letters, digits, _)");
  int64_t V = 0;
  auto [End, Err] =
      std::from_chars(Value.data(), Value.data() + Value.size(), V);
  if (Value.empty() || Err != std::errc() || End != Value.data() + Value.size())
    throw BindingError(Quoted + ": the value '" + std::string(Value) +
                       "' is not an integer (symbolic sizes are integers)");
  return {std::string(Name), V};
}

Expr::IntBindings parseBindings(std::string_view Text) {
  Expr::IntBindings B;
  if (trim(Text).empty())
    return B;
  while (true) {
    size_t Comma = Text.find(',');
    auto [Name, Value] = parseBinding(Text.substr(0, Comma));
    if (!B.emplace(Name, Value).second)
      throw BindingError(quoted(Name) + " is bound twice");
    if (Comma == std::string_view::npos)
      return B;
    Text.remove_prefix(Comma + 1);
  }
}

std::optional<Budget> parseBudgetAnnotation(std::string_view Text) {
  if (Text.substr(0, BudgetAnnotationPrefix.size()) != BudgetAnnotationPrefix)
    return std::nullopt;
  std::string_view Rest = Text.substr(BudgetAnnotationPrefix.size());
  size_t Semi = Rest.find(';');
  std::string_view Us = trim(Rest.substr(0, Semi));
  std::string Quoted = "budget annotation " + quoted(Text);
  Budget B;
  // from_chars, not strtod: the host compiler's locale must not matter.
  auto [End, Err] = std::from_chars(Us.data(), Us.data() + Us.size(), B.Us);
  if (Us.empty() || Err != std::errc() || End != Us.data() + Us.size() ||
      !std::isfinite(B.Us) || B.Us < 0)
    throw BindingError(Quoted + ": the budget '" + std::string(Us) +
                       "' is not a number of microseconds >= 0");
  if (Semi == std::string_view::npos)
    return B;
  std::string_view At = Rest.substr(Semi + 1);
  if (At.substr(0, 3) != "at=")
    throw BindingError(Quoted +
                       ": expected ';at=name=value,...' after the "
                       "budget, found '" +
                       std::string(At) + "'");
  try {
    B.At = parseBindings(At.substr(3));
  } catch (const BindingError &E) {
    throw BindingError(Quoted + ": " + E.what());
  }
  return B;
}

} // namespace commcost
