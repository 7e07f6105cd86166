// Partitioned loops (see Partition.h). The bounds of a loop are read from
// the IR as expressions in source variables, the processor id and count
// among them. An OpenMP worksharing loop's split follows from its schedule.
// An explicit split is checked on sample values of its variables against
// candidate totals and maxima, so that a block split is recognised by what
// it computes (id * n / P, id * chunk with a min, a cyclic i += P, ...)
// rather than by how it is spelled.
#include "Partition.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <functional>
#include <random>

using namespace llvm;

namespace commcost {

static StringRef calleeName(const CallBase &C) {
  if (const Function *F = C.getCalledFunction())
    return F->getName();
  return "";
}

static Value *stripIntCasts(Value *V) {
  while (isa<SExtInst>(V) || isa<ZExtInst>(V) || isa<TruncInst>(V) ||
         isa<FreezeInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

namespace {
enum class Role { None, Id, Count };
struct ProcessorValue {
  Role R = Role::None;
  const char *Origin = "";
  const char *DefaultName = "";
};
} // namespace

/// Whether V is the processor's id or the processor count, as the OpenMP
/// runtime or MPI gives them.
static ProcessorValue processorValue(const Value *V) {
  if (const auto *C = dyn_cast<CallBase>(V)) {
    StringRef Name = calleeName(*C);
    if (Name == "omp_get_thread_num")
      return {Role::Id, "omp_get_thread_num()", "id"};
    if (Name == "omp_get_num_threads")
      return {Role::Count, "omp_get_num_threads()", "P"};
    return {};
  }
  const auto *Ld = dyn_cast<LoadInst>(V);
  if (!Ld)
    return {};
  const Value *Ptr = Ld->getPointerOperand()->stripPointerCasts();
  for (const User *U : Ptr->users()) {
    const auto *C = dyn_cast<CallBase>(U);
    if (!C || C->arg_size() < 2 ||
        C->getArgOperand(1)->stripPointerCasts() != Ptr)
      continue;
    StringRef Name = calleeName(*C);
    if (Name == "MPI_Comm_rank")
      return {Role::Id, "MPI_Comm_rank", "rank"};
    if (Name == "MPI_Comm_size")
      return {Role::Count, "MPI_Comm_size", "size"};
  }
  return {};
}

/// Whether V is computed from the processor id, also through a load from
/// an address or a call with an argument computed from it.
static bool dependsOnId(Value *V, unsigned Depth = 0) {
  if (processorValue(V).R == Role::Id)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 24 || isa<AllocaInst>(I))
    return false;
  if (auto *Phi = dyn_cast<PHINode>(I); Phi && Phi->getNumIncomingValues() > 2)
    return false; // a loop counter, not a chosen bound
  return any_of(I->operands(),
                [&](Value *Op) { return dependsOnId(Op, Depth + 1); });
}

namespace {
/// Integer IR values as expressions in source variables, the processor id
/// and count included.
class BoundReader {
public:
  BoundReader(const SourceFacts &Facts, const DominatorTree &DT)
      : Facts(Facts), DT(DT) {}

  std::string IdName, CountName, IdOrigin, CountOrigin;

  std::optional<Expr> read(Value *V, std::string &Why, unsigned Depth = 0) {
    if (Depth > 24) {
      Why = "the bounds are computed in too many steps";
      return std::nullopt;
    }
    if (auto *C = dyn_cast<ConstantInt>(V))
      return Expr::constant(C->getSExtValue());
    if (ProcessorValue PV = processorValue(V); PV.R != Role::None)
      return processor(V, PV, Why);
    V = stripIntCasts(V);
    if (auto *B = dyn_cast<BinaryOperator>(V))
      return binary(*B, Why, Depth);
    if (auto *Sel = dyn_cast<SelectInst>(V))
      return select(Sel->getCondition(), Sel->getTrueValue(),
                    Sel->getFalseValue(), Why, Depth);
    if (auto *Phi = dyn_cast<PHINode>(V))
      return diamond(*Phi, Why, Depth);
    if (auto *MM = dyn_cast<MinMaxIntrinsic>(V)) {
      auto L = read(MM->getLHS(), Why, Depth + 1);
      auto R = L ? read(MM->getRHS(), Why, Depth + 1) : std::nullopt;
      if (!R)
        return std::nullopt;
      return ICmpInst::isLT(MM->getPredicate()) ? Expr::min(*L, *R)
                                                : Expr::max(*L, *R);
    }
    if ((isa<LoadInst>(V) || isa<CallBase>(V)) && dependsOnId(V)) {
      Why = isa<LoadInst>(V) ? "a bound is read from memory at an address "
                               "computed from the processor id"
                             : "a bound is the result of a call made with "
                               "the processor id";
      return std::nullopt;
    }
    if (isa<LoadInst>(V) || isa<Argument>(V) || isa<CallBase>(V) ||
        isa<GlobalVariable>(V))
      if (auto Name = sourceNameOf(V, Facts))
        return Expr::var(*Name);
    if (auto *I = dyn_cast<Instruction>(V)) {
      Why = "a bound depends on a value computed by '" +
            std::string(I->getOpcodeName()) + "'";
      if (isa<LoadInst>(I) || isa<CallBase>(I))
        Why += " that has no source-level name";
    } else {
      Why = "a bound depends on a value without a source-level name";
    }
    return std::nullopt;
  }

private:
  const SourceFacts &Facts;
  const DominatorTree &DT;

  std::optional<Expr> processor(Value *V, const ProcessorValue &PV,
                                std::string &Why) {
    std::string Name = sourceNameOf(V, Facts).value_or(PV.DefaultName);
    std::string &Known = PV.R == Role::Id ? IdName : CountName;
    if (!Known.empty() && Known != Name) {
      Why = "the bounds use two processor " +
            std::string(PV.R == Role::Id ? "ids" : "counts") + ", '" + Known +
            "' and '" + Name + "'";
      return std::nullopt;
    }
    Known = Name;
    (PV.R == Role::Id ? IdOrigin : CountOrigin) = PV.Origin;
    return Expr::var(Name);
  }

  std::optional<Expr> binary(BinaryOperator &B, std::string &Why,
                             unsigned Depth) {
    auto L = read(B.getOperand(0), Why, Depth + 1);
    auto R = L ? read(B.getOperand(1), Why, Depth + 1) : std::nullopt;
    if (!R)
      return std::nullopt;
    auto PowerOfTwo = [&]() -> std::optional<Expr> {
      if (!R->isConstant() || R->constantValue() < 0 ||
          R->constantValue() > 62)
        return std::nullopt;
      return Expr::constant(int64_t(1) << R->constantValue());
    };
    switch (B.getOpcode()) {
    case Instruction::Add:
      return *L + *R;
    case Instruction::Sub:
      return *L - *R;
    case Instruction::Mul:
      return *L * *R;
    case Instruction::SDiv:
    case Instruction::UDiv:
      return *L / *R;
    case Instruction::SRem:
    case Instruction::URem:
      return *L % *R;
    case Instruction::Shl:
      if (auto F = PowerOfTwo())
        return *L * *F;
      break;
    case Instruction::AShr:
    case Instruction::LShr:
      if (auto F = PowerOfTwo())
        return Expr::floorDiv(*L, *F);
      break;
    default:
      break;
    }
    Why = "a bound is computed by '" + std::string(B.getOpcodeName()) + "'";
    return std::nullopt;
  }

  /// A phi that joins the two sides of a branch: a select.
  std::optional<Expr> diamond(PHINode &Phi, std::string &Why,
                              unsigned Depth) {
    auto *Node = DT.getNode(Phi.getParent());
    BasicBlock *Dom =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    auto *Br = Dom ? dyn_cast<BranchInst>(Dom->getTerminator()) : nullptr;
    if (Phi.getNumIncomingValues() == 2 && Br && Br->isConditional()) {
      // The incoming value that flows along the branch's true edge.
      BasicBlockEdge TrueEdge(Dom, Br->getSuccessor(0));
      auto OnTrue = [&](unsigned I) {
        BasicBlock *In = Phi.getIncomingBlock(I);
        return In == Dom ? Br->getSuccessor(0) == Phi.getParent()
                         : DT.dominates(TrueEdge, In);
      };
      if (OnTrue(0) != OnTrue(1)) {
        unsigned T = OnTrue(0) ? 0 : 1;
        return select(Br->getCondition(), Phi.getIncomingValue(T),
                      Phi.getIncomingValue(1 - T), Why, Depth);
      }
    }
    Why = "a bound depends on control flow other than a minimum or maximum";
    return std::nullopt;
  }

  /// c ? x : y where c compares x and y: a minimum or a maximum.
  std::optional<Expr> select(Value *Cond, Value *TrueV, Value *FalseV,
                             std::string &Why, unsigned Depth) {
    auto *Cmp = dyn_cast<ICmpInst>(Cond);
    Value *X = stripIntCasts(TrueV);
    Value *Y = stripIntCasts(FalseV);
    if (Cmp) {
      Value *A = stripIntCasts(Cmp->getOperand(0));
      Value *B = stripIntCasts(Cmp->getOperand(1));
      ICmpInst::Predicate P = Cmp->getPredicate();
      if (A == Y && B == X)
        P = ICmpInst::getSwappedPredicate(P);
      if ((A == X && B == Y) || (A == Y && B == X)) {
        auto L = read(TrueV, Why, Depth + 1);
        auto R = L ? read(FalseV, Why, Depth + 1) : std::nullopt;
        if (!R)
          return std::nullopt;
        if (ICmpInst::isLT(P) || ICmpInst::isLE(P))
          return Expr::min(*L, *R);
        return Expr::max(*L, *R);
      }
    }
    Why = "a bound is chosen by a condition other than a minimum or maximum";
    return std::nullopt;
  }
};

/// The counter of a loop: i = Start; i < Bound (or <=); i += Step.
struct Counter {
  PHINode *Phi = nullptr;
  Value *Start = nullptr, *Bound = nullptr, *Step = nullptr;
  bool Inclusive = false;
};
} // namespace

/// The header phi that V is, or (rotated loops) that V increments.
static PHINode *counterPhi(const Loop &L, Value *V) {
  V = stripIntCasts(V);
  if (auto *P = dyn_cast<PHINode>(V); P && P->getParent() == L.getHeader())
    return P;
  if (auto *Add = dyn_cast<BinaryOperator>(V);
      Add && Add->getOpcode() == Instruction::Add)
    for (Value *Op : Add->operands())
      if (auto *P = dyn_cast<PHINode>(stripIntCasts(Op));
          P && P->getParent() == L.getHeader() &&
          P->getIncomingValueForBlock(L.getLoopLatch()) == Add)
        return P;
  return nullptr;
}

static std::optional<Counter> counterOf(const Loop &L) {
  BasicBlock *Exiting = L.getExitingBlock();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Exiting || !Latch)
    return std::nullopt;
  auto *Br = dyn_cast<BranchInst>(Exiting->getTerminator());
  auto *Cmp = Br && Br->isConditional()
                  ? dyn_cast<ICmpInst>(Br->getCondition())
                  : nullptr;
  if (!Cmp)
    return std::nullopt;
  ICmpInst::Predicate Pred = L.contains(Br->getSuccessor(0))
                                 ? Cmp->getPredicate()
                                 : Cmp->getInversePredicate();
  Counter C;
  C.Bound = Cmp->getOperand(1);
  C.Phi = counterPhi(L, Cmp->getOperand(0));
  if (!C.Phi) {
    C.Bound = Cmp->getOperand(0);
    C.Phi = counterPhi(L, Cmp->getOperand(1));
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if (!C.Phi || C.Phi->getNumIncomingValues() != 2)
    return std::nullopt;
  auto *Inc = dyn_cast<BinaryOperator>(C.Phi->getIncomingValueForBlock(Latch));
  if (!Inc || Inc->getOpcode() != Instruction::Add)
    return std::nullopt;
  C.Step = Inc->getOperand(0) == C.Phi ? Inc->getOperand(1)
                                       : Inc->getOperand(0);
  if (Inc->getOperand(0) != C.Phi && Inc->getOperand(1) != C.Phi)
    return std::nullopt;
  if (auto *K = dyn_cast<ConstantInt>(C.Step); K && !K->getValue().isStrictlyPositive())
    return std::nullopt;
  for (unsigned I = 0; I < 2; ++I)
    if (!L.contains(C.Phi->getIncomingBlock(I)))
      C.Start = C.Phi->getIncomingValue(I);
  switch (Pred) {
  case ICmpInst::ICMP_SLT:
  case ICmpInst::ICMP_ULT:
  case ICmpInst::ICMP_NE:
    break;
  case ICmpInst::ICMP_SLE:
  case ICmpInst::ICMP_ULE:
    C.Inclusive = true;
    break;
  default:
    return std::nullopt;
  }
  return C.Start ? std::optional<Counter>(C) : std::nullopt;
}

/// The OpenMP runtime call that wrote the lower bound a loop counter starts
/// at: __kmpc_for_static_init_* (argument 4) or __kmpc_dispatch_next_*
/// (argument 3).
static CallBase *worksharingCall(Value *Start) {
  auto *Ld = dyn_cast<LoadInst>(stripIntCasts(Start));
  if (!Ld)
    return nullptr;
  Value *Ptr = Ld->getPointerOperand()->stripPointerCasts();
  for (User *U : Ptr->users()) {
    auto *C = dyn_cast<CallBase>(U);
    if (!C)
      continue;
    StringRef Name = calleeName(*C);
    unsigned Lower = Name.starts_with("__kmpc_dispatch_next_") ? 3 : 4;
    if ((Name.starts_with("__kmpc_for_static_init_") ||
         Name.starts_with("__kmpc_dispatch_next_") ||
         Name.starts_with("__kmpc_dist_for_static_init_")) &&
        C->arg_size() > Lower && C->getArgOperand(Lower) == Ptr)
      return C;
  }
  return nullptr;
}

/// The value stored to Ptr last before Call, in Call's block.
static Value *storedBefore(CallBase &Call, const Value *Ptr) {
  for (Instruction *I = Call.getPrevNode(); I; I = I->getPrevNode())
    if (auto *St = dyn_cast<StoreInst>(I);
        St && St->getPointerOperand() == Ptr)
      return St->getValueOperand();
  return nullptr;
}

/// libomp's schedule kinds (kmp.h, enum sched_type), without the
/// monotonic and nonmonotonic modifier bits.
static uint64_t scheduleKind(const Value *V) {
  const auto *C = dyn_cast<ConstantInt>(V);
  return C ? C->getZExtValue() & ~(uint64_t(3) << 29) : 0;
}

static std::string dispatchReason(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *C = dyn_cast<CallBase>(&I);
        C && calleeName(*C).starts_with("__kmpc_dispatch_init_")) {
      switch (scheduleKind(C->getArgOperand(2))) {
      case 35:
        return "schedule(dynamic) makes per-thread work unknown at compile "
               "time";
      case 36:
      case 42:
      case 43:
        return "schedule(guided) makes per-thread work unknown at compile "
               "time";
      case 37:
        return "schedule(runtime) chooses the schedule when the program "
               "runs, so per-thread work is unknown at compile time";
      case 38:
        return "schedule(auto) leaves the split to the runtime, so "
               "per-thread work is unknown at compile time";
      default:
        return "the loop is handed out by the OpenMP runtime's dispatcher "
               "(an ordered or dynamic schedule), so per-thread work is "
               "unknown at compile time";
      }
    }
  return "the loop is handed out by the OpenMP runtime's dispatcher, so "
         "per-thread work is unknown at compile time";
}

/// The number of threads every parallel region running Body asks for with
/// num_threads, if they all ask for the same.
static std::optional<Expr> requestedThreads(const Function &Body,
                                            const AnalysisContext &Ctx) {
  std::optional<Expr> Found;
  bool Any = false;
  for (const User *U : Body.users()) {
    const auto *Fork = dyn_cast<CallBase>(U);
    if (!Fork || calleeName(*Fork) != "__kmpc_fork_call")
      continue;
    Any = true;
    std::optional<Expr> P;
    for (const Instruction *I = Fork->getPrevNode(); I && !P;
         I = I->getPrevNode())
      if (const auto *Push = dyn_cast<CallBase>(I)) {
        if (calleeName(*Push) == "__kmpc_fork_call")
          break;
        if (calleeName(*Push) == "__kmpc_push_num_threads") {
          std::string Why;
          P = BoundReader(Ctx.Facts, Ctx.DT).read(Push->getArgOperand(2), Why);
          if (!P)
            return std::nullopt;
        }
      }
    if (!P || (Found && !(*Found == *P)))
      return std::nullopt;
    Found = P;
  }
  return Any ? Found : std::nullopt;
}

static PartitionFinding openMPPartition(const Loop &L, const Counter &C,
                                        CallBase &Call,
                                        const Function &Original,
                                        const AnalysisContext &Ctx) {
  PartitionFinding R;
  StringRef Name = calleeName(Call);
  if (Name.starts_with("__kmpc_dispatch_next_")) {
    R.Why = dispatchReason(*Call.getFunction());
    R.RemarkName = "DynamicSchedule";
    return R;
  }
  R.RemarkName = "PartitionNotAnalysed";
  if (Name.starts_with("__kmpc_dist_")) {
    R.Why = "a distribute loop (teams) is split by the OpenMP runtime in "
            "two levels, which is not analysed";
    return R;
  }
  auto *Incr = dyn_cast<ConstantInt>(Call.getArgOperand(7));
  auto *Step = dyn_cast<ConstantInt>(C.Step);
  Value *Lower = storedBefore(Call, Call.getArgOperand(4));
  Value *Upper = storedBefore(Call, Call.getArgOperand(5));
  if (!Incr || !Incr->isOne() || !Step || !Step->isOne() || !C.Inclusive ||
      !Lower || !Upper) {
    R.Why = "the bounds given to " + Name.str() + " are not in the form "
            "clang emits for a worksharing loop";
    return R;
  }
  BoundReader Reader(Ctx.Facts, Ctx.DT);
  std::string Why;
  auto Lo = Reader.read(Lower, Why);
  auto Hi = Lo ? Reader.read(Upper, Why) : std::nullopt;
  if (!Hi) {
    R.Why = "the trip count of " + loopName(L) + ": " + Why;
    return R;
  }
  Partition P;
  P.L = &L;
  P.Iterations = *Hi - *Lo + Expr::constant(1);
  std::string Threads = "P threads (P = number of threads)";
  if (auto Requested = requestedThreads(Original, Ctx)) {
    P.Processors = *Requested;
    Threads = Requested->str() + " threads (num_threads)";
  } else {
    P.Processors = Expr::var("P");
  }
  switch (scheduleKind(Call.getArgOperand(2))) {
  case 34: // static: one block of at most ceildiv(T, P) per thread
    P.MostIterations = Expr::ceilDiv(P.Iterations, P.Processors);
    P.How = "split among " + Threads + " by the OpenMP static schedule";
    break;
  case 33: { // static, c: chunks dealt round robin; thread 0 has the most
    auto Chunk = Reader.read(Call.getArgOperand(8), Why);
    if (!Chunk) {
      R.Why = "the chunk size of the schedule: " + Why;
      return R;
    }
    const Expr One = Expr::constant(1);
    Expr Rounds = Expr::ceilDiv(Expr::ceilDiv(P.Iterations, *Chunk),
                                P.Processors);
    P.MostIterations =
        *Chunk * (Rounds - One) +
        Expr::min(*Chunk, P.Iterations -
                              (Rounds - One) * P.Processors * *Chunk);
    P.Contiguous = false;
    P.How = "split among " + Threads + " by the OpenMP schedule(static, " +
            Chunk->str() + ")";
    break;
  }
  default:
    R.Why = "the OpenMP schedule kind " +
            std::to_string(scheduleKind(Call.getArgOperand(2))) +
            " is not analysed";
    return R;
  }
  P.OwnIterations = P.MostIterations;
  P.How += ": each thread runs at most " + P.MostIterations.str() + " of " +
           P.Iterations.str() + " iterations";
  R.Found = P;
  return R;
}

namespace {
/// Iteration counts of every processor for sample values of the variables.
struct Sample {
  Expr::IntBindings Values;
  std::vector<int64_t> Counts;
};
} // namespace

/// Samples the iterations Count of processor Id among P processors; fixed
/// seed, so that remarks are reproducible. Negative counts (an empty part)
/// are clamped to zero and noted in SomeNegative.
static std::vector<Sample> sampleCounts(const Expr &Count,
                                        const std::string &Id,
                                        const std::string &P,
                                        bool &SomeNegative) {
  static const int64_t Processors[] = {1, 2, 3, 4, 5, 7, 8, 12, 16, 61};
  static const int64_t Sizes[] = {0, 1, 2, 3, 5, 8, 13, 64, 100, 127, 1000,
                                  4096, 9973};
  std::mt19937_64 Rng(20240611);
  std::vector<Sample> Samples;
  std::set<std::string> Vars = Count.variables();
  Vars.erase(Id);
  Vars.erase(P);
  for (int Attempt = 0; Attempt < 400 && Samples.size() < 150; ++Attempt) {
    Sample S;
    int64_t NP = Processors[Rng() % std::size(Processors)];
    S.Values[P] = NP;
    for (const std::string &V : Vars)
      S.Values[V] = Rng() % 2 ? Sizes[Rng() % std::size(Sizes)]
                              : int64_t(Rng() % 20000);
    try {
      for (int64_t I = 0; I < NP; ++I) {
        S.Values[Id] = I;
        int64_t N = Count.evaluate(S.Values);
        SomeNegative |= N < 0;
        S.Counts.push_back(std::max<int64_t>(0, N));
      }
    } catch (const ExprEvalError &) {
      continue;
    }
    S.Values.erase(Id);
    Samples.push_back(std::move(S));
  }
  return Samples;
}

/// Whether, on every sample, the counts sum to Total and peak at Most.
static bool holds(const std::vector<Sample> &Samples, const Expr &Total,
                  const Expr &Most) {
  for (const Sample &S : Samples) {
    try {
      int64_t Sum = 0;
      for (int64_t N : S.Counts)
        Sum += N;
      if (Total.evaluate(S.Values) != Sum ||
          Most.evaluate(S.Values) !=
              *std::max_element(S.Counts.begin(), S.Counts.end()))
        return false;
    } catch (const ExprEvalError &) {
      return false;
    }
  }
  return true;
}

static PartitionFinding explicitPartition(const Loop &L, const Counter &C,
                                          const AnalysisContext &Ctx) {
  PartitionFinding R;
  R.RemarkName = "PartitionNotAnalysed";
  BoundReader Reader(Ctx.Facts, Ctx.DT);
  std::string Why;
  auto Lo = Reader.read(C.Start, Why);
  auto Hi = Lo ? Reader.read(C.Bound, Why) : std::nullopt;
  auto Step = Hi ? Reader.read(C.Step, Why) : std::nullopt;
  if (!Step || Reader.IdName.empty()) {
    R.Why = "the split of " + loopName(L) +
            " by the processor id is not affine in it: " +
            (Why.empty() ? "the id is not in its bounds" : Why);
    return R;
  }
  const Expr One = Expr::constant(1);
  bool Mpi = Reader.IdOrigin == std::string("MPI_Comm_rank");
  std::string Kind = Mpi ? "processes" : "threads";
  std::string PName = Reader.CountName.empty() ? "P" : Reader.CountName;
  Expr P = Expr::var(PName);
  Expr Span = C.Inclusive ? *Hi - *Lo + One : *Hi - *Lo;
  Expr Own = *Step == One ? Span : Expr::ceilDiv(Span, *Step);

  bool SomeNegative = false;
  auto Samples = sampleCounts(Own, Reader.IdName, PName, SomeNegative);
  if (Samples.size() < 30) {
    R.Why = "the split of " + loopName(L) +
            " could not be evaluated on sample values";
    return R;
  }
  auto First = [&](const Expr &E) { return E.substitute(Reader.IdName, Expr()); };
  auto Last = [&](const Expr &E) {
    return E.substitute(Reader.IdName, P - One);
  };
  std::vector<Expr> Totals{C.Inclusive ? Last(*Hi) - First(*Lo) + One
                                       : Last(*Hi) - First(*Lo),
                           P * First(Own)};
  if (Hi->kind() == Expr::Kind::Min)
    for (const Expr &Op : Hi->operands())
      Totals.push_back(C.Inclusive ? Last(Op) - First(*Lo) + One
                                   : Last(Op) - First(*Lo));
  // The expression simplifier leaves n * P / P as it is: the parts of the
  // bounds that do not involve the id are candidates too.
  std::function<void(const Expr &)> Parts = [&](const Expr &E) {
    if (!E.variables().count(Reader.IdName) && !E.isConstant())
      Totals.push_back(E);
    for (const Expr &Op : E.operands())
      Parts(Op);
  };
  Parts(*Lo);
  Parts(*Hi);
  std::optional<std::pair<Expr, Expr>> Best;
  for (const Expr &T : Totals)
    for (const Expr &M :
         {Expr::ceilDiv(T, P), First(Own), Last(Own)})
      if (holds(Samples, T, M) &&
          (!Best || T.str().size() + M.str().size() <
                        Best->first.str().size() + Best->second.str().size()))
        Best.emplace(T, M);
  if (!Best) {
    R.Why = "the split of " + loopName(L) + " by " + Reader.IdName +
            " (from " + Span.str() + " iterations each) is not a block or "
            "cyclic partition of one range";
    return R;
  }
  Partition Part;
  Part.L = &L;
  Part.Processors = P;
  Part.Iterations = Best->first;
  Part.MostIterations = Best->second;
  Part.OwnIterations = SomeNegative ? Expr::max(Expr(), Own) : Own;
  Part.How = "split among " + PName + " " + Kind + " by " + Reader.IdName +
             " (" + Reader.IdOrigin + ")";
  if (Reader.CountName.empty())
    Part.How += ", P = number of " + Kind;
  Part.How += ": " + Reader.IdName + " runs " + Part.OwnIterations.str() +
              " iterations, at most " + Part.MostIterations.str() + " of " +
              Part.Iterations.str();
  R.Found = Part;
  return R;
}

PartitionFinding findPartition(const Loop &L, const Function &Original,
                               const AnalysisContext &Ctx) {
  auto C = counterOf(L);
  if (!C)
    return {};
  if (CallBase *Call = worksharingCall(C->Start))
    return openMPPartition(L, *C, *Call, Original, Ctx);
  if (dependsOnId(C->Start) || dependsOnId(C->Bound) || dependsOnId(C->Step))
    return explicitPartition(L, *C, Ctx);
  return {};
}

} // namespace commcost
