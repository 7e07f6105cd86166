// Partitioned loops (see Partition.h). The bounds of a loop are read from
// the IR as expressions in source variables, the processor id and count
// among them. An OpenMP worksharing loop's split follows from its schedule.
// An explicit split is checked on sample values of its variables against
// candidate totals and maxima, so that a block split is recognised by what
// it computes (id * n / P, id * chunk with a min, a cyclic i += P, ...)
// rather than by how it is spelled.
#include "Partition.h"
#include "CallFamilies.h"
#include "Reasons.h"
#include "ValueExprs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Frontend/OpenMP/OMPConstants.h"
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


/// Bounds are read by structure: the id must be seen inside id * n / P.
static ExprTranslator boundReader(const AnalysisContext &Ctx) {
  return ExprTranslator(nullptr, Ctx.Facts, &Ctx.DT,
                        ExprTranslator::Prefer::Structure);
}

namespace {
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

using omp::OMPScheduleType;

/// The schedule a worksharing call is given, without the monotonic and
/// nonmonotonic modifiers.
static OMPScheduleType scheduleKind(const Value *V) {
  const auto *C = dyn_cast<ConstantInt>(V);
  if (!C)
    return OMPScheduleType::None;
  return static_cast<OMPScheduleType>(C->getZExtValue()) &
         ~OMPScheduleType::MonotonicityMask;
}

static std::string dispatchReason(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *C = dyn_cast<CallBase>(&I);
        C && calleeName(*C).starts_with("__kmpc_dispatch_init_")) {
      switch (scheduleKind(C->getArgOperand(2))) {
      case OMPScheduleType::UnorderedDynamicChunked:
        return "schedule(dynamic) makes per-thread work unknown at compile "
               "time";
      case OMPScheduleType::UnorderedGuidedChunked:
      case OMPScheduleType::UnorderedGuidedIterativeChunked:
      case OMPScheduleType::UnorderedGuidedAnalyticalChunked:
        return "schedule(guided) makes per-thread work unknown at compile "
               "time";
      case OMPScheduleType::UnorderedRuntime:
        return "schedule(runtime) chooses the schedule when the program "
               "runs, so per-thread work is unknown at compile time";
      case OMPScheduleType::UnorderedAuto:
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
          auto Threads = boundReader(Ctx).value(Push->getArgOperand(2));
          if (!Threads) {
            consumeError(Threads.takeError());
            return std::nullopt;
          }
          P = *Threads;
        }
      }
    if (!P || (Found && !(*Found == *P)))
      return std::nullopt;
    Found = P;
  }
  return Any ? Found : std::nullopt;
}

