// Tests of the symbolic expression library (Expr.h): a property test that
// checks the simplifying constructors, the printer and the parser against an
// independent reference evaluator on random trees, and targeted tests of
// simplification, printing, parse and evaluation errors, evaluateReal,
// variables() and substitute().
#include "commcost/Expr.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>

using namespace commcost;

namespace {

constexpr int64_t I64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t I64Min = std::numeric_limits<int64_t>::min();

Expr v(const char *Name) { return Expr::var(Name); }
Expr c(int64_t Value) { return Expr::constant(Value); }

// ---------------------------------------------------------------------------
// A random expression tree, described independently of Expr.

enum class Op {
  Const,
  Var,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Neg,
  Min,
  Max,
  Gcd,
  CeilDiv,
  FloorDiv
};

struct Tree {
  Op O;
  int64_t Value = 0;
  std::string Name;
  std::vector<Tree> Kids;
};

// Access paths are names too: the round trips parse them back whole.
const char *const VarNames[] = {"N", "M", "a", "b_2", "p->nx", "w[0]"};

Tree randomTree(std::mt19937_64 &Rng, int Depth, bool Huge = true) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % N); };
  if (Depth == 0 || Pick(4) == 0) {
    if (Pick(2) == 0)
      return {Op::Var, 0, VarNames[Pick(6)], {}};
    // Mostly small constants so that like terms and folding happen; now and
    // then a huge one so that overflow paths are exercised.
    int64_t V = Huge && Pick(20) == 0
                    ? (int64_t(1) << (40 + Pick(23))) * (Pick(2) ? 1 : -1)
                    : Pick(25) - 12;
    return {Op::Const, V, "", {}};
  }
  static const Op Ops[] = {Op::Add, Op::Add, Op::Sub,     Op::Sub,     Op::Mul,
                           Op::Mul, Op::Div, Op::Mod,     Op::Neg,     Op::Min,
                           Op::Max, Op::Gcd, Op::CeilDiv, Op::FloorDiv};
  Op O = Ops[Pick(std::size(Ops))];
  int Arity = O == Op::Neg                     ? 1
              : (O == Op::Min || O == Op::Max) ? 2 + Pick(2)
                                               : 2;
  Tree T{O, 0, "", {}};
  for (int I = 0; I < Arity; ++I)
    T.Kids.push_back(randomTree(Rng, Depth - 1, Huge));
  return T;
}

using Ref = std::optional<int64_t>;

/// C semantics on int64, step by step; nullopt where C is undefined or the
/// grammar's value does not exist (division by zero, overflow).
Ref reference(const Tree &T, const Expr::IntBindings &B) {
  if (T.O == Op::Const)
    return T.Value;
  if (T.O == Op::Var)
    return B.at(T.Name);
  std::vector<int64_t> K;
  for (const Tree &Kid : T.Kids) {
    Ref R = reference(Kid, B);
    if (!R)
      return std::nullopt;
    K.push_back(*R);
  }
  int64_t R;
  switch (T.O) {
  case Op::Add:
    return __builtin_add_overflow(K[0], K[1], &R) ? Ref() : Ref(R);
  case Op::Sub:
    return __builtin_sub_overflow(K[0], K[1], &R) ? Ref() : Ref(R);
  case Op::Mul:
    return __builtin_mul_overflow(K[0], K[1], &R) ? Ref() : Ref(R);
  case Op::Neg:
    return K[0] == I64Min ? Ref() : Ref(-K[0]);
  case Op::Min:
    return *std::min_element(K.begin(), K.end());
  case Op::Max:
    return *std::max_element(K.begin(), K.end());
  case Op::Gcd: {
    uint64_t X = K[0] < 0 ? 0 - uint64_t(K[0]) : uint64_t(K[0]);
    uint64_t Y = K[1] < 0 ? 0 - uint64_t(K[1]) : uint64_t(K[1]);
    while (Y) {
      uint64_t Tmp = X % Y;
      X = Y;
      Y = Tmp;
    }
    return X > uint64_t(I64Max) ? Ref() : Ref(int64_t(X));
  }
  default:
    break;
  }
  if (K[1] == 0 || (K[0] == I64Min && K[1] == -1))
    return std::nullopt;
  int64_t Q = K[0] / K[1], Rem = K[0] % K[1];
  switch (T.O) {
  case Op::Div:
    return Q;
  case Op::Mod:
    return Rem;
  case Op::FloorDiv: // the remainder takes the divisor's sign after flooring
    return Rem != 0 && ((Rem < 0) != (K[1] < 0)) ? Q - 1 : Q;
  default:
    return Rem != 0 && ((Rem < 0) == (K[1] < 0)) ? Q + 1 : Q;
  }
}

