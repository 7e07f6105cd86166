// Markers and choices of commcost/variants.h (see Variants.h).
#include "Variants.h"
#include "ExprCodegen.h"
#include "Remarks.h"
#include "ScratchConstants.h"
#include "ValueExprs.h"

#include "commcost/PacketSize.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Analysis/InstructionSimplify.h"

#include <optional>

using namespace llvm;

namespace commcost {

namespace {

/// Marks a module whose markers are still to be chosen, so that the
/// choice pass looks at nothing in other modules.
const char *const ModuleFlag = "commcost.variants";
/// Every marker's assembly text starts with this; then the kind and the
/// name. A comment, were it ever emitted.
const char *const MarkerPrefix = "# commcost.";

enum class MarkerKind { Variants, Tune, Packet };

const char *kindName(MarkerKind K) {
  switch (K) {
  case MarkerKind::Variants:
    return "variants";
  case MarkerKind::Tune:
    return "tune";
  case MarkerKind::Packet:
    return "packet";
  }
  llvm_unreachable("marker kind");
}

/// R's static choice among its constant costs: the cheapest, the first
/// listed among equals; a tie when another is within 0.1% of it (far
/// below any model's error: the list's order decides, and the remark says
/// so). Returns the choice.
size_t chooseCheapest(ChoiceRemark &R) {
  auto Cost = [&](size_t I) { return double(R.CostsPs[I].constantValue()); };
  size_t Best = 0;
  for (size_t I = 1; I < R.CostsPs.size(); ++I)
    if (Cost(I) < Cost(Best))
      Best = I;
  R.Chosen = Best;
  R.Tie = false;
  for (size_t I = 0; I < R.CostsPs.size(); ++I)
    R.Tie |= I != Best && Cost(I) <= Cost(Best) + 1e-3 * std::abs(Cost(Best));
  return Best;
}

struct Marker {
  MarkerKind Kind;
  std::string Name;
  CallInst *Call;
};

std::optional<Marker> markerOf(Value *V) {
  auto *Call = dyn_cast<CallInst>(V);
  auto *Asm = Call ? dyn_cast<InlineAsm>(Call->getCalledOperand()) : nullptr;
  if (!Asm)
    return std::nullopt;
  StringRef Text = Asm->getAsmString();
  if (!Text.consume_front(MarkerPrefix))
    return std::nullopt;
  auto [Kind, Name] = Text.split(' ');
  for (MarkerKind K :
       {MarkerKind::Variants, MarkerKind::Tune, MarkerKind::Packet})
    if (Kind == kindName(K))
      return Marker{K, Name.str(), Call};
  return std::nullopt;
}

/// A marker at At: Operands[0] is what it yields until a choice replaces
/// it.
CallInst *createMarker(Instruction *At, MarkerKind K, StringRef Name,
                       ArrayRef<Value *> Operands) {
  std::string Constraints = "=r,0";
  SmallVector<Type *, 4> Types;
  for (Value *V : Operands) {
    if (!Types.empty())
      Constraints += ",r";
    Types.push_back(V->getType());
  }
  auto *FT = FunctionType::get(Operands[0]->getType(), Types, false);
  std::string Text = MarkerPrefix + std::string(kindName(K));
  if (!Name.empty()) {
    std::string Escaped = Name.str();
    // '$' starts an operand reference in inline assembly.
    for (size_t P = 0; (P = Escaped.find('$', P)) != std::string::npos; P += 2)
      Escaped.insert(P, "$");
    Text += " " + Escaped;
  }
  IRBuilder<> B(At);
  CallInst *Call = B.CreateCall(
      FT, InlineAsm::get(FT, Text, Constraints, /*hasSideEffects=*/false),
      Operands);
  Call->setDebugLoc(At->getDebugLoc());
  Call->setDoesNotAccessMemory();
  Call->setDoesNotThrow();
  Call->addFnAttr(Attribute::WillReturn);
  return Call;
}

/// A variable's name without its namespaces (C++ names are mangled).
std::string sourceName(const GlobalValue &G) {
  std::string Name = demangle(G.getName());
  size_t Colon = Name.rfind("::");
  return Colon == std::string::npos ? Name : Name.substr(Colon + 2);
}

// ---------------------------------------------------------------------------
// What the header marked.

struct Annotation {
  GlobalValue *Target = nullptr;
  std::string Text;
  Constant *Args = nullptr; ///< the annotate attribute's extra arguments
};

const char *const VariantsText = "commcost.variants";
const char *const TunePrefix = "commcost.tune:";
const char *const PacketProfileText = "commcost.packet_profile";
const char *const PacketBytesText = "commcost.packet_bytes";

bool isOurs(StringRef Text) {
  return Text == VariantsText || Text.starts_with(TunePrefix) ||
         Text == PacketProfileText || Text == PacketBytesText;
}

std::string annotationText(Constant *C) {
  auto *G = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  auto *Data = G && G->hasInitializer()
                   ? dyn_cast<ConstantDataSequential>(G->getInitializer())
                   : nullptr;
  return Data && Data->isCString() ? Data->getAsCString().str() : "";
}

/// The annotations of commcost/variants.h; they are removed from the
/// module, with the globals that only they used.
std::vector<Annotation> takeAnnotations(Module &M) {
  std::vector<Annotation> Ours;
  GlobalVariable *List = M.getGlobalVariable("llvm.global.annotations");
  if (!List || !List->hasInitializer())
    return Ours;
  auto *Entries = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Entries)
    return Ours;
  std::vector<Constant *> Kept;
  SetVector<Constant *> Dropped;
  for (Use &U : Entries->operands()) {
    auto *Entry = cast<Constant>(U.get());
    auto *S = dyn_cast<ConstantStruct>(Entry);
    std::string Text =
        S && S->getNumOperands() >= 2 ? annotationText(S->getOperand(1)) : "";
    if (!isOurs(Text)) {
      Kept.push_back(Entry);
      continue;
    }
    Annotation A;
    A.Target = dyn_cast<GlobalValue>(S->getOperand(0)->stripPointerCasts());
    A.Text = Text;
    if (S->getNumOperands() >= 5) {
      auto *Args = dyn_cast<GlobalVariable>(S->getOperand(4)->stripPointerCasts());
      if (Args && Args->hasInitializer())
        A.Args = Args->getInitializer();
    }
    for (Value *Op : S->operands())
      Dropped.insert(cast<Constant>(Op)->stripPointerCasts());
    if (A.Target)
      Ours.push_back(A);
  }
  if (Ours.empty())
    return Ours;
  if (Kept.empty()) {
    List->eraseFromParent();
  } else {
    auto *Ty = ArrayType::get(Entries->getType()->getElementType(), Kept.size());
    auto *New = new GlobalVariable(M, Ty, List->isConstant(), List->getLinkage(),
                                   ConstantArray::get(Ty, Kept), "", List);
    New->setSection(List->getSection());
    New->takeName(List);
    List->eraseFromParent();
  }
  for (Constant *C : Dropped)
    if (auto *G = dyn_cast<GlobalVariable>(C); G && G->hasPrivateLinkage()) {
      G->removeDeadConstantUsers();
      if (G->use_empty())
        G->eraseFromParent();
    }
  return Ours;
}

/// The packet model of the profile, as the regimes the header's table
/// holds, or why there are none.
struct PacketModel {
  std::string Name;
  std::vector<commcost_packet_regime> Regimes;
  Reason Why;
};

PacketModel packetModel(const Profile &P) {
  PacketModel Out;
  try {
    const Model &M = P.modelForSite("packet");
    Out.Name = M.name();
    Out.Regimes = packetRegimes(M);
  } catch (const ProfileError &E) {
    Out.Why = std::make_shared<NoModel>(E.what());
  } catch (const std::exception &E) {
    Out.Why = std::make_shared<ChoiceNotEvaluable>(E.what());
  }
  return Out;
}

/// Writes the regimes into the header's commcost_packet_profile_.
void fillPacketProfile(GlobalVariable &G, const PacketModel &PM) {
  auto *Ty = dyn_cast<StructType>(G.getValueType());
  auto *Regimes = Ty && Ty->getNumElements() == 2
                      ? dyn_cast<ArrayType>(Ty->getElementType(1))
                      : nullptr;
  auto *Regime =
      Regimes ? dyn_cast<StructType>(Regimes->getElementType()) : nullptr;
  if (!Regime || Regime->getNumElements() != 6 ||
      Regimes->getNumElements() < PM.Regimes.size())
    report_fatal_error("commcost: commcost_packet_profile_ of "
                       "commcost/variants.h does not have the layout this "
                       "plugin writes; use the header of the same commcost",
                       /*gen_crash_diag=*/false);
  std::vector<Constant *> Rows;
  for (size_t I = 0; I < Regimes->getNumElements(); ++I) {
    if (I >= PM.Regimes.size()) {
      Rows.push_back(Constant::getNullValue(Regime));
      continue;
    }
    const commcost_packet_regime &R = PM.Regimes[I];
    Rows.push_back(ConstantStruct::get(
        Regime, {ConstantInt::get(Regime->getElementType(0), R.lo),
                 ConstantInt::get(Regime->getElementType(1), R.hi),
                 ConstantFP::get(Regime->getElementType(2), R.a0),
                 ConstantFP::get(Regime->getElementType(3), R.a1),
                 ConstantFP::get(Regime->getElementType(4), R.a2),
                 ConstantFP::get(Regime->getElementType(5), R.a3)}));
  }
  G.setInitializer(ConstantStruct::get(
      Ty, {ConstantInt::get(Ty->getElementType(0), PM.Regimes.size()),
           ConstantArray::get(Regimes, Rows)}));
  G.setConstant(true);
}

/// The loads of G (directly or of its first element).
std::vector<LoadInst *> loadsOf(GlobalVariable &G) {
  std::vector<LoadInst *> Loads;
  for (User *U : G.users()) {
    if (auto *L = dyn_cast<LoadInst>(U)) {
      Loads.push_back(L);
    } else if (auto *GEP = dyn_cast<GEPOperator>(U); GEP && GEP->hasAllZeroIndices()) {
      for (User *UU : GEP->users())
        if (auto *L = dyn_cast<LoadInst>(UU))
          Loads.push_back(L);
    }
  }
  return Loads;
}

/// Replaces every use of what an annotation marks by a marker. Returns
/// how many markers it made.
unsigned placeMarkers(const Annotation &A, const PacketModel &PM) {
  unsigned Made = 0;
  auto Replace = [&](Instruction *I, MarkerKind K, StringRef Name,
                     ArrayRef<Value *> Ops) {
    I->replaceAllUsesWith(createMarker(I, K, Name, Ops));
    I->eraseFromParent();
    ++Made;
  };
  if (A.Text == PacketProfileText) {
    if (auto *G = dyn_cast<GlobalVariable>(A.Target))
      fillPacketProfile(*G, PM);
    return 0;
  }
  if (A.Text == PacketBytesText) {
    auto *F = dyn_cast<Function>(A.Target);
    if (!F)
      return 0;
    for (User *U : make_early_inc_range(F->users()))
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledOperand() == F && Call->arg_size() == 1)
        Replace(Call, MarkerKind::Packet, "", {Call->getArgOperand(0), F});
    return Made;
  }
  auto *G = dyn_cast<GlobalVariable>(A.Target);
  if (!G || !G->hasInitializer())
    return 0;
  std::vector<Value *> Ops;
  MarkerKind K;
  std::string Name;
  if (A.Text == VariantsText) {
    K = MarkerKind::Variants;
    Name = sourceName(*G);
    Ops.push_back(G->getInitializer());
    // The annotation's argument: the header's array of the alternatives.
    auto *Args = dyn_cast_or_null<ConstantStruct>(A.Args);
    auto *List = Args && Args->getNumOperands() == 1
                     ? dyn_cast<GlobalVariable>(
                           Args->getOperand(0)->stripPointerCasts())
                     : nullptr;
    auto *Functions = List && List->hasInitializer()
                          ? dyn_cast<ConstantArray>(List->getInitializer())
                          : nullptr;
    if (Functions)
      for (Value *Op : Functions->operands())
        if (auto *F = dyn_cast<Function>(Op->stripPointerCasts());
            F && F != Ops[0])
          Ops.push_back(F);
    if (List) {
      List->removeDeadConstantUsers();
      if (List->use_empty())
        List->eraseFromParent();
    }
    if (Ops.size() < 2)
      return 0;
  } else {
    K = MarkerKind::Tune;
    Name = StringRef(A.Text).drop_front(StringRef(TunePrefix).size()).str();
    auto *Values = dyn_cast<ConstantDataSequential>(G->getInitializer());
    // Integer values only: others yield the first.
    if (!Values || !Values->getElementType()->isIntegerTy())
      return 0;
    for (unsigned I = 0; I < Values->getNumElements(); ++I)
      Ops.push_back(Values->getElementAsConstant(I));
  }
  for (LoadInst *L : loadsOf(*G))
    if (L->getType() == Ops[0]->getType())
      Replace(L, K, Name, Ops);
  G->removeDeadConstantUsers();
  if (G->use_empty())
    G->eraseFromParent();
  return Made;
}

