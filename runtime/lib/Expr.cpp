// Symbolic integer expressions: the node, the simplifying constructors, the
// two evaluators, printing with minimal parentheses, substitution and the
// canonical order. See Expr.h for the contract; the parser is ExprParser.cpp.
//
// Canonical forms (what makes equal expressions compare equal):
//  - Add: flattened; terms c*m collected per monomial m, a constant
//    coefficient distributed over an inner sum, terms with a positive
//    coefficient first, each group ordered by monomial, the constant last.
//  - Mul: flattened; one leading constant coefficient (omitted when 1), the
//    other factors ordered.
//  - Min/Max: flattened, the constants folded into one leading operand, the
//    rest ordered without duplicates; an operand a constant away from
//    another (the same terms but the constant) is dropped when that one
//    decides (max(n, n - 1) is n).
//  - Gcd: its two operands ordered.
// Folding that would overflow int64 is not done; sums split such a total
// into int64-sized pieces so that the form depends only on the total.
// Products fold their constants greedily, so a coefficient beyond int64
// (a product that has a value only where another factor is 0 or -1) may
// keep pieces that depend on the construction order.
//
// evaluate() computes in 128 bits and only requires the final value to fit
// in int64: reordering a sum or a product (as canonical forms do) can then
// never make an expression fail where the original did not.
#include "commcost/Expr.h"
#include "commcost/Clip.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <charconv>
#include <ostream>

namespace commcost {

struct Expr::Node {
  Kind K;
  unsigned Depth = 1;
  uint64_t Size = 1;
  int64_t Value = 0;
  std::string Name;
  std::vector<Expr> Ops;
};

namespace {

using Wide = __int128;
constexpr int64_t I64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t I64Min = std::numeric_limits<int64_t>::min();
// numeric_limits is not specialised for __int128 in strict C++ mode.
constexpr Wide WideMin =
    static_cast<Wide>(static_cast<unsigned __int128>(1) << 127);

bool fitsInt64(Wide V) { return V >= I64Min && V <= I64Max; }

bool isConst(const Expr &E, int64_t V) {
  return E.isConstant() && E.constantValue() == V;
}

/// Floor and ceiling of A/B for any signs; B != 0 and the quotient fits.
Wide floorDivWide(Wide A, Wide B) {
  Wide Q = A / B;
  return (A % B != 0 && ((A < 0) != (B < 0))) ? Q - 1 : Q;
}
Wide ceilDivWide(Wide A, Wide B) {
  Wide Q = A / B;
  return (A % B != 0 && ((A < 0) == (B < 0))) ? Q + 1 : Q;
}

unsigned __int128 gcdWide(Wide A, Wide B) {
  unsigned __int128 X = A < 0 ? -(unsigned __int128)A : (unsigned __int128)A;
  unsigned __int128 Y = B < 0 ? -(unsigned __int128)B : (unsigned __int128)B;
  while (Y != 0) {
    unsigned __int128 R = X % Y;
    X = Y;
    Y = R;
  }
  return X;
}

const char *functionName(Expr::Kind K) {
  switch (K) {
  case Expr::Kind::Min:
    return "min";
  case Expr::Kind::Max:
    return "max";
  case Expr::Kind::Gcd:
    return "gcd";
  case Expr::Kind::CeilDiv:
    return "ceildiv";
  case Expr::Kind::FloorDiv:
    return "floordiv";
  default:
    return nullptr;
  }
}

} // namespace

/// The simplifying constructors; a friend of Expr so that it can build
/// nodes that are already canonical.
struct ExprBuilder {
  using Kind = Expr::Kind;

  static Expr raw(Kind K, std::vector<Expr> Ops) {
    return Expr::make(K, std::move(Ops));
  }

  /// A non-constant term as coefficient times monomial. A product whose
  /// constants could not be folded into one counts as its own monomial.
  static std::pair<int64_t, Expr> splitTerm(const Expr &E) {
    const auto &Ops = E.operands();
    if (E.kind() != Kind::Mul || !Ops[0].isConstant() || Ops[1].isConstant())
      return {1, E};
    if (Ops.size() == 2)
      return {Ops[0].constantValue(), Ops[1]};
    return {Ops[0].constantValue(),
            raw(Kind::Mul, std::vector<Expr>(Ops.begin() + 1, Ops.end()))};
  }

  /// Coefficient times monomial as a canonical node.
  static Expr term(int64_t Coef, const Expr &Mono) {
    if (Coef == 1)
      return Mono;
    std::vector<Expr> Ops{Expr::constant(Coef)};
    if (Mono.kind() == Kind::Mul)
      Ops.insert(Ops.end(), Mono.operands().begin(), Mono.operands().end());
    else
      Ops.push_back(Mono);
    return raw(Kind::Mul, std::move(Ops));
  }

