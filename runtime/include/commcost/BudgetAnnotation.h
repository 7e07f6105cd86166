// Cost budgets written in source, and the name=value bindings of symbolic
// sizes. commcost/budget.h's macros attach an annotation to a function; its
// text is parsed here, the one place that knows the format, for the plugin
// (which finds the annotations in llvm.global.annotations). The command
// line's `--set name=value` options use the same binding parser.
//
// Annotation text: "commcost.budget_us=<us>" or
// "commcost.budget_us=<us>;at=<name>=<int>,<name>=<int>...".
#pragma once

#include "commcost/Expr.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace commcost {

/// Raised for a malformed binding or budget; the message quotes the text
/// and says what was expected.
class BindingError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The text every budget annotation starts with.
inline constexpr std::string_view BudgetAnnotationPrefix =
    "commcost.budget_us=";

/// One binding "name=value": a source variable name (C identifier) and an
/// integer, as symbolic sizes are integers.
std::pair<std::string, int64_t> parseBinding(std::string_view Text);

/// Comma-separated bindings "n=1024, m=8" (spaces around items allowed); a
/// name given twice is an error.
Expr::IntBindings parseBindings(std::string_view Text);

/// The budget of one function: at most Us microseconds, evaluated at the
/// binding At when the predicted cost is symbolic.
struct Budget {
  double Us = 0;
  Expr::IntBindings At;
};

/// The budget an annotation states; nullopt for annotations that are not
/// commcost budgets (other tools' annotate attributes). Throws
/// BindingError for a commcost budget that is malformed (a budget that is
/// not a finite number >= 0, a bad binding, trailing text).
std::optional<Budget> parseBudgetAnnotation(std::string_view Text);

} // namespace commcost
