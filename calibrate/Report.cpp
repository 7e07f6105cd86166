// The calibration report: Markdown tables laid out like the seeds' and
// gnuplot plots.
#include "Report.h"

#include "Stats.h"
#include "Suite.h"
#include "commcost/Profile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace commcost::calib {

namespace {

namespace fs = std::filesystem;

std::string num(double V, int Digits = 4) {
  std::ostringstream OS;
  OS << std::setprecision(Digits) << V;
  return OS.str();
}

std::string pct(double V) {
  std::ostringstream OS;
  OS << std::fixed << std::setprecision(1) << 100 * V << "%";
  return OS.str();
}

std::string coefText(const Model &M) {
  std::string S;
  for (const auto &[K, V] : M.coefficients())
    S += (S.empty() ? "" : ", ") + K + "=" + num(V, 3);
  return S;
}

std::vector<std::string> groupsOf(const Analysis &A, const std::string &Suite) {
  std::vector<std::string> Out;
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite &&
        std::find(Out.begin(), Out.end(), F.Group) == Out.end())
      Out.push_back(F.Group);
  return Out;
}

std::vector<std::string> formsOfSuite(const Analysis &A,
                                      const std::string &Suite) {
  std::vector<std::string> Out;
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite &&
        std::find(Out.begin(), Out.end(), F.Form) == Out.end())
      Out.push_back(F.Form);
  return Out;
}

const FittedForm *find(const Analysis &A, const std::string &Suite,
                       const std::string &Group, const std::string &Form,
                       const std::string &Set) {
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite && F.Group == Group && F.Form == Form &&
        F.ValidatedOn == Set)
      return &F;
  return nullptr;
}

/// A table like the cache-lines paper's Table 2 (and Bianco & Pucci's
/// Figs. 1-2): one row per form, its coefficients, then average and
/// maximum relative error, S_e and R^2 on each held-out set.
void formTable(std::ostream &OS, const Analysis &A, const std::string &Suite,
               const std::string &Group, const std::vector<std::string> &Sets) {
  OS << "| form | coefficients (us per unit) |";
  for (const auto &S : Sets)
    OS << " " << S << ": avg | max | S_e (us) | R^2 |";
  OS << "\n|---|---|";
  for (size_t I = 0; I < Sets.size(); ++I)
    OS << "---|---|---|---|";
  OS << "\n";
  for (const std::string &Form : formsOfSuite(A, Suite)) {
    const FittedForm *Any = nullptr;
    for (const auto &S : Sets)
      if (!Any)
        Any = find(A, Suite, Group, Form, S);
    if (!Any)
      continue;
    OS << "| " << Form << (Any->Added ? " (added)" : "") << " | "
       << coefText(Any->M) << " |";
    for (const auto &S : Sets) {
      if (const FittedForm *F = find(A, Suite, Group, Form, S))
        OS << " " << pct(F->Held.AvgRelErr) << " | " << pct(F->Held.MaxRelErr)
           << " | " << num(F->Held.Se, 3) << " | " << num(F->Held.R2, 3)
           << " |";
      else
        OS << " - | - | - | - |";
    }
    OS << "\n";
  }
  OS << "\n";
  // The added forms' texts: their constants (ramp lengths, cache sizes,
  // breakpoints) were found on this machine.
  std::set<std::string> Shown;
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite && F.Group == Group && F.Added &&
        Shown.insert(F.Form).second)
      OS << "- " << F.Form << ": `" << F.M.formText() << "`\n";
  if (!Shown.empty())
    OS << "\n";
}

/// Amato's Tables 5-8: forms by processor count, average and maximum
/// validation errors on one held-out suite.
void errorsByP(std::ostream &OS, const Analysis &A, const std::string &Suite,
               const std::string &Set) {
  std::vector<std::string> Groups = groupsOf(A, Suite);
  OS << "| form |";
  for (const auto &G : Groups)
    OS << " " << G << " avg | " << G << " max |";
  OS << "\n|---|";
  for (size_t I = 0; I < Groups.size(); ++I)
    OS << "---|---|";
  OS << "\n";
  for (const std::string &Form : formsOfSuite(A, Suite)) {
    OS << "| " << Form << " |";
    for (const auto &G : Groups) {
      if (const FittedForm *F = find(A, Suite, G, Form, Set))
        OS << " " << num(F->Held.AvgRelErr, 3) << " | "
           << num(F->Held.MaxRelErr, 3) << " |";
      else
        OS << " - | - |";
    }
    OS << "\n";
  }
  OS << "\n";
}