Expr build(const Tree &T) {
  std::vector<Expr> K;
  for (const Tree &Kid : T.Kids)
    K.push_back(build(Kid));
  switch (T.O) {
  case Op::Const:
    return c(T.Value);
  case Op::Var:
    return Expr::var(T.Name);
  case Op::Add:
    return K[0] + K[1];
  case Op::Sub:
    return K[0] - K[1];
  case Op::Mul:
    return K[0] * K[1];
  case Op::Div:
    return K[0] / K[1];
  case Op::Mod:
    return K[0] % K[1];
  case Op::Neg:
    return -K[0];
  case Op::Min:
    return K.size() == 2 ? Expr::min(K[0], K[1]) : Expr::minOf(K);
  case Op::Max:
    return K.size() == 2 ? Expr::max(K[0], K[1]) : Expr::maxOf(K);
  case Op::Gcd:
    return Expr::gcd(K[0], K[1]);
  case Op::CeilDiv:
    return Expr::ceilDiv(K[0], K[1]);
  case Op::FloorDiv:
    return Expr::floorDiv(K[0], K[1]);
  }
  return Expr();
}

/// The tree fully parenthesised, so the parser sees exactly its structure.
std::string text(const Tree &T) {
  auto Call = [&](const char *F) {
    std::string S = std::string(F) + "(";
    for (size_t I = 0; I < T.Kids.size(); ++I)
      S += (I ? ", " : "") + text(T.Kids[I]);
    return S + ")";
  };
  auto Bin = [&](const char *Sym) {
    return "(" + text(T.Kids[0]) + ")" + Sym + "(" + text(T.Kids[1]) + ")";
  };
  switch (T.O) {
  case Op::Const:
    return "(" + std::to_string(T.Value) + ")";
  case Op::Var:
    return T.Name;
  case Op::Add:
    return Bin(" + ");
  case Op::Sub:
    return Bin(" - ");
  case Op::Mul:
    return Bin(" * ");
  case Op::Div:
    return Bin(" / ");
  case Op::Mod:
    return Bin(" % ");
  case Op::Neg:
    return "-(" + text(T.Kids[0]) + ")";
  case Op::Min:
    return Call("min");
  case Op::Max:
    return Call("max");
  case Op::Gcd:
    return Call("gcd");
  case Op::CeilDiv:
    return Call("ceildiv");
  case Op::FloorDiv:
    return Call("floordiv");
  }
  return "";
}

Expr::IntBindings randomBindings(std::mt19937_64 &Rng) {
  Expr::IntBindings B;
  for (const char *Name : VarNames)
    B[Name] = static_cast<int64_t>(Rng() % 19) - 9;
  return B;
}

std::string show(const Expr::IntBindings &B) {
  std::string S;
  for (const auto &[Name, Value] : B)
    S += Name + "=" + std::to_string(Value) + " ";
  return S;
}

// ---------------------------------------------------------------------------

TEST(ExprProperty, RandomTreesAgreeWithReferenceAndRoundTrip) {
  std::mt19937_64 Rng(20240611);
  int Defined = 0, Simplified = 0;
  for (int Case = 0; Case < 20000 && !::testing::Test::HasFailure(); ++Case) {
    Tree T = randomTree(Rng, 1 + Case % 5);
    Expr E = build(T);
    std::string Printed = E.str();
    SCOPED_TRACE("tree " + text(T) + "  printed " + Printed);

    Expr Parsed = parseExpr(Printed);
    EXPECT_EQ(Parsed, E) << "reparsed as " << Parsed;
    EXPECT_EQ(Parsed.str(), Printed);
    // The parser builds the same tree as the constructors did.
    EXPECT_EQ(parseExpr(text(T)), E);
    Simplified += Printed.size() < text(T).size();

    for (int I = 0; I < 4; ++I) {
      Expr::IntBindings B = randomBindings(Rng);
      Ref Want = reference(T, B);
      if (!Want)
        continue;
      ++Defined;
      try {
        EXPECT_EQ(E.evaluate(B), *Want) << show(B);
        EXPECT_EQ(Parsed.evaluate(B), *Want) << show(B);
      } catch (const ExprEvalError &Err) {
        ADD_FAILURE() << show(B) << "threw: " << Err.what();
      }
    }
  }
  // Guard against a generator that tests nothing.
  EXPECT_GT(Defined, 40000);
  EXPECT_GT(Simplified, 10000);
}