static Expected<Partition> openMPPartition(const Loop &L, const Counter &C,
                                           CallBase &Call,
                                           const Function &Original,
                                           const AnalysisContext &Ctx) {
  StringRef Name = calleeName(Call);
  if (Name.starts_with("__kmpc_dispatch_next_"))
    return reject<DynamicSchedule>(dispatchReason(*Call.getFunction()));
  if (Name.starts_with("__kmpc_dist_"))
    return reject<PartitionNotAnalysed>(
        "a distribute loop (teams) is split by the OpenMP runtime in two "
        "levels, which is not analysed");
  auto *Incr = dyn_cast<ConstantInt>(Call.getArgOperand(7));
  auto *Step = dyn_cast<ConstantInt>(C.Step);
  Value *Lower = storedBefore(Call, Call.getArgOperand(4));
  Value *Upper = storedBefore(Call, Call.getArgOperand(5));
  if (!Incr || !Incr->isOne() || !Step || !Step->isOne() || !C.Inclusive ||
      !Lower || !Upper)
    return reject<PartitionNotAnalysed>(
        "the bounds given to " + Name.str() +
        " are not in the form clang emits for a worksharing loop");
  ExprTranslator Reader = boundReader(Ctx);
  auto Lo = Reader.value(Lower);
  if (!Lo)
    return withContext(Lo.takeError(), "the trip count of " + loopName(L));
  auto Hi = Reader.value(Upper);
  if (!Hi)
    return withContext(Hi.takeError(), "the trip count of " + loopName(L));
  Partition P;
  P.L = &L;
  // clang calls the runtime only after its own test that the loop runs,
  // so the bounds given may describe a negative count when it does not.
  P.Iterations = Expr::max(Expr::constant(0), *Hi - *Lo + Expr::constant(1));
  std::string Threads = "P threads (P = number of threads)";
  if (auto Requested = requestedThreads(Original, Ctx)) {
    P.Processors = *Requested;
    Threads = Requested->str() + " threads (num_threads)";
  } else {
    P.Processors = Expr::var("P");
  }
  OMPScheduleType Kind = scheduleKind(Call.getArgOperand(2));
  switch (Kind) {
  case OMPScheduleType::UnorderedStatic:
    // One block of at most ceildiv(T, P) per thread.
    P.MostIterations = Expr::ceilDiv(P.Iterations, P.Processors);
    P.How = "split among " + Threads + " by the OpenMP static schedule";
    break;
  case OMPScheduleType::UnorderedStaticChunked: {
    // Chunks dealt round robin; thread 0 has the most.
    auto Chunk = Reader.value(Call.getArgOperand(8));
    if (!Chunk)
      return withContext(Chunk.takeError(), "the chunk size of the schedule");
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
    return reject<PartitionNotAnalysed>(
        "the OpenMP schedule kind " + std::to_string(unsigned(Kind)) +
        " is not analysed");
  }
  P.OwnIterations = P.MostIterations;
  P.How += ": each thread runs at most " + P.MostIterations.str() + " of " +
           P.Iterations.str() + " iterations";
  return P;
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

static Expected<Partition> explicitPartition(const Loop &L, const Counter &C,
                                             const AnalysisContext &Ctx) {
  ExprTranslator Reader = boundReader(Ctx);
  std::string Split =
      "the split of " + loopName(L) + " by the processor id is not affine in it";
  auto Lo = Reader.value(C.Start);
  if (!Lo)
    return withContext(Lo.takeError(), Split);
  auto Hi = Reader.value(C.Bound);
  if (!Hi)
    return withContext(Hi.takeError(), Split);
  auto Step = Reader.value(C.Step);
  if (!Step)
    return withContext(Step.takeError(), Split);
  if (!Reader.Id)
    return reject<PartitionNotAnalysed>(Split + ": the id is not in its bounds");
  const std::string IdName = Reader.Id->Name;
  const Expr One = Expr::constant(1);
  bool Mpi = Reader.Id->Origin == "MPI_Comm_rank";
  std::string Kind = Mpi ? "processes" : "threads";
  std::string PName = Reader.Count ? Reader.Count->Name : "P";
  Expr P = Expr::var(PName);
  Expr Span = C.Inclusive ? *Hi - *Lo + One : *Hi - *Lo;
  Expr Own = *Step == One ? Span : Expr::ceilDiv(Span, *Step);

  bool SomeNegative = false;
  auto Samples = sampleCounts(Own, IdName, PName, SomeNegative);
  if (Samples.size() < 30)
    return reject<PartitionNotAnalysed>(
        "the split of " + loopName(L) +
        " could not be evaluated on sample values");
  auto First = [&](const Expr &E) { return E.substitute(IdName, Expr()); };
  auto Last = [&](const Expr &E) { return E.substitute(IdName, P - One); };
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
    if (!E.variables().count(IdName) && !E.isConstant())
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
  if (!Best)
    return reject<PartitionNotAnalysed>(
        "the split of " + loopName(L) + " by " + IdName + " (from " +
        Span.str() +
        " iterations each) is not a block or cyclic partition of one range");
  Partition Part;
  Part.L = &L;
  Part.Processors = P;
  Part.Iterations = Best->first;
  Part.MostIterations = Best->second;
  Part.OwnIterations = SomeNegative ? Expr::max(Expr(), Own) : Own;
  Part.How = "split among " + PName + " " + Kind + " by " + IdName + " (" +
             Reader.Id->Origin + ")";
  if (!Reader.Count)
    Part.How += ", P = number of " + Kind;
  Part.How += ": " + IdName + " runs " + Part.OwnIterations.str() +
              " iterations, at most " + Part.MostIterations.str() + " of " +
              Part.Iterations.str();
  return Part;
}

Expected<std::optional<Partition>>
findPartition(const Loop &L, const Function &Original,
              const AnalysisContext &Ctx) {
  auto C = counterOf(L);
  if (!C)
    return std::nullopt;
  auto Found = [](Expected<Partition> P) -> Expected<std::optional<Partition>> {
    if (!P)
      return P.takeError();
    return std::optional<Partition>(std::move(*P));
  };
  if (CallBase *Call = worksharingCall(C->Start))
    return Found(openMPPartition(L, *C, *Call, Original, Ctx));
  if (dependsOnProcessorId(C->Start) || dependsOnProcessorId(C->Bound) ||
      dependsOnProcessorId(C->Step))
    return Found(explicitPartition(L, *C, Ctx));
  return std::nullopt;
}

} // namespace commcost
