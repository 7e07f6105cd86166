// Sweeping the constants a scratch copy left (see ScratchConstants.h).
#include "ScratchConstants.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;

namespace commcost {

namespace {
/// The constant users of C that are not globals (a global whose
/// initializer names C is a user too, but no constant expression).
SmallVector<Constant *, 8> constantUsers(Constant &C) {
  SmallVector<Constant *, 8> Users;
  for (User *U : C.users())
    if (auto *K = dyn_cast<Constant>(U); K && !isa<GlobalValue>(K))
      Users.push_back(K);
  return Users;
}
} // namespace

ScratchConstants::ScratchConstants(Module &M) : M(M) {
  SmallVector<Constant *, 64> Work;
  for (GlobalValue &G : M.global_values())
    Work.append(constantUsers(G));
  while (!Work.empty()) {
    Constant *C = Work.pop_back_val();
    if (Before.insert(C).second)
      Work.append(constantUsers(*C));
  }
}

ScratchConstants::~ScratchConstants() {
  DenseSet<const Constant *> Swept;
  for (GlobalValue &G : M.global_values())
    sweep(G, Swept);
}

void ScratchConstants::sweep(Constant &C, DenseSet<const Constant *> &Swept) {
  // Weak handles: destroying one new constant destroys its dead users,
  // which may be users of C as well.
  SmallVector<WeakVH, 8> New;
  SmallVector<Constant *, 8> Old;
  for (Constant *K : constantUsers(C)) {
    if (Before.contains(K))
      Old.push_back(K);
    else
      New.emplace_back(K);
  }
  for (Constant *K : Old)
    if (Swept.insert(K).second)
      sweep(*K, Swept);
  for (WeakVH &H : New) {
    auto *K = cast_or_null<Constant>(H);
    if (!K)
      continue;
    K->removeDeadConstantUsers();
    if (K->use_empty())
      K->destroyConstant();
  }
}

} // namespace commcost