// ---------------------------------------------------------------------------
// Choices.

Type *i64(LLVMContext &C) { return Type::getInt64Ty(C); }

/// Emits, before At, the index (i64) of the alternative with the least of
/// Costs (the first among equals), reused from the site's cache while Keys
/// are those of the last choice. The cache is a sequence lock (version,
/// keys, index + 1): readers retry nothing, they choose again when a
/// writer is busy; writers skip remembering when another one is. At ends
/// up in a new block.
Value *emitRunTimeChoice(
    Instruction *At, ArrayRef<Value *> Keys,
    function_ref<std::vector<Value *>(IRBuilderBase &)> Costs) {
  Function &F = *At->getFunction();
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  BasicBlock *Head = At->getParent();
  BasicBlock *Join = SplitBlock(Head, At);
  Head->getTerminator()->eraseFromParent();
  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(At->getDebugLoc());
  unsigned N = Keys.size();
  auto *Ty = ArrayType::get(i64(Ctx), N + 2);
  auto *Cache = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage,
                                   ConstantAggregateZero::get(Ty),
                                   "commcost.choice");
  Cache->setAlignment(Align(64));
  auto Slot = [&](unsigned I) {
    return B.CreateConstInBoundsGEP2_64(Ty, Cache, 0, I);
  };
  auto Load = [&](unsigned I, AtomicOrdering O) {
    LoadInst *L = B.CreateAlignedLoad(B.getInt64Ty(), Slot(I), Align(8));
    L->setAtomic(O);
    return L;
  };
  auto Store = [&](Value *V, unsigned I, AtomicOrdering O) {
    B.CreateAlignedStore(V, Slot(I), Align(8))->setAtomic(O);
  };
  Value *Version = Load(0, AtomicOrdering::Acquire);
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  Value *Hit = B.CreateICmpEQ(B.CreateAnd(Version, One), Zero);
  for (unsigned I = 0; I < N; ++I)
    Hit = B.CreateAnd(Hit, B.CreateICmpEQ(Load(1 + I, AtomicOrdering::Monotonic),
                                          Keys[I]));
  Value *Cached = Load(N + 1, AtomicOrdering::Monotonic);
  Hit = B.CreateAnd(Hit, B.CreateICmpNE(Cached, Zero));
  B.CreateFence(AtomicOrdering::Acquire);
  Hit = B.CreateAnd(Hit, B.CreateICmpEQ(Load(0, AtomicOrdering::Monotonic),
                                        Version));
  auto *Miss = BasicBlock::Create(Ctx, "commcost.choose", &F, Join);
  auto *Remember = BasicBlock::Create(Ctx, "commcost.remember", &F, Join);
  B.CreateCondBr(Hit, Join, Miss);

  B.SetInsertPoint(Miss);
  std::vector<Value *> Values = Costs(B);
  Value *Best = Values[0], *Index = Zero;
  for (unsigned I = 1; I < Values.size(); ++I) {
    Value *Less = B.CreateICmpSLT(Values[I], Best);
    Best = B.CreateSelect(Less, Values[I], Best);
    Index = B.CreateSelect(Less, B.getInt64(I), Index);
  }
  // Only from an even version: an odd one (a writer busy) never matches.
  Value *Even = B.CreateAnd(Version, B.getInt64(~uint64_t(1)));
  Value *Claimed = B.CreateExtractValue(
      B.CreateAtomicCmpXchg(Slot(0), Even, B.CreateAdd(Even, One), Align(8),
                            AtomicOrdering::Acquire,
                            AtomicOrdering::Monotonic),
      1);
  BasicBlock *Chosen = B.GetInsertBlock();
  B.CreateCondBr(Claimed, Remember, Join);

  B.SetInsertPoint(Remember);
  for (unsigned I = 0; I < N; ++I)
    Store(Keys[I], 1 + I, AtomicOrdering::Monotonic);
  Store(B.CreateAdd(Index, One), N + 1, AtomicOrdering::Monotonic);
  Store(B.CreateAdd(Even, B.getInt64(2)), 0, AtomicOrdering::Release);
  B.CreateBr(Join);

  B.SetInsertPoint(&*Join->begin());
  PHINode *Phi = B.CreatePHI(B.getInt64Ty(), 3, "commcost.index");
  Phi->addIncoming(
      BinaryOperator::CreateSub(Cached, One, "", Head->getTerminator()), Head);
  Phi->addIncoming(Index, Chosen);
  Phi->addIncoming(Index, Remember);
  return Phi;
}

