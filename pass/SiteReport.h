// What the plugin derived for one site, and how it is reported: a readable
// -Rpass-analysis remark whose Args carry the docs/design.md keys (so that the
// -fsave-optimization-record YAML holds them), or a -Rpass-missed remark
// with the reason the site could not be analysed.
#pragma once

#include "Footprint.h"

#include "commcost/Expr.h"
#include "commcost/Profile.h"

#include "llvm/IR/DebugLoc.h"

#include <map>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace commcost {

struct SiteResult {
  std::string Kind;   ///< send, recv, put, get, copy, copy-loop, superstep
  std::string Callee; ///< the called function, or "loop"
  std::string Array;  ///< the marshalled buffer's source name
  std::string Element;
  std::string Shape;     ///< readable slice description
  std::string Datatype;  ///< how a derived datatype was built
  std::string Alignment; ///< which alignment was assumed
  std::string Partition; ///< how a loop is split among processors
  std::optional<Expr> Messages, BytesPerMessage, Bytes;
  std::optional<FootprintLines> Lines, ReadLines, WriteLines;
  std::optional<Expr> Reads, Writes, ReadsMax, WritesMax, Traffic;
  /// Features the analysis derived itself (a superstep's, from
  /// superstepFeatureExprs); they take precedence in pricing.
  std::map<std::string, Expr> Features;
};

/// Where a remark goes: the debug location, and a block of the function
/// the user wrote (the analysis may run on a promoted copy at -O0).
struct RemarkPlace {
  llvm::DebugLoc Loc;
  const llvm::BasicBlock *Block;
};

/// Emits the analysis remark, and a missed remark when the profile's model
/// for the site needs a feature the site cannot supply.
void emitSite(llvm::OptimizationRemarkEmitter &ORE, const RemarkPlace &At,
              const SiteResult &S, const Profile &P);

/// RemarkName is a stable CamelCase name (UnknownDatatype, NonAffine...).
void emitMissed(llvm::OptimizationRemarkEmitter &ORE, const RemarkPlace &At,
                llvm::StringRef RemarkName, llvm::StringRef What,
                const std::string &Reason);

/// Emits remarks for the sites of one function.
struct Reporter {
  llvm::OptimizationRemarkEmitter &ORE;
  const llvm::BasicBlock *Block;
  const Profile &P;
  void site(llvm::DebugLoc Loc, const SiteResult &S) const {
    emitSite(ORE, {Loc, Block}, S, P);
  }
  void missed(llvm::DebugLoc Loc, llvm::StringRef RemarkName,
              llvm::StringRef What, const std::string &Reason) const {
    emitMissed(ORE, {Loc, Block}, RemarkName, What, Reason);
  }
};

} // namespace commcost
