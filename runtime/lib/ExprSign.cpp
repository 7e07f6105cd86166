// The sign and magnitude of a size expression for non-negative values of its
// variables (sizes): used by the pass to orient strides and by both to take
// the magnitude of a pitch without hiding its structure (a max(p, -p)
// would keep a tile's dimension from merging with the tiles').
#include "commcost/Expr.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace commcost {

/// The least value E takes for non-negative values of its variables, when
/// its parts bound it: a running counter's stride such as
/// 8*max(-1, z_block_size + 1) + 8, whose terms have no sign of their own.
static std::optional<int64_t> leastForNonNegativeVariables(const Expr &E) {
  std::vector<int64_t> Least;
  for (const Expr &Op : E.operands()) {
    auto L = leastForNonNegativeVariables(Op);
    if (L)
      Least.push_back(*L);
    else if (E.kind() != Expr::Kind::Max) // one operand bounds a maximum
      return std::nullopt;
  }
  auto Divisor = [&]() -> std::optional<int64_t> {
    const Expr &D = E.operands().back();
    if (!D.isConstant() || D.constantValue() <= 0 || Least.front() < 0)
      return std::nullopt;
    return D.constantValue();
  };
  switch (E.kind()) {
  case Expr::Kind::Const:
    return E.constantValue();
  case Expr::Kind::Var:
    return 0;
  case Expr::Kind::Add: {
    int64_t Sum = 0;
    for (int64_t L : Least)
      if (__builtin_add_overflow(Sum, L, &Sum))
        return std::nullopt;
    return Sum;
  }
  case Expr::Kind::Mul: {
    // Non-negative factors only: a negative one would need an upper bound.
    int64_t Product = 1;
    for (int64_t L : Least)
      if (L < 0 || __builtin_mul_overflow(Product, L, &Product))
        return std::nullopt;
    return Product;
  }
  case Expr::Kind::Max:
    if (Least.empty())
      return std::nullopt;
    return *std::max_element(Least.begin(), Least.end());
  case Expr::Kind::Min:
    return *std::min_element(Least.begin(), Least.end());
  case Expr::Kind::Div:
  case Expr::Kind::FloorDiv:
    if (auto D = Divisor())
      return Least.front() / *D;
    return std::nullopt;
  case Expr::Kind::CeilDiv:
    if (auto D = Divisor())
      return (Least.front() + *D - 1) / *D;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

int signForNonNegativeVariables(const Expr &E) {
  if (E.kind() != Expr::Kind::Var)
    if (auto L = leastForNonNegativeVariables(E); L && *L > 0)
      return 1;
  switch (E.kind()) {
  case Expr::Kind::Const:
    return E.constantValue() > 0 ? 1 : E.constantValue() < 0 ? -1 : 0;
  case Expr::Kind::Var:
    return 1;
  case Expr::Kind::Mul: {
    int Sign = 1;
    for (const Expr &Op : E.operands())
      Sign *= signForNonNegativeVariables(Op);
    return Sign;
  }
  case Expr::Kind::Add: {
    int Sign = signForNonNegativeVariables(E.operands().front());
    for (const Expr &Op : E.operands())
      if (signForNonNegativeVariables(Op) != Sign)
        return 0;
    return Sign;
  }
  case Expr::Kind::Div:
  case Expr::Kind::FloorDiv:
  case Expr::Kind::CeilDiv:
    // A size over a size (PRK's order/Num_procs) is a size.
    return std::all_of(E.operands().begin(), E.operands().end(),
                       [](const Expr &Op) {
                         return signForNonNegativeVariables(Op) == 1;
                       })
               ? 1
               : 0;
  default:
    return 0;
  }
}

Expr magnitudeForNonNegativeVariables(const Expr &E) {
  switch (signForNonNegativeVariables(E)) {
  case 1:
    return E;
  case -1:
    return -E;
  default:
    return E.isConstant() ? E : Expr::max(E, -E);
  }
}

} // namespace commcost