/// Makes the choices of one function.
class Chooser {
public:
  Chooser(Function &F, FunctionAnalysisManager &FAM, PluginState &State)
      : F(F), FAM(FAM), State(State), ORE(&F) {}

  bool run() {
    std::vector<Marker> Markers;
    for (Instruction &I : instructions(F))
      if (auto M = markerOf(&I))
        Markers.push_back(*M);
    for (const Marker &M : Markers)
      if (M.Kind == MarkerKind::Variants)
        chooseVariants(M);
    for (const Marker &M : Markers)
      if (M.Kind == MarkerKind::Tune)
        chooseTune(M);
    for (const Marker &M : Markers)
      if (M.Kind == MarkerKind::Packet)
        choosePacket(M);
    return !Markers.empty();
  }

private:
  Function &F;
  FunctionAnalysisManager &FAM;
  PluginState &State;
  OptimizationRemarkEmitter ORE;

  /// A change of F: its analyses are recomputed for the next choice.
  void changed() { FAM.invalidate(F, PreservedAnalyses::none()); }

  /// The cost of an alternative whose total is T, or why a choice with it
  /// cannot be made.
  static Reason unpriced(const std::string &Alternative,
                         const FunctionCost &T) {
    if (!T.known())
      return std::make_shared<AlternativeNotPriced>(
          Alternative, T.Incomplete ? T.Incomplete->message()
                                    : "the analysis sees no communication "
                                      "in it");
    if (T.Incomplete)
      return std::make_shared<AlternativeNotPriced>(
          Alternative, "only a lower bound is known, since " +
                           T.Incomplete->message());
    return nullptr;
  }