  /// Whether Scale times every term of the sum S still has an int64
  /// coefficient.
  static bool canDistribute(const Expr &S, int64_t Scale) {
    return std::all_of(
        S.operands().begin(), S.operands().end(), [&](const Expr &T) {
          int64_t C = T.isConstant() ? T.constantValue() : splitTerm(T).first;
          int64_t R;
          return !__builtin_mul_overflow(C, Scale, &R);
        });
  }

  /// A total that does not fit int64 as int64-sized pieces of one sign, so
  /// the pieces depend only on the total.
  static std::vector<int64_t> pieces(Wide Total) {
    if (fitsInt64(Total))
      return {static_cast<int64_t>(Total)};
    int64_t Sign = Total < 0 ? -1 : 1;
    Wide Magnitude = Total < 0 ? -Total : Total;
    std::vector<int64_t> Out(static_cast<size_t>(Magnitude / I64Max),
                             Sign * I64Max);
    if (Magnitude % I64Max != 0)
      Out.push_back(Sign * static_cast<int64_t>(Magnitude % I64Max));
    return Out;
  }

  struct SumCollector {
    std::vector<std::pair<Expr, Wide>> Terms;
    Wide Constant = 0;

    // Scale * (coefficient of every term reached) fits int64 by the
    // canDistribute check, so the Wide totals cannot overflow.
    void add(const Expr &E, int64_t Scale) {
      if (E.isConstant()) {
        Constant += Wide(E.constantValue()) * Scale;
        return;
      }
      if (E.kind() == Kind::Add) {
        for (const Expr &T : E.operands())
          add(T, Scale);
        return;
      }
      auto [C, Mono] = splitTerm(E);
      int64_t Coef = C * Scale;
      if (Mono.kind() == Kind::Add && canDistribute(Mono, Coef)) {
        add(Mono, Coef);
        return;
      }
      Terms.push_back({Mono, Coef});
    }
  };

  /// Coefficient and monomial of Coef*Mono as a sum holds it. A monomial
  /// that starts with constants too large to fold into one (their product
  /// exceeds int64; splitTerm keeps such a product whole) takes the
  /// coefficient into its constants: written out and parsed again, the
  /// term is read that way, so it must be built that way (else "x - (x -
  /// -9*2^62)" would print as -1*-9*... and parse as 9*..., and "2*(a*b*x)"
  /// as 2*a*b*x, which parses as (2*a)*b*x). The product may then fold
  /// (-1*(-1*INT64_MIN) is INT64_MIN) or meet a like term: Refold says
  /// that the sum must be collected again.
  static std::pair<int64_t, Expr> coefficientInto(int64_t Coef,
                                                  const Expr &Mono,
                                                  bool &Refold) {
    if (Coef != 1 && Mono.kind() == Kind::Mul &&
        Mono.operands()[0].isConstant()) {
      Refold = true;
      return {1, product({Expr::constant(Coef), Mono})};
    }
    return {Coef, Mono};
  }

  /// The operands of E when it is of kind K, else E itself (without
  /// copying either).
  static std::span<const Expr> flattened(const Expr &E, Kind K) {
    if (E.kind() == K)
      return E.operands();
    return {&E, 1};
  }

  static Expr sum(const std::vector<Expr> &Operands) {
    SumCollector Collector;
    for (const Expr &E : Operands)
      Collector.add(E, 1);
    auto &Terms = Collector.Terms;
    std::stable_sort(
        Terms.begin(), Terms.end(),
        [](const auto &A, const auto &B) { return A.first < B.first; });

    std::vector<std::pair<int64_t, Expr>> Merged; // (coefficient, monomial)
    bool Redistribute = false, Refold = false;
    for (size_t I = 0; I < Terms.size();) {
      Wide Total = 0;
      size_t J = I;
      for (; J < Terms.size() && Terms[J].first == Terms[I].first; ++J)
        Total += Terms[J].second;
      for (int64_t P : Total == 0 ? std::vector<int64_t>{} : pieces(Total)) {
        // A merged coefficient may now allow distributing an inner sum.
        if (Terms[I].first.kind() == Kind::Add &&
            canDistribute(Terms[I].first, P))
          Redistribute = true;
        Merged.push_back(coefficientInto(P, Terms[I].first, Refold));
      }
      I = J;
    }
    std::stable_sort(Merged.begin(), Merged.end(),
                     [](const auto &A, const auto &B) {
                       if ((A.first < 0) != (B.first < 0))
                         return A.first > 0;
                       if (A.second == B.second)
                         return A.first < B.first;
                       return A.second < B.second;
                     });

    std::vector<Expr> Ops;
    for (const auto &[Coef, Mono] : Merged)
      Ops.push_back(term(Coef, Mono));
    if (Collector.Constant != 0)
      for (int64_t P : pieces(Collector.Constant))
        Ops.push_back(Expr::constant(P));
    if (Redistribute || Refold)
      return sum(Ops);
    if (Ops.empty())
      return Expr();
    if (Ops.size() == 1)
      return Ops[0];
    return raw(Kind::Add, std::move(Ops));
  }