TEST(ExprProperty, OperandOrderDoesNotMatter) {
  std::mt19937_64 Rng(7);
  for (int Case = 0; Case < 2000 && !::testing::Test::HasFailure(); ++Case) {
    // Products whose constant coefficient overflows int64 keep it in pieces
    // that depend on the order (Expr.cpp), so those get small constants.
    std::vector<Expr> Parts, Small;
    for (int I = 0; I < 4; ++I) {
      Parts.push_back(build(randomTree(Rng, 2)));
      Small.push_back(build(randomTree(Rng, 2, /*Huge=*/false)));
    }
    std::vector<int> Perm{0, 1, 2, 3};
    std::shuffle(Perm.begin(), Perm.end(), Rng);
    std::vector<Expr> Shuffled, SmallShuffled;
    for (int I : Perm) {
      Shuffled.push_back(Parts[I]);
      SmallShuffled.push_back(Small[I]);
    }
    auto Fold = [](const std::vector<Expr> &Xs, auto F) {
      Expr Acc = Xs[0];
      for (size_t I = 1; I < Xs.size(); ++I)
        Acc = F(Acc, Xs[I]);
      return Acc;
    };
    auto Sum = [](const Expr &A, const Expr &B) { return A + B; };
    auto Prod = [](const Expr &A, const Expr &B) { return A * B; };
    EXPECT_EQ(Fold(Parts, Sum), Fold(Shuffled, Sum));
    EXPECT_EQ(Fold(Small, Prod), Fold(SmallShuffled, Prod));
    EXPECT_EQ(Expr::minOf(Parts), Expr::minOf(Shuffled));
    EXPECT_EQ(Expr::maxOf(Parts), Expr::maxOf(Shuffled));
    EXPECT_EQ(Expr::gcd(Parts[0], Parts[1]), Expr::gcd(Parts[1], Parts[0]));
    // Right-nested sums equal left-nested ones.
    EXPECT_EQ((Parts[0] + Parts[1]) + Parts[2],
              Parts[0] + (Parts[1] + Parts[2]));
  }
}

TEST(ExprProperty, LessThanIsATotalOrder) {
  std::mt19937_64 Rng(11);
  std::vector<Expr> Xs;
  for (int I = 0; I < 150; ++I)
    Xs.push_back(build(randomTree(Rng, 2)));
  for (const Expr &A : Xs)
    for (const Expr &B : Xs) {
      int Holds = (A < B) + (B < A) + (A == B);
      ASSERT_EQ(Holds, 1) << A << " vs " << B;
      ASSERT_EQ(A == B, A.str() == B.str()) << A << " vs " << B;
    }
  std::sort(Xs.begin(), Xs.end());
  for (size_t I = 2; I < Xs.size(); ++I)
    ASSERT_FALSE(Xs[I] < Xs[I - 2]) << "not transitive";
}

// ---------------------------------------------------------------------------

TEST(ExprSimplify, LikeTermsAndConstants) {
  Expr N = v("N"), M = v("M");
  EXPECT_EQ((c(2) * N + c(3) * N).str(), "5*N");
  EXPECT_EQ((N - N).str(), "0");
  EXPECT_TRUE((N - N).isConstant());
  EXPECT_EQ((c(1) + N).str(), "N + 1");
  EXPECT_EQ((c(-1) + N * c(2)).str(), "2*N - 1");
  EXPECT_EQ((N * c(1)).str(), "N");
  EXPECT_EQ((N + c(0)).str(), "N");
  EXPECT_EQ((N * M * c(0)).str(), "0");
  EXPECT_EQ((c(2) * N * c(3) * M).str(), "6*M*N");
  EXPECT_EQ((N * M - c(2) * (M * N)).str(), "-M*N");
  EXPECT_EQ((c(2) * (N + c(1)) - c(2) * N).str(), "2");
  EXPECT_EQ((M - (N + c(1))).str(), "M - N - 1");
  EXPECT_EQ((-(N + c(1))).str(), "-(N + 1)");
  EXPECT_EQ((c(2) * (N + c(1))).str(), "2*(N + 1)");
}

TEST(ExprSimplify, ConstantFolding) {
  EXPECT_EQ((c(7) / c(2)).str(), "3");
  EXPECT_EQ((c(-7) / c(2)).str(), "-3");
  EXPECT_EQ((c(-7) % c(2)).str(), "-1");
  EXPECT_EQ((c(7) % c(-2)).str(), "1");
  EXPECT_EQ(Expr::floorDiv(c(-7), c(2)).str(), "-4");
  EXPECT_EQ(Expr::floorDiv(c(7), c(-2)).str(), "-4");
  EXPECT_EQ(Expr::ceilDiv(c(-7), c(2)).str(), "-3");
  EXPECT_EQ(Expr::ceilDiv(c(7), c(2)).str(), "4");
  EXPECT_EQ(Expr::ceilDiv(c(8), c(2)).str(), "4");
  EXPECT_EQ(Expr::gcd(c(-12), c(18)).str(), "6");
  EXPECT_EQ(Expr::gcd(c(0), c(0)).str(), "0");
  EXPECT_EQ(Expr::gcd(c(0), c(-5)).str(), "5");
  EXPECT_EQ(Expr::min(c(3), c(-5)).str(), "-5");
  EXPECT_EQ(Expr::maxOf({c(3), c(-5), c(4)}).str(), "4");
  EXPECT_EQ((c(6) - c(9)).str(), "-3");
}

