// Recursive-descent parser for the expression grammar of Expr.h:
//
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/' | '%') unary)*
//   unary   := '-' unary | primary
//   primary := integer | name | name '(' sum (',' sum)* ')' | '(' sum ')'
//   name    := ident ('.' ident | '->' ident | '[' (ident | digits) ']')*
//
// C precedence and left associativity. The tree is built through the
// simplifying constructors, so parse(E.str()) == E. A literal is limited to
// int64, except that '-' directly before 9223372036854775808 gives INT64_MIN
// (which is how that constant prints). Nesting (parentheses, unary minus,
// calls) is limited to MaxExprDepth levels, so that hostile text cannot
// exhaust the stack of this recursive parser.
#include "commcost/Clip.h"
#include "commcost/Expr.h"

#include <limits>

namespace commcost {
namespace {

bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isIdentChar(char C) { return isIdentStart(C) || isDigit(C); }

class Parser {
public:
  explicit Parser(std::string_view Text) : Text(Text) {}

  Expr parseAll() {
    try {
      Expr E = parseSum();
      skipSpace();
      if (Pos != Text.size())
        fail("an operator or end of input");
      return E;
    } catch (const ExprEvalError &E) {
      // A tree deeper than MaxExprDepth (simplification can nest deeper
      // than the text does).
      error(E.what() + std::string(" at offset ") + std::to_string(Pos), Pos);
    }
  }

private:
  std::string_view Text;
  size_t Pos = 0;
  unsigned Depth = 0;

  /// Counts one level of nesting for as long as it lives.
  struct Nesting {
    explicit Nesting(Parser &P) : P(P) {
      if (++P.Depth > MaxExprDepth)
        P.error("expression nested deeper than " +
                    std::to_string(MaxExprDepth) + " levels at offset " +
                    std::to_string(P.Pos),
                P.Pos);
    }
    ~Nesting() { --P.Depth; }
    Parser &P;
  };

  void skipSpace() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\t' ||
                                 Text[Pos] == '\n' || Text[Pos] == '\r'))
      ++Pos;
  }

  /// The token at Pos, described for an error message.
  std::string found() const {
    if (Pos >= Text.size())
      return "end of input";
    size_t End = Pos + 1;
    if (isIdentStart(Text[Pos]) || isDigit(Text[Pos]))
      while (End < Text.size() && isIdentChar(Text[End]))
        ++End;
    return "'" + clip(Text.substr(Pos, End - Pos)) + "'";
  }

  [[noreturn]] void error(const std::string &Msg, size_t At) const {
    throw ExprParseError(Msg + " (in '" + clip(Text) + "')", At);
  }

  [[noreturn]] void fail(const std::string &Expected) const {
    error("expected " + Expected + " at offset " + std::to_string(Pos) +
              ", found " + found(),
          Pos);
  }

  bool accept(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }

  void expect(char C) {
    if (!accept(C))
      fail(std::string("'") + C + "'");
  }

  Expr parseSum() {
    Expr E = parseProduct();
    for (;;) {
      if (accept('+'))
        E = E + parseProduct();
      else if (accept('-'))
        E = E - parseProduct();
      else
        return E;
    }
  }

  Expr parseProduct() {
    Expr E = parseUnary();
    for (;;) {
      if (accept('*'))
        E = E * parseUnary();
      else if (accept('/'))
        E = E / parseUnary();
      else if (accept('%'))
        E = E % parseUnary();
      else
        return E;
    }
  }

  // Every path that recurses passes through here: one level per call.
  Expr parseUnary() {
    Nesting Level(*this);
    if (!accept('-'))
      return parsePrimary();
    skipSpace();
    // Negate a literal itself, so that INT64_MIN has a spelling.
    if (Pos < Text.size() && isDigit(Text[Pos]))
      return parseLiteral(/*Negated=*/true);
    return -parseUnary();
  }

  /// The integer literal at Pos, negated if it follows a unary minus.
  Expr parseLiteral(bool Negated) {
    size_t Start = Pos;
    // Accumulate negatively: the int64 range has one more negative value.
    constexpr int64_t Min = std::numeric_limits<int64_t>::min();
    int64_t V = 0;
    bool TooLarge = false;
    for (; Pos < Text.size() && isDigit(Text[Pos]); ++Pos) {
      int64_t Digit = Text[Pos] - '0';
      if (V < (Min + Digit) / 10)
        TooLarge = true;
      else
        V = V * 10 - Digit;
    }
    if (Pos < Text.size() && isIdentStart(Text[Pos])) {
      Pos = Start;
      fail("an integer literal");
    }
    if (TooLarge || (!Negated && V == Min))
      error("integer literal '" + clip(Text.substr(Start, Pos - Start)) +
                "' at offset " + std::to_string(Start) +
                " does not fit in 64 bits",
            Start);
    return Expr::constant(Negated ? V : -V);
  }

  Expr parsePrimary() {
    skipSpace();
    if (Pos >= Text.size())
      fail("an expression");
    char C = Text[Pos];
    if (isDigit(C))
      return parseLiteral(/*Negated=*/false);
    if (C == '(') {
      ++Pos;
      Expr E = parseSum();
      expect(')');
      return E;
    }
    if (!isIdentStart(C))
      fail("an expression");
    size_t Start = Pos;
    while (Pos < Text.size() && isIdentChar(Text[Pos]))
      ++Pos;
    std::string Name(Text.substr(Start, Pos - Start));
    if (accept('('))
      return parseCall(Name, Start);
    // A variable may be an access path into one (p->nx, width[0]).
    Pos = Start + sourceNameLength(Text.substr(Start));
    return Expr::var(std::string(Text.substr(Start, Pos - Start)));
  }

  Expr parseCall(const std::string &Name, size_t Start) {
    bool Variadic = Name == "min" || Name == "max";
    if (!Variadic && Name != "gcd" && Name != "ceildiv" && Name != "floordiv")
      error("unknown function '" + clip(Name) + "' at offset " +
                std::to_string(Start) +
                " (known functions: min, max, gcd, ceildiv, floordiv)",
            Start);
    std::vector<Expr> Args{parseSum()};
    while (accept(','))
      Args.push_back(parseSum());
    expect(')');
    if (Variadic ? Args.size() < 2 : Args.size() != 2)
      error("function '" + Name + "' at offset " + std::to_string(Start) +
                " expects " + (Variadic ? "at least 2" : "2") +
                " arguments, found " + std::to_string(Args.size()),
            Start);
    if (Name == "min")
      return Expr::minOf(Args);
    if (Name == "max")
      return Expr::maxOf(Args);
    if (Name == "gcd")
      return Expr::gcd(Args[0], Args[1]);
    if (Name == "ceildiv")
      return Expr::ceilDiv(Args[0], Args[1]);
    return Expr::floorDiv(Args[0], Args[1]);
  }
};

} // namespace

Expr parseExpr(std::string_view Text) { return Parser(Text).parseAll(); }

} // namespace commcost
