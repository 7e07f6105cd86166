// Source-level names for IR values, so that symbolic results read in the
// user's variables. Clang discards local value names, so names come from, in
// order: debug info (-g), what the frontend part of the plugin saw in the AST
// (parameter names per function, the variable a load or an initialiser at a
// source position belongs to, the variable whose address a call takes, the
// variable an assignment stores to), global symbols, and IR names (opt
// tests).
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Value.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Argument;
class CallBase;
class DILocation;
class Function;
class Instruction;
class PHINode;
} // namespace llvm

namespace commcost {

/// A source position as clang's debug locations spell it (the file by its
/// base name). Ordered by line and column first: positions in one file,
/// the common case, then compare without comparing the name.
struct SourcePos {
  unsigned Line = 0, Column = 0;
  std::string File;
  auto operator<=>(const SourcePos &) const = default;
};

/// The kind of a variable's value, to tell a read of the variable from a
/// read of an element it points to at the same position (flags[i]).
enum class ValueKind { Pointer, Integer, Floating, Other };
struct VariableRef {
  std::string Name;
  ValueKind Kind;
};

/// An integer field of an aggregate passed by value, as the source names
/// it (v.npes), and the bytes it takes in the aggregate.
struct SourceField {
  std::string Name;
  uint64_t Offset = 0, Bytes = 0;
};

/// A parameter as the source declares it.
struct SourceParam {
  std::string Name;
  /// For a pointer to a complete object type T, T's alignment: C requires
  /// a T* to be aligned so (0 otherwise).
  uint64_t PointeeAlign = 0;
  /// An aggregate, complex or vector passed by value: the ABI may expand
  /// it into several IR arguments, or none.
  bool ByValueAggregate = false;
  /// A struct's integer fields, nested structs' included.
  std::vector<SourceField> Fields;
};

/// What the frontend recorded about the translation unit.
struct SourceFacts {
  /// Parameter names of each defined function, by its symbol name, with
  /// "this" first for instance methods.
  llvm::StringMap<std::vector<SourceParam>> Params;
  /// Source positions of variable references and of variable initialisers.
  std::map<SourcePos, VariableRef> VariableAt;
  /// Positions of reads of integer access paths into variables (p->nx,
  /// width[0], par.num[dir]) in the user's code: every path read there, so
  /// that a position where two are read (a macro's expansion) names none.
  std::map<SourcePos, std::vector<VariableRef>> AccessAt;
  /// Positions of the values stored to a variable: an initialiser's, the
  /// right side of an assignment (w = iend - istart + 1), a compound
  /// assignment's operator. They name a merge of such values (a phi).
  std::map<SourcePos, VariableRef> AssignedAt;
  /// Positions of memcpy/memmove calls written by the user (clang also
  /// emits llvm.memcpy for aggregate copies, which are not sites).
  std::set<SourcePos> UserCopyCalls;
  /// Their lines and columns, to reject other positions without building a
  /// SourcePos (which copies the file name).
  std::set<std::pair<unsigned, unsigned>> UserCopyLineColumns;
  /// Variables whose address a call passes (MPI_Comm_size(comm, &p)), by
  /// the call's position and the argument's index: the variable a call
  /// writes.
  std::map<std::pair<SourcePos, unsigned>, std::string> AddressArgs;
  /// Integer variables a call passes by value (MPI_Send(buf, size, ...)),
  /// by the call's position and the argument's index: what the call gets is
  /// the variable's value at the call, whatever the optimiser made of it.
  std::map<std::pair<SourcePos, unsigned>, std::string> ArgVariables;
  /// Promoted copies analysed at -O0, and the function each stands for.
  std::map<const llvm::Function *, std::string> CopyOf;
  /// Symbols of functions defined in system headers (library code, such as
  /// Open MPI's C++ bindings), whose sites are not the user's.
  std::set<std::string> SystemFunctions;
  /// Files that are system headers (normalPath).
  std::set<std::string, std::less<>> SystemFiles;
  /// Whether a debug-info file is one of them, as found.
  mutable llvm::DenseMap<const llvm::MDNode *, bool> SystemFileCache;
  /// The alignment of memory from malloc and the default operator new on
  /// the target (clang's default new alignment), or 0 when unknown.
  uint64_t HeapAlign = 0;
  /// False when no frontend ran (opt -load-pass-plugin).
  bool FromFrontend = false;

  static std::optional<SourcePos> positionOf(const llvm::Instruction &I);
  bool isUserCopyCall(const llvm::Instruction &I) const;
  /// Whether I (a store) is what the optimiser made of a user's small
  /// memcpy/memmove (a load and a store at the call's position).
  bool isLoweredUserCopy(const llvm::Instruction &I) const;
  /// Whether F (or the function a promoted copy F stands for) was defined
  /// in a system header.
  bool isSystemFunction(const llvm::Function &F) const;
  /// Whether code at Loc is in a system header (library code inlined into
  /// the user's, such as std::char_traits's copy loop): not a user's site.
  bool isSystemLocation(const llvm::DebugLoc &Loc) const;
  /// A file's absolute path without . and .., the key of SystemFiles
  /// (Directory: what a relative File is relative to; empty: the current
  /// directory).
  static std::string normalPath(llvm::StringRef Directory,
                                llvm::StringRef File);
};

/// The source parameter an IR argument stands for, if the frontend saw it.
const SourceParam *sourceParameter(const llvm::Argument &A,
                                   const SourceFacts &Facts);

/// The field of a by-value aggregate parameter that bytes [Offset, Offset +
/// Bytes) of IR argument A hold, if the frontend saw it: x86-64 passes
/// struct pe_vars {int me, npes, pairs, nxtpe} v as two i64, and v.npes is
/// bytes 4 to 8 of the first.
std::optional<std::string> byValueField(const llvm::Argument &A,
                                        uint64_t Offset, uint64_t Bytes,
                                        const SourceFacts &Facts);

/// The variable a loop's counter (a phi of its header) stands for: its
/// value in one iteration, which sourceNameOf does not give (over the
/// iterations, a counter is no one value). With At, first the variable At
/// passes the counter as (an argument written as the variable alone).
std::optional<std::string> counterName(const llvm::PHINode &Phi,
                                       const SourceFacts &Facts,
                                       const llvm::CallBase *At = nullptr);

/// Whether A and B are the same address: the same value, or loads of the
/// same address (an -O0 body reloads a shared variable's pointer, or a
/// communicator handle, at every use).
bool sameAddress(const llvm::Value *A, const llvm::Value *B);

/// The source-level name of V, if it has one that the grammar can print.
std::optional<std::string> sourceNameOf(const llvm::Value *V,
                                        const SourceFacts &Facts);

} // namespace commcost