TEST(ExprSimplify, NoFoldingOnOverflowOrDivisionByZero) {
  Expr Big = c(I64Max) + c(1);
  EXPECT_FALSE(Big.isConstant());
  EXPECT_THROW(Big.evaluate({}), ExprEvalError);
  // The value is still right when other terms bring it back into range.
  EXPECT_EQ((Big + v("N")).evaluate({{"N", -5}}), I64Max - 4);
  EXPECT_FALSE((c(I64Max) * c(2)).isConstant());
  EXPECT_FALSE((c(I64Min) / c(-1)).isConstant());
  EXPECT_FALSE(Expr::gcd(c(I64Min), c(0)).isConstant());
  EXPECT_EQ((c(5) / c(0)).str(), "5/0");
  EXPECT_EQ((c(5) % c(0)).str(), "5%0");
  EXPECT_THROW((c(5) / c(0)).evaluate({}), ExprEvalError);
  EXPECT_EQ(parseExpr(Big.str()), Big);
}

// Terms whose constants do not fold into one (their product exceeds int64)
// print as what parses back to the same expression (found by fuzz-expr).
TEST(ExprSimplify, UnfoldedConstantsInSumsRoundTrip) {
  for (const char *Text :
       {"min(2 - (y - -9223372036854775808), m)",
        "x - (4294967296*4294967296*x + z)",
        "-(x - z) - (y - -9223372036854775808*z)",
        "x - (y - 9223372036854775807*3*z)",
        "x*99223385477*33720368547777*808 + x*99223385477*33720368547777*808"}) {
    SCOPED_TRACE(Text);
    Expr E = parseExpr(Text);
    EXPECT_EQ(parseExpr(E.str()), E) << E.str();
    EXPECT_EQ(parseExpr(E.str()).str(), E.str());
  }
  // -1*(-1*INT64_MIN) folds to INT64_MIN, which joins the constant.
  EXPECT_EQ(parseExpr("2 - (y - -9223372036854775808)").str(),
            "-y - 9223372036854775806");
  EXPECT_EQ(parseExpr("2 - (y - -9223372036854775808)").evaluate({{"y", -5}}),
            I64Min + 7);
}

TEST(ExprSimplify, DivisionOnlyWhenExact) {
  Expr N = v("N"), X = v("x");
  EXPECT_EQ((X / c(2) * c(2)).str(), "2*(x/2)");
  EXPECT_NE(X / c(2) * c(2), X);
  EXPECT_EQ((c(2) * X / c(2)).str(), "x");
  EXPECT_EQ(((c(4) * N + c(6)) / c(2)).str(), "2*N + 3");
  EXPECT_EQ(((c(4) * N + c(6)) / c(4)).str(), "(4*N + 6)/4");
  EXPECT_EQ(((c(4) * N + c(6)) % c(2)).str(), "0");
  EXPECT_EQ(((c(4) * N + c(6)) % c(4)).str(), "(4*N + 6)%4");
  EXPECT_EQ(Expr::floorDiv(c(8) * N, c(8)).str(), "N");
  EXPECT_EQ(Expr::floorDiv(N + c(7), c(8)).str(), "floordiv(N + 7, 8)");
  EXPECT_EQ(Expr::ceilDiv(N + c(7), c(8)).str(), "ceildiv(N + 7, 8)");
  EXPECT_EQ((N / c(1)).str(), "N");
  EXPECT_EQ(Expr::floorDiv(N, c(1)).str(), "N");
  EXPECT_EQ(Expr::ceilDiv(N, c(1)).str(), "N");
  EXPECT_EQ((N % c(1)).str(), "0");
  EXPECT_EQ((N / c(-1)).str(), "-N");
  EXPECT_EQ((N / v("M")).str(), "N/M");
}

