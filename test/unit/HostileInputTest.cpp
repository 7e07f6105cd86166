// Tests of hostile and absurd input (issue 8): nesting deep enough to
// exhaust a recursive parser's stack, numbers beyond double or int64,
// profiles with sizes no machine has, coefficients that overflow the
// picosecond scaling, non-finite and negative features, special files, and
// megabyte-long values repeated in messages. Each case here crashed, hung,
// wrapped silently or was accepted before its fix.
#include "commcost/Clip.h"
#include "commcost/Expr.h"
#include "commcost/Model.h"
#include "commcost/Profile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

using namespace commcost;
namespace fs = std::filesystem;

namespace {

#define EXPECT_CONTAINS(Haystack, Needle)                                      \
  EXPECT_NE(std::string(Haystack).find(Needle), std::string::npos)            \
      << "'" << (Haystack) << "' lacks '" << (Needle) << "'"

/// Far deeper than any stack allows a recursive descent to go.
constexpr size_t Deep = 100000;

std::string repeat(const std::string &S, size_t N) {
  std::string Out;
  Out.reserve(S.size() * N);
  for (size_t I = 0; I < N; ++I)
    Out += S;
  return Out;
}

class Hostile : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("commcost-hostile-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(Dir);
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::string write(const std::string &Name, const std::string &Text) {
    std::string Path = (Dir / Name).string();
    std::ofstream(Path) << Text;
    return Path;
  }

  static nlohmann::json valid() { return defaultProfile().toJson(); }

  /// The message loading Text gives ("" if it loads).
  std::string errorOfText(const std::string &Text) {
    std::string Path = write("p.json", Text);
    try {
      loadProfile(Path);
      return "";
    } catch (const ProfileError &E) {
      EXPECT_EQ(std::string(E.what()).rfind(Path + ": ", 0), 0u) << E.what();
      return E.what();
    }
  }
  std::string errorOf(const nlohmann::json &J) { return errorOfText(J.dump()); }

  /// The valid profile's text with its "machine" object's field Key set to
  /// the JSON text Value (which nlohmann could not hold, e.g. 1e400).
  std::string withMachineField(const std::string &Key, const std::string &Value) {
    nlohmann::json J = valid();
    J["machine"][Key] = "@@@";
    std::string Text = J.dump();
    Text.replace(Text.find("\"@@@\""), 5, Value);
    return Text;
  }

  fs::path Dir;
};

// Defect 5: 100,000 levels of [ or { overflowed the stack of the
// recursive JSON routines (dump, copy) in profile show, predict and the
// plugin.
TEST_F(Hostile, DeeplyNestedJsonIsRefusedNamingTheField) {
  std::string Arrays = repeat("[", Deep) + repeat("]", Deep);
  EXPECT_CONTAINS(errorOfText(Arrays), ": [0][0][0]");
  EXPECT_CONTAINS(errorOfText(Arrays), ": nested deeper than 64 levels");
  std::string Objects = repeat("{\"a\":", Deep) + "1" + repeat("}", Deep);
  EXPECT_CONTAINS(errorOfText(Objects), ": a.a.a.a");
  EXPECT_CONTAINS(errorOfText(Objects), ": nested deeper than 64 levels");

  // Inside a valid profile, as an unknown field (which is kept and
  // written back): the field is named.
  nlohmann::json J = valid();
  J["machine"]["extra"] = "@@@";
  std::string Text = J.dump();
  Text.replace(Text.find("\"@@@\""), 5, "[0, " + Arrays + "]");
  std::string E = errorOfText(Text);
  EXPECT_CONTAINS(E, ": machine.extra[1][0][0]");
  EXPECT_CONTAINS(E, "nested deeper than 64 levels");
  EXPECT_LT(E.size(), 400u);

  // As deep as allowed still loads.
  J = valid();
  J["machine"]["extra"] = "@@@";
  Text = J.dump();
  Text.replace(Text.find("\"@@@\""), 5,
               repeat("[", MaxProfileDepth - 2) +
                   repeat("]", MaxProfileDepth - 2));
  EXPECT_EQ(errorOfText(Text), "");
}

// Defect 6: a number beyond double threw nlohmann's out_of_range.406,
// which nothing caught (SIGABRT).
TEST_F(Hostile, NumberBeyondDoubleNamesTheField) {
  std::string E = errorOfText(withMachineField("line_size", "1e400"));
  EXPECT_CONTAINS(E, ": machine.line_size: not valid JSON");
  EXPECT_CONTAINS(E, "1e400");
  E = errorOfText(withMachineField("caches", "[{\"level\": 1, \"size\": -1e999}]"));
  EXPECT_CONTAINS(E, ": machine.caches[0].size: not valid JSON");
}

// Defect 7: sizes no machine has were accepted, and integers were narrowed
// silently (4294967360 cores became 64, cache level 2^32 became L0).
TEST_F(Hostile, AbsurdMachinesAreRefused) {
  struct Case {
    const char *Field;
    nlohmann::json Value;
    const char *Message;
  };
  const uint64_t Big = uint64_t(1) << 32;
  for (const Case &C : std::vector<Case>{
           {"line_size", Big, "machine.line_size: expected a power of two "
                              "from 8 to 1024, found number 4294967296"},
           {"line_size", 4, "machine.line_size: expected a power of two"},
           {"line_size", 48, "machine.line_size: expected a power of two"},
           {"line_size", 64.0, "machine.line_size: expected a power of two"},
           {"line_size", -64, "machine.line_size: expected a power of two"},
           {"page_size", Big, "machine.page_size: expected a power of two "
                              "from 1024 to 65536"},
           {"page_size", 3, "machine.page_size: expected a power of two"},
           {"page_size", 100, "machine.page_size: expected a power of two"},
           {"cores", Big + 64, "machine.cores: expected an integer from 1 to "
                               "65536, found number 4294967360"},
           {"cores", 0, "machine.cores: expected an integer from 1"},
           {"cores", "two", "machine.cores: expected an integer from 1 to "
                            "65536, found string \"two\""},
       }) {
    nlohmann::json J = valid();
    J["machine"][C.Field] = C.Value;
    EXPECT_CONTAINS(errorOf(J), C.Message);
  }
  // A page smaller than a line.
  nlohmann::json J = valid();
  J["machine"]["line_size"] = 1024;
  J["machine"]["page_size"] = 1024;
  EXPECT_EQ(errorOf(J), "");
  J["machine"]["line_size"] = 512;
  J["machine"]["page_size"] = 256;
  EXPECT_CONTAINS(errorOf(J), "machine.page_size: expected a power of two "
                              "from 1024");

  J = valid();
  J["machine"]["caches"][0]["level"] = Big;
  EXPECT_CONTAINS(errorOf(J), "machine.caches[0].level: expected an integer "
                              "from 1 to 8, found number 4294967296");
  J = valid();
  J["machine"]["caches"][0]["size"] = 32;
  EXPECT_CONTAINS(errorOf(J), "machine.caches[0].size: expected an integer "
                              "from 64 to 1099511627776");
  J = valid();
  J["models"]["M1"]["fit"] = {{"test_points", Big * Big - 1}};
  EXPECT_CONTAINS(errorOf(J), "models.M1.fit.test_points: expected an integer");
  J = valid();
  J["models"]["M1"]["fit"] = {{"avg_rel_err", -0.5}};
  EXPECT_CONTAINS(errorOf(J), "models.M1.fit.avg_rel_err: expected a number "
                              "at least 0");
}

// Defect 8: a coefficient of 1e13 us is 1e19 ps, beyond int64: the
// symbolic cost changed sign. 1e308 made the numeric cost inf.
TEST_F(Hostile, UnreasonableCoefficientsAreRefusedAtLoad) {
  for (double V : {1e13, 1e308, -2e6}) {
    nlohmann::json J = valid();
    J["models"]["M1"]["coefficients"]["a"] = V;
    EXPECT_CONTAINS(errorOf(J), "models.M1.coefficients.a: coefficient 'a' "
                                "is ");
    EXPECT_CONTAINS(errorOf(J), "outside the range [-1e+06, 1e+06] us");
  }
  // The bound itself and negative fits are fine.
  nlohmann::json J = valid();
  J["models"]["M1"]["coefficients"]["a"] = -MaxCoefficientUs;
  EXPECT_EQ(errorOf(J), "");
}

TEST(HostileModel, CoefficientsAreBoundedAndCostsStayExact) {
  EXPECT_THROW(Model("S1", "a*n + b*m", {{"a", 1e13}, {"b", 1.0}}),
               ModelError);
  EXPECT_THROW(Model("S1", "a*n + b*m",
                     {{"a", std::numeric_limits<double>::quiet_NaN()}}),
               ModelError);
  // At the bound, the symbolic cost is exact and positive.
  Model S1("S1", "a*n + b*m", {{"a", MaxCoefficientUs}, {"b", 1.0}});
  Expr Cost = S1.costExprPs({{"n", Expr::var("n")}, {"m", Expr::var("m")}});
  EXPECT_EQ(Cost.evaluate({{"n", 1000}, {"m", 0}}), int64_t(1e15));
  EXPECT_DOUBLE_EQ(S1.evaluate({{"n", 1000}, {"m", 0}}) * 1e6, 1e15);
  // Beyond int64: an error, never a wrapped value.
  try {
    Cost.evaluate({{"n", int64_t(1e13)}, {"m", 0}});
    FAIL() << "expected an overflow";
  } catch (const ExprEvalError &E) {
    EXPECT_CONTAINS(E.what(), "overflow");
  }
}

// Defect 9: predict printed "nan us" for n=nan, n=inf, n=1e999, n=-1 and
// ignored unknown feature names.
TEST(HostileModel, FeaturesMustBeFiniteAndNonNegative) {
  Model M1("M1", "a*n + b*m + c*L_mem", {{"a", 1}, {"b", 2}, {"c", 3}});
  for (double Bad : {std::numeric_limits<double>::quiet_NaN(),
                     std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity(), -1.0}) {
    try {
      M1.evaluate({{"n", Bad}, {"m", 1}, {"L_mem", 1}});
      FAIL() << "accepted n = " << Bad;
    } catch (const ModelError &E) {
      EXPECT_CONTAINS(E.what(), "feature 'n' is ");
      EXPECT_CONTAINS(E.what(), "expected a finite number at least 0");
    }
  }
  // Finite features whose cost is not.
  Model Square("Sq", "a*n*n*n*n", {{"a", 1e6}});
  EXPECT_THROW(Square.evaluate({{"n", 1e100}}), ModelError);
  // Names the model does not use.
  EXPECT_NO_THROW(M1.requireOnlyFeatures({{"n", 1}, {"L_mem", 2}}));
  try {
    M1.requireOnlyFeatures({{"n", 1}, {"L_men", 2}});
    FAIL() << "accepted L_men";
  } catch (const ModelError &E) {
    EXPECT_CONTAINS(E.what(), "model M1 has no feature 'L_men' (its features: "
                              "L_mem, m, n)");
  }
  // A coefficient is not a feature either.
  EXPECT_THROW(M1.requireOnlyFeatures({{"a", 1}}), ModelError);
}

// Defect 11: /dev/zero was read until memory ran out; a directory was
// reported as "not valid JSON".
TEST_F(Hostile, SpecialFilesAreRefused) {
  auto ErrorOf = [](const std::string &Path) -> std::string {
    try {
      loadProfile(Path);
      return "";
    } catch (const ProfileError &E) {
      return E.what();
    }
  };
  EXPECT_CONTAINS(ErrorOf(Dir.string()),
                  Dir.string() + ": (file): is a directory");
  EXPECT_CONTAINS(ErrorOf("/dev/zero"),
                  "/dev/zero: (file): is not a regular file");
  std::string Fifo = (Dir / "fifo").string();
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  // No writer: opening must not block.
  EXPECT_CONTAINS(ErrorOf(Fifo), "fifo: (file): is not a regular file");

  // A sparse file beyond the limit is refused without being read.
  std::string Big = write("big.json", "{}");
  fs::resize_file(Big, MaxProfileBytes + 1);
  EXPECT_CONTAINS(ErrorOf(Big), "big.json: (file): is larger than the 16 MiB");
  fs::resize_file(Big, MaxProfileBytes);
  EXPECT_CONTAINS(ErrorOf(Big), "not valid JSON");
}

// Defect 12: messages repeated the whole bad value (a 50 MB form gave
// 52 MB of stderr).
TEST_F(Hostile, MessagesCutLongValues) {
  const size_t Long = 1 << 20;
  nlohmann::json J = valid();
  J["models"]["M1"]["form"] = "a*n + (" + std::string(Long, 'b');
  std::string E = errorOf(J);
  EXPECT_CONTAINS(E, "models.M1.form: not a formula");
  EXPECT_LT(E.size(), 600u) << E.substr(0, 2000);

  J = valid();
  J["models"]["M1"]["coefficients"][std::string(Long, 'z')] = 1.0;
  E = errorOf(J);
  EXPECT_CONTAINS(E, "the form 'a*n + b*m + c*L_mem' does not use");
  EXPECT_LT(E.size(), 600u) << E.substr(0, 2000);

  J = valid();
  J["machine"]["cores"] = std::string(Long, '7');
  E = errorOf(J);
  EXPECT_LT(E.size(), 600u) << E.substr(0, 2000);

  E = errorOfText("{\"schema\": \"" + std::string(Long, 'x'));
  EXPECT_CONTAINS(E, "not valid JSON");
  EXPECT_LT(E.size(), 600u) << E.substr(0, 2000);

  J = valid();
  J["schema"] = std::string(Long, 's');
  EXPECT_LT(errorOf(J).size(), 600u);
  J = valid();
  J["site_models"][std::string(Long, 'k')] = std::string(Long, 'm');
  EXPECT_LT(errorOf(J).size(), 600u);
  J = valid();
  J["models"]["M1"]["units"] = std::string(Long, 'u');
  EXPECT_LT(errorOf(J).size(), 600u);

  for (const std::string &Text :
       {std::string(Long, '('), "x + " + std::string(Long, '9'),
        std::string(Long, 'f') + "(1, 2)", "1 + $" + std::string(Long, 'y')}) {
    try {
      parseExpr(Text);
      FAIL() << "parsed";
    } catch (const ExprParseError &E) {
      EXPECT_LT(std::string(E.what()).size(), 400u)
          << std::string(E.what()).substr(0, 2000);
    }
  }
  Expr Huge = Expr::var(std::string(Long, 'v'));
  try {
    Huge.evaluate({});
    FAIL() << "evaluated";
  } catch (const ExprEvalError &E) {
    EXPECT_LT(std::string(E.what()).size(), 400u);
  }
}

TEST(Clip, CutsLongTextBetweenCharacters) {
  EXPECT_EQ(clip("short"), "short");
  std::string Exact(MaxQuotedBytes, 'x');
  EXPECT_EQ(clip(Exact), Exact);
  EXPECT_EQ(clip(Exact + "y"), Exact + "... (61 bytes)");
  // "é" is two bytes; the cut must not split it.
  std::string Accents = std::string(MaxQuotedBytes - 1, 'x') + "\xC3\xA9zz";
  EXPECT_EQ(clip(Accents),
            std::string(MaxQuotedBytes - 1, 'x') + "... (63 bytes)");
  EXPECT_EQ(clip("abcdef", 3), "abc... (6 bytes)");
}

// Defect 12: a file whose machine says "default": true was labelled the
// embedded default profile in the plugin's remarks.
TEST_F(Hostile, OnlyTheEmbeddedProfileIsCalledEmbedded) {
  EXPECT_EQ(describeProfile(defaultProfile()), "embedded default profile");
  nlohmann::json J = valid();
  J["machine"]["default"] = true;
  std::string Path = write("marked.json", J.dump());
  Profile P = loadProfile(Path);
  EXPECT_FALSE(P.Embedded);
  EXPECT_EQ(describeProfile(P),
            "profile " + Path + " (marked default: not a measurement)");
  J["machine"]["default"] = false;
  Path = write("measured.json", J.dump());
  EXPECT_EQ(describeProfile(loadProfile(Path)), "profile " + Path);
  // A file named like the embedded profile's source is still a file.
  EXPECT_FALSE(parseProfile(J.dump(), "<embedded default>").Embedded);
}

TEST_F(Hostile, ProfilesThatLoadingRefusesAreNotSaved) {
  Profile P = defaultProfile();
  P.Machine.LineSize = 48;
  std::string Path = (Dir / "p.json").string();
  try {
    saveProfile(P, Path);
    FAIL() << "saved";
  } catch (const ProfileError &E) {
    EXPECT_CONTAINS(E.what(), Path + ": machine.line_size: expected a power");
  }
  EXPECT_FALSE(fs::exists(Path));
}

// Defect 5, expressions: 30,000 parentheses overflowed the recursive
// descent parser; deep trees built in code overflowed the printer, the
// evaluators and the destructor.
TEST(HostileExpr, DeepTextIsRefused) {
  const size_t N = 30000;
  for (const std::string &Text :
       {repeat("(", N) + "x" + repeat(")", N), repeat("-", N) + "x",
        repeat("gcd(x, ", N) + "1" + repeat(")", N),
        repeat("(", N) /* unbalanced too */}) {
    try {
      parseExpr(Text);
      FAIL() << "parsed";
    } catch (const ExprParseError &E) {
      EXPECT_CONTAINS(E.what(), "nested deeper than 256 levels");
    }
  }
  // Nesting up to the limit parses, prints and re-parses.
  size_t Ok = MaxExprDepth - 1;
  Expr E = parseExpr(repeat("gcd(x, ", Ok - 1) + "y" + repeat(")", Ok - 1));
  EXPECT_EQ(parseExpr(E.str()), E);
  EXPECT_EQ(E.evaluate({{"x", 6}, {"y", 4}}), 2);
}

TEST(HostileExpr, DeepTreesAreRefusedWhereTheyAreBuilt) {
  Expr E = Expr::var("x");
  unsigned Built = 1;
  try {
    for (; Built < 100000; ++Built)
      E = Expr::gcd(E, Expr::var("y")) * Expr::var("z");
    FAIL() << "built a tree of depth " << E.depth();
  } catch (const ExprEvalError &Err) {
    EXPECT_CONTAINS(Err.what(), "nested deeper than 256 levels");
  }
  EXPECT_LE(E.depth(), MaxExprDepth);
  EXPECT_GT(E.depth(), MaxExprDepth - 3);
  // The deepest tree allowed works with every recursive walk.
  EXPECT_EQ(parseExpr(E.str()), E);
  EXPECT_EQ(E.evaluate({{"x", 1}, {"y", 1}, {"z", 1}}), 1);
  EXPECT_DOUBLE_EQ(E.evaluateReal({{"x", 1}, {"y", 1}, {"z", 1}}), 1.0);
  EXPECT_EQ(E.variables().size(), 3u);
  // Substituting a deep tree into a deep tree is refused, not overflowed.
  EXPECT_THROW(E.substitute("x", E), ExprEvalError);
  Model M("M", "a*n", {{"a", 1}});
  EXPECT_THROW(M.costExprPs({{"n", E * Expr::var("w") + Expr::var("v")}}),
               ModelError);
}

} // namespace

namespace {

// Found by the sanitizer build, whose compiler draws the random trees of
// ExprProperty in another order: a product of constants beyond int64
// reached through a negated sum printed as -1*9*4611686018427387904 and
// parsed back as -9*4611686018427387904.
TEST(HostileExpr, ConstantProductsBeyondInt64RoundTrip) {
  Expr X = Expr::constant(-9) * Expr::constant(int64_t(1) << 62);
  Expr x = Expr::var("x");
  for (const Expr &E : {x - (x - X), x + -X, (x + X) * Expr::constant(-1),
                        -(-(X + x)), x - (-X), -(x - X) + x, X + X,
                        X - X + x, (x - X) + (X - x)}) {
    Expr Again = parseExpr(E.str());
    EXPECT_EQ(Again, E) << E << " reparsed as " << Again;
    EXPECT_EQ(Again.str(), E.str());
  }
}

} // namespace
