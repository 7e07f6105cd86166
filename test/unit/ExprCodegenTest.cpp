// The code the plugin emits for run-time choices (pass/ExprCodegen.h)
// against Expr::evaluate, by brute force: random expressions of the whole
// grammar, compiled to functions of three i64 arguments with LLVM's JIT and
// evaluated on random values; wherever evaluate gives a value, the emitted
// code must give the same. A division or remainder by zero must not trap.
#include "../../pass/ExprCodegen.h"

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

#include <random>

using namespace commcost;
using namespace llvm;

namespace {

class RandomExprs {
public:
  explicit RandomExprs(uint64_t Seed) : Rng(Seed) {}

  Expr make(int Depth) {
    if (Depth == 0 || pick(4) == 0)
      return leaf();
    Expr A = make(Depth - 1), B = make(Depth - 1);
    switch (pick(11)) {
    case 0:
      return A + B;
    case 1:
      return A - B;
    case 2:
      return A * B;
    case 3:
      return A / B;
    case 4:
      return A % B;
    case 5:
      return Expr::min(A, B);
    case 6:
      return Expr::max(A, B);
    case 7:
      return Expr::gcd(A, pick(2) ? B : Expr::constant(64));
    case 8:
      return Expr::ceilDiv(A, B);
    case 9:
      return Expr::floorDiv(A, B);
    default:
      return Expr::minOf({A, B, leaf()});
    }
  }

  int64_t value() {
    static const int64_t Special[] = {0, 1, -1, 2, -2, 63, 64, -64, 1000};
    if (pick(3) == 0)
      return Special[pick(9)];
    return std::uniform_int_distribution<int64_t>(-100000, 100000)(Rng);
  }

private:
  std::mt19937_64 Rng;
  unsigned pick(unsigned N) {
    return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
  }
  Expr leaf() {
    static const char *Names[] = {"x", "y", "z"};
    if (pick(2))
      return Expr::var(Names[pick(3)]);
    return Expr::constant(std::uniform_int_distribution<int64_t>(-70, 70)(Rng));
  }
};

TEST(ExprCodegen, AgreesWithEvaluate) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>("exprs", *Ctx);
  Type *I64 = Type::getInt64Ty(*Ctx);
  auto *FT = FunctionType::get(I64, {I64, I64, I64}, false);
  RandomExprs Gen(12345);
  std::vector<Expr> Exprs;
  for (int I = 0; I < 400; ++I) {
    Exprs.push_back(Gen.make(4));
    auto *F = Function::Create(FT, GlobalValue::ExternalLinkage,
                               "e" + std::to_string(I), *M);
    IRBuilder<> B(BasicBlock::Create(*Ctx, "entry", F));
    std::map<std::string, Value *, std::less<>> Vars{
        {"x", F->getArg(0)}, {"y", F->getArg(1)}, {"z", F->getArg(2)}};
    B.CreateRet(emitExpr(B, Exprs.back(), Vars));
  }
  ASSERT_FALSE(verifyModule(*M, &errs()));
  auto JIT = cantFail(orc::LLJITBuilder().create());
  cantFail(JIT->addIRModule(orc::ThreadSafeModule(std::move(M), std::move(Ctx))));
  unsigned Compared = 0;
  for (size_t I = 0; I < Exprs.size(); ++I) {
    auto *Fn = cantFail(JIT->lookup("e" + std::to_string(I)))
                   .toPtr<int64_t (*)(int64_t, int64_t, int64_t)>();
    for (int Point = 0; Point < 50; ++Point) {
      int64_t X = Gen.value(), Y = Gen.value(), Z = Gen.value();
      int64_t Got = Fn(X, Y, Z); // never traps, whatever the values
      int64_t Want;
      try {
        Want = Exprs[I].evaluate({{"x", X}, {"y", Y}, {"z", Z}});
      } catch (const ExprEvalError &) {
        continue; // a division by zero or an overflow: no value to match
      }
      ++Compared;
      ASSERT_EQ(Got, Want) << Exprs[I].str() << " at x=" << X << ", y=" << Y
                           << ", z=" << Z;
    }
  }
  EXPECT_GT(Compared, 10000u);
}

} // namespace