TEST(ExprSimplify, MinMaxGcd) {
  Expr N = v("N"), M = v("M");
  EXPECT_EQ(Expr::minOf({c(3), N, c(5), N}).str(), "min(3, N)");
  EXPECT_EQ(Expr::min(Expr::min(N, c(2)), Expr::min(M, c(1))).str(),
            "min(1, M, N)");
  EXPECT_EQ(Expr::max(N, Expr::max(M, N)).str(), "max(M, N)");
  // Different kinds do not flatten into each other.
  EXPECT_EQ(Expr::min(N, Expr::max(M, c(1))).str(), "min(N, max(1, M))");
  EXPECT_EQ(Expr::maxOf({N}), N);
  EXPECT_EQ(Expr::min(N, N), N);
  EXPECT_EQ(Expr::gcd(N, c(1)).str(), "1");
  EXPECT_EQ(Expr::gcd(N, M), Expr::gcd(M, N));
  EXPECT_EQ(Expr::gcd(N, c(0)).str(), "gcd(0, N)");
}

TEST(ExprSimplify, MinMaxOperandsAConstantApart) {
  Expr N = v("N"), M = v("M");
  EXPECT_EQ(Expr::max(N, N - c(1)), N);
  EXPECT_EQ(Expr::min(N, N - c(1)), N - c(1));
  EXPECT_EQ((Expr::max(N - c(1), N + c(1)) - N + c(1)).str(), "2");
  // Only the operands a constant apart: M stays.
  EXPECT_EQ(Expr::maxOf({N + c(2), M, N}).str(), "max(M, N + 2)");
  // Equal values in two forms keep one.
  EXPECT_EQ(Expr::max(c(8) * (N + c(1)), c(8) * N + c(8)).str(),
            Expr::max(c(8) * N + c(8), c(8) * N + c(8)).str());
  // A constant is an operand like the others: max(3, 5) folds before, and
  // a constant never decides a variable.
  EXPECT_EQ(Expr::max(c(3), N).str(), "max(3, N)");
  for (int64_t Value : {-3, 0, 4}) {
    Expr E = Expr::maxOf({N + c(2), M, N - c(5)});
    Expr::IntBindings Env{{"N", Value}, {"M", 1}};
    EXPECT_EQ(E.evaluate(Env), std::max<int64_t>({Value + 2, 1, Value - 5}));
  }
}

TEST(ExprPrint, PrecedenceEdgeCases) {
  Expr A = v("a"), B = v("b"), C = v("c");
  EXPECT_EQ((A * (B + C)).str(), "a*(b + c)");
  EXPECT_EQ(((A + B) / C).str(), "(a + b)/c");
  EXPECT_EQ((A / (B * C)).str(), "a/(b*c)");
  EXPECT_EQ((A * (B / C)).str(), "a*(b/c)");
  EXPECT_EQ((A * B / C).str(), "a*b/c");
  EXPECT_EQ((A / B / C).str(), "a/b/c");
  EXPECT_EQ((A / (B / C)).str(), "a/(b/c)");
  EXPECT_EQ((A % (B % C)).str(), "a%(b%c)");
  EXPECT_EQ((A % B % C).str(), "a%b%c");
  EXPECT_EQ((A / (B % C)).str(), "a/(b%c)");
  EXPECT_EQ((-(A / B)).str(), "-(a/b)");
  EXPECT_EQ((-A / B).str(), "-a/b");
  EXPECT_EQ((A - B / C).str(), "a - b/c");
  EXPECT_EQ((A - c(2) * B).str(), "a - 2*b");
  EXPECT_EQ((A - c(2) * (B / C)).str(), "a - 2*(b/c)");
  EXPECT_EQ((-A * B).str(), "-a*b");
  EXPECT_EQ((-A - B).str(), "-a - b");
  EXPECT_EQ((A - B).str(), "a - b");
  EXPECT_EQ((B - A).str(), "b - a");
  EXPECT_EQ(c(-3).str(), "-3");
  EXPECT_EQ((A + c(-3)).str(), "a - 3");
  EXPECT_EQ((c(-3) * A).str(), "-3*a");
  EXPECT_EQ(Expr::min(A - B, c(-2)).str(), "min(-2, a - b)");
  EXPECT_EQ((Expr::min(A, B) * c(2)).str(), "2*min(a, b)");
  EXPECT_EQ(c(I64Min).str(), "-9223372036854775808");
  // Each printed form reads back as the same expression.
  for (const Expr &E : {A * (B + C), (A + B) / C, A / (B * C), A * (B / C),
                        A * B / C, A / (B / C), -(A / B), -A / B, A - B / C,
                        A / -B, c(I64Min), c(I64Min) * A + B})
    EXPECT_EQ(parseExpr(E.str()), E) << E;
}