  /// The values that T's variables name: parameters of the function that
  /// T is the total of, passed as Args; ChoiceNotEvaluable when a variable
  /// is not one of its integer parameters.
  static Expected<std::map<std::string, Value *, std::less<>>>
  costParameterValues(const std::string &Alternative, const FunctionCost &T,
                      function_ref<Value *(unsigned)> Args,
                      unsigned NumArgs) {
    std::string Unbound;
    if (auto Out = parameterValues(T.picoseconds(), T.Params, Args, NumArgs,
                                   Unbound))
      return std::move(*Out);
    return make_error<RejectionError>(std::make_shared<ChoiceNotEvaluable>(
        "the predicted cost of " + Alternative + ", " +
        T.picoseconds().str() + " ps, depends on '" + Unbound +
        "', which is not one of its integer parameters, so it cannot be "
        "computed where the choice is made"));
  }

  void missed(const Instruction &At, StringRef What, StringRef Fallback,
              const Reason &Why) {
    emitChoiceMissed(ORE, At, What, Fallback, *Why);
  }

  // --- COMMCOST_VARIANTS ---------------------------------------------------

  void chooseVariants(const Marker &M) {
    std::vector<Function *> Alternatives;
    for (Value *Op : M.Call->args())
      Alternatives.push_back(cast<Function>(Op));
    std::vector<CallBase *> Calls;
    for (User *U : M.Call->users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledOperand() == M.Call)
        Calls.push_back(Call);
    for (CallBase *Call : Calls)
      chooseVariant(M.Name, Alternatives, *Call);
    M.Call->replaceAllUsesWith(Alternatives[0]);
    M.Call->eraseFromParent();
    changed();
  }

