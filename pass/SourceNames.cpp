// Naming IR values in source terms (see SourceNames.h for the order of the
// sources consulted).
#include "SourceNames.h"
#include "Compat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace commcost {

static bool isIdentifier(StringRef S) {
  if (S.empty() || !(isAlpha(S[0]) || S[0] == '_'))
    return false;
  return all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

std::optional<SourcePos> SourceFacts::positionOf(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc().get();
  if (!Loc || Loc->getLine() == 0)
    return std::nullopt;
  // The frontend records base names: debug info may split the path.
  return SourcePos{Loc->getLine(), Loc->getColumn(),
                   sys::path::filename(Loc->getFilename()).str()};
}

bool SourceFacts::isUserCopyCall(const Instruction &I) const {
  if (!FromFrontend)
    return true;
  auto Pos = positionOf(I);
  return Pos && UserCopyCalls.count(*Pos);
}

bool SourceFacts::isLoweredUserCopy(const Instruction &I) const {
  const DILocation *Loc = I.getDebugLoc().get();
  if (!FromFrontend || !Loc ||
      !UserCopyLineColumns.count({Loc->getLine(), Loc->getColumn()}))
    return false;
  auto Pos = positionOf(I);
  return Pos && UserCopyCalls.count(*Pos);
}

bool SourceFacts::isSystemFunction(const Function &F) const {
  auto Copy = CopyOf.find(&F);
  return SystemFunctions.count(Copy == CopyOf.end() ? F.getName().str()
                                                    : Copy->second);
}

std::string SourceFacts::normalPath(StringRef Directory, StringRef File) {
  SmallString<256> Path(File);
  if (sys::path::is_relative(Path)) {
    if (Directory.empty())
      sys::fs::make_absolute(Path);
    else
      sys::fs::make_absolute(Directory, Path);
  }
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

bool SourceFacts::isSystemLocation(const DebugLoc &Loc) const {
  if (!Loc || SystemFiles.empty())
    return false;
  auto [It, New] = SystemFileCache.try_emplace(Loc->getFile(), false);
  if (New)
    It->second = SystemFiles.count(
        normalPath(Loc->getDirectory(), Loc->getFilename()));
  return It->second;
}

/// The unqualified identifier of a (possibly C++-mangled) global symbol.
static std::string globalName(const GlobalValue &G) {
  std::string Name = G.getName().str();
  if (StringRef(Name).starts_with("_Z")) {
    std::string Demangled = demangle(Name);
    StringRef D(Demangled);
    Name = D.rsplit("::").second.empty() ? D.str() : D.rsplit("::").second.str();
  }
  return Name;
}

static std::optional<std::string> debugName(const Value *V) {
  std::optional<std::string> Found;
  compat::forEachDebugVariable(const_cast<Value *>(V),
                               [&](DILocalVariable *Var) {
                                 if (!Found && isIdentifier(Var->getName()))
                                   Found = Var->getName().str();
                               });
  return Found;
}

namespace {
/// Where an IR argument lies among the source parameters of its function.
struct ArgumentPlace {
  const std::vector<SourceParam> *Src = nullptr;
  /// The argument's index and the count of IR arguments, sret excluded.
  unsigned Index = 0, Args = 0;
  /// Source parameters before the first aggregate and after the last.
  unsigned Before = 0, After = 0;
  bool OneToOne() const { return Args == Src->size(); }
};
} // namespace

static std::optional<ArgumentPlace> placeOf(const Argument &A,
                                            const SourceFacts &Facts) {
  const Function &F = *A.getParent();
  auto Copy = Facts.CopyOf.find(&F);
  auto It = Facts.Params.find(Copy == Facts.CopyOf.end() ? F.getName()
                                                         : Copy->second);
  if (It == Facts.Params.end())
    return std::nullopt;
  ArgumentPlace P;
  P.Src = &It->second;
  // An sret argument is not a source parameter.
  for (const Argument &Other : F.args()) {
    if (&Other == &A)
      P.Index = P.Args;
    if (!Other.hasStructRetAttr())
      ++P.Args;
  }
  auto IsAggregate = [](const SourceParam &S) { return S.ByValueAggregate; };
  auto First = find_if(*P.Src, IsAggregate);
  P.Before = First - P.Src->begin();
  P.After = find_if(reverse(*P.Src), IsAggregate) - P.Src->rbegin();
  return P;
}

const SourceParam *sourceParameter(const Argument &A,
                                   const SourceFacts &Facts) {
  auto P = placeOf(A, Facts);
  if (!P)
    return nullptr;
  const std::vector<SourceParam> &Src = *P->Src;
  if (P->OneToOne())
    return P->Index < Src.size() ? &Src[P->Index] : nullptr;
  // Aggregates passed by value expand into several IR arguments (or none):
  // the parameters before the first correspond from the front, those after
  // the last from the back.
  if (P->Before == Src.size())
    return nullptr;
  if (P->Index < P->Before)
    return &Src[P->Index];
  if (P->Index + P->After >= P->Args && P->Index < P->Args)
    return &Src[Src.size() - (P->Args - P->Index)];
  return nullptr;
}

std::optional<std::string> byValueField(const Argument &A, uint64_t Offset,
                                        uint64_t Bytes,
                                        const SourceFacts &Facts) {
  const Function &F = *A.getParent();
  const DataLayout &DL = F.getDataLayout();
  auto P = placeOf(A, Facts);
  if (!P || !DL.isLittleEndian())
    return std::nullopt;
  const std::vector<SourceParam> &Src = *P->Src;
  // The aggregate and the IR arguments it is passed as: one argument, or
  // those between the parameters before and after it when it is the only
  // aggregate.
  const SourceParam *Aggregate = nullptr;
  unsigned FirstPiece = P->Index, Pieces = 1;
  if (P->OneToOne()) {
    Aggregate = P->Index < Src.size() ? &Src[P->Index] : nullptr;
  } else if (P->Before < Src.size() &&
             P->Before + P->After + 1 == Src.size()) {
    Aggregate = &Src[P->Before];
    FirstPiece = P->Before;
    Pieces = P->Args - P->Before - P->After;
    if (P->Index < FirstPiece || P->Index >= FirstPiece + Pieces)
      return std::nullopt;
  }
  if (!Aggregate || Aggregate->Fields.empty())
    return std::nullopt;
  // The pieces lie in the aggregate as the fields of a struct of their
  // types (the ABI's coerced type).
  SmallVector<Type *, 4> Types;
  unsigned K = 0;
  for (const Argument &Arg : F.args()) {
    if (Arg.hasStructRetAttr())
      continue;
    if (K >= FirstPiece && K < FirstPiece + Pieces)
      Types.push_back(Arg.getType());
    ++K;
  }
  if (!all_of(Types, [](Type *T) { return T->isSized(); }))
    return std::nullopt;
  const StructLayout *Layout =
      DL.getStructLayout(StructType::get(F.getContext(), Types));
  uint64_t At = Layout->getElementOffset(P->Index - FirstPiece) + Offset;
  for (const SourceField &Field : Aggregate->Fields)
    if (Field.Offset == At && Field.Bytes == Bytes)
      return Field.Name;
  return std::nullopt;
}

/// Whether V holds a value of kind K: a load of flags[i] at the position
/// of the pointer flags is not flags.
static bool sameKind(ValueKind K, const Value *V) {
  Type *T = V->getType();
  switch (K) {
  case ValueKind::Pointer:
    return T->isPointerTy();
  case ValueKind::Integer:
    return T->isIntegerTy();
  case ValueKind::Floating:
    return T->isFloatingPointTy();
  case ValueKind::Other:
    return false;
  }
  return false;
}

/// The variable a position of Facts' map At names, if it holds V's kind.
static std::optional<std::string>
variableAt(const std::map<SourcePos, VariableRef> &At, const Value *V,
           const Instruction &Where) {
  auto Pos = SourceFacts::positionOf(Where);
  if (!Pos)
    return std::nullopt;
  auto It = At.find(*Pos);
  if (It == At.end() || !sameKind(It->second.Kind, V))
    return std::nullopt;
  return It->second.Name;
}

bool sameAddress(const Value *A, const Value *B) {
  A = A->stripPointerCasts();
  B = B->stripPointerCasts();
  if (A == B)
    return true;
  const auto *LA = dyn_cast<LoadInst>(A), *LB = dyn_cast<LoadInst>(B);
  return LA && LB &&
         sameAddress(LA->getPointerOperand(), LB->getPointerOperand());
}

/// Whether the name Name that L's position gives is also what the
/// position of a load of another address gives, in the same inlined copy
/// of the code (two inlined copies read their own arguments at the same
/// positions): the optimiser moved a load to another variable's position
/// (the two loads of n0 in c ? n0 - 2 : n0 - 1, folded into a select and
/// merged, take the position of c's first variable, sel1), or a macro's
/// expansion put loads of several variables at its use. Then the position
/// names none of them. For integers, whose names go into sizes: the loads
/// of a pointer chain (bp->array[m][i]) share the base's name as the
/// label of the array they reach.
static bool nameShared(const LoadInst &L, const std::string &Name,
                       const SourceFacts &Facts) {
  const DILocation *Inlined = L.getDebugLoc().getInlinedAt();
  for (const Instruction &I : instructions(*L.getFunction()))
    if (const auto *O = dyn_cast<LoadInst>(&I);
        O && O != &L && O->getType() == L.getType() && O->getDebugLoc() &&
        O->getDebugLoc().getInlinedAt() == Inlined &&
        !sameAddress(O->getPointerOperand(), L.getPointerOperand()) &&
        variableAt(Facts.VariableAt, O, *O) == Name)
      return true;
  return false;
}

/// The one name a set of candidates agree on: none when two differ.
struct Agreement {
  std::optional<std::string> Name;
  bool Conflict = false;
  void add(std::optional<std::string> N) {
    if (!N)
      return;
    if (Name && *Name != *N)
      Conflict = true;
    Name = std::move(N);
  }
  std::optional<std::string> result() const {
    return Conflict ? std::nullopt : Name;
  }
};

/// The local variable a stack slot holds, where the optimiser kept it in
/// memory (its address escapes: MPI_Bcast(&order, ...)). A call that takes
/// its address and a store to it name it for certain; a load's position
/// only mostly (CSE moves loads to another variable's position): without
/// the first, the loads' majority names it.
static std::optional<std::string> slotName(const AllocaInst &Slot,
                                           const SourceFacts &Facts) {
  Agreement Certain;
  std::map<std::string, unsigned> Votes;
  unsigned Named = 0;
  for (const User *U : Slot.users()) {
    if (const auto *L = dyn_cast<LoadInst>(U)) {
      if (auto N = variableAt(Facts.VariableAt, L, *L)) {
        ++Votes[*N];
        ++Named;
      }
    } else if (const auto *St = dyn_cast<StoreInst>(U)) {
      if (St->getPointerOperand() == &Slot)
        Certain.add(variableAt(Facts.AssignedAt, St->getValueOperand(), *St));
    } else if (const auto *Call = dyn_cast<CallBase>(U);
               Call && !isa<IntrinsicInst>(Call)) {
      auto Pos = SourceFacts::positionOf(*Call);
      if (!Pos)
        continue;
      for (unsigned I = 0; I < Call->arg_size(); ++I)
        if (Call->getArgOperand(I) == &Slot)
          if (auto It = Facts.AddressArgs.find({*Pos, I});
              It != Facts.AddressArgs.end())
            Certain.add(It->second);
    }
  }
  if (Certain.Name)
    return Certain.result();
  for (const auto &[Name, N] : Votes)
    if (2 * N > Named)
      return Name;
  return std::nullopt;
}

/// Whether I is computed from one of Merges, within a few operations:
/// size * 2 in size = size ? size * 2 : 1 feeds a merge that feeds size.
static bool computedFrom(const Instruction &I,
                         const SmallPtrSetImpl<const PHINode *> &Merges,
                         unsigned Steps = 4) {
  for (const Value *Op : I.operands()) {
    if (const auto *P = dyn_cast<PHINode>(Op); P && Merges.contains(P))
      return true;
    if (const auto *J = dyn_cast<Instruction>(Op);
        J && Steps > 0 && !isa<PHINode>(J) && computedFrom(*J, Merges, Steps - 1))
      return true;
  }
  return false;
}

/// The variable a merge of values stands for: some of them stored to it
/// (AssignedAt), none to another, none computed from the merge itself or
/// from a merge it is part of (a loop's counter, which is no one value).
static std::optional<std::string>
mergeName(const PHINode &Phi, const SourceFacts &Facts,
          SmallPtrSetImpl<const PHINode *> &Seen) {
  if (!Seen.insert(&Phi).second)
    return std::nullopt;
  Agreement A;
  for (const Value *In : Phi.incoming_values()) {
    if (In == &Phi || isa<Constant, Argument>(In))
      continue;
    const auto *I = dyn_cast<Instruction>(In);
    if (!I || computedFrom(*I, Seen))
      return std::nullopt;
    if (const auto *Inner = dyn_cast<PHINode>(I)) {
      if (Seen.contains(Inner))
        continue;
      auto N = mergeName(*Inner, Facts, Seen);
      if (!N)
        return std::nullopt;
      A.add(N);
      continue;
    }
    auto N = variableAt(Facts.AssignedAt, I, *I);
    if (!N)
      return std::nullopt;
    A.add(N);
  }
  return A.result();
}

/// The variable At passes as argument I, when the source writes it alone.
static std::optional<std::string>
argumentVariable(const CallBase &At, unsigned I, const SourceFacts &Facts) {
  auto Pos = SourceFacts::positionOf(At);
  if (!Pos)
    return std::nullopt;
  auto It = Facts.ArgVariables.find({*Pos, I});
  if (It == Facts.ArgVariables.end())
    return std::nullopt;
  return It->second;
}

std::optional<std::string> counterName(const PHINode &Phi,
                                       const SourceFacts &Facts,
                                       const CallBase *At) {
  if (auto Name = debugName(&Phi))
    return Name;
  // Integer conversions (an int count of a long counter) keep the value.
  if (At)
    for (unsigned I = 0; I < At->arg_size(); ++I) {
      const Value *Arg = At->getArgOperand(I);
      while (const auto *Cast = dyn_cast<CastInst>(Arg))
        if (Cast->isIntegerCast())
          Arg = Cast->getOperand(0);
        else
          break;
      if (Arg == &Phi)
        if (auto Name = argumentVariable(*At, I, Facts))
          return Name;
    }
  // The variable its next values are assigned to (size = size * 2), also
  // where a conditional merges them first (size = size ? size * 2 : 1).
  Agreement A;
  for (const Value *In : Phi.incoming_values()) {
    const auto *I = dyn_cast<Instruction>(In);
    if (!I || I == &Phi)
      continue;
    A.add(variableAt(Facts.AssignedAt, I, *I));
    if (const auto *Merge = dyn_cast<PHINode>(I))
      for (const Value *V : Merge->incoming_values())
        if (const auto *J = dyn_cast<Instruction>(V))
          A.add(variableAt(Facts.AssignedAt, J, *J));
  }
  return A.result();
}

std::optional<std::string> sourceNameOf(const Value *V,
                                        const SourceFacts &Facts) {
  if (auto Name = debugName(V))
    return Name;
  if (const auto *A = dyn_cast<Argument>(V)) {
    if (const SourceParam *P = sourceParameter(*A, Facts))
      return P->Name;
  } else if (const auto *G = dyn_cast<GlobalVariable>(V)) {
    std::string Name = globalName(*G);
    if (isIdentifier(Name))
      return Name;
    return std::nullopt;
  } else if (const auto *L = dyn_cast<LoadInst>(V)) {
    const Value *Ptr = L->getPointerOperand()->stripPointerCasts();
    // A global's value, not its first field's (par_p.num_comm_part reads
    // at par_p's address).
    if (const auto *G = dyn_cast<GlobalVariable>(Ptr);
        G && G->getValueType() == L->getType())
      return sourceNameOf(G, Facts);
    if (auto Name = debugName(Ptr))
      return Name;
    if (const auto *Slot = dyn_cast<AllocaInst>(Ptr))
      if (auto Name = slotName(*Slot, Facts))
        return Name;
  } else if (const auto *Phi = dyn_cast<PHINode>(V)) {
    SmallPtrSet<const PHINode *, 4> Seen;
    if (auto Name = mergeName(*Phi, Facts, Seen))
      return Name;
  }
  // Only loads and calls stand for a whole variable at their position.
  if (isa<LoadInst>(V) || isa<CallBase>(V))
    if (auto Name = variableAt(Facts.VariableAt, V, *cast<Instruction>(V));
        Name && !(isa<LoadInst>(V) && V->getType()->isIntegerTy() &&
                  nameShared(*cast<LoadInst>(V), *Name, Facts)))
      return Name;
  // A call's result assigned to a variable (Num_procs = shmem_n_pes()).
  if (isa<CallBase>(V))
    if (auto Name = variableAt(Facts.AssignedAt, V, *cast<Instruction>(V)))
      return Name;
  // A field or an element read: the one path of V's kind read there. Not
  // in a local array or struct, whose contents the analysis reads from the
  // stores that fill it (cnt[rank] of a counts array filled in a loop).
  if (const auto *L = dyn_cast<LoadInst>(V);
      L && !isa<AllocaInst>(getUnderlyingObject(L->getPointerOperand())))
    if (auto Pos = SourceFacts::positionOf(*L))
      if (auto It = Facts.AccessAt.find(*Pos); It != Facts.AccessAt.end()) {
        Agreement A;
        for (const VariableRef &R : It->second)
          if (sameKind(R.Kind, V))
            A.add(R.Name);
        if (auto Name = A.result())
          return Name;
      }
  if (isa<Argument>(V) && isIdentifier(V->getName()))
    return V->getName().str();
  return std::nullopt;
}

} // namespace commcost