TEST(ExprParse, GrammarAndPrecedence) {
  EXPECT_EQ(parseExpr("2 + 3 * 4").evaluate({}), 14);
  EXPECT_EQ(parseExpr("(2 + 3) * 4").evaluate({}), 20);
  EXPECT_EQ(parseExpr("10 - 3 - 2").evaluate({}), 5);
  EXPECT_EQ(parseExpr("100 / 10 / 5").evaluate({}), 2);
  EXPECT_EQ(parseExpr("7 - -3").evaluate({}), 10);
  EXPECT_EQ(parseExpr("--4").evaluate({}), 4);
  EXPECT_EQ(parseExpr("-7 / 2").evaluate({}), -3);
  EXPECT_EQ(parseExpr("  N*M+1 ").str(), "M*N + 1");
  EXPECT_EQ(parseExpr("min(N, 3, M)"), Expr::minOf({v("N"), c(3), v("M")}));
  EXPECT_EQ(parseExpr("floordiv(-7, 2)").evaluate({}), -4);
  EXPECT_EQ(parseExpr("ceildiv(N, 4)").evaluate({{"N", 9}}), 3);
  EXPECT_EQ(parseExpr("gcd(N, 12)").evaluate({{"N", -8}}), 4);
  EXPECT_EQ(parseExpr("-9223372036854775808").constantValue(), I64Min);
  EXPECT_EQ(parseExpr("9223372036854775807").constantValue(), I64Max);
  // A variable may carry a function's name when no call follows.
  EXPECT_EQ(parseExpr("min + 1").evaluate({{"min", 4}}), 5);
}

void expectParseError(const std::string &Text, size_t Position,
                      const std::string &Fragment) {
  try {
    parseExpr(Text);
    ADD_FAILURE() << "no error for '" << Text << "'";
  } catch (const ExprParseError &E) {
    EXPECT_EQ(E.Position, Position) << Text << ": " << E.what();
    EXPECT_NE(std::string(E.what()).find(Fragment), std::string::npos)
        << Text << ": " << E.what();
  }
}

TEST(ExprParse, AccessPathsAreNames) {
  Expr E = parseExpr("8*p->nx + width[0] - par.num[dir]*s->a.b[12]");
  EXPECT_EQ(E.variables(), (std::set<std::string>{"p->nx", "width[0]",
                                                  "par.num[dir]",
                                                  "s->a.b[12]"}));
  EXPECT_EQ(parseExpr(E.str()), E);
  EXPECT_EQ(E.evaluate({{"p->nx", 2}, {"width[0]", 3}, {"par.num[dir]", 4},
                        {"s->a.b[12]", 1}}),
            15);
  // A path ends where the grammar no longer continues it: p - q, a[1] * 2.
  EXPECT_EQ(parseExpr("p->q").variables(), (std::set<std::string>{"p->q"}));
  EXPECT_EQ(parseExpr("a[1]*2").str(), "2*a[1]");
  EXPECT_THROW(parseExpr("a[-1]"), ExprParseError);
  EXPECT_THROW(parseExpr("a[n +]"), ExprParseError);
  EXPECT_THROW(parseExpr("a[(n]"), ExprParseError);
  EXPECT_THROW(parseExpr("a[]"), ExprParseError);
  // Unclosed parentheses at the end of the text (found by the fuzzer).
  EXPECT_THROW(parseExpr("N-(x - x74[c- 2-((9523"), ExprParseError);
  EXPECT_THROW(parseExpr("a[(("), ExprParseError);
  // An index may be arithmetic on names and literals, kept as written.
  Expr Sub = parseExpr("2*sorted_index[num_refine + 1] - a[(i+1)*w[0] % 4]");
  EXPECT_EQ(Sub.variables(),
            (std::set<std::string>{"sorted_index[num_refine + 1]",
                                   "a[(i+1)*w[0] % 4]"}));
  EXPECT_EQ(parseExpr(Sub.str()), Sub);
  EXPECT_THROW(parseExpr("p->"), ExprParseError);
  EXPECT_THROW(Expr::var("a["), std::invalid_argument);
  EXPECT_THROW(Expr::var("p->"), std::invalid_argument);
  EXPECT_THROW(Expr::var("a b"), std::invalid_argument);
  EXPECT_TRUE(isSourceName("m_numElem"));
  EXPECT_FALSE(isSourceName("1a"));
}

