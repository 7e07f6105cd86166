// The constants a scratch copy of a function leaves in the module. The
// analysis copies functions (the promoted view at -O0, an outlined body
// read once, a choice's alternatives) and erases each copy after use, but
// the constant expressions that cloning and folding built from the
// module's globals outlive it: LLVM keeps a constant until its context
// dies. A dead constant expression still counts as a use of its global,
// and a global with uses is address-significant (.llvm_addrsig), so the
// object file differed from the one clang makes without the plugin (a
// csmith program at -O0: a private constant array, read through a folded
// address in the promoted copy, became address-significant).
#pragma once

#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Constant;
class Module;
} // namespace llvm

namespace commcost {

/// Made before a copy and destroyed after it is erased: destroys the
/// constants built on the module's globals meanwhile that nothing uses.
/// Constants that were there before stay, dead or alive.
class ScratchConstants {
public:
  explicit ScratchConstants(llvm::Module &M);
  ~ScratchConstants();
  ScratchConstants(const ScratchConstants &) = delete;
  ScratchConstants &operator=(const ScratchConstants &) = delete;

private:
  /// Destroys the dead new constants among C's users, and looks into the
  /// old ones' users (in Swept once swept).
  void sweep(llvm::Constant &C, llvm::DenseSet<const llvm::Constant *> &Swept);

  llvm::Module &M;
  /// Every constant that uses a global, directly or through constants,
  /// when this was made (globals themselves excluded).
  llvm::DenseSet<const llvm::Constant *> Before;
};

} // namespace commcost