  /// The source name: a C++ function's demangled name without its
  /// parameters (and qualifiers) and, for a template's instance, its
  /// return type.
  static std::string nameOf(const Function &Fn) {
    std::string Name = demangle(Fn.getName());
    size_t End = Name.rfind(')');
    if (End == std::string::npos)
      return Name;
    int Depth = 0;
    size_t Open = End;
    do {
      Depth += Name[Open] == ')' ? 1 : Name[Open] == '(' ? -1 : 0;
    } while (Depth > 0 && Open-- > 0);
    Name.resize(Open == std::string::npos ? 0 : Open);
    size_t Start = 0;
    Depth = 0;
    for (size_t I = 0; I < Name.size(); ++I) {
      Depth += (Name[I] == '<' || Name[I] == '(')   ? 1
               : (Name[I] == '>' || Name[I] == ')') ? -1
                                                    : 0;
      if (Name[I] == ' ' && Depth == 0)
        Start = I + 1;
    }
    return Name.substr(Start);
  }

  void chooseVariant(const std::string &What,
                     const std::vector<Function *> &Alternatives,
                     CallBase &Call) {
    std::string Fallback = "calls " + nameOf(*Alternatives[0]);
    std::vector<FunctionCost> Totals;
    for (Function *Alt : Alternatives) {
      Reason Why;
      if (Alt->getFunctionType() != Call.getFunctionType())
        Why = std::make_shared<ChoiceNotEvaluable>(
            nameOf(*Alt) + " does not have the type of the call");
      else if (Alt->isDeclaration())
        Why = std::make_shared<AlternativeNotPriced>(
            nameOf(*Alt), "it is not defined in this translation unit");
      else if (Alt == &F)
        Why = std::make_shared<AlternativeNotPriced>(
            nameOf(*Alt), "it is the function making the call");
      std::optional<FunctionCost> T;
      if (!Why) {
        T = totalForCall(*Alt, Call);
        Why = unpriced(nameOf(*Alt), *T);
      }
      if (Why) {
        Call.setCalledOperand(Alternatives[0]);
        return missed(Call, What, Fallback, Why);
      }
      Totals.push_back(std::move(*T));
    }
    ChoiceRemark R{"VariantChosen", What, {}, {}, std::nullopt, ""};
    for (Function *Alt : Alternatives)
      R.Alternatives.push_back(nameOf(*Alt));
    // The costs in the caller's values, when its arguments read as
    // expressions; numbers when they are constants.
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
    bool InCallersNames = true;
    for (const FunctionCost &T : Totals) {
      auto Args = bindArguments(Call, T, SE, State.Facts, DT);
      if (!Args) {
        consumeError(Args.takeError());
        InCallersNames = false;
        break;
      }
      R.CostsPs.push_back(T.picoseconds().substitute(*Args));
    }
    if (!InCallersNames) {
      R.CostsPs.clear();
      for (const FunctionCost &T : Totals)
        R.CostsPs.push_back(T.picoseconds());
    }
    if (InCallersNames && all_of(R.CostsPs, [](const Expr &E) {
          return E.isConstant();
        })) {
      size_t Best = chooseCheapest(R);
      Call.setCalledOperand(Alternatives[Best]);
      emitChoice(ORE, Call, R, State.Prof);
      return;
    }
    // At run time, from the arguments.
    std::vector<std::map<std::string, Value *, std::less<>>> Values;
    for (size_t I = 0; I < Totals.size(); ++I) {
      auto V = costParameterValues(
          nameOf(*Alternatives[I]), Totals[I],
          [&](unsigned A) { return Call.getArgOperand(A); }, Call.arg_size());
      if (!V) {
        Call.setCalledOperand(Alternatives[0]);
        return missed(Call, What, Fallback, takeReason(V.takeError()));
      }
      Values.push_back(std::move(*V));
    }
    R.Note = InCallersNames ? "from the arguments of the call"
                            : "from the arguments of the call, each cost in "
                              "its alternative's parameters";
    emitChoice(ORE, Call, R, State.Prof);
    dispatch(Call, Alternatives, Totals, Values);
    changed();
  }

