// Why a site could not be analysed or priced: one class per reason, in the
// style of Polly's ScopDetectionDiagnostic. Each renders the message a user
// reads in the missed remark and has a stable remark name, so that tools
// (and tests) tell reasons apart by name, never by searching the text.
// Reasons travel through the analysis as llvm::Error (RejectionError): a
// step that fails returns one, and callers add where it happened with
// withContext, keeping its kind.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Loop;
} // namespace llvm

namespace commcost {

enum class RejectKind {
#define COMMCOST_REASON(Name) Name,
#include "Reasons.def"
};

class RejectReason {
public:
  explicit RejectReason(RejectKind K) : Kind(K) {}
  virtual ~RejectReason() = default;
  RejectKind kind() const { return Kind; }
  /// The stable CamelCase remark name (the enumerator's name).
  llvm::StringRef remarkName() const;
  /// What a user reads: where it happened, outermost first, then what.
  std::string message() const;
  /// Prefixes the step in which the reason arose ("the trip count of the
  /// loop at line 3").
  void addContext(std::string Step);

protected:
  virtual std::string detail() const = 0;

private:
  RejectKind Kind;
  std::vector<std::string> Context;
};

using Reason = std::shared_ptr<RejectReason>;

/// A reason as an llvm::Error.
class RejectionError : public llvm::ErrorInfo<RejectionError> {
public:
  static char ID;
  explicit RejectionError(Reason R) : R(std::move(R)) {}
  const Reason &reason() const { return R; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  Reason R;
};

template <typename R, typename... Args> llvm::Error reject(Args &&...A) {
  return llvm::make_error<RejectionError>(
      std::make_shared<R>(std::forward<Args>(A)...));
}

/// The reason E carries (E is consumed). Errors of other kinds become an
/// InternalError reason, so that nothing is lost.
Reason takeReason(llvm::Error E);

/// The loop per iteration of which the site a reason rejects might be
/// analysed: the loop a size (VaryingValue) or a loop bound
/// (VaryingLoopBound) changes with, else null.
const llvm::Loop *perIterationRetryLoop(const Reason &Why);

/// E with Step added to its reason's context.
llvm::Error withContext(llvm::Error E, std::string Step);

/// The classes. Constructor arguments are the facts the message states.
#define COMMCOST_DECLARE_REASON(Name)                                          \
  static constexpr RejectKind ThisKind = RejectKind::Name;                     \
                                                                               \
protected:                                                                     \
  std::string detail() const override;                                         \
                                                                               \
public:

/// A call through a pointer that may reach a communication function.
class IndirectCall final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(IndirectCall)
  explicit IndirectCall(std::string Target)
      : RejectReason(ThisKind), Target(std::move(Target)) {}
  std::string Target;
};

/// A value the result depends on has no source-level name.
class UnnamedValue final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnnamedValue)
  explicit UnnamedValue(std::string Description)
      : RejectReason(ThisKind), Description(std::move(Description)) {}
  std::string Description;
};

/// A value that changes from one loop iteration to the next where a loop
/// invariant is needed. In: the loop in one iteration of which it does not
/// change, when known (a site may then be analysed per iteration of it).
class VaryingValue final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(VaryingValue)
  explicit VaryingValue(const llvm::Loop *In = nullptr)
      : RejectReason(ThisKind), In(In) {}
  const llvm::Loop *In;
};

/// A value computed by an operation the expression grammar lacks.
class UnsupportedOperation final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnsupportedOperation)
  explicit UnsupportedOperation(std::string Operation)
      : RejectReason(ThisKind), Operation(std::move(Operation)) {}
  std::string Operation;
};

/// A size argument that is not an integer.
class NotAnInteger final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(NotAnInteger)
  NotAnInteger() : RejectReason(ThisKind) {}
};

/// A value that differs between processors because it is read through, or
/// computed by a call with, the processor id.
class ProcessorDependentValue final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(ProcessorDependentValue)
  /// Noun: what the value is ("a bound", "a size").
  ProcessorDependentValue(bool ByCall, std::string Noun)
      : RejectReason(ThisKind), ByCall(ByCall), Noun(std::move(Noun)) {}
  bool ByCall;
  std::string Noun;
};

/// A value computed in more steps than the translator follows.
class TooManySteps final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(TooManySteps)
  TooManySteps() : RejectReason(ThisKind) {}
};

/// An MPI datatype whose construction the analysis cannot see or follow.
class UnknownDatatype final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnknownDatatype)
  explicit UnknownDatatype(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// A datatype constructor, or a combination, that is not modelled.
class UnsupportedDatatype final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnsupportedDatatype)
  explicit UnsupportedDatatype(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// A datatype argument whose value is not valid (a negative stride, a
/// zero-sized element).
class InvalidDatatype final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(InvalidDatatype)
  explicit InvalidDatatype(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// An array a call reads (counts, displacements, sizes, datatypes) whose
/// entries the analysis cannot read from the code before the call.
class UnknownArrayContents final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnknownArrayContents)
  UnknownArrayContents(std::string Array, std::string Why)
      : RejectReason(ThisKind), Array(std::move(Array)), Why(std::move(Why)) {}
  std::string Array, Why;
};

