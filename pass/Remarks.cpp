// Optimisation remarks from the analysis result (see Remarks.h): the text a
// user reads and the Args keys of docs/design.md that the YAML records carry.
#include "Remarks.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"

#include <deque>
#include <utility>
#include <vector>

using namespace llvm;

namespace commcost {

static const char *const PassName = "commcost";

/// A remark written with its consecutive plain pieces merged into one String
/// argument. The message is the same; the YAML record has a third fewer
/// entries to build and serialise, which is most of what emitting costs.
class MergedText {
public:
  explicit MergedText(DiagnosticInfoOptimizationBase &Rem) : Rem(Rem) {}
  MergedText &operator<<(StringRef Piece) {
    Pending += Piece;
    return *this;
  }
  MergedText &operator<<(DiagnosticInfoOptimizationBase::Argument A) {
    flush();
    Rem.insert(std::move(A));
    return *this;
  }
  MergedText &operator<<(DiagnosticInfoOptimizationBase::setExtraArgs E) {
    flush();
    Rem.insert(E);
    return *this;
  }
  /// Writes what is pending; call before the remark is emitted.
  void flush() {
    if (!Pending.empty())
      Rem.insert(StringRef(Pending));
    Pending.clear();
  }

private:
  DiagnosticInfoOptimizationBase &Rem;
  std::string Pending;
};

/// CostUs of a cost in picoseconds printed as PsText.
static std::string usOfPsText(StringRef PsText) {
  return ("(" + PsText + ") / 1000000").str();
}

static std::string formatUs(double Us) {
  std::string Text;
  raw_string_ostream(Text) << format("%.3f", Us);
  return Text;
}

static std::string alignmentOf(const Site &S, uint64_t LineSize) {
  if (S.Marshalled)
    return describePlacement(S.Marshalled->Where, LineSize);
  if (S.Read && S.Written)
    return "read " + describePlacement(S.Read->Where, LineSize) + ", write " +
           describePlacement(S.Written->Where, LineSize);
  if (S.Read || S.Written)
    return (S.Read ? "read " : "write ") +
           describePlacement((S.Read ? S.Read : S.Written)->Where, LineSize);
  return "";
}

/// The cost expressions a function's remarks printed: its total is often
/// its one site's cost, the same expression, whose text is long.
class PrintedCosts {
public:
  const std::string &text(const Expr &Ps) {
    for (const auto &[E, Text] : Done)
      if (E == Ps)
        return Text;
    return Done.emplace_back(Ps, Ps.str()).second;
  }

private:
  std::deque<std::pair<Expr, std::string>> Done; // texts stay where they are
};

/// Emits the remark Build makes for the site of R unless one with its
/// location, statement, name and text has its digest in Emitted (a remark
/// without a location always).
template <typename BuildRemark>
static void emitOnce(OptimizationRemarkEmitter &ORE, const SiteResult &R,
                     RemarkDigests &Emitted, BuildRemark Build) {
  auto Remark = Build();
  DiagnosticLocation Loc = Remark.getLocation();
  if (!Loc.isValid())
    return ORE.emit(Remark);
  std::string Key;
  raw_string_ostream OS(Key);
  OS << Loc.getAbsolutePath() << ':' << Loc.getLine() << ':'
     << Loc.getColumn() << ' ' << Remark.getRemarkName() << ' ';
  if (R.Statement)
    OS << R.Statement.getLine() << ':' << R.Statement.getCol() << ' ';
  for (const DiagnosticInfoOptimizationBase::Argument &A : Remark.getArgs())
    OS << A.Key << '=' << A.Val << ';';
  XXH128_hash_t Digest = xxh3_128bits(arrayRefFromStringRef(Key));
  if (Emitted.insert({Digest.high64, Digest.low64}).second)
    ORE.emit(Remark);
}

static void emitSite(OptimizationRemarkEmitter &ORE, const BasicBlock *Block,
                     const SiteResult &R, const Profile &P,
                     RemarkDigests &Emitted, PrintedCosts &Printed) {
  const AnalysedSite &A = *R.Analysed;
  const Site &S = A.Data;
  const SiteFeatures &F = A.Features;
  const SiteCost &C = A.Cost;
  emitOnce(ORE, R, Emitted, [&] {
    OptimizationRemarkAnalysis Remark(PassName, "CommunicationCost", R.Loc,
                                      Block);
    MergedText Rem(Remark);
    Rem << ore::NV("Callee", R.Callee) << " ("
        << ore::NV("Kind", std::string(siteKindName(S.Kind))) << ")";
    if (!A.Array.empty())
      Rem << " of '" << ore::NV("Array", A.Array) << "'";
    if (!A.Element.empty())
      Rem << ", " << A.Element << " elements";
    if (!A.Datatype.empty())
      Rem << ", datatype " << A.Datatype;
    if (!A.Partition.empty())
      Rem << ", " << A.Partition;
    if (!A.Shape.empty())
      Rem << ": " << A.Shape;
    // Line counts read as a range in the text; tools get both ends as
    // separate keys, after the message.
    std::vector<std::pair<std::string, std::string>> Extra;
    auto Lines = [&](const char *Label, const char *Min, const char *Max,
                     const std::optional<SymbolicLineBounds> &B) {
      if (!B)
        return;
      bool Exact = B->Max == B->Min;
      std::string MinText = B->Min.str();
      std::string MaxText = Exact ? MinText : B->Max.str();
      Rem << Label << MinText;
      if (!Exact)
        Rem << " to " << MaxText;
      Extra.emplace_back(Min, std::move(MinText));
      Extra.emplace_back(Max, std::move(MaxText));
    };
    if (!S.Conditions.empty()) {
      std::string When = join(S.Conditions, " and ");
      Rem << "; only when " << ore::NV("Condition", When);
    }
    if (S.AtMost)
      Rem << "; at most, since it runs only where "
          << ore::NV("Varies", A.Condition);
    if (!A.PerIteration.empty())
      Rem << "; per iteration of "
          << ore::NV("PerIterationOf", A.PerIteration)
          << (A.SizeVaries ? ", in which its size changes"
                           : ", whose trip count is unknown");
    // A count of a site that runs AtMost is a maximum (the least is 0): the
    // text says so, and tools get the key K + "AtMost" instead of K.
    auto Count = [&](const char *Label, const char *Key, const Expr &V,
                     bool Bound) {
      Rem << Label;
      if (!Bound) {
        Rem << ore::NV(Key, V.str());
        return;
      }
      std::string Text = V.str();
      Rem << "at most " << Text;
      Extra.emplace_back(std::string(Key) + "AtMost", std::move(Text));
    };
    bool Collective = S.Collective.has_value();
    if (S.Messages)
      Count(Collective ? "; calls " : "; messages ", "Messages", *S.Messages,
            S.AtMost);
    if (Collective) {
      // One call's relation (docs/plugin.md, "Collectives").
      const Relation &C = *S.Collective;
      Rem << "; per call among " << ore::NV("Processors", C.Processors.str())
          << " ranks: a rank sends at most "
          << ore::NV("HOut", C.HOut.str()) << " bytes and receives at most "
          << ore::NV("HIn", C.HIn.str()) << ", all ranks send "
          << ore::NV("Volume", C.Volume.str());
    }
    // A copy loop is one message: its size is its bytes.
    if (S.BytesPerMessage)
      Count(", bytes per message ", "BytesPerMessage", *S.BytesPerMessage,
            S.AtMost && S.Kind == SiteKind::CopyLoop);
    if (S.Bytes)
      Count(", bytes ", "Bytes", *S.Bytes, S.AtMost);
    Lines("; unique lines ", "LinesMin", "LinesMax", F.Lines);
    Lines(Collective ? "; send buffer lines " : "; read lines ",
          "ReadLinesMin", "ReadLinesMax", F.ReadLines);
    Lines(Collective ? ", receive buffer lines " : ", write lines ",
          "WriteLinesMin", "WriteLinesMax", F.WriteLines);
    if (S.Reads)
      Count("; reads ", "Reads", *S.Reads, S.AtMost);
    if (S.Writes)
      Count(", writes ", "Writes", *S.Writes, S.AtMost);
    if (S.Split) {
      // The busiest processor's counts: "at most" once.
      Count(S.AtMost ? ", per processor hr " : ", per processor at most hr ",
            "ReadsMax", S.Split->ReadsMax, S.AtMost);
      Count(", hw ", "WritesMax", S.Split->WritesMax, S.AtMost);
    }
    if (auto M = F.Values.find("M"); M != F.Values.end() && !Collective)
      Count(", total M ", "Traffic", M->second, S.AtMost);
    // Lines the loop order brings in again (L_re<k>), when there are any.
    std::vector<std::pair<unsigned, std::string>> Again;
    for (const CacheLevel &L : P.Machine.Caches)
      if (auto V = F.Values.find("L_re" + std::to_string(L.Level));
          V != F.Values.end() &&
          !(V->second.isConstant() && V->second.constantValue() == 0))
        Again.emplace_back(L.Level, V->second.str());
    for (size_t I = 0; I < Again.size(); ++I) {
      std::string Level = ("L" + Twine(Again[I].first)).str();
      Rem << (I ? ", " : "; lines brought in again (loop order): ") << Level
          << " " << ore::NV("LinesAgain" + Level, Again[I].second);
    }
    if (std::string Align = alignmentOf(S, P.Machine.LineSize); !Align.empty())
      Rem << "; assumed alignment: " << Align;
    // A cost in the text under Key's names: CostUs, or CostPs when
    // symbolic (the cold one also as CostUs, whose meaning tools rely on;
    // the warm one, the longest text of a remark, once).
    auto Cost = [&](const SiteCost &S, const std::string &Key) {
      if (S.Us) {
        Rem << ore::NV("CostUs" + Key, formatUs(*S.Us)) << " us";
        return;
      }
      const std::string &Ps = Printed.text(*S.Ps);
      Rem << "(" << ore::NV("CostPs" + Key, Ps) << ") ps";
      if (Key.empty())
        Extra.emplace_back("CostUs", usOfPsText(Ps));
    };
    const SiteCost &W = A.CostWarm;
    if (C.priced()) {
      Rem << "; cost ";
      Cost(C, "");
      // CostUs keeps its meaning (the cost from the state the remark
      // names: cold); the warm end gets keys of its own.
      if (W.priced()) {
        Rem << " cold, ";
        Cost(W, "Warm");
        Rem << " warm";
      }
    } else if (!C.Why.empty()) {
      Rem << "; no cost: " << C.Why;
    } else if (A.Unpriced) {
      Rem << "; no cost: " << A.Unpriced->message();
    }
    if (!C.Model.empty()) {
      Rem << " (model " << ore::NV("Model", C.Model);
      if (W.priced())
        Rem << ", warm " << ore::NV("ModelWarm", W.Model);
      Rem << ", " << describeProfile(P) << ")";
    }
    if (!C.DominantTerm.empty()) {
      Extra.emplace_back("DominantTerm", C.DominantTerm);
      Extra.emplace_back("DominantShare", formatUs(C.DominantShare));
    }
    Rem << ore::setExtraArgs();
    for (const auto &[Key, Value] : Extra)
      Rem << ore::NV(Key, Value);
    Rem.flush();
    return Remark;
  });
}

static void emitMissed(OptimizationRemarkEmitter &ORE, const BasicBlock *Block,
                       const SiteResult &R, StringRef What,
                       const RejectReason &Why, StringRef Verb,
                       RemarkDigests &Emitted) {
  emitOnce(ORE, R, Emitted, [&] {
    return OptimizationRemarkMissed(PassName, Why.remarkName(), R.Loc, Block)
           << ore::NV("Callee", What) << Verb
           << ore::NV("Reason", Why.message());
  });
}

static void emitTotal(OptimizationRemarkEmitter &ORE, const Function &F,
                      const CommCostInfo &Info, PrintedCosts &Printed) {
  const FunctionCost &T = Info.Total;
  if (!T.Sites && !T.Missed && !T.known() && !T.Incomplete)
    return;
  ORE.emit([&] {
    OptimizationRemarkAnalysis Remark(PassName, "FunctionCost",
                                      DiagnosticLocation(F.getSubprogram()),
                                      &F.getEntryBlock());
    MergedText Rem(Remark);
    Rem << "function '" << ore::NV("Function", demangle(F.getName()))
        << "': predicted communication cost ";
    std::string Cost;
    if (T.Incomplete && T.known())
      Rem << "at least ";
    if (T.Us) {
      Rem << ore::NV("CostUs", formatUs(*T.Us)) << " us";
    } else if (T.Ps) {
      const std::string &Ps = Printed.text(*T.Ps);
      Rem << "(" << ore::NV("CostPs", Ps) << ") ps";
      Cost = usOfPsText(Ps);
    } else {
      Rem << "unknown";
    }
    Rem << " (" << ore::NV("Sites", T.Sites) << " sites analysed, "
        << ore::NV("Missed", T.Missed) << " not)";
    if (!T.MostExpensive.empty())
      Rem << "; most expensive: "
          << ore::NV("MostExpensive", T.MostExpensive);
    if (T.Incomplete)
      Rem << "; incomplete: " << ore::NV("Incomplete", T.Incomplete->message());
    Rem << ore::setExtraArgs();
    if (!Cost.empty())
      Rem << ore::NV("CostUs", Cost);
    Rem.flush();
    return Remark;
  });
}

/// A cost as the text shows it: microseconds when a number, else the
/// expression in picoseconds.
static std::string costText(const Expr &Ps) {
  if (Ps.isConstant())
    return formatUs(double(Ps.constantValue()) / 1e6) + " us";
  std::string Text = "(";
  Text += Ps.str();
  return Text + ") ps";
}

/// The same for records: CostUs's convention.
static std::string costUs(const Expr &Ps) {
  if (Ps.isConstant())
    return formatUs(double(Ps.constantValue()) / 1e6);
  return usOfPsText(Ps.str());
}

void emitChoice(OptimizationRemarkEmitter &ORE, const Instruction &I,
                const ChoiceRemark &C, const Profile &P) {
  ORE.emit([&] {
    OptimizationRemark Rem(PassName, C.Name, &I);
    Rem << ore::NV("Variant", C.What) << ": ";
    std::vector<std::string> Costs, CostsPs;
    for (const Expr &E : C.CostsPs) {
      Costs.push_back(costUs(E));
      CostsPs.push_back(E.str());
    }
    if (C.Chosen) {
      Rem << "chose " << ore::NV("Chosen", C.Alternatives[*C.Chosen])
          << " (predicted " << costText(C.CostsPs[*C.Chosen]) << ") over ";
      const char *Sep = "";
      for (size_t A = 0; A < C.Alternatives.size(); ++A)
        if (A != *C.Chosen) {
          Rem << Sep << C.Alternatives[A] << " (" << costText(C.CostsPs[A])
              << ")";
          Sep = ", ";
        }
      if (C.Tie)
        Rem << "; a predicted tie (within 0.1%): the first listed";
    } else {
      Rem << "chosen at run time among ";
      for (size_t A = 0; A < C.Alternatives.size(); ++A)
        Rem << (A == 0 ? "" : A + 1 == C.Alternatives.size() ? " and " : ", ")
            << C.Alternatives[A] << " (" << costText(C.CostsPs[A]) << ")";
      if (!C.Note.empty())
        Rem << ", " << C.Note;
    }
    Rem << " (" << describeProfile(P) << ")" << ore::setExtraArgs()
        << ore::NV("Alternatives", join(C.Alternatives, "; "))
        << ore::NV("Costs", join(Costs, "; "))
        << ore::NV("CostsPs", join(CostsPs, "; "))
        << ore::NV("Choice", C.Chosen ? "static" : "run-time");
    if (C.Chosen)
      Rem << ore::NV("Tie", C.Tie ? "yes" : "no");
    return Rem;
  });
}

void emitPacketChoice(OptimizationRemarkEmitter &ORE, const Instruction &I,
                      const std::string &Bytes,
                      std::optional<int64_t> PacketBytes,
                      const std::string &Model, const Profile &P) {
  ORE.emit([&] {
    OptimizationRemark Rem(PassName, "PacketSize", &I);
    Rem << "commcost_packet_bytes(" << ore::NV("Bytes", Bytes) << "): ";
    if (PacketBytes)
      Rem << "packets of " << ore::NV("PacketBytes", *PacketBytes)
          << " bytes";
    else
      Rem << "packet size chosen at run time";
    Rem << " (model " << ore::NV("Model", Model) << ", " << describeProfile(P)
        << ")" << ore::setExtraArgs()
        << ore::NV("Choice", PacketBytes ? "static" : "run-time");
    return Rem;
  });
}

void emitChoiceMissed(OptimizationRemarkEmitter &ORE, const Instruction &I,
                      StringRef What, StringRef Fallback,
                      const RejectReason &Why) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, Why.remarkName(), &I)
           << ore::NV("Variant", What) << ": no choice, "
           << ore::NV("Fallback", Fallback) << ": "
           << ore::NV("Reason", Why.message());
  });
}

void emitRemarks(OptimizationRemarkEmitter &ORE, const Function &F,
                 const CommCostInfo &Info, const Profile &P,
                 RemarkDigests &Emitted) {
  const BasicBlock *Block = &F.getEntryBlock();
  PrintedCosts Printed;
  for (const SiteResult &R : Info.Sites) {
    if (!R.Analysed) {
      emitMissed(ORE, Block, R, R.What, *R.Rejected, " not analysed: ",
                 Emitted);
      continue;
    }
    emitSite(ORE, Block, R, P, Emitted, Printed);
    if (R.Analysed->Unpriced)
      emitMissed(ORE, Block, R, R.Callee, *R.Analysed->Unpriced,
                 " not priced: ", Emitted);
  }
  emitTotal(ORE, F, Info, Printed);
}

} // namespace commcost