/// Amato's Tables 1-4: coefficients of every form by processor count.
void coefsByP(std::ostream &OS, const Analysis &A, const std::string &Suite) {
  OS << "| form | p | coefficients (us per access) |\n|---|---|---|\n";
  for (const std::string &Form : formsOfSuite(A, Suite))
    for (const auto &G : groupsOf(A, Suite))
      if (const FittedForm *F = find(A, Suite, G, Form, "held-out"))
        OS << "| " << Form << " | " << G.substr(2) << " | " << coefText(F->M)
           << " |\n";
  OS << "\n";
}

} // namespace

std::string reportMarkdown(const Analysis &A, const RawSet &Raw,
                           const MachineInfo &Machine,
                           const nlohmann::json &RunInfo,
                           const std::vector<std::string> &Plots) {
  std::ostringstream OS;
  OS << "# commcost calibration report\n\n";
  OS << "Machine: " << Machine.Description << "; line " << Machine.LineSize
     << " B, page " << Machine.PageSize << " B";
  for (const CacheLevel &C : Machine.Caches)
    OS << ", L" << C.Level << " " << (C.SizeBytes >> 10) << " KiB"
       << (C.Shared ? " shared" : "");
  OS << ".\n\nRun: " << RunInfo.dump() << "\n\n";
  OS << "## Noise floor\n\n";
  if (A.NoiseFloor > 0) {
    std::set<double> Probes;
    if (auto It = Raw.find("noise"); It != Raw.end())
      for (const Point &P : It->second)
        if (auto F = P.Features.find("probe"); F != P.Features.end())
          Probes.insert(F->second);
    OS << "N = **" << pct(A.NoiseFloor) << "**: the median, over "
       << Probes.size()
       << " marshalling points drawn as the suite draws them, each measured "
          "in three interleaved passes, of (max - min) / median of the three "
          "medians. Each target below is max(target, 1.5 N). The same shapes "
          "at three places in the matrix (same features, give or take a "
          "line per row) spread by **"
       << pct(A.PlacementSpread)
       << "**: what no model of these features can resolve. The machine's "
          "1-minute load average was "
       << RunInfo.value("load_average_start", -1.0) << " at the start and "
       << RunInfo.value("load_average_end", -1.0)
       << " at the end of the measurements (2 cores).\n\n";
  } else
    OS << "Not measured in this run (suite `noise` not selected, or no "
          "probe measured in two passes within its budget); the targets use "
          "their plain values.\n\n";
  OS << "## TLB reach\n\n";
  if (!A.TlbCosts.empty()) {
    OS << "What a translation adds to an access when a cycle walks P pages "
          "(a chase through one line a page, less one through as many lines "
          "packed together), ns:\n\n| pages |";
    for (const TranslationCost &C : A.TlbCosts)
      OS << " " << C.Pages << " |";
    OS << "\n|---|";
    for (size_t I = 0; I < A.TlbCosts.size(); ++I)
      OS << "---|";
    OS << "\n| ns |";
    for (const TranslationCost &C : A.TlbCosts)
      OS << " " << num(C.Ns, 3) << " |";
    OS << "\n\n";
  }
  if (A.TlbReach) {
    OS << "Reach: **" << *A.TlbReach
       << " pages** (the last count before half way from the first to the "
          "last cost); the pages-walked-again terms use a TLB of "
       << nearestTlbSize(*A.TlbReach, tlbSizesTried())
       << " entries, the size tried nearest it.\n\n";
    if (A.TlbClimb)
      OS << "The costs start to climb past **" << *A.TlbClimb
         << " pages** (the last count within " << MinStepNs
         << " ns of the first); where the size tried nearest it is smaller "
            "than the reach's, the pages walked again beyond it are priced "
            "too (t0).\n\n";
  } else
    OS << "Not measured (suite `tlb` not selected, or no step in its "
          "costs): the pages-walked-again terms use the TLB size whose fit "
          "has the least error.\n\n";
  OS << "All fits are least squares on unit-norm columns. The copy models "
        "(marshalling, cold and warm) fit log t (Gauss-Newton from the fit "
        "weighted 1/t): where the machine's noise multiplies a shape's time, "
        "they settle at its median, where weights 1/t settle at the cheap "
        "end; the added copy forms keep every coefficient at or above 0 "
        "(non-negative least squares: each term counts events that take "
        "time). The others are weighted 1/t, which minimises the relative "
        "error the targets are stated in. Errors are on held-out data only. "
        "S_e and R^2 are the "
        "cache-lines paper's (R^2 = SSE / SSE of the mean model; below 0.01 "
        "is good).\n\n";

  OS << "## Targets\n\nThe limit is max(target, 1.5 N); the last column "
        "judges the value against the plain target.\n\n"
        "| target | value | target | limit | met | met against the plain "
        "target |\n|---|---|---|---|---|---|\n";
  for (const Target &T : A.Targets)
    OS << "| " << T.What << " (" << T.Detail << ") | " << num(T.Value, 3)
       << " | " << num(T.Plain, 3) << " | " << num(T.Limit, 3) << " | "
       << (T.Met ? "yes" : "**no**") << " | "
       << (T.Value <= T.Plain ? "yes" : "no") << " |\n";
  OS << "\n";

  auto Count = [&](const std::string &S) {
    auto It = Raw.find(S);
    return It == Raw.end() ? size_t(0) : It->second.size();
  };
  if (Count("marshalling")) {
    OS << "## Marshalling (cache-lines paper, Table 2 layout)\n\n"
       << Count("marshalling")
       << " points; the first third measured (random order) train, the rest "
          "are held out (of the warm points, the first half train). The copy "
          "is an element loop, row by row (abutting "
          "rows as one run), from a flushed matrix into a buffer and back. "
          "Added forms use pages touched (the line count with the page as "
          "the line), contiguous runs, the prefetcher's ramp after each "
          "page start and each transfer start (min(L_mem, K*pages), "
          "min(L_mem, J*n), K and J detected on the training points) and "
          "the lines beyond each cache level's capacity (M1-stream-cache). "
          "S1-ols and M1-ols are ordinary (unweighted) least squares fits, "
          "as the paper's, for its S_e comparison.\n\n";
    for (const auto &G : groupsOf(A, "marshalling"))
      formTable(OS, A, "marshalling", G,
                {"rows+columns", "rows", "columns", "blocks", "transposes", "all"});
  }
  for (const char *Fam : {"smp-good", "smp-bad"}) {
    if (groupsOf(A, Fam).empty())
      continue;
    bool Good = std::string(Fam) == "smp-good";
    OS << "## SMP supersteps, " << (Good ? "good" : "bad")
       << " family (Amato et al.)\n\n"
       << (Good ? "Each thread reads and writes consecutive integers of its "
                  "own blocks, primed in its cache. "
                : "Each access is one integer of its own line, a line that "
                  "another core holds modified (in memory for one "
                  "thread). ")
       << "Added forms (HrwM" << (Good ? ", HrwM-c" : "")
       << ", HrbHwbM) cost the busiest thread's accesses, hrw = max_i(r_i "
          "+ w_i), or its reads hrb and writes hwb apart: a superstep "
          "costs what its busiest thread does, which the maxima hr and hw "
          "miss when they belong to different threads. "
       << "Fitted on Suite " << (Good ? 1 : 2) << "; coefficients (Tables "
       << (Good ? "1-2" : "3-4") << "):\n\n";
    coefsByP(OS, A, Fam);
    for (const char *Set : {"suite1", "suite2", "suite3", "held-out"}) {
      // A suite no thread count was validated on is a training suite.
      if (std::none_of(A.Fits.begin(), A.Fits.end(), [&](const FittedForm &F) {
            return F.Suite == Fam && F.ValidatedOn == Set;
          }))
        continue;
      OS << "Validation on " << Set << " (average and maximum relative "
         << "error):\n\n";
      errorsByP(OS, A, Fam, Set);
    }
  }
  for (const auto &G : groupsOf(A, "mpi")) {
    OS << "## Message passing (Bianco & Pucci, Figs. 1-2), " << G
       << "\n\nFitted on the random Suite 2, validated on the deterministic "
          "Suite 1. Forms marked -pw are piecewise in the largest message "
          "m, at breakpoints detected on the training supersteps (bytes): ";
    for (double B : A.SuperstepBreakpoints)
      OS << num(B, 6) << " ";
    OS << (A.SuperstepBreakpoints.empty() ? "none found" : "")
       << ". Protocol switches seen in the block permutations (bytes): ";
    for (double B : A.Breakpoints)
      OS << num(B, 6) << " ";
    OS << (A.Breakpoints.empty() ? "none found" : "") << ".\n\n";
    formTable(OS, A, "mpi", G, {"suite1"});
  }
  for (const auto &G : groupsOf(A, "bsp")) {
    OS << "## BSP and E-BSP (Juurlink & Wijshoff), " << G << "\n\n";
    formTable(OS, A, "bsp", G, {"h-relations", "suite1"});
  }
  for (const auto &G : groupsOf(A, "bpram")) {
    OS << "## BPRAM (Juurlink & Wijshoff), " << G << "\n\n";
    formTable(OS, A, "bpram", G, {"permutations (odd)", "single sends"});
  }
  // The models send and receive sites are priced by (cold, then warm).
  for (const MessageSide *Side : {&SendSide, &ReceiveSide})
    for (const auto &G : groupsOf(A, Side->Suite)) {
      bool Send = Side == &SendSide;
      OS << "## One-way messages: " << (Send ? "sends" : "receives") << ", "
         << G << "\n\n"
         << (Send ? "Streams of n blocking sends of bpm bytes, from the "
                    "release to the last message received."
                  : "The same streams as the receiving rank's own time: "
                    "each receive from its message's arrival (probed) to "
                    "its return.")
         << " Trained on every other message size, held out on the "
            "others; -pw at the send breakpoints.\n\n";
      formTable(
          OS, A, Side->Suite, G,
          {messageSet(*Side, "cold", true), messageSet(*Side, "warm", true)});
    }
  if (!A.DatatypeChecks.empty()) {
    OS << "## Derived datatypes\n\n"
          "Single messages of a block of columns sent as an "
          "MPI_Type_vector (or received into one). The send (receive) site "
          "model prices a buffer in several runs as z + a*S + p*K, S the "
          "message's price and K the compiled loop's pack (unpack), fitted "
          "on these points; the sum S + K beside it, and the fit on each "
          "row count's points when the others' alone trained it.\n\n"
          "| side | state | points | z (us) | a | p | sum: avg, max | fit: "
          "avg, max | held-out rows: avg, max |\n"
          "|---|---|---|---|---|---|---|---|---|\n";
    auto Errors = [](const FitStats &S) {
      return S.TestPoints ? pct(S.AvgRelErr) + ", " + pct(S.MaxRelErr)
                          : std::string("-");
    };
    for (const DatatypeCheck &C : A.DatatypeChecks)
      OS << "| " << (C.Receive ? "receive" : "send") << " | " << C.State
         << " | " << C.Sum.TestPoints << " | " << num(C.Fit.Z, 3) << " | "
         << num(C.Fit.A, 3) << " | " << num(C.Fit.P, 3) << " | " << Errors(C.Sum)
         << " | " << Errors(C.Fitted) << " | " << Errors(C.HeldOut)
         << " |\n";
    OS << "\n";
  }
  for (const auto &G : groupsOf(A, "packets")) {
    OS << "## Packets (Fischer et al.), " << G << "\n\n";
    formTable(OS, A, "packets", G, {"grid", "curve"});
    OS << "At r = 1: a1 = c6 + c3 = " << num(A.PacketA1)
       << " us per packet, a2 = c4 + c2 = " << num(A.PacketA2)
       << " us per byte of packet size. For D = " << num(A.PacketD, 8)
       << " bytes the model's best packet is " << num(A.PacketL0, 6)
       << " bytes (" << A.PacketRule << "); the fastest measured split used "
       << num(A.PacketMeasuredL, 8) << "-byte packets.\n\n";
  }
  if (!Plots.empty()) {
    OS << "## Plots\n\n";
    for (const std::string &P : Plots)
      OS << "![" << P << "](" << P << ")\n\n";
  }
  OS << "## Closing note\n\n";
  bool AllMet = std::all_of(A.Targets.begin(), A.Targets.end(),
                            [](const Target &T) { return T.Met; });
  OS << (AllMet ? "Every target was met.\n\n"
                : "Targets missed: see the table above; the reasons:\n\n");
  for (const Target &T : A.Targets)
    if (!T.Met)
      OS << "- " << T.What << ": " << num(T.Value, 3) << " against "
         << num(T.Limit, 3) << ". "
         << (T.Why.empty() ? std::string("No measured explanation: see the "
                                         "per-form tables")
                           : "Measured: " + T.Why)
         << (RunInfo.value("quick", false) ? " (a --quick run)" : "") << ".\n";
  for (const Target &T : A.Targets)
    if (T.Met && T.Value > T.Plain)
      OS << "- " << T.What << ": met only because the noise floor raised "
         << "the limit: " << num(T.Value, 3) << " against the plain "
         << num(T.Plain, 3) << (T.Why.empty() ? "." : ". Measured: " + T.Why)
         << ".\n";
  for (const std::string &N : A.Notes)
    OS << "- Note: " << N << "\n";
  return OS.str();
}

