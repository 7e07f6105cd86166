// The messages of the reasons (see Reasons.h).
#include "Reasons.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace commcost {

char RejectionError::ID;

StringRef RejectReason::remarkName() const {
  switch (Kind) {
#define COMMCOST_REASON(Name)                                                  \
  case RejectKind::Name:                                                       \
    return #Name;
#include "Reasons.def"
  }
  llvm_unreachable("unknown reason kind");
}

std::string RejectReason::message() const {
  std::string Text;
  for (auto It = Context.rbegin(); It != Context.rend(); ++It)
    Text += *It + ": ";
  return Text + detail();
}

void RejectReason::addContext(std::string Step) {
  Context.push_back(std::move(Step));
}

void RejectionError::log(raw_ostream &OS) const {
  OS << R->remarkName() << ": " << R->message();
}

std::error_code RejectionError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Reason takeReason(Error E) {
  Reason Found;
  handleAllErrors(
      std::move(E), [&](const RejectionError &R) { Found = R.reason(); },
      [&](const ErrorInfoBase &Other) {
        Found = std::make_shared<InternalError>(Other.message());
      });
  return Found;
}

const Loop *perIterationRetryLoop(const Reason &Why) {
  if (Why->kind() == RejectKind::VaryingValue)
    return static_cast<const VaryingValue &>(*Why).In;
  if (Why->kind() == RejectKind::VaryingLoopBound)
    return static_cast<const VaryingLoopBound &>(*Why).In;
  return nullptr;
}

Error withContext(Error E, std::string Step) {
  return handleErrors(std::move(E), [&](std::unique_ptr<RejectionError> R) {
    R->reason()->addContext(std::move(Step));
    return Error(std::move(R));
  });
}

std::string IndirectCall::detail() const {
  return "indirect call that may call " + Target +
         "; only direct calls are analysed";
}

std::string UnnamedValue::detail() const {
  return "a size depends on " + Description +
         ", which has no source-level name (compile with -g to name it)";
}

std::string VaryingValue::detail() const {
  return "a size changes from one loop iteration to the next";
}

std::string UnsupportedOperation::detail() const {
  return "a size is computed by '" + Operation +
         "', which the expression grammar cannot write";
}

std::string NotAnInteger::detail() const { return "a size is not an integer"; }

std::string ProcessorDependentValue::detail() const {
  return Noun + (ByCall ? " is the result of a call made with the processor id"
                        : " is read from memory at an address computed from "
                          "the processor id");
}

std::string TooManySteps::detail() const {
  return "a value is computed in too many steps";
}

std::string UnknownDatatype::detail() const { return What; }
std::string UnsupportedDatatype::detail() const { return What; }
std::string InvalidDatatype::detail() const { return What; }

std::string UnknownArrayContents::detail() const {
  return "the entries of " + Array + " are not known: " + Why;
}

std::string RankDependentCount::detail() const { return What; }
std::string UnknownNeighbours::detail() const { return What; }

std::string UnknownTripCount::detail() const {
  return "the trip count of " + Loop + " is unknown";
}

std::string MultipleExits::detail() const {
  return Loop + " has several exits";
}

std::string VaryingLoopBound::detail() const {
  return "the " + What + " of " + Inner + " changes with " + Outer;
}

std::string NonAffineAddress::detail() const {
  return "the address is not an affine function of the counter of " + Loop +
         (Culprit.empty() ? "" : ": " + Culprit);
}

std::string TooManyDimensions::detail() const { return What; }
std::string LinesNotCounted::detail() const { return What; }

std::string VolatileCopy::detail() const { return "volatile accesses"; }

std::string MayAlias::detail() const {
  return "source and destination are the same array '" + Array +
         "', so they may overlap";
}

std::string DynamicSchedule::detail() const { return Schedule; }
std::string PartitionNotAnalysed::detail() const { return What; }
std::string NoModel::detail() const { return What; }

std::string MissingFeature::detail() const {
  return "model " + Model + " of " + Profile + " needs feature '" + Feature +
         "', which the plugin cannot supply here: " + Why;
}

std::string CostNotEvaluable::detail() const { return What; }

std::string CalleeNotPriced::detail() const {
  return "the cost of the call to " + Callee + " is not known: " + Why;
}

std::string AlternativeNotPriced::detail() const {
  return "the predicted cost of " + Alternative + " is not known: " + Why;
}

std::string ChoiceNotEvaluable::detail() const { return What; }

std::string InternalError::detail() const {
  return "internal error of commcost: " + What;
}

} // namespace commcost
