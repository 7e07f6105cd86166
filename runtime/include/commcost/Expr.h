// Symbolic integer expressions in the one grammar every commcost tool speaks
// (docs/design.md, "Symbolic values"): integer literals, source-level names
// (a variable, or an access path into one: p->nx, width[0], par.num[dir],
// index[n + 1]),
// + - * / % (C integer division and remainder), parentheses and the
// functions min, max, gcd, ceildiv, floordiv. Values are immutable and
// cheap to copy; constructors simplify the obvious (constant folding, like
// terms, neutral elements) so that printed values stay readable.
//
// Two evaluators share the tree: evaluate() gives the grammar's integer
// semantics; evaluateReal() treats '/' as real division and is what model
// forms (cost formulas with real coefficients) use.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace commcost {

/// Raised for malformed text; the message names the offending position.
class ExprParseError : public std::runtime_error {
public:
  ExprParseError(const std::string &Msg, size_t Pos)
      : std::runtime_error(Msg), Position(Pos) {}
  size_t Position;
};

/// Raised when evaluation is impossible: an unbound variable, a division by
/// zero, an overflow; also when an expression would nest deeper than
/// MaxExprDepth. The message names the variable or operation.
class ExprEvalError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The deepest nesting an expression may have, as text (parentheses, unary
/// minus, function calls) and as a tree. Every walk over a tree (printing,
/// evaluation, comparison, substitution, destruction) recurses once per
/// level; the bound keeps those walks far inside any thread's stack.
/// Deeper text is refused by parseExpr, deeper trees by the constructors
/// (ExprEvalError).
inline constexpr unsigned MaxExprDepth = 256;

class Expr {
public:
  enum class Kind {
    Const,
    Var,
    Add, // n-ary sum
    Mul, // n-ary product
    Div, // C truncating division
    Mod, // C remainder
    Min, // n-ary
    Max, // n-ary
    Gcd,
    CeilDiv,
    FloorDiv,
  };

  using IntBindings = std::map<std::string, int64_t, std::less<>>;
  using RealBindings = std::map<std::string, double, std::less<>>;

  /// The constant 0.
  Expr();
  static Expr constant(int64_t Value);
  /// A variable; Name must be a source name (isSourceName).
  static Expr var(std::string Name);

  friend Expr operator+(const Expr &A, const Expr &B);
  friend Expr operator-(const Expr &A, const Expr &B);
  friend Expr operator*(const Expr &A, const Expr &B);
  /// C division (truncating); simplifies only when exact.
  friend Expr operator/(const Expr &A, const Expr &B);
  friend Expr operator%(const Expr &A, const Expr &B);
  Expr operator-() const;

  static Expr min(const Expr &A, const Expr &B);
  static Expr max(const Expr &A, const Expr &B);
  static Expr minOf(const std::vector<Expr> &Operands);
  static Expr maxOf(const std::vector<Expr> &Operands);
  static Expr gcd(const Expr &A, const Expr &B);
  static Expr ceilDiv(const Expr &A, const Expr &B);
  static Expr floorDiv(const Expr &A, const Expr &B);

  Kind kind() const;
  bool isConstant() const { return kind() == Kind::Const; }
  /// The value of a Const node; throws std::logic_error otherwise.
  int64_t constantValue() const;
  /// The name of a Var node; throws std::logic_error otherwise.
  const std::string &name() const;
  /// Operands of an operator node (empty for Const and Var).
  const std::vector<Expr> &operands() const;
  /// Levels of the tree: 1 for a constant or a variable.
  unsigned depth() const;
  /// Nodes of the printed tree (shared operands count once per use), up
  /// to 2^32 - 1: what the text's length grows with.
  uint64_t size() const;

  /// Integer evaluation with the grammar's semantics.
  int64_t evaluate(const IntBindings &Vars) const;
  /// Real evaluation: '/' is real division, floordiv/ceildiv round the real
  /// quotient, '%' and gcd require integral operands.
  double evaluateReal(const RealBindings &Vars) const;

  /// Every variable name the expression mentions.
  std::set<std::string> variables() const;
  /// Replace variable Name by Value everywhere, simplifying again.
  Expr substitute(std::string_view Name, const Expr &Value) const;
  /// Replace every variable named in Values at once: names inside the
  /// substituted values are not replaced again.
  Expr substitute(const std::map<std::string, Expr, std::less<>> &Values) const;

  /// Printed in the grammar with the fewest parentheses that keep the
  /// meaning; parse(str()) yields an equal expression.
  std::string str() const;
  /// Appends str() to Out (memo keys written piece by piece).
  void printTo(std::string &Out) const;
  void print(std::ostream &OS) const;

  /// Structural equality after simplification.
  friend bool operator==(const Expr &A, const Expr &B);
  friend bool operator<(const Expr &A, const Expr &B); // a total order

  struct Node;

private:
  // The simplifying constructors (Expr.cpp) build nodes directly.
  friend struct ExprBuilder;
  explicit Expr(std::shared_ptr<const Node> N) : N(std::move(N)) {}
  static Expr make(Kind K, std::vector<Expr> Ops);
  std::shared_ptr<const Node> N;
};

std::ostream &operator<<(std::ostream &OS, const Expr &E);

/// Parse text in the grammar. Throws ExprParseError naming the position and
/// what was expected.
Expr parseExpr(std::string_view Text);

/// Whether S is a source name: an identifier followed by any of .field,
/// ->field and [index], an index being names, decimal literals, + - * / %
/// and parentheses (width[0], par.num[dir], sorted_index[num_refine + 1]).
bool isSourceName(std::string_view S);

/// The length of the longest source name at the start of S (0: none).
size_t sourceNameLength(std::string_view S);

/// +1 or -1 when every term of E has that sign for all non-negative values
/// of its variables (sizes are taken to be non-negative), or +1 when its
/// least value for them is positive; else 0 (runtime/lib/ExprSign.cpp).
int signForNonNegativeVariables(const Expr &E);

/// |E| for non-negative values of E's variables: E itself, or -E, where
/// that sign is known (a constant's absolute value), else max(E, -E).
Expr magnitudeForNonNegativeVariables(const Expr &E);

} // namespace commcost