TEST(ExprParse, ErrorsNamePositionExpectedAndFound) {
  expectParseError("min(N, 3", 8,
                   "expected ')' at offset 8, found end of input");
  expectParseError("(N + 1 N", 7, "expected ')' at offset 7, found 'N'");
  expectParseError("N +", 3,
                   "expected an expression at offset 3, found end of input");
  expectParseError("", 0,
                   "expected an expression at offset 0, found end of input");
  expectParseError(
      "N N", 2, "expected an operator or end of input at offset 2, found 'N'");
  expectParseError("3 $ 4", 2, "found '$'");
  expectParseError("N * )", 4, "expected an expression at offset 4, found ')'");
  expectParseError("2N", 0, "found '2N'");
  expectParseError("1 + foo(N)", 4, "unknown function 'foo' at offset 4");
  expectParseError("foo(N)", 0,
                   "known functions: min, max, gcd, ceildiv, floordiv");
  expectParseError("gcd(N)", 0,
                   "function 'gcd' at offset 0 expects 2 arguments, found 1");
  expectParseError("floordiv(1, 2, 3)", 0, "expects 2 arguments, found 3");
  expectParseError("max(N)", 0, "expects at least 2 arguments, found 1");
  expectParseError("min(N,)", 6,
                   "expected an expression at offset 6, found ')'");
  expectParseError("9223372036854775808", 0, "does not fit in 64 bits");
  expectParseError("-99999999999999999999", 1, "does not fit in 64 bits");
}

TEST(ExprEvaluate, ErrorsNameTheProblem) {
  auto Message = [](const Expr &E, const Expr::IntBindings &B) {
    try {
      E.evaluate(B);
    } catch (const ExprEvalError &Err) {
      return std::string(Err.what());
    }
    return std::string("no error");
  };
  Expr N = v("N"), M = v("M");
  EXPECT_EQ(Message(N + M, {{"M", 1}}), "unbound variable 'N'");
  EXPECT_EQ(Message(Expr::min(c(1), M), {{"N", 1}}), "unbound variable 'M'");
  EXPECT_EQ(Message(N / M, {{"N", 1}, {"M", 0}}), "division by zero in 'N/M'");
  EXPECT_EQ(Message(N % M, {{"N", 1}, {"M", 0}}), "modulo by zero in 'N%M'");
  EXPECT_EQ(Message(Expr::floorDiv(N, M), {{"N", 1}, {"M", 0}}),
            "division by zero in 'floordiv(N, M)'");
  EXPECT_NE(Message(N * M, {{"N", I64Max}, {"M", 2}}).find("overflow"),
            std::string::npos);
  EXPECT_NE(
      Message(Expr::gcd(N, M), {{"N", I64Min}, {"M", 0}}).find("overflow"),
      std::string::npos);
  EXPECT_EQ(Message(N * M, {{"N", I64Max}, {"M", 1}}), "no error");
  // Four products of 2^126 sum to 2^128, which wraps to 0 in 128 bits.
  Expr K = v("K"), L = v("L");
  EXPECT_NE(
      Message(N * M + K * L + N * K + M * L,
              {{"N", I64Min}, {"M", I64Min}, {"K", I64Min}, {"L", I64Min}})
          .find("overflow"),
      std::string::npos);
}

TEST(ExprEvaluate, RealSemantics) {
  Expr N = v("N"), M = v("M");
  Expr::RealBindings B{{"N", 7}, {"M", 2}};
  EXPECT_DOUBLE_EQ((N / M).evaluateReal(B), 3.5);
  EXPECT_DOUBLE_EQ(Expr::floorDiv(N, M).evaluateReal(B), 3);
  EXPECT_DOUBLE_EQ(Expr::ceilDiv(N, M).evaluateReal(B), 4);
  EXPECT_DOUBLE_EQ(Expr::floorDiv(-N, M).evaluateReal(B), -4);
  EXPECT_DOUBLE_EQ(Expr::ceilDiv(-N, M).evaluateReal(B), -3);
  EXPECT_DOUBLE_EQ((N % c(3)).evaluateReal(B), 1);
  EXPECT_DOUBLE_EQ((-N % c(3)).evaluateReal(B), -1);
  EXPECT_DOUBLE_EQ(Expr::gcd(N + c(5), c(18)).evaluateReal(B), 6);
  EXPECT_DOUBLE_EQ(Expr::minOf({N, M, c(4)}).evaluateReal(B), 2);
  EXPECT_DOUBLE_EQ(Expr::max(N, M).evaluateReal({{"N", 0.25}, {"M", 0.5}}),
                   0.5);
  EXPECT_DOUBLE_EQ((c(2) * N + c(1)).evaluateReal({{"N", 0.25}}), 1.5);
  EXPECT_THROW((N % c(3)).evaluateReal({{"N", 7.5}}), ExprEvalError);
  EXPECT_THROW(Expr::gcd(N, c(6)).evaluateReal({{"N", 4.5}}), ExprEvalError);
  EXPECT_THROW((N / M).evaluateReal({{"N", 1}, {"M", 0}}), ExprEvalError);
  try {
    (N + M).evaluateReal({{"N", 1}});
    ADD_FAILURE() << "no error";
  } catch (const ExprEvalError &E) {
    EXPECT_EQ(std::string(E.what()), "unbound variable 'M'");
  }
}