  /// The i64 keys of a run-time choice: each argument some cost reads.
  static std::vector<Value *>
  keysOf(IRBuilderBase &B,
         ArrayRef<std::map<std::string, Value *, std::less<>>> Values,
         std::map<Value *, Value *> &AsI64) {
    std::vector<Value *> Keys;
    for (const auto &Map : Values)
      for (const auto &[Name, V] : Map)
        if (!AsI64.count(V)) {
          bool ZeroExt = false;
          if (auto *A = dyn_cast<Argument>(V))
            ZeroExt = A->hasZExtAttr();
          AsI64[V] = asI64(B, V, ZeroExt);
          Keys.push_back(AsI64[V]);
        }
    return Keys;
  }

  /// The index of the cheapest of Totals, computed before Call from the
  /// values Values[I] gives Totals[I]'s variables.
  Value *runTimeIndex(
      CallBase &Call, const std::vector<FunctionCost> &Totals,
      ArrayRef<std::map<std::string, Value *, std::less<>>> Values) {
    IRBuilder<> B(&Call);
    std::map<Value *, Value *> AsI64;
    std::vector<Value *> Keys = keysOf(B, Values, AsI64);
    return emitRunTimeChoice(&Call, Keys, [&](IRBuilderBase &CB) {
      std::vector<Value *> Costs;
      for (size_t I = 0; I < Totals.size(); ++I) {
        std::map<std::string, Value *, std::less<>> Vars;
        for (const auto &[Name, V] : Values[I])
          Vars.emplace(Name, AsI64.at(V));
        Costs.push_back(emitExpr(CB, Totals[I].picoseconds(), Vars));
      }
      return Costs;
    });
  }

  /// Replaces Call by the run-time choice and a direct call of each
  /// alternative (an invoke calls the chosen one through a pointer).
  void dispatch(CallBase &Call, const std::vector<Function *> &Alternatives,
                const std::vector<FunctionCost> &Totals,
                ArrayRef<std::map<std::string, Value *, std::less<>>> Values) {
    Value *Index = runTimeIndex(Call, Totals, Values);
    IRBuilder<> B(&Call);
    if (isa<InvokeInst>(Call)) {
      B.SetInsertPoint(&Call);
      Value *Callee = Alternatives[0];
      for (size_t I = 1; I < Alternatives.size(); ++I)
        Callee = B.CreateSelect(B.CreateICmpEQ(Index, B.getInt64(I)),
                                Alternatives[I], Callee);
      Call.setCalledOperand(Callee);
      return;
    }
    BasicBlock *Here = Call.getParent();
    BasicBlock *Tail = SplitBlock(Here, Call.getNextNode());
    Here->getTerminator()->eraseFromParent();
    B.SetInsertPoint(Here);
    SwitchInst *Switch = B.CreateSwitch(Index, Tail, Alternatives.size());
    PHINode *Result = nullptr;
    if (!Call.getType()->isVoidTy())
      Result = PHINode::Create(Call.getType(), Alternatives.size(), "",
                               Tail->begin());
    for (size_t I = 0; I < Alternatives.size(); ++I) {
      auto *Arm = BasicBlock::Create(F.getContext(), "commcost.alternative",
                                     &F, Tail);
      Instruction *Copy = Call.clone();
      cast<CallBase>(Copy)->setCalledOperand(Alternatives[I]);
      Copy->insertInto(Arm, Arm->end());
      BranchInst::Create(Tail, Arm);
      Switch->addCase(B.getInt64(I), Arm);
      if (Result)
        Result->addIncoming(Copy, Arm);
    }
    // The index is always one of the cases.
    Switch->setDefaultDest(Switch->getSuccessor(1));
    if (Result)
      Call.replaceAllUsesWith(Result);
    Call.eraseFromParent();
  }