  static Expr product(const std::vector<Expr> &Operands) {
    std::vector<int64_t> Constants;
    std::vector<Expr> Factors;
    for (const Expr &E : Operands) {
      for (const Expr &F : flattened(E, Kind::Mul)) {
        if (F.isConstant())
          Constants.push_back(F.constantValue());
        else
          Factors.push_back(F);
      }
    }
    if (std::find(Constants.begin(), Constants.end(), 0) != Constants.end())
      return Expr();
    // Fold greedily; a product that would overflow stays in pieces.
    std::sort(Constants.begin(), Constants.end());
    std::vector<int64_t> Folded;
    int64_t Acc = 1;
    for (int64_t C : Constants) {
      int64_t R;
      if (__builtin_mul_overflow(Acc, C, &R)) {
        Folded.push_back(Acc);
        Acc = C;
      } else {
        Acc = R;
      }
    }
    if (Acc != 1 || (Folded.empty() && Factors.empty()))
      Folded.push_back(Acc);
    std::sort(Folded.begin(), Folded.end());
    std::sort(Factors.begin(), Factors.end());

    if (Factors.empty() && Folded.size() == 1)
      return Expr::constant(Folded[0]);
    if (Folded.empty() && Factors.size() == 1)
      return Factors[0];
    std::vector<Expr> Ops;
    for (int64_t C : Folded)
      Ops.push_back(Expr::constant(C));
    Ops.insert(Ops.end(), Factors.begin(), Factors.end());
    return raw(Kind::Mul, std::move(Ops));
  }

  /// The terms of E other than a sum's constant.
  static std::span<const Expr> termsButConstant(const Expr &E) {
    if (E.kind() != Kind::Add)
      return {&E, 1};
    const std::vector<Expr> &Ops = E.operands();
    return {Ops.data(), Ops.size() - (Ops.back().isConstant() ? 1 : 0)};
  }
  /// c*(a + b): a product keeps its inner sum, so its terms are not seen.
  static bool scaledSum(const Expr &E) {
    return E.kind() == Kind::Mul && E.operands().size() == 2 &&
           E.operands()[0].isConstant() &&
           E.operands()[1].kind() == Kind::Add;
  }
  /// Whether A - B may be a constant: the same terms but a sum's constant,
  /// or a scaled sum on either side.
  static bool sameTermsButConstant(const Expr &A, const Expr &B) {
    if (A.isConstant() || B.isConstant())
      return A.isConstant() && B.isConstant();
    if (scaledSum(A) || scaledSum(B))
      return true;
    std::span<const Expr> TA = termsButConstant(A), TB = termsButConstant(B);
    return std::equal(TA.begin(), TA.end(), TB.begin(), TB.end());
  }

  static Expr minMax(Kind K, const std::vector<Expr> &Operands) {
    if (Operands.empty())
      throw std::invalid_argument(std::string(functionName(K)) +
                                  " needs at least one operand");
    std::optional<int64_t> Constant;
    std::vector<Expr> Rest;
    for (const Expr &E : Operands) {
      for (const Expr &O : flattened(E, K)) {
        if (!O.isConstant()) {
          Rest.push_back(O);
          continue;
        }
        int64_t V = O.constantValue();
        if (!Constant)
          Constant = V;
        else
          Constant =
              K == Kind::Min ? std::min(*Constant, V) : std::max(*Constant, V);
      }
    }
    std::sort(Rest.begin(), Rest.end());
    Rest.erase(std::unique(Rest.begin(), Rest.end()), Rest.end());
    if (Constant)
      Rest.insert(Rest.begin(), Expr::constant(*Constant));
    // An operand a constant away from another is decided by it: max(n,
    // n - 1) is n, so a running counter's stride max(ks, ks - 1) - ks + 1
    // reads 1. Canonical sums keep their constant last, so such operands
    // have the same other terms; only those pairs are subtracted. Of two
    // equal values in different forms the first stays.
    std::vector<Expr> Kept;
    for (size_t B = 0; B < Rest.size(); ++B) {
      bool Decided = false;
      for (size_t A = 0; A < Rest.size() && !Decided; ++A) {
        if (A == B || !sameTermsButConstant(Rest[A], Rest[B]))
          continue;
        Expr D = Rest[A] - Rest[B];
        if (!D.isConstant())
          continue;
        int64_t V = D.constantValue();
        Decided = (K == Kind::Max ? V > 0 : V < 0) || (V == 0 && A < B);
      }
      if (!Decided)
        Kept.push_back(Rest[B]);
    }
    Rest = std::move(Kept);
    if (Rest.size() == 1)
      return Rest[0];
    return raw(K, std::move(Rest));
  }