TEST(ExprVariables, NamesAfterSimplification) {
  Expr E = parseExpr("N*M + min(K, 3) - gcd(a_1, 4)");
  EXPECT_EQ(E.variables(), (std::set<std::string>{"K", "M", "N", "a_1"}));
  EXPECT_TRUE(parseExpr("N - N + 2").variables().empty());
  EXPECT_TRUE(c(5).variables().empty());
}

TEST(ExprSubstitute, SimplifiesAndMatchesEvaluation) {
  Expr N = v("N"), M = v("M");
  EXPECT_EQ((N - M).substitute("M", N).str(), "0");
  EXPECT_EQ(Expr::min(N, c(5)).substitute("N", c(3)).str(), "3");
  EXPECT_EQ((c(2) * N / c(2) + M).substitute("K", c(1)).str(), "M + N");
  EXPECT_EQ(Expr::floorDiv(N + c(7), c(8)).substitute("N", c(8) * M).str(),
            "floordiv(8*M + 7, 8)");
  EXPECT_EQ(((N + c(1)) * c(3)).substitute("N", M - c(1)).str(), "3*M");

  // Substituting V for N then evaluating equals evaluating with N = V.
  std::mt19937_64 Rng(3);
  for (int Case = 0; Case < 500 && !::testing::Test::HasFailure(); ++Case) {
    Tree T = randomTree(Rng, 3), U = randomTree(Rng, 2);
    Expr E = build(T), V = build(U);
    Expr S = E.substitute("N", V);
    EXPECT_EQ(parseExpr(S.str()), S);
    for (int I = 0; I < 3; ++I) {
      Expr::IntBindings B = randomBindings(Rng);
      Ref Value = reference(U, B);
      if (!Value)
        continue;
      Expr::IntBindings Inner = B;
      Inner["N"] = *Value;
      if (Ref Want = reference(T, Inner)) {
        EXPECT_EQ(S.evaluate(B), *Want)
            << E << " [N := " << V << "] " << show(B);
      }
    }
  }
}

TEST(ExprAccessors, BadUseIsRefused) {
  EXPECT_THROW(Expr::var("2x"), std::invalid_argument);
  EXPECT_THROW(Expr::var(""), std::invalid_argument);
  EXPECT_THROW(Expr::var("a-b"), std::invalid_argument);
  EXPECT_THROW(v("N").constantValue(), std::logic_error);
  EXPECT_THROW(c(1).name(), std::logic_error);
  EXPECT_THROW(Expr::minOf({}), std::invalid_argument);
  EXPECT_EQ(Expr().constantValue(), 0);
  Expr S = v("N") + v("M");
  EXPECT_EQ(S.kind(), Expr::Kind::Add);
  EXPECT_EQ(S.operands().size(), 2u);
}

} // namespace

// The sign of sizes (non-negative variables): a stride walks up or down
// only when that does not depend on the values.
TEST(ExprSign, SizesProductsAndQuotients) {
  EXPECT_EQ(signForNonNegativeVariables(c(8) * v("ld")), 1);
  EXPECT_EQ(signForNonNegativeVariables(c(-8) * v("ld")), -1);
  EXPECT_EQ(signForNonNegativeVariables(c(8) * (v("order") / v("P"))), 1);
  EXPECT_EQ(signForNonNegativeVariables(c(8) * ((c(0) - v("n")) / v("P"))), 0);
  EXPECT_EQ(signForNonNegativeVariables(v("n") - v("m")), 0);
  EXPECT_EQ(signForNonNegativeVariables(Expr::max(c(-1), v("z") + c(1)) + c(8)),
            1);
  EXPECT_EQ(signForNonNegativeVariables(c(0)), 0);
}

// The magnitude keeps a pitch's form where its sign is known, so that
// b rows 8*ld apart and rows 8*b*ld apart still read as one walk.
TEST(ExprSign, MagnitudeKeepsTheForm) {
  EXPECT_EQ(magnitudeForNonNegativeVariables(c(8) * v("ld")), c(8) * v("ld"));
  EXPECT_EQ(magnitudeForNonNegativeVariables(c(-8) * v("ld")), c(8) * v("ld"));
  EXPECT_EQ(magnitudeForNonNegativeVariables(c(-24)), c(24));
  EXPECT_EQ(magnitudeForNonNegativeVariables(c(0)), c(0));
  Expr D = v("n") - v("m");
  EXPECT_EQ(magnitudeForNonNegativeVariables(D), Expr::max(D, -D));
}