/// A collective whose per-rank amounts differ between ranks in a way the
/// analysis cannot take the maximum of (h is the most any rank moves).
class RankDependentCount final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(RankDependentCount)
  explicit RankDependentCount(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// A neighbourhood collective whose communicator's neighbours the analysis
/// cannot count.
class UnknownNeighbours final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnknownNeighbours)
  explicit UnknownNeighbours(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

class UnknownTripCount final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(UnknownTripCount)
  explicit UnknownTripCount(std::string Loop)
      : RejectReason(ThisKind), Loop(std::move(Loop)) {}
  std::string Loop;
};

class MultipleExits final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(MultipleExits)
  explicit MultipleExits(std::string Loop)
      : RejectReason(ThisKind), Loop(std::move(Loop)) {}
  std::string Loop;
};

/// A trip count or a stride that changes with an outer loop.
class VaryingLoopBound final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(VaryingLoopBound)
  VaryingLoopBound(std::string What, std::string Inner, std::string Outer,
                   const llvm::Loop *In = nullptr)
      : RejectReason(ThisKind), What(std::move(What)), Inner(std::move(Inner)),
        Outer(std::move(Outer)), In(In) {}
  std::string What, Inner, Outer;
  /// The outer loop it changes with: per iteration of it, it is one value.
  const llvm::Loop *In;
};

/// An address that is not an affine function of a loop counter.
class NonAffineAddress final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(NonAffineAddress)
  NonAffineAddress(std::string Loop, std::string Culprit)
      : RejectReason(ThisKind), Loop(std::move(Loop)),
        Culprit(std::move(Culprit)) {}
  std::string Loop, Culprit;
};

/// A footprint with more strided dimensions than a 3-D slice.
class TooManyDimensions final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(TooManyDimensions)
  explicit TooManyDimensions(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// A slice shape for which no line-count expression is known.
class LinesNotCounted final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(LinesNotCounted)
  explicit LinesNotCounted(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

class VolatileCopy final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(VolatileCopy)
  VolatileCopy() : RejectReason(ThisKind) {}
};

/// A copy whose source and destination may overlap.
class MayAlias final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(MayAlias)
  explicit MayAlias(std::string Array)
      : RejectReason(ThisKind), Array(std::move(Array)) {}
  std::string Array;
};

/// A worksharing loop handed out by the OpenMP runtime at run time.
class DynamicSchedule final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(DynamicSchedule)
  explicit DynamicSchedule(std::string Schedule)
      : RejectReason(ThisKind), Schedule(std::move(Schedule)) {}
  std::string Schedule;
};

/// A loop split among processors in a way the analysis cannot follow.
class PartitionNotAnalysed final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(PartitionNotAnalysed)
  explicit PartitionNotAnalysed(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// The profile assigns no (existing) model to this kind of site.
class NoModel final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(NoModel)
  explicit NoModel(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// The model needs a feature the site cannot supply.
class MissingFeature final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(MissingFeature)
  MissingFeature(std::string Model, std::string Profile, std::string Feature,
                 std::string Why)
      : RejectReason(ThisKind), Model(std::move(Model)),
        Profile(std::move(Profile)), Feature(std::move(Feature)),
        Why(std::move(Why)) {}
  std::string Model, Profile, Feature, Why;
};

/// The model cannot be evaluated on the site's features (a division by
/// zero, an overflow).
class CostNotEvaluable final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(CostNotEvaluable)
  explicit CostNotEvaluable(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// A function's total that depends on a callee whose own total is not
/// known.
class CalleeNotPriced final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(CalleeNotPriced)
  CalleeNotPriced(std::string Callee, std::string Why)
      : RejectReason(ThisKind), Callee(std::move(Callee)), Why(std::move(Why)) {}
  std::string Callee, Why;
};

/// A choice between variants (or tuning values) that is not made because
/// the predicted cost of one of them is not known, or known only as a
/// lower bound.
class AlternativeNotPriced final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(AlternativeNotPriced)
  AlternativeNotPriced(std::string Alternative, std::string Why)
      : RejectReason(ThisKind), Alternative(std::move(Alternative)),
        Why(std::move(Why)) {}
  std::string Alternative, Why;
};

/// A choice whose costs are known but cannot be computed where the choice
/// is made (a cost in a value the call does not pass, a packet model that
/// is not linear in k and l).
class ChoiceNotEvaluable final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(ChoiceNotEvaluable)
  explicit ChoiceNotEvaluable(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

/// An error that is not a reason of the analysis (a defect of commcost).
class InternalError final : public RejectReason {
public:
  COMMCOST_DECLARE_REASON(InternalError)
  explicit InternalError(std::string What)
      : RejectReason(ThisKind), What(std::move(What)) {}
  std::string What;
};

#undef COMMCOST_DECLARE_REASON

} // namespace commcost