namespace {

struct PlotData {
  std::string Name;
  std::string Script;
  std::map<std::string, std::string> Files; // data file -> contents
};

const Model *modelOf(const Analysis &A, const std::string &Suite,
                     const std::string &Form, const std::string &Group = "") {
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite && F.Form == Form &&
        (Group.empty() || F.Group == Group))
      return &F.M;
  return nullptr;
}

std::string predicted(const Model *M, const FeatureVector &F) {
  try {
    return M ? num(M->evaluate(F), 6) : "NaN";
  } catch (const ModelError &) {
    return "NaN";
  }
}

std::vector<PlotData> makePlots(const Analysis &A, const RawSet &Raw) {
  std::vector<PlotData> Out;
  const std::string Head =
      "set terminal pngcairo size 1000,450\nset key top left\n";
  // The cache-lines paper's Figures 5-8: measured vs S1 and M1 on held-out
  // row and column transfers.
  if (auto It = Raw.find("marshalling"); It != Raw.end()) {
    const Model *S1 = modelOf(A, "marshalling", "S1");
    const Model *M1 = modelOf(A, "marshalling", "M1");
    auto Best = fitsOf(
        A, "marshalling",
        groupsOf(A, "marshalling").empty() ? "" : groupsOf(A, "marshalling")[0],
        "rows+columns");
    const Model *B = Best.empty() ? nullptr : &Best[0]->M;
    PlotData P{"marshalling.png", "", {}};
    for (const char *Kind : {"row", "column"}) {
      std::string Data;
      for (const Point &Pt : It->second)
        if (Pt.Kind == Kind && Pt.Set == "test")
          Data += num(Pt.Features.at("m"), 8) + " " + num(Pt.medianUs(), 6) +
                  " " + predicted(S1, Pt.Features) + " " +
                  predicted(M1, Pt.Features) + " " + predicted(B, Pt.Features) +
                  "\n";
      P.Files[std::string("marshalling-") + Kind + ".dat"] = Data;
    }
    std::string BestName = B ? Best[0]->Form : "best";
    P.Script = Head + "set multiplot layout 1,2\nset logscale xy\n"
                      "set xlabel 'bytes'\nset ylabel 'us'\n";
    for (const char *Kind : {"row", "column"})
      P.Script += std::string("set title 'held-out ") + Kind +
                  " transfers'\nplot '" + "marshalling-" + Kind +
                  ".dat' u 1:2 w p pt 7 ps 0.6 t 'measured', '' u 1:3 w p pt "
                  "1 t 'S1', '' u 1:4 w p pt 2 t 'M1', '' u 1:5 w p pt 6 t '" +
                  BestName + "'\n";
    P.Script += "unset multiplot\n";
    Out.push_back(P);
  }
  // Amato's Figure 2: like-gather on p threads, one panel per x, the
  // measured good and bad supersteps of Suite 1 inside the prediction
  // interval [t_g, t_b] of the best good and the best bad form.
  if (auto It = Raw.find("smp"); It != Raw.end()) {
    unsigned MaxP = 0;
    for (const Point &Pt : It->second)
      MaxP = std::max(MaxP, Pt.P);
    std::string G = "p=" + std::to_string(MaxP);
    auto BestOf = [&](const char *Suite) -> const FittedForm * {
      auto Best = fitsOf(A, Suite, G, "held-out");
      return Best.empty() ? nullptr : Best[0];
    };
    const FittedForm *Good = BestOf("smp-good"), *Bad = BestOf("smp-bad");
    PlotData P{"smp-like-gather.png",
               Head + "set multiplot layout 1," + std::to_string(MaxP) +
                   "\nset logscale xy\nset xlabel 'h (elements)'\n"
                   "set ylabel 'us'\n",
               {}};
    for (unsigned X = 1; X <= MaxP; ++X) {
      std::vector<const Point *> Pts;
      for (const Point &Pt : It->second)
        if (Pt.P == MaxP && Pt.Set == "suite1" &&
            Pt.Kind.starts_with("like-gather/") && Pt.Features.at("x") == X)
          Pts.push_back(&Pt);
      if (X == MaxP) // at x = p every pattern is vary
        for (const Point &Pt : It->second)
          if (Pt.P == MaxP && Pt.Set == "suite1" &&
              Pt.Kind.starts_with("vary/") && Pt.Features.at("x") == X)
            Pts.push_back(&Pt);
      std::sort(Pts.begin(), Pts.end(), [](const Point *L, const Point *R) {
        return L->Features.at("h") < R->Features.at("h");
      });
      std::string Data;
      for (const Point *Pt : Pts)
        Data += num(Pt->Features.at("h"), 8) + " " + num(Pt->medianUs(), 6) +
                " " + (Pt->Kind.ends_with("/good") ? "0" : "1") + " " +
                predicted(Good ? &Good->M : nullptr, Pt->Features) + " " +
                predicted(Bad ? &Bad->M : nullptr, Pt->Features) + "\n";
      std::string File = "smp-x" + std::to_string(X) + ".dat";
      P.Files[File] = Data;
      P.Script +=
          "set title 'like-gather, " + G + ", x=" + std::to_string(X) +
          ", Suite 1'\nplot '" + File +
          "' u 1:($3==0?$2:1/0) w p pt 7 t 'good, measured', '' u "
          "1:($3==1?$2:1/0) w p pt 5 t 'bad, measured', '' u 1:4 w l t 't_g " +
          (Good ? Good->Form : std::string("-")) + "', '' u 1:5 w l t 't_b " +
          (Bad ? Bad->Form : std::string("-")) + "'\n";
    }
    P.Script += "unset multiplot\n";
    Out.push_back(P);
  }
  // Fischer's Figure 13: time of a fixed amount of data over packet size.
  if (auto It = Raw.find("packets"); It != Raw.end()) {
    const Model *F = modelOf(A, "packets", "Fischer");
    std::vector<const Point *> Pts;
    for (const Point &Pt : It->second)
      if (Pt.Set == "curve")
        Pts.push_back(&Pt);
    std::sort(Pts.begin(), Pts.end(), [](const Point *L, const Point *R) {
      return L->Features.at("l") < R->Features.at("l");
    });
    std::string Data;
    for (const Point *Pt : Pts)
      Data += num(Pt->Features.at("l"), 8) + " " + num(Pt->medianUs(), 6) +
              " " + predicted(F, Pt->Features) + "\n";
    PlotData P{"packets.png",
               "set terminal pngcairo size 700,450\nset logscale xy\n"
               "set key top center\n"
               "set xlabel 'packet size l (bytes), k = D / l'\n"
               "set ylabel 'us'\nset title 'D = " +
                   num(A.PacketD, 8) + " bytes, r = 1'\n",
               {{"packets.dat", Data}}};
    if (A.PacketL0 > 0)
      P.Script += "set arrow from " + num(A.PacketL0, 6) + ", graph 0 to " +
                  num(A.PacketL0, 6) +
                  ", graph 1 nohead dt 2\nset label 'chosen l0 = " +
                  num(A.PacketL0, 4) + "' at " + num(A.PacketL0, 6) +
                  ", graph 0.8 right offset -1,0\n";
    P.Script += "plot 'packets.dat' u 1:2 w lp pt 7 t 'measured', '' u 1:3 w "
                "l t 'T(k,l,r)'\n";
    Out.push_back(P);
  }
  // Block permutations with BPRAM and the piecewise fit across the
  // protocol switches.
  if (auto It = Raw.find("mpi"); It != Raw.end()) {
    const Model *B = modelOf(A, "bpram", "BPRAM");
    const Model *Pw = modelOf(A, "bpram", "BPRAM-pw");
    std::vector<const Point *> Pts;
    for (const Point &Pt : It->second)
      if (Pt.Kind == "block-permutation")
        Pts.push_back(&Pt);
    std::sort(Pts.begin(), Pts.end(), [](const Point *L, const Point *R) {
      return L->Features.at("m") < R->Features.at("m");
    });
    std::string Data;
    for (const Point *Pt : Pts)
      Data += num(Pt->Features.at("m"), 8) + " " + num(Pt->medianUs(), 6) +
              " " + predicted(B, Pt->Features) + " " +
              predicted(Pw, Pt->Features) + "\n";
    PlotData P{"mpi-permutations.png",
               "set terminal pngcairo size 700,450\nset logscale xy\n"
               "set key top left\nset xlabel 'bytes per message'\n"
               "set ylabel 'us'\nset title 'block permutations'\n",
               {{"mpi.dat", Data}}};
    for (double Br : A.Breakpoints)
      P.Script += "set arrow from " + num(Br, 8) + ", graph 0 to " +
                  num(Br, 8) + ", graph 1 nohead dt 2\n";
    P.Script += "plot 'mpi.dat' u 1:2 w p pt 7 t 'measured', '' u 1:3 w l t "
                "'BPRAM', '' u 1:4 w l t 'BPRAM piecewise'\n";
    Out.push_back(P);
  }
  return Out;
}

} // namespace