  // --- COMMCOST_TUNE -------------------------------------------------------

  /// The total of View, a copy of Of with some values made constants;
  /// View is deleted.
  FunctionCost totalOfView(Function *View, const Function &Of) {
    View->setName("commcost.choice.view");
    auto Original = State.Facts.CopyOf.find(&Of);
    State.Facts.CopyOf[View] = Original != State.Facts.CopyOf.end()
                                   ? Original->second
                                   : Of.getName().str();
    FunctionCost T = FAM.getResult<CommCostAnalysis>(*View).Total;
    State.Facts.CopyOf.erase(View);
    State.Totals.erase(View->getName().str());
    FAM.clear(*View, View->getName());
    View->eraseFromParent();
    return T;
  }

  /// F's total with Marker replaced by V.
  FunctionCost totalWith(CallInst &Marker, Constant *V) {
    ScratchConstants Leftovers(*F.getParent());
    ValueToValueMapTy VMap;
    Function *View = CloneFunction(&F, VMap);
    // Folded where it is used (n / 1 is n), as the optimiser will.
    replaceAndRecursivelySimplify(cast<Instruction>(VMap[&Marker]), V);
    return totalOfView(View, F);
  }

  /// Alt's total for Call: with the call's constant integer arguments in
  /// a copy of Alt when it has any (sizes known at the call make the
  /// counts exact where Alt's own total may not be known), else Alt's.
  FunctionCost totalForCall(Function &Alt, CallBase &Call) {
    std::vector<std::pair<unsigned, ConstantInt *>> Constants;
    for (unsigned I = 0; I < Call.arg_size() && I < Alt.arg_size(); ++I)
      if (auto *C = dyn_cast<ConstantInt>(Call.getArgOperand(I)))
        Constants.emplace_back(I, C);
    if (Constants.empty())
      return totalOf(Alt, FAM, State);
    ScratchConstants Leftovers(*F.getParent());
    ValueToValueMapTy VMap;
    Function *View = CloneFunction(&Alt, VMap);
    for (auto [I, C] : Constants)
      View->getArg(I)->replaceAllUsesWith(C);
    return totalOfView(View, Alt);
  }

  void chooseTune(const Marker &M) {
    CallInst &Call = *M.Call;
    std::vector<Constant *> Candidates;
    for (Value *Op : Call.args())
      Candidates.push_back(cast<Constant>(Op));
    auto Text = [](Constant *C) {
      return std::to_string(cast<ConstantInt>(C)->getSExtValue());
    };
    std::string Fallback = "yields " + Text(Candidates[0]);
    auto Done = [&](Value *V) {
      Call.replaceAllUsesWith(V);
      Call.eraseFromParent();
      changed();
    };
    ChoiceRemark R{"TuneChosen", M.Name, {}, {}, std::nullopt, ""};
    std::vector<FunctionCost> Totals;
    for (Constant *C : Candidates) {
      R.Alternatives.push_back(Text(C));
      Totals.push_back(totalWith(Call, C));
      if (Reason Why = unpriced(F.getName().str() + " with " + M.Name +
                                    " = " + Text(C),
                                Totals.back())) {
        missed(Call, M.Name, Fallback, Why);
        return Done(Candidates[0]);
      }
      R.CostsPs.push_back(Totals.back().picoseconds());
    }
    if (all_of(R.CostsPs, [](const Expr &E) { return E.isConstant(); })) {
      size_t Best = chooseCheapest(R);
      emitChoice(ORE, Call, R, State.Prof);
      return Done(Candidates[Best]);
    }
    std::vector<std::map<std::string, Value *, std::less<>>> Values;
    for (size_t I = 0; I < Totals.size(); ++I) {
      auto V = costParameterValues(
          F.getName().str() + " with " + M.Name + " = " + R.Alternatives[I],
          Totals[I], [&](unsigned A) -> Value * { return F.getArg(A); },
          F.arg_size());
      if (!V) {
        missed(Call, M.Name, Fallback, takeReason(V.takeError()));
        return Done(Candidates[0]);
      }
      Values.push_back(std::move(*V));
    }
    R.Note = "from the arguments of " + demangle(F.getName());
    emitChoice(ORE, Call, R, State.Prof);
    Value *Index = runTimeIndex(Call, Totals, Values);
    IRBuilder<> B(&Call);
    B.SetInsertPoint(&Call);
    Value *Chosen = Candidates[0];
    for (size_t I = 1; I < Candidates.size(); ++I)
      Chosen = B.CreateSelect(B.CreateICmpEQ(Index, B.getInt64(I)),
                              Candidates[I], Chosen);
    Done(Chosen);
  }

