// SCEV -> Expr (see SymbolicSCEV.h).
#include "SymbolicSCEV.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace commcost {

static std::string describe(const Value *V) {
  std::string Text;
  raw_string_ostream OS(Text);
  if (const auto *I = dyn_cast<Instruction>(V)) {
    if (const auto *Call = dyn_cast<CallBase>(I);
        Call && Call->getCalledFunction())
      OS << "the result of " << Call->getCalledFunction()->getName() << "()";
    else
      OS << "a value computed by '" << I->getOpcodeName() << "'";
    if (const DILocation *Loc = I->getDebugLoc().get())
      OS << " at line " << Loc->getLine();
  } else {
    V->printAsOperand(OS, false);
  }
  return Text;
}

namespace {
struct Translator {
  const SourceFacts &Facts;
  std::string &Why;

  std::optional<Expr> operands(const SCEVNAryExpr *N,
                               Expr (*Combine)(const Expr &, const Expr &)) {
    std::optional<Expr> Acc;
    for (const SCEV *Op : N->operands()) {
      auto E = visit(Op);
      if (!E)
        return std::nullopt;
      Acc = Acc ? Combine(*Acc, *E) : *E;
    }
    return Acc;
  }

  std::optional<Expr> visit(const SCEV *S) {
    switch (S->getSCEVType()) {
    case scConstant:
      return Expr::constant(
          cast<SCEVConstant>(S)->getAPInt().getSExtValue());
    case scVScale:
      Why = "a size depends on the scalable vector length";
      return std::nullopt;
    case scTruncate:
    case scZeroExtend:
    case scSignExtend:
    case scPtrToInt:
      return visit(cast<SCEVCastExpr>(S)->getOperand());
    case scAddExpr:
      return operands(cast<SCEVNAryExpr>(S),
                      [](const Expr &A, const Expr &B) { return A + B; });
    case scMulExpr:
      return operands(cast<SCEVNAryExpr>(S),
                      [](const Expr &A, const Expr &B) { return A * B; });
    case scUDivExpr: {
      const auto *D = cast<SCEVUDivExpr>(S);
      auto L = visit(D->getLHS());
      auto R = L ? visit(D->getRHS()) : std::nullopt;
      if (!R)
        return std::nullopt;
      return *L / *R;
    }
    case scSMaxExpr:
    case scUMaxExpr: {
      // max(0, n) is how SCEV writes "n iterations, or none": sizes are
      // non-negative, so it reads as n.
      const auto *N = cast<SCEVNAryExpr>(S);
      if (N->getNumOperands() == 2 && N->getOperand(0)->isZero())
        return visit(N->getOperand(1));
      return operands(N, &Expr::max);
    }
    case scSMinExpr:
    case scUMinExpr:
    case scSequentialUMinExpr:
      return operands(cast<SCEVNAryExpr>(S), &Expr::min);
    case scAddRecExpr:
      Why = "a size changes from one loop iteration to the next";
      return std::nullopt;
    case scUnknown: {
      const Value *V = cast<SCEVUnknown>(S)->getValue();
      if (auto Name = sourceNameOf(V, Facts))
        return Expr::var(*Name);
      Why = "a size depends on " + describe(V) +
            ", which has no source-level name (compile with -g to name it)";
      return std::nullopt;
    }
    case scCouldNotCompute:
      Why = "a size could not be computed";
      return std::nullopt;
    }
    llvm_unreachable("unknown SCEV kind");
  }
};
} // namespace

std::optional<Expr> exprFromSCEV(const SCEV *S, const SourceFacts &Facts,
                                 std::string &Why) {
  return Translator{Facts, Why}.visit(S);
}

} // namespace commcost