  /// A / K when that division is exact for every value of the variables.
  static std::optional<Expr> exactQuotient(const Expr &A, int64_t K) {
    if (K == 1)
      return A;
    if (A.isConstant()) {
      int64_t V = A.constantValue();
      if (V == I64Min && K == -1)
        return std::nullopt;
      if (V % K != 0)
        return std::nullopt;
      return Expr::constant(V / K);
    }
    if (A.kind() == Kind::Add) {
      std::vector<Expr> Quotients;
      for (const Expr &T : A.operands()) {
        std::optional<Expr> Q = exactQuotient(T, K);
        if (!Q)
          return std::nullopt;
        Quotients.push_back(*Q);
      }
      return sum(Quotients);
    }
    auto [C, Mono] = splitTerm(A);
    if (std::optional<Expr> Q = exactQuotient(Expr::constant(C), K))
      return product({*Q, Mono});
    return std::nullopt;
  }

  /// Div, Mod, FloorDiv and CeilDiv.
  static Expr division(Kind K, const Expr &A, const Expr &B) {
    if (B.isConstant()) {
      int64_t D = B.constantValue();
      if (A.isConstant() && D != 0 &&
          !(A.constantValue() == I64Min && D == -1)) {
        Wide N = A.constantValue();
        switch (K) {
        case Kind::Div:
          return Expr::constant(static_cast<int64_t>(N / D));
        case Kind::Mod:
          return Expr::constant(static_cast<int64_t>(N % D));
        case Kind::FloorDiv:
          return Expr::constant(static_cast<int64_t>(floorDivWide(N, D)));
        default:
          return Expr::constant(static_cast<int64_t>(ceilDivWide(N, D)));
        }
      }
      if (D != 0) {
        // Exact quotients are the same under every rounding, and an exact
        // division leaves no remainder.
        if (std::optional<Expr> Q = exactQuotient(A, D))
          return K == Kind::Mod ? Expr() : *Q;
        if (K == Kind::Mod && D == -1)
          return Expr();
      }
    } else if (isConst(A, 0)) {
      return Expr(); // 0 divided by anything non-zero is 0
    }
    return raw(K, {A, B});
  }

  static Expr gcd(const Expr &A, const Expr &B) {
    if (A.isConstant() && B.isConstant()) {
      unsigned __int128 G = gcdWide(A.constantValue(), B.constantValue());
      if (G <= static_cast<unsigned __int128>(I64Max))
        return Expr::constant(static_cast<int64_t>(G));
    }
    if (isConst(A, 1) || isConst(A, -1) || isConst(B, 1) || isConst(B, -1))
      return Expr::constant(1);
    if (B < A)
      return raw(Kind::Gcd, {B, A});
    return raw(Kind::Gcd, {A, B});
  }