  // --- commcost_packet_bytes -----------------------------------------------

  void choosePacket(const Marker &M) {
    CallInst &Call = *M.Call;
    Value *Bytes = Call.getArgOperand(0);
    auto *Header = cast<Function>(Call.getArgOperand(1));
    PacketModel PM = packetModel(State.Prof);
    if (PM.Why) {
      missed(Call, "commcost_packet_bytes", "one packet of all the bytes",
             PM.Why);
    } else if (auto *C = dyn_cast<ConstantInt>(Bytes)) {
      int64_t Size = bestPacketBytes(PM.Regimes, C->getSExtValue());
      emitPacketChoice(ORE, Call, std::to_string(C->getSExtValue()), Size,
                       PM.Name, State.Prof);
      Call.replaceAllUsesWith(ConstantInt::get(Call.getType(), Size));
      Call.eraseFromParent();
      changed();
      return;
    } else {
      auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
      auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
      auto E = ExprTranslator(&SE, State.Facts, &DT).scev(SE.getSCEV(Bytes));
      // Without value names (no remarks asked for) the size may not
      // translate; the remark then describes it.
      emitPacketChoice(ORE, Call, E ? E->str() : describeValue(Bytes),
                       std::nullopt, PM.Name, State.Prof);
      if (!E)
        consumeError(E.takeError());
    }
    // The header's function computes it from the table the marker pass
    // wrote (with no regime: the total).
    IRBuilder<> B(&Call);
    CallInst *Direct = B.CreateCall(Header, {Bytes});
    Direct->setDebugLoc(Call.getDebugLoc());
    Call.replaceAllUsesWith(Direct);
    Call.eraseFromParent();
    changed();
  }
};

/// Deletes G, a definition with local linkage, when nothing uses it, and
/// then the functions it called that nothing uses any more.
void eraseIfUnused(GlobalValue *G) {
  G->removeDeadConstantUsers();
  if (!G->use_empty() || !G->hasLocalLinkage())
    return;
  SmallSetVector<GlobalValue *, 4> Called;
  if (auto *F = dyn_cast<Function>(G))
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction(); Callee && Callee != F)
          Called.insert(Callee);
  // A callee may be deleted while an earlier one is (it called it too).
  SmallVector<WeakVH, 4> Callees(Called.begin(), Called.end());
  G->eraseFromParent();
  for (WeakVH &Callee : Callees)
    if (auto *C = cast_or_null<GlobalValue>(Callee); C && !C->isDeclaration())
      eraseIfUnused(C);
}

/// Whether F is an alternative of a marker.
bool isAlternative(const Function &F) {
  return any_of(F.users(), [](const User *U) {
    auto M = markerOf(const_cast<User *>(U));
    return M && M->Kind == MarkerKind::Variants;
  });
}

} // namespace

PreservedAnalyses VariantMarkerPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  std::vector<Annotation> Annotations = takeAnnotations(M);
  if (Annotations.empty())
    return PreservedAnalyses::all();
  PacketModel PM = packetModel(State->Prof);
  unsigned Markers = 0;
  for (const Annotation &A : Annotations)
    Markers += placeMarkers(A, PM);
  if (Markers && !Decide)
    M.getOrInsertNamedMetadata(ModuleFlag);
  if (Markers && Decide) {
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    FAM.clear();
    std::vector<Function *> WithMarkers;
    for (Function &F : M)
      if (any_of(instructions(F), [](Instruction &I) {
            return markerOf(&I).has_value();
          }))
        WithMarkers.push_back(&F);
    for (Function *F : WithMarkers)
      Chooser(*F, FAM, *State).run();
    // At -O0 nothing else deletes what the header defined for choices
    // that are now made.
    for (const Annotation &A : Annotations)
      if (A.Text == PacketBytesText)
        eraseIfUnused(A.Target);
    for (const Annotation &A : Annotations)
      if (A.Text == PacketProfileText)
        eraseIfUnused(A.Target);
  }
  return PreservedAnalyses::none();
}

PreservedAnalyses VariantChoicePass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  if (!F.getParent()->getNamedMetadata(ModuleFlag))
    return PreservedAnalyses::all();
  // An alternative's total is computed where the remarks compute totals,
  // before the rest of the simplification changes it.
  if (isAlternative(F))
    (void)totalOf(F, FAM, *State);
  if (!Chooser(F, FAM, *State).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

} // namespace commcost
