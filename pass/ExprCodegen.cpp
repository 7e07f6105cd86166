// Expressions as IR (see ExprCodegen.h).
#include "ExprCodegen.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace commcost {

namespace {

class Emitter {
public:
  Emitter(IRBuilderBase &B,
          const std::map<std::string, Value *, std::less<>> &Vars)
      : B(B), Vars(Vars) {}

  Value *emit(const Expr &E) {
    using Kind = Expr::Kind;
    const auto &Ops = E.operands();
    switch (E.kind()) {
    case Kind::Const:
      return B.getInt64(E.constantValue());
    case Kind::Var:
      return Vars.at(E.name());
    case Kind::Add:
    case Kind::Mul:
    case Kind::Min:
    case Kind::Max: {
      Value *Acc = emit(Ops[0]);
      for (size_t I = 1; I < Ops.size(); ++I) {
        Value *V = emit(Ops[I]);
        switch (E.kind()) {
        case Kind::Add:
          Acc = B.CreateAdd(Acc, V);
          break;
        case Kind::Mul:
          Acc = B.CreateMul(Acc, V);
          break;
        case Kind::Min:
          Acc = B.CreateSelect(B.CreateICmpSLT(V, Acc), V, Acc);
          break;
        default:
          Acc = B.CreateSelect(B.CreateICmpSGT(V, Acc), V, Acc);
          break;
        }
      }
      return Acc;
    }
    case Kind::Gcd:
      return gcd(emit(Ops[0]), emit(Ops[1]));
    default:
      return division(E.kind(), emit(Ops[0]), emit(Ops[1]));
    }
  }

private:
  IRBuilderBase &B;
  const std::map<std::string, Value *, std::less<>> &Vars;

  /// gcd of the magnitudes. With a power of two (a line size) it is that
  /// power's share of the other's trailing zeros; otherwise Euclid's loop,
  /// after which B inserts into the loop's exit block.
  Value *gcd(Value *X, Value *Y) {
    for (auto [P, Other] : {std::pair{X, Y}, std::pair{Y, X}})
      if (auto *C = dyn_cast<ConstantInt>(P); C && C->getValue().isPowerOf2()) {
        Value *Zeros = B.CreateBinaryIntrinsic(Intrinsic::cttz, Other,
                                               B.getFalse());
        Value *Exp = B.CreateBinaryIntrinsic(
            Intrinsic::umin, Zeros, B.getInt64(C->getValue().logBase2()));
        return B.CreateShl(B.getInt64(1), Exp);
      }
    auto Abs = [&](Value *V) {
      return B.CreateSelect(B.CreateICmpSLT(V, B.getInt64(0)), B.CreateNeg(V),
                            V);
    };
    Value *X0 = Abs(X), *Y0 = Abs(Y);
    BasicBlock *Entry = B.GetInsertBlock();
    Function *F = Entry->getParent();
    LLVMContext &Ctx = F->getContext();
    auto *Loop = BasicBlock::Create(Ctx, "commcost.gcd", F);
    auto *Step = BasicBlock::Create(Ctx, "commcost.gcd.step", F);
    auto *Done = BasicBlock::Create(Ctx, "commcost.gcd.done", F);
    B.CreateBr(Loop);
    B.SetInsertPoint(Loop);
    PHINode *A = B.CreatePHI(B.getInt64Ty(), 2);
    PHINode *D = B.CreatePHI(B.getInt64Ty(), 2);
    B.CreateCondBr(B.CreateICmpEQ(D, B.getInt64(0)), Done, Step);
    B.SetInsertPoint(Step);
    Value *R = B.CreateURem(A, D);
    B.CreateBr(Loop);
    A->addIncoming(X0, Entry);
    A->addIncoming(D, Step);
    D->addIncoming(Y0, Entry);
    D->addIncoming(R, Step);
    B.SetInsertPoint(Done);
    return A;
  }

  /// A / B and the like without a trap: the divisor 0 gives 0, and -1
  /// (whose quotient of the least i64 overflows) is a negation.
  Value *division(Expr::Kind K, Value *A, Value *D) {
    Value *Zero = B.getInt64(0), *One = B.getInt64(1);
    Value *IsZero = B.CreateICmpEQ(D, Zero);
    Value *IsMinusOne = B.CreateICmpEQ(D, B.getInt64(-1));
    Value *Safe = B.CreateSelect(B.CreateOr(IsZero, IsMinusOne), One, D);
    Value *Q = B.CreateSDiv(A, Safe);
    Value *R = B.CreateSRem(A, Safe);
    Q = B.CreateSelect(IsMinusOne, B.CreateNeg(A), Q);
    R = B.CreateSelect(IsMinusOne, Zero, R);
    Value *Result;
    switch (K) {
    case Expr::Kind::Div:
      Result = Q;
      break;
    case Expr::Kind::Mod:
      Result = R;
      break;
    default: {
      // Rounded down when the signs differ, up when they agree.
      Value *Inexact = B.CreateICmpNE(R, Zero);
      Value *SignsDiffer = B.CreateICmpSLT(B.CreateXor(R, D), Zero);
      bool Floor = K == Expr::Kind::FloorDiv;
      Value *Adjust = B.CreateAnd(Inexact, Floor ? SignsDiffer
                                                 : B.CreateNot(SignsDiffer));
      Value *Step = B.CreateZExt(Adjust, B.getInt64Ty());
      Result = Floor ? B.CreateSub(Q, Step) : B.CreateAdd(Q, Step);
      break;
    }
    }
    return B.CreateSelect(IsZero, Zero, Result);
  }
};

} // namespace

std::optional<std::map<std::string, Value *, std::less<>>>
parameterValues(const Expr &E, ArrayRef<std::string> Params,
                function_ref<Value *(unsigned)> Arg, unsigned NumArgs,
                std::string &Unbound) {
  std::map<std::string, Value *, std::less<>> Out;
  for (const std::string &V : E.variables()) {
    const auto *It = llvm::find(Params, V);
    unsigned I = It - Params.begin();
    if (It == Params.end() || I >= NumArgs ||
        !Arg(I)->getType()->isIntegerTy()) {
      Unbound = V;
      return std::nullopt;
    }
    Out.emplace(V, Arg(I));
  }
  return Out;
}

Value *asI64(IRBuilderBase &B, Value *V, bool ZeroExt) {
  return ZeroExt ? B.CreateZExtOrTrunc(V, B.getInt64Ty())
                 : B.CreateSExtOrTrunc(V, B.getInt64Ty());
}

Value *emitExpr(IRBuilderBase &B, const Expr &E,
                const std::map<std::string, Value *, std::less<>> &Vars) {
  return Emitter(B, Vars).emit(E);
}

} // namespace commcost