void writeReport(const Analysis &A, const RawSet &Raw,
                 const MachineInfo &Machine, const nlohmann::json &RunInfo,
                 const std::string &Dir) {
  fs::create_directories(Dir);
  std::vector<std::string> Made;
  bool HaveGnuplot = std::system("gnuplot --version > /dev/null 2>&1") == 0;
  for (const PlotData &P : makePlots(A, Raw)) {
    for (const auto &[File, Text] : P.Files)
      writeFileAtomically(Dir + "/" + File, Text);
    // gnuplot writes a temporary name, renamed once complete.
    std::string Tmp = P.Name + ".tmp";
    std::string Script = P.Script;
    Script.insert(Script.find('\n') + 1, "set output '" + Tmp + "'\n");
    writeFileAtomically(Dir + "/" + P.Name + ".gp", Script);
    if (!HaveGnuplot)
      continue;
    std::string Cmd =
        "cd '" + Dir + "' && gnuplot '" + P.Name + ".gp' > /dev/null 2>&1";
    if (std::system(Cmd.c_str()) == 0 && fs::exists(Dir + "/" + Tmp)) {
      fs::rename(Dir + "/" + Tmp, Dir + "/" + P.Name);
      Made.push_back(P.Name);
    }
  }
  std::string Md = reportMarkdown(A, Raw, Machine, RunInfo, Made);
  if (!HaveGnuplot)
    Md += "\nPlots were not drawn: gnuplot is not on PATH (the .gp scripts "
          "and .dat files are here).\n";
  writeFileAtomically(Dir + "/report.md", Md);
}

} // namespace commcost::calib