  static Expr rebuild(Kind K, const std::vector<Expr> &Ops) {
    switch (K) {
    case Kind::Add:
      return sum(Ops);
    case Kind::Mul:
      return product(Ops);
    case Kind::Min:
    case Kind::Max:
      return minMax(K, Ops);
    case Kind::Gcd:
      return gcd(Ops[0], Ops[1]);
    default:
      return division(K, Ops[0], Ops[1]);
    }
  }
};

Expr::Expr() : Expr(constant(0)) {}

Expr Expr::make(Kind K, std::vector<Expr> Ops) {
  unsigned Depth = 0;
  uint64_t Size = 1;
  for (const Expr &O : Ops) {
    Depth = std::max(Depth, O.depth());
    Size = std::min<uint64_t>(Size + O.size(), UINT32_MAX);
  }
  if (Depth >= MaxExprDepth)
    throw ExprEvalError("expression nested deeper than " +
                        std::to_string(MaxExprDepth) + " levels");
  auto N = std::make_shared<Node>();
  N->K = K;
  N->Depth = Depth + 1;
  N->Size = Size;
  N->Ops = std::move(Ops);
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

Expr Expr::constant(int64_t Value) {
  auto N = std::make_shared<Node>();
  N->K = Kind::Const;
  N->Value = Value;
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

Expr Expr::var(std::string Name) {
  if (!isSourceName(Name))
    throw std::invalid_argument("invalid variable name '" + clip(Name) +
                                "': expected a C identifier or an access "
                                "path such as p->nx, width[0] or "
                                "index[n + 1]");
  auto N = std::make_shared<Node>();
  N->K = Kind::Var;
  N->Name = std::move(Name);
  return Expr(std::shared_ptr<const Node>(std::move(N)));
}

// The binary operators fold two constants without building operand lists:
// most operations of a numeric site are on constants.
Expr operator+(const Expr &A, const Expr &B) {
  int64_t R;
  if (A.isConstant() && B.isConstant() &&
      !__builtin_add_overflow(A.constantValue(), B.constantValue(), &R))
    return Expr::constant(R);
  // Adding 0 leaves a built expression as it is, but for a scaled sum
  // c*(a + b), which a sum distributes.
  if (isConst(B, 0) && A.kind() != Expr::Kind::Mul)
    return A;
  if (isConst(A, 0) && B.kind() != Expr::Kind::Mul)
    return B;
  return ExprBuilder::sum({A, B});
}
Expr operator-(const Expr &A, const Expr &B) {
  int64_t R;
  if (A.isConstant() && B.isConstant() &&
      !__builtin_sub_overflow(A.constantValue(), B.constantValue(), &R))
    return Expr::constant(R);
  if (isConst(B, 0) && A.kind() != Expr::Kind::Mul)
    return A;
  return ExprBuilder::sum({A, -B});
}
Expr operator*(const Expr &A, const Expr &B) {
  int64_t R;
  if (A.isConstant() && B.isConstant() &&
      !__builtin_mul_overflow(A.constantValue(), B.constantValue(), &R))
    return Expr::constant(R);
  return ExprBuilder::product({A, B});
}
Expr operator/(const Expr &A, const Expr &B) {
  return ExprBuilder::division(Expr::Kind::Div, A, B);
}
Expr operator%(const Expr &A, const Expr &B) {
  return ExprBuilder::division(Expr::Kind::Mod, A, B);
}
Expr Expr::operator-() const {
  return ExprBuilder::product({constant(-1), *this});
}

Expr Expr::min(const Expr &A, const Expr &B) {
  if (A.isConstant() && B.isConstant())
    return constant(std::min(A.constantValue(), B.constantValue()));
  return minOf({A, B});
}
Expr Expr::max(const Expr &A, const Expr &B) {
  if (A.isConstant() && B.isConstant())
    return constant(std::max(A.constantValue(), B.constantValue()));
  return maxOf({A, B});
}
Expr Expr::minOf(const std::vector<Expr> &Operands) {
  return ExprBuilder::minMax(Kind::Min, Operands);
}
Expr Expr::maxOf(const std::vector<Expr> &Operands) {
  return ExprBuilder::minMax(Kind::Max, Operands);
}
Expr Expr::gcd(const Expr &A, const Expr &B) { return ExprBuilder::gcd(A, B); }
Expr Expr::ceilDiv(const Expr &A, const Expr &B) {
  return ExprBuilder::division(Kind::CeilDiv, A, B);
}
Expr Expr::floorDiv(const Expr &A, const Expr &B) {
  return ExprBuilder::division(Kind::FloorDiv, A, B);
}

Expr::Kind Expr::kind() const { return N->K; }

int64_t Expr::constantValue() const {
  if (N->K != Kind::Const)
    throw std::logic_error("constantValue() of non-constant '" + clip(str()) +
                           "'");
  return N->Value;
}

const std::string &Expr::name() const {
  if (N->K != Kind::Var)
    throw std::logic_error("name() of non-variable '" + clip(str()) + "'");
  return N->Name;
}

const std::vector<Expr> &Expr::operands() const { return N->Ops; }

unsigned Expr::depth() const { return N->Depth; }

uint64_t Expr::size() const { return N->Size; }

namespace {

Wide evaluateWide(const Expr &E, const Expr::IntBindings &Vars) {
  using Kind = Expr::Kind;
  auto Fail = [&](const std::string &What) -> ExprEvalError {
    return ExprEvalError(What + " in '" + clip(E.str()) + "'");
  };
  switch (E.kind()) {
  case Kind::Const:
    return E.constantValue();
  case Kind::Var: {
    auto It = Vars.find(E.name());
    if (It == Vars.end())
      throw ExprEvalError("unbound variable '" + clip(E.name()) + "'");
    return It->second;
  }
  case Kind::Add:
  case Kind::Mul: {
    bool IsAdd = E.kind() == Kind::Add;
    Wide Acc = IsAdd ? 0 : 1;
    for (const Expr &O : E.operands()) {
      Wide V = evaluateWide(O, Vars);
      if (IsAdd ? __builtin_add_overflow(Acc, V, &Acc)
                : __builtin_mul_overflow(Acc, V, &Acc))
        throw Fail("overflow");
    }
    return Acc;
  }
  case Kind::Min:
  case Kind::Max: {
    Wide Best = evaluateWide(E.operands()[0], Vars);
    for (size_t I = 1; I < E.operands().size(); ++I) {
      Wide V = evaluateWide(E.operands()[I], Vars);
      Best = E.kind() == Kind::Min ? std::min(Best, V) : std::max(Best, V);
    }
    return Best;
  }
  case Kind::Gcd: {
    unsigned __int128 G = gcdWide(evaluateWide(E.operands()[0], Vars),
                                  evaluateWide(E.operands()[1], Vars));
    if (G > static_cast<unsigned __int128>(I64Max))
      throw Fail("overflow");
    return static_cast<Wide>(G);
  }
  default:
    break;
  }
  Wide A = evaluateWide(E.operands()[0], Vars);
  Wide B = evaluateWide(E.operands()[1], Vars);
  if (B == 0)
    throw Fail(E.kind() == Kind::Mod ? "modulo by zero" : "division by zero");
  if (B == -1 && A == WideMin)
    throw Fail("overflow");
  switch (E.kind()) {
  case Kind::Div:
    return A / B;
  case Kind::Mod:
    return A % B;
  case Kind::FloorDiv:
    return floorDivWide(A, B);
  default:
    return ceilDivWide(A, B);
  }
}

double integral(double V, const Expr &E, const char *Op) {
  if (std::trunc(V) != V || std::fabs(V) > 9.2e18)
    throw ExprEvalError(std::string(Op) + " needs integral operands, found " +
                        std::to_string(V) + " in '" + clip(E.str()) + "'");
  return V;
}

double evaluateRealImpl(const Expr &E, const Expr::RealBindings &Vars) {
  using Kind = Expr::Kind;
  const auto &Ops = E.operands();
  switch (E.kind()) {
  case Kind::Const:
    return static_cast<double>(E.constantValue());
  case Kind::Var: {
    auto It = Vars.find(E.name());
    if (It == Vars.end())
      throw ExprEvalError("unbound variable '" + clip(E.name()) + "'");
    return It->second;
  }
  case Kind::Add:
  case Kind::Mul: {
    bool IsAdd = E.kind() == Kind::Add;
    double Acc = IsAdd ? 0 : 1;
    for (const Expr &O : Ops)
      Acc = IsAdd ? Acc + evaluateRealImpl(O, Vars)
                  : Acc * evaluateRealImpl(O, Vars);
    return Acc;
  }
  case Kind::Min:
  case Kind::Max: {
    double Best = evaluateRealImpl(Ops[0], Vars);
    for (size_t I = 1; I < Ops.size(); ++I) {
      double V = evaluateRealImpl(Ops[I], Vars);
      Best = E.kind() == Kind::Min ? std::min(Best, V) : std::max(Best, V);
    }
    return Best;
  }
  case Kind::Gcd: {
    double A = integral(evaluateRealImpl(Ops[0], Vars), E, "gcd");
    double B = integral(evaluateRealImpl(Ops[1], Vars), E, "gcd");
    return static_cast<double>(
        gcdWide(static_cast<int64_t>(A), static_cast<int64_t>(B)));
  }
  default:
    break;
  }
  double A = evaluateRealImpl(Ops[0], Vars);
  double B = evaluateRealImpl(Ops[1], Vars);
  if (E.kind() == Kind::Mod) {
    integral(A, E, "'%'");
    integral(B, E, "'%'");
  }
  if (B == 0)
    throw ExprEvalError(
        std::string(E.kind() == Kind::Mod ? "modulo" : "division") +
        " by zero in '" + clip(E.str()) + "'");
  switch (E.kind()) {
  case Kind::Div:
    return A / B;
  case Kind::Mod:
    return std::fmod(A, B); // truncating, like C's %
  case Kind::FloorDiv:
    return std::floor(A / B);
  default:
    return std::ceil(A / B);
  }
}

void collectVariables(const Expr &E, std::set<std::string> &Out) {
  if (E.kind() == Expr::Kind::Var)
    Out.insert(E.name());
  for (const Expr &O : E.operands())
    collectVariables(O, Out);
}

// Printing, in the style "2*N - 1": spaces around + and -, none around
// * / %. Precedence levels: 1 sum, 2 product/quotient, 3 unary minus,
// 4 atom. A child is parenthesised when its level is below what its
// position demands.
int precedence(const Expr &E) {
  switch (E.kind()) {
  case Expr::Kind::Const:
    return E.constantValue() < 0 ? 3 : 4;
  case Expr::Kind::Var:
    return 4;
  case Expr::Kind::Add:
    return 1;
  case Expr::Kind::Mul:
    return E.operands().size() == 2 && isConst(E.operands()[0], -1) ? 3 : 2;
  case Expr::Kind::Div:
  case Expr::Kind::Mod:
    return 2;
  default:
    return 4;
  }
}

void appendInt(std::string &OS, int64_t V) {
  char Buf[24];
  OS.append(Buf, std::to_chars(Buf, Buf + sizeof Buf, V).ptr);
}

void printExpr(std::string &OS, const Expr &E);

void printAt(std::string &OS, const Expr &E, int MinPrecedence) {
  if (precedence(E) >= MinPrecedence)
    return printExpr(OS, E);
  OS += '(';
  printExpr(OS, E);
  OS += ')';
}

/// Factors of a product without its sign: the first may be a quotient
/// (left associativity), the others must bind tighter than '*'.
void printFactors(std::string &OS, const std::vector<Expr> &Factors,
                  size_t From, int FirstPrecedence) {
  for (size_t I = From; I < Factors.size(); ++I) {
    if (I != From)
      OS += '*';
    printAt(OS, Factors[I], I == From ? FirstPrecedence : 3);
  }
}

void printProduct(std::string &OS, const std::vector<Expr> &Ops) {
  if (isConst(Ops[0], -1) && !Ops[1].isConstant()) {
    OS += '-';
    printFactors(OS, Ops, 1, 3);
    return;
  }
  printFactors(OS, Ops, 0, 2);
}

void printSum(std::string &OS, const std::vector<Expr> &Ops) {
  printExpr(OS, Ops[0]);
  for (size_t I = 1; I < Ops.size(); ++I) {
    const Expr &T = Ops[I];
    // Negative terms print as subtraction, except a coefficient of INT64_MIN
    // whose magnitude has no literal.
    if (T.isConstant() && T.constantValue() < 0 &&
        T.constantValue() != I64Min) {
      OS += " - ";
      appendInt(OS, -T.constantValue());
      continue;
    }
    const auto &F = T.operands();
    if (T.kind() == Expr::Kind::Mul && F[0].isConstant() &&
        !F[1].isConstant() && F[0].constantValue() < 0 &&
        F[0].constantValue() != I64Min) {
      OS += " - ";
      int64_t Magnitude = -F[0].constantValue();
      if (Magnitude == 1) {
        printFactors(OS, F, 1, 2);
      } else {
        appendInt(OS, Magnitude);
        OS += '*';
        printFactors(OS, F, 1, 3);
      }
      continue;
    }
    OS += " + ";
    printExpr(OS, T);
  }
}

void printExpr(std::string &OS, const Expr &E) {
  const auto &Ops = E.operands();
  switch (E.kind()) {
  case Expr::Kind::Const:
    appendInt(OS, E.constantValue());
    return;
  case Expr::Kind::Var:
    OS += E.name();
    return;
  case Expr::Kind::Add:
    return printSum(OS, Ops);
  case Expr::Kind::Mul:
    return printProduct(OS, Ops);
  case Expr::Kind::Div:
  case Expr::Kind::Mod:
    printAt(OS, Ops[0], 2);
    OS += E.kind() == Expr::Kind::Div ? '/' : '%';
    printAt(OS, Ops[1], 3);
    return;
  default:
    OS += functionName(E.kind());
    OS += '(';
    for (size_t I = 0; I < Ops.size(); ++I) {
      if (I != 0)
        OS += ", ";
      printExpr(OS, Ops[I]);
    }
    OS += ')';
  }
}

int compare(const Expr &A, const Expr &B) {
  if (A.kind() != B.kind())
    return A.kind() < B.kind() ? -1 : 1;
  switch (A.kind()) {
  case Expr::Kind::Const:
    return A.constantValue() < B.constantValue()   ? -1
           : A.constantValue() > B.constantValue() ? 1
                                                   : 0;
  case Expr::Kind::Var:
    return A.name().compare(B.name()) < 0 ? -1 : A.name() == B.name() ? 0 : 1;
  default:
    break;
  }
  const auto &X = A.operands(), &Y = B.operands();
  // One node (the constructors share subexpressions): deep trees built
  // from one another compare in constant time instead of walking both.
  if (&X == &Y)
    return 0;
  for (size_t I = 0; I < X.size() && I < Y.size(); ++I)
    if (int C = compare(X[I], Y[I]))
      return C;
  return X.size() < Y.size() ? -1 : X.size() > Y.size() ? 1 : 0;
}

} // namespace

int64_t Expr::evaluate(const IntBindings &Vars) const {
  Wide V = evaluateWide(*this, Vars);
  if (!fitsInt64(V))
    throw ExprEvalError("overflow: the value of '" + clip(str()) +
                        "' does not fit in 64 bits");
  return static_cast<int64_t>(V);
}

double Expr::evaluateReal(const RealBindings &Vars) const {
  return evaluateRealImpl(*this, Vars);
}

std::set<std::string> Expr::variables() const {
  std::set<std::string> Out;
  collectVariables(*this, Out);
  return Out;
}

Expr Expr::substitute(std::string_view Name, const Expr &Value) const {
  return substitute({{std::string(Name), Value}});
}

Expr Expr::substitute(const std::map<std::string, Expr, std::less<>> &Values)
    const {
  if (kind() == Kind::Var) {
    auto It = Values.find(name());
    return It == Values.end() ? *this : It->second;
  }
  if (operands().empty())
    return *this;
  const std::vector<Expr> &From = operands();
  std::vector<Expr> Ops;
  bool Changed = false;
  if (kind() != Kind::Mul) {
    for (const Expr &O : From) {
      Ops.push_back(O.substitute(Values));
      Changed |= Ops.back().N != O.N;
    }
  } else {
    // The smaller factors first: one that becomes 0 (a contiguous
    // buffer's pack indicator) spares substituting into the others.
    Ops = From;
    std::vector<size_t> Order(From.size());
    std::iota(Order.begin(), Order.end(), 0);
    std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return From[A].size() < From[B].size();
    });
    for (size_t I : Order) {
      Ops[I] = From[I].substitute(Values);
      if (Ops[I].isConstant() && Ops[I].constantValue() == 0)
        return Ops[I];
      Changed |= Ops[I].N != From[I].N;
    }
  }
  // A node none of whose operands changed is already built.
  return Changed ? ExprBuilder::rebuild(kind(), Ops) : *this;
}

std::string Expr::str() const {
  std::string Out;
  printExpr(Out, *this);
  return Out;
}

void Expr::printTo(std::string &Out) const { printExpr(Out, *this); }

void Expr::print(std::ostream &OS) const { OS << str(); }

bool operator==(const Expr &A, const Expr &B) {
  return A.N == B.N || compare(A, B) == 0;
}

bool operator<(const Expr &A, const Expr &B) { return compare(A, B) < 0; }

std::ostream &operator<<(std::ostream &OS, const Expr &E) {
  E.print(OS);
  return OS;
}

namespace {
bool isNameStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
bool isDecimal(char C) { return C >= '0' && C <= '9'; }
size_t identifierLength(std::string_view S, size_t At) {
  if (At >= S.size() || !isNameStart(S[At]))
    return 0;
  size_t End = At + 1;
  while (End < S.size() && (isNameStart(S[End]) || isDecimal(S[End])))
    ++End;
  return End - At;
}
} // namespace

static size_t subscriptLength(std::string_view S);

size_t sourceNameLength(std::string_view S) {
  size_t End = identifierLength(S, 0);
  if (End == 0)
    return 0;
  for (;;) {
    size_t Field = S.substr(End, 2) == "->" ? 2
                   : S.substr(End, 1) == "."  ? 1
                                              : 0;
    if (Field) {
      size_t N = identifierLength(S, End + Field);
      if (N == 0)
        return End;
      End += Field + N;
      continue;
    }
    if (End < S.size() && S[End] == '[') {
      size_t N = subscriptLength(S.substr(End + 1));
      if (N == 0)
        return End;
      End += N + 2;
      continue;
    }
    return End;
  }
}

/// The end of a subscript's arithmetic starting at I in S: operands (names,
/// decimal literals, parenthesised arithmetic) joined by + - * / %, spaces
/// between; npos when there is none.
static size_t subscriptEnd(std::string_view S, size_t I) {
  auto Skip = [&] {
    while (I < S.size() && S[I] == ' ')
      ++I;
  };
  for (;;) {
    Skip();
    if (I >= S.size())
      return std::string_view::npos;
    if (S[I] == '(') {
      I = subscriptEnd(S, I + 1);
      if (I >= S.size() || S[I] != ')')
        return std::string_view::npos;
      ++I;
    } else if (size_t N = sourceNameLength(S.substr(I))) {
      I += N;
    } else if (isDecimal(S[I])) {
      while (I < S.size() && isDecimal(S[I]))
        ++I;
    } else {
      return std::string_view::npos;
    }
    Skip();
    if (I >= S.size() ||
        std::string_view("+-*/%").find(S[I]) == std::string_view::npos)
      return I;
    ++I;
  }
}

/// The length of a subscript up to (excluding) its closing ']': a name, a
/// decimal literal or arithmetic on them (num_refine + 1); 0 when there is
/// none.
static size_t subscriptLength(std::string_view S) {
  size_t End = subscriptEnd(S, 0);
  return End != std::string_view::npos && End < S.size() && S[End] == ']'
             ? End
             : 0;
}

bool isSourceName(std::string_view S) {
  return !S.empty() && sourceNameLength(S) == S.size();
}

} // namespace commcost
