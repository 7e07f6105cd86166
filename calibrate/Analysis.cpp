// Fits, validations, model selection and targets of every suite.
#include "Analysis.h"

#include "Explain.h"
#include "Fit.h"
#include "Stats.h"
#include "Suite.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

namespace commcost::calib {

namespace {

using PointFilter = std::function<bool(const Point &)>;

std::vector<Observation> observations(const std::vector<Point> &Ps,
                                      const PointFilter &Keep) {
  std::vector<Observation> Out;
  for (const Point &P : Ps)
    if (Keep(P) && !P.SamplesUs.empty())
      Out.push_back({P.Features, P.medianUs()});
  return Out;
}

std::vector<ModelForm> formsOf(const std::string &Paper) {
  std::vector<ModelForm> Out;
  for (const ModelForm &F : builtinModelForms())
    if (F.Paper == Paper)
      Out.push_back(F);
  return Out;
}

/// The forms of Paper whose features the observations Obs carry (none
/// when there are no observations): this project's forms ("commcost")
/// serve several suites, each of which measures features of its own.
std::vector<ModelForm> formsFor(const std::string &Paper,
                                const std::vector<Observation> &Obs) {
  std::vector<ModelForm> Out;
  if (Obs.empty())
    return Out;
  for (const ModelForm &F : formsOf(Paper)) {
    // A model without coefficients takes every name for a feature.
    Model Probe(F.Name, F.Form, {});
    auto Given = [&](const std::string &Name) {
      return std::find(F.Coefficients.begin(), F.Coefficients.end(), Name) !=
                 F.Coefficients.end() ||
             Obs.front().Features.count(Name);
    };
    if (std::all_of(Probe.features().begin(), Probe.features().end(), Given))
      Out.push_back(F);
  }
  return Out;
}

/// Fits F on Train, validates on each named held-out set, and records one
/// FittedForm per set. Returns false (with a note) if the fit is
/// impossible, e.g. too few points.
bool fitForm(
    Analysis &A, const ModelForm &F, bool Added, const std::string &Suite,
    const std::string &Group, const std::string &ModelName,
    const std::string &TrainedOn, const std::vector<Observation> &Train,
    const std::vector<std::pair<std::string, std::vector<Observation>>> &Held,
    Loss L = Loss::Relative, unsigned MinSupport = 0,
    bool NonNegative = false) {
  try {
    std::vector<std::string> Unsupported;
    Model M = LinearForm(ModelName, F.Form, F.Coefficients)
                  .fit(Train, L, MinSupport, &Unsupported, NonNegative);
    M.Paper = Added ? "commcost" : F.Paper;
    for (const std::string &C : Unsupported)
      A.Notes.push_back(Suite + " " + Group + ": " + ModelName + ": " + C +
                        " not fitted, priced 0: its term is non-zero on "
                        "fewer than " +
                        std::to_string(MinSupport) + " of the " +
                        std::to_string(Train.size()) +
                        " points it is fitted on");
    for (const auto &[Set, Test] : Held) {
      if (Test.empty())
        continue;
      A.Fits.push_back(
          {Suite, Group, TrainedOn, Set, F.Name, Added, M, validate(M, Test)});
    }
    return true;
  } catch (const ModelError &E) {
    A.Notes.push_back(Suite + " " + Group + ": " + F.Name +
                      " not fitted: " + E.what());
    return false;
  }
}

/// A target's plain value and the limit it is judged against.
struct TargetLimit {
  double Plain, Value;
};

/// A target is met within max(target, 1.5 N): no model beats the noise.
TargetLimit limitFor(double Target, double Noise) {
  return {Target, std::max(Target, 1.5 * Noise)};
}

void addTarget(Analysis &A, const std::string &What, double Value,
               TargetLimit Limit, const std::string &Detail) {
  A.Targets.push_back({What, Value, Limit.Value, Value <= Limit.Value, Detail,
                       "", Limit.Plain});
}

/// Of the forms Texts (each with the coefficients Coefs), the index of the
/// one whose fit of Train has the least loss; empty when none can be
/// fitted. Copy forms, fitted as the copy models are (Loss::Log, no
/// coefficient below 0); MinSupport as LinearForm::fit has it.
std::optional<size_t> leastErrorForm(const std::vector<std::string> &Texts,
                                     const std::vector<std::string> &Coefs,
                                     const std::vector<Observation> &Train,
                                     unsigned MinSupport = 0) {
  double Best = INFINITY;
  std::optional<size_t> Out;
  for (size_t I = 0; I < Texts.size(); ++I) {
    try {
      Model M = LinearForm("candidate", Texts[I], Coefs)
                    .fit(Train, Loss::Log, MinSupport, nullptr,
                         /*NonNegative=*/true);
      if (double E = fitLoss(M, Train, Loss::Log); E < Best) {
        Best = E;
        Out = I;
      }
    } catch (const ModelError &) {
    }
  }
  return Out;
}

/// Lines of the largest data cache of each level up to MaxLevel, as the
/// machine reports them (0 where unknown).
uint64_t cacheLines(const MachineInfo &Mc, unsigned Level) {
  for (const CacheLevel &C : Mc.Caches)
    if (C.Level == Level && C.SizeBytes > 0)
      return C.SizeBytes / std::max<uint64_t>(1, Mc.LineSize);
  return 0;
}

/// The forms this project adds for marshalling on this machine, beyond
/// builtinModelForms()' S1-runs, M1-pages and M1-pages-runs. The hardware
/// prefetcher needs some lines to ramp up after each page start (it stops
/// at page ends) and after the start of a transfer: the first K lines of
/// each page and the first J of a transfer cost more. K and J are
/// detected: of a few powers of two, those whose fit of the training
/// points has the least relative error. The cache form adds what a
/// transfer pays once its lines no longer fit a level of the cache
/// (capacities from the machine).
std::vector<ModelForm> streamForms(const std::vector<Observation> &Train,
                                   const MachineInfo &Mc,
                                   std::optional<uint64_t> TlbReach,
                                   std::optional<uint64_t> TlbClimb) {
  std::string Base =
      "a*n + b*m + c*L_mem + e*pages + f*runs + s*min(L_mem, K*pages) + "
      "u*min(L_mem, J*n)";
  std::vector<std::string> Coefs = {"a", "b", "c", "e", "f", "s", "u"};
  // A cold page walk reads its line of page-table entries from memory
  // unless a page of the same line was walked first: calibration columns
  // of 2048 doubles and more cost 15-16 ns an element at a pitch of about
  // 4.4 KiB and 25-28 ns at 16 KiB or more, on as many pages each.
  if (!Train.empty() && Train.front().Features.count("L_pt")) {
    Base += " + pt*L_pt";
    Coefs.push_back("pt");
  }
  // Points of several messages (one memcpy per row) tell a transfer's
  // fixed cost z from a message's a; points of one message cannot.
  if (std::any_of(Train.begin(), Train.end(), [](const Observation &O) {
        auto N = O.Features.find("n");
        return N != O.Features.end() && N->second > 1;
      })) {
    Base = "z + " + Base;
    Coefs.insert(Coefs.begin(), "z");
  }
  auto With = [&](std::string Text, uint64_t K, uint64_t J) {
    for (auto [Name, V] : {std::pair{"K*", K}, std::pair{"J*", J}})
      Text.replace(Text.find(Name), 1, std::to_string(V));
    return Text;
  };
  std::vector<std::string> Ramps;
  for (uint64_t K : {4, 8, 16, 32, 64})
    for (uint64_t J : {16, 32, 64, 128, 256})
      Ramps.push_back(With(Base, K, J));
  std::optional<size_t> Ramp = leastErrorForm(Ramps, Coefs, Train);
  if (!Ramp)
    return {};
  std::string Stream = Ramps[*Ramp];
  std::vector<ModelForm> Out = {{"M1-stream", "commcost", Stream, Coefs}};
  std::string Cache = Stream;
  std::vector<std::string> CacheCoefs = Coefs;
  for (unsigned Level : {1u, 2u})
    if (uint64_t C = cacheLines(Mc, Level)) {
      std::string Coef = "v" + std::to_string(Level);
      Cache += " + " + Coef + "*max(0, L_mem - " + std::to_string(C) + ")";
      CacheCoefs.push_back(Coef);
    }
  if (CacheCoefs.size() > Coefs.size())
    Out.push_back({"M1-stream-cache", "commcost", Cache, CacheCoefs});
  // Lines brought in again at each level (columns walked outer, rows that
  // crowd a few sets), when the points carry them.
  std::string Reuse;
  std::vector<std::string> ReuseCoefs;
  for (unsigned Level = 1; Level <= MaxCacheLevel; ++Level) {
    std::string Feature = "L_re" + std::to_string(Level);
    if (!Train.front().Features.count(Feature))
      continue;
    std::string Coef = "r" + std::to_string(Level);
    Reuse += " + " + Coef + "*" + Feature;
    ReuseCoefs.push_back(Coef);
    // The written ones among them went back dirty first: a transpose's,
    // where a column walked outer brings in clean lines (with one price
    // for both, the calibration's transposes that crowd L2 were 29% low).
    std::string Written = "L_rw" + std::to_string(Level);
    if (Train.front().Features.count(Written)) {
      Reuse += " + rw" + std::to_string(Level) + "*" + Written;
      ReuseCoefs.push_back("rw" + std::to_string(Level));
    }
  }
  // Accesses that switch lines at every element (transposes, columns
  // walked inner).
  if (!ReuseCoefs.empty() && Train.front().Features.count("L_sw")) {
    Reuse += " + rsw*L_sw";
    ReuseCoefs.push_back("rsw");
    // Those of the side written, priced apart: with one price for both,
    // L_rw<k> raised it and priced a padded transpose +40%.
    if (Train.front().Features.count("L_sww")) {
      Reuse += " + rsww*L_sww";
      ReuseCoefs.push_back("rsww");
    }
    // And those of them whose lines crowd one L1 set (a power-of-two
    // pitch): with one price for every written switch, a 512 x 512
    // transpose at a pitch of 4 KiB was priced 19-25% low and at 4160
    // bytes 11-30% high, on two profiles of an AMD EPYC guest.
    if (Train.front().Features.count("L_swc")) {
      Reuse += " + rswc*L_swc";
      ReuseCoefs.push_back("rswc");
    }
  }
  // Pages walked again: with a TLB of the size nearest the measured reach
  // among those the points carry; without a measurement, the one whose
  // fit of the training points has the least relative error. Where the
  // measured costs start to climb well below the reach, the pages walked
  // again beyond the size nearest that start are priced too (t0): the
  // two terms follow a TLB that thins out gradually.
  if (!ReuseCoefs.empty()) {
    std::vector<uint64_t> Sizes;
    for (const auto &[Name, V] : Train.front().Features)
      if (Name.starts_with("P_re_"))
        Sizes.push_back(std::stoull(Name.substr(5)));
    std::optional<uint64_t> Start;
    if (TlbReach && TlbClimb && !Sizes.empty())
      if (uint64_t N0 = nearestTlbSize(*TlbClimb, Sizes);
          N0 < nearestTlbSize(*TlbReach, Sizes))
        Start = N0;
    std::string Climb =
        Start ? " + t0*P_re_" + std::to_string(*Start) : std::string();
    std::vector<std::string> Pages;
    for (uint64_t N : tlbSizesToFit(Sizes, TlbReach))
      Pages.push_back(Reuse + Climb + " + t*P_re_" + std::to_string(N));
    std::vector<std::string> C = Coefs;
    C.insert(C.end(), ReuseCoefs.begin(), ReuseCoefs.end());
    if (Start)
      C.push_back("t0");
    C.push_back("t");
    std::vector<std::string> Texts;
    for (const std::string &P : Pages)
      Texts.push_back(Stream + P);
    if (std::optional<size_t> Tlb = leastErrorForm(Texts, C, Train)) {
      Reuse = Pages[*Tlb];
      if (Start)
        ReuseCoefs.push_back("t0");
      ReuseCoefs.push_back("t");
    }
  }
  if (!ReuseCoefs.empty()) {
    size_t Plain = Out.size();
    for (size_t I = 0; I < Plain; ++I) {
      ModelForm F = Out[I];
      F.Name += "-reuse";
      F.Form += Reuse;
      F.Coefficients.insert(F.Coefficients.end(), ReuseCoefs.begin(),
                            ReuseCoefs.end());
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

/// The fewest training shapes a copy term is fitted on. Rare walks (lines
/// the last-level cache brings in again: 0 to 2 shapes of a full
/// calibration) were otherwise fitted to those shapes' noise: one shape
/// priced such a line at 8.2 ns where the calibration before had none,
/// and with it a 2048 x 2048 transpose at twice its time.
constexpr unsigned CopyTermSupport = 10;

void analyseMarshalling(Analysis &A, const std::vector<Point> &Ps,
                        const MachineInfo &Mc) {
  auto Train =
      observations(Ps, [](const Point &P) { return P.Set == "train"; });
  auto IsTest = [](const Point &P) { return P.Set == "test"; };
  std::vector<std::pair<std::string, std::vector<Observation>>> Held = {
      {"rows+columns",
       observations(Ps,
                    [&](const Point &P) {
                      return IsTest(P) &&
                             (P.Kind == "row" || P.Kind == "column");
                    })},
      {"rows",
       observations(
           Ps, [&](const Point &P) { return IsTest(P) && P.Kind == "row"; })},
      {"columns", observations(Ps,
                               [&](const Point &P) {
                                 return IsTest(P) && P.Kind == "column";
                               })},
      {"blocks",
       observations(
           Ps, [&](const Point &P) { return IsTest(P) && P.Kind == "block"; })},
      {"transposes",
       observations(Ps,
                    [&](const Point &P) {
                      return IsTest(P) && P.Kind == "transpose";
                    })},
      {"columns outer",
       observations(Ps,
                    [&](const Point &P) {
                      auto It = P.Features.find("columns_outer");
                      return IsTest(P) && It != P.Features.end() &&
                             It->second != 0;
                    })},
      {"all", observations(Ps, IsTest)}};
  std::string Group = "p=" + std::to_string(Ps.empty() ? 1 : Ps[0].P);
  std::vector<ModelForm> Forms = formsOf("cache-lines");
  size_t Seeds = Forms.size();
  for (const ModelForm &F : formsFor("commcost", Train))
    Forms.push_back(F);
  for (const ModelForm &F : streamForms(Train, Mc, A.TlbReach, A.TlbClimb))
    Forms.push_back(F);
  for (size_t I = 0; I < Forms.size(); ++I)
    fitForm(A, Forms[I], I >= Seeds, "marshalling", Group, Forms[I].Name,
            "train", Train, Held, Loss::Log, CopyTermSupport,
            /*NonNegative=*/I >= Seeds);
  // S_e is an absolute measure: the paper's S1 and M1 are ordinary least
  // squares fits, which weigh the large transfers S_e is made of. They are
  // kept apart ("-ols") so that the relative fits stay the ones selected.
  for (const char *Name : {"S1", "M1"}) {
    ModelForm F = builtinModelForm(Name);
    std::string Ols = F.Name + "-ols";
    F.Name = Ols;
    fitForm(A, F, false, "marshalling", Group, Ols, "train", Train, Held,
            Loss::Absolute, CopyTermSupport);
  }
}

/// Copies from warm caches: the form of Cold (the copy model selected on
/// cold transfers) fitted again on the warm points, "-warm" after its
/// name, with what a warm copy pays that a cold one pays everywhere: the
/// lines the last-level cache brings in again when the copy runs again
/// (L_wm<k>: a column at a power-of-two pitch crowds a few sets and does
/// not stay), the pages beyond the TLB's reach, walked again on every run
/// (of the sizes tlbSizesTried(), the one nearest the measured reach, or
/// without one the one the training points agree with), and the lines beyond
/// the last-level cache, fetched again. On one run's samples a column of 2048
/// doubles a page apart was priced 2.7 us warm without them and measured 15.5.
/// One form for both ends of the interval otherwise: the warm points are a
/// quarter of the cold ones, too few to select among dozens of forms.
void analyseWarmCopies(Analysis &A, const std::vector<Point> &Ps,
                       const FittedForm &Cold, const MachineInfo &Mc) {
  auto Train =
      observations(Ps, [](const Point &P) { return P.Set == "warm-train"; });
  auto Test =
      observations(Ps, [](const Point &P) { return P.Set == "warm-test"; });
  std::vector<std::string> Coefs;
  for (const auto &[Name, Value] : Cold.M.coefficients())
    Coefs.push_back(Name);
  std::string Form = Cold.M.formText();
  unsigned Last = 0;
  for (const CacheLevel &C : Mc.Caches)
    Last = std::max(Last, C.Level);
  // The lines the copy brings from memory when it runs again, when the
  // points carry them. The inner levels' (L_wm1, L_wm2) come from the next
  // level, streamed: fitted too, they were worth 0.12 and 0.17 ns a line
  // against 0.66 from memory and lowered the held-out error from 19.6% to
  // 18.9%, while their symbolic walks made a remark's warm cost half as
  // long again (docs/plugin.md, "Compile time").
  if (std::string Feature = "L_wm" + std::to_string(Last);
      !Train.empty() && Train.front().Features.count(Feature)) {
    Form += " + wm*" + Feature;
    Coefs.push_back("wm");
  }
  if (uint64_t C = cacheLines(Mc, Last)) {
    Form += " + wll*max(0, L_mem - " + std::to_string(C) + ")";
    Coefs.push_back("wll");
  }
  Coefs.push_back("wtlb");
  std::vector<std::string> Texts;
  for (uint64_t Entries : tlbSizesToFit(tlbSizesTried(), A.TlbReach))
    Texts.push_back(Form + " + wtlb*max(0, pages - " +
                    std::to_string(Entries) + ")");
  // Fitted as the model will be, without the terms too few points carry
  // (a quick run's 22 training points and 23 coefficients had no warm
  // model).
  std::optional<size_t> Tlb =
      leastErrorForm(Texts, Coefs, Train, CopyTermSupport);
  if (!Tlb)
    return;
  ModelForm F{Cold.Form + "-warm", "commcost", Texts[*Tlb], Coefs};
  if (fitForm(A, F, true, "marshalling", Cold.Group, F.Name, "warm-train",
              Train, {{"warm", Test}}, Loss::Log, CopyTermSupport,
              /*NonNegative=*/true) &&
      !Test.empty())
    for (const char *Site : {"copy", "copy-loop", "send", "recv", "put", "get"})
      A.WarmSiteModels[Site] = F.Name;
}

void analyseSmp(Analysis &A, const std::vector<Point> &Ps, double Noise) {
  std::set<unsigned> Threads;
  for (const Point &P : Ps)
    Threads.insert(P.P);
  for (bool Good : {true, false}) {
    std::string Family = Good ? "good" : "bad";
    std::string Suite = "smp-" + Family;
    // Amato et al.: the good family is fitted on Suite 1 and validated on
    // Suites 2 and 3, the bad family fitted on Suite 2.
    std::string TrainSet = Good ? "suite1" : "suite2";
    for (unsigned P : Threads) {
      auto Of = [&](const std::string &Set) {
        return observations(Ps, [&](const Point &Pt) {
          return Pt.P == P && Pt.Set == Set && Pt.Kind.ends_with("/" + Family);
        });
      };
      std::vector<ModelForm> Forms;
      for (const ModelForm &F : formsOf("amato"))
        if (F.Name != (Good ? "HrHwM" : "HrHwM-c"))
          Forms.push_back(F);
      size_t Seeds = Forms.size();
      // This project's busiest-thread forms (those whose features the
      // points carry: raw data from before hrw was recorded lack it). The
      // cache split is the good family's alone: the bad family's lines
      // stay in cache by construction, so its hrwm would be 0 throughout.
      for (const ModelForm &F : formsFor("commcost", Of(TrainSet)))
        if (Good || !F.Name.ends_with("-c"))
          Forms.push_back(F);
      std::vector<std::pair<std::string, std::vector<Observation>>> Held;
      std::vector<Observation> All;
      for (std::string Set : {"suite1", "suite2", "suite3"})
        if (Set != TrainSet) {
          Held.push_back({Set, Of(Set)});
          All.insert(All.end(), Held.back().second.begin(),
                     Held.back().second.end());
        }
      Held.push_back({"held-out", All});
      std::string Group = "p=" + std::to_string(P);
      for (size_t I = 0; I < Forms.size(); ++I)
        fitForm(A, Forms[I], I >= Seeds, Suite, Group,
                Forms[I].Name + "." + Family + ".p" + std::to_string(P),
                TrainSet, Of(TrainSet), Held);
      auto Best = fitsOf(A, Suite, Group, "held-out");
      if (Best.empty())
        continue;
      addTarget(A,
                "SMP " + Family + " family, " + Group +
                    ": best average error (" + Best[0]->Form + ")",
                Best[0]->Held.AvgRelErr, limitFor(Good ? 0.07 : 0.10, Noise),
                "held-out " + std::to_string(Best[0]->Held.TestPoints) +
                    " points");
      if (A.Targets.back().Value > A.Targets.back().Plain) {
        auto Spread = [&](unsigned Threads) {
          return medianSpread(Ps, [&](const Point &Pt) {
            return Pt.P == Threads && Pt.Kind.ends_with("/" + Family);
          });
        };
        A.Targets.back().Why =
            whySmpMisses(Best[0]->M, Of(TrainSet), All, Spread(P), Spread(1));
      }
    }
  }
}

/// The block permutations in order of size, taken alternately: the even
/// positions train the message models, the odd ones are held out.
std::pair<std::vector<Observation>, std::vector<Observation>>
permutationsBySize(const std::vector<Point> &Mpi) {
  std::vector<Observation> Perm = observations(
      Mpi, [](const Point &Pt) { return Pt.Kind == "block-permutation"; });
  std::sort(Perm.begin(), Perm.end(), [](const auto &L, const auto &R) {
    return L.Features.at("m") < R.Features.at("m");
  });
  std::pair<std::vector<Observation>, std::vector<Observation>> Out;
  for (size_t I = 0; I < Perm.size(); ++I)
    (I % 2 ? Out.second : Out.first).push_back(Perm[I]);
  return Out;
}

void analyseMpi(Analysis &A, const std::vector<Point> &Ps, double Noise) {
  unsigned P = Ps.empty() ? 1 : Ps[0].P;
  std::string Group = "p=" + std::to_string(P);
  auto Set = [&](const std::string &S) {
    return observations(Ps, [&](const Point &Pt) { return Pt.Set == S; });
  };
  auto Kind = [&](const std::string &K) {
    return observations(Ps, [&](const Point &Pt) { return Pt.Kind == K; });
  };
  // Protocol switches show in the block permutations: a line per regime.
  std::vector<Observation> Perm = Kind("block-permutation");
  std::vector<double> Xs, Ys;
  for (const auto &O : Perm) {
    Xs.push_back(O.Features.at("m"));
    Ys.push_back(O.TimeUs);
  }
  if (Xs.size() >= 6)
    A.Breakpoints = detectBreakpoints(Xs, Ys, 4);

  // Bianco & Pucci: fitted on the random Suite 2, validated on Suite 1.
  // Their piecewise versions split where the supersteps themselves change
  // regime: breakpoints found on the training points with F_hM, the form
  // with both the per-processor and the total volume.
  std::vector<Observation> Suite1 = Set("suite1"), Suite2 = Set("suite2");
  if (Suite2.size() >= 20)
    A.SuperstepBreakpoints =
        detectFormBreakpoints(builtinModelForm("F_hM"), "m", {Suite2}, 6);
  for (const ModelForm &F : formsOf("bianco-pucci")) {
    fitForm(A, F, false, "mpi", Group, F.Name, "suite2", Suite2,
            {{"suite1", Suite1}});
    if (!A.SuperstepBreakpoints.empty())
      fitForm(A, piecewiseForm(F, "m", A.SuperstepBreakpoints), true, "mpi",
              Group, F.Name + "-pw", "suite2", Suite2, {{"suite1", Suite1}});
  }
  auto Best = fitsOf(A, "mpi", Group, "suite1");
  if (!Best.empty())
    addTarget(A,
              "Message passing " + Group + ": best F_* average error (" +
                  Best[0]->Form + ")",
              Best[0]->Held.AvgRelErr, limitFor(0.07, Noise),
              "fitted on Suite 2, validated on Suite 1, " +
                  std::to_string(A.SuperstepBreakpoints.size()) +
                  " breakpoint(s)");

  // Juurlink & Wijshoff. BSP from full h-relations; E-BSP's g' from
  // h-item scatters (its form is a max, not linear: g and L come from
  // BSP); BPRAM from block permutations, every other size held out.
  std::vector<Observation> HRel = Set("bsp"), HScat = Set("ebsp");
  const ModelForm &Bsp = builtinModelForm("BSP");
  if (fitForm(A, Bsp, false, "bsp", Group, "BSP", "h-relations", HRel,
              {{"suite1", Suite1}, {"h-relations", HRel}}) &&
      !HScat.empty()) {
    const Model &BspModel = A.Fits.back().M;
    ModelForm Line{"g'", "juurlink-wijshoff", "gh*h + L", {"gh", "L"}};
    Model Scat = LinearForm(Line).fit(HScat, Loss::Relative);
    const ModelForm &E = builtinModelForm("E-BSP");
    Model EBsp("E-BSP", E.Form,
               {{"g", BspModel.coefficients().at("g")},
                {"gh", Scat.coefficients().at("gh")},
                {"L", BspModel.coefficients().at("L")}});
    EBsp.Paper = E.Paper;
    EBsp.Fit.TrainPoints = unsigned(HRel.size() + HScat.size());
    A.Fits.push_back({"bsp", Group, "h-relations+scatters", "suite1", "E-BSP",
                      false, EBsp, validate(EBsp, Suite1)});
    A.Fits.back().Held.TrainPoints = EBsp.Fit.TrainPoints;
  }
  auto [PermTrain, PermTest] = permutationsBySize(Ps);
  std::vector<Observation> Single = Kind("single-send");
  const ModelForm &Bpram = builtinModelForm("BPRAM");
  fitForm(A, Bpram, false, "bpram", Group, "BPRAM", "permutations (even)",
          PermTrain,
          {{"permutations (odd)", PermTest}, {"single sends", Single}});
  if (!A.Breakpoints.empty())
    fitForm(A, piecewiseForm(Bpram, "m", A.Breakpoints), true, "bpram", Group,
            "BPRAM-pw", "permutations (even)", PermTrain,
            {{"permutations (odd)", PermTest}, {"single sends", Single}});
}

/// The streams of one side in one state, split by message size: every
/// other size trains (from the smallest), the others are held out.
struct StreamSplit {
  std::vector<Observation> Train, Test;
  std::set<double> TrainSizes;
};
StreamSplit splitStreams(const std::vector<Point> &Mpi,
                         const std::string &State, const MessageSide &Side) {
  std::vector<Observation> Streams = observations(Mpi, [&](const Point &Pt) {
    return Pt.Kind == Side.Kind && Pt.Set == State;
  });
  std::set<double> Sizes;
  for (const Observation &O : Streams)
    Sizes.insert(O.Features.at("bpm"));
  StreamSplit Out;
  bool Even = true;
  for (double Size : Sizes) {
    if (Even)
      Out.TrainSizes.insert(Size);
    Even = !Even;
  }
  for (Observation &O : Streams)
    (Out.TrainSizes.count(O.Features.at("bpm")) ? Out.Train : Out.Test)
        .push_back(std::move(O));
  return Out;
}

/// One-way messages, as the plugin prices a send (or a receive, Side) of
/// n messages: fitted on the streams of State ("cold" or "warm") of every
/// other message size, validated on the others; also piecewise in the
/// message size at the protocol switches. The cold send and receive
/// streams place those switches together; the warm ones reuse them (the
/// protocol is the library's, not the cache's or the side's). Models of
/// warm streams are named "-warm".
void analyseMessages(Analysis &A, const std::vector<Point> &Mpi,
                     const std::string &State, const MessageSide &Side) {
  unsigned P = Mpi.empty() ? 1 : Mpi[0].P;
  std::string Group = "p=" + std::to_string(P);
  auto [Train, Test, TrainSizes] = splitStreams(Mpi, State, Side);
  if (Train.empty())
    return;
  bool Cold = State == "cold";
  std::string Suffix = Cold ? "" : "-" + State;
  std::string TrainedOn = messageSet(Side, State, false);
  std::vector<std::pair<std::string, std::vector<Observation>>> Held = {
      {messageSet(Side, State, true), Test}};
  // The message form under the side's name, so that the report's rows
  // and the profile's models say which side they price.
  ModelForm Msg = builtinModelForm("Msg");
  Msg.Name = Side.Prefix;
  fitForm(A, Msg, true, Side.Suite, Group, Msg.Name + Suffix, TrainedOn, Train,
          Held);
  // Switches where the cold streams need them: at a size the permutations
  // place to the byte, or one the streams alone show (a switch of small
  // messages costs a stream of 512 of them 3x, a single one nothing the
  // permutations' line fit notices); a tie goes to the smaller size. Sends
  // and receives together: the rendezvous switch costs a receive 15x and a
  // send 1.1x, and on the sends alone two slow points (streams of 3064 and
  // 4080 bytes at 4x-6x their neighbours) placed it one size early (4032
  // bytes, an eager size, against 4064 from the permutations and the
  // receives), which priced 16 KiB receives at 6.7 us against 27 measured.
  if (Cold && &Side == &SendSide) {
    std::vector<double> Candidates = A.Breakpoints;
    Candidates.insert(Candidates.end(), TrainSizes.begin(), TrainSizes.end());
    A.SendBreakpoints = detectFormBreakpoints(
        Msg, "bpm", {Train, splitStreams(Mpi, State, ReceiveSide).Train}, 4,
        0.1, Candidates);
  }
  if (!A.SendBreakpoints.empty())
    fitForm(A, piecewiseForm(Msg, "bpm", A.SendBreakpoints), true, Side.Suite,
            Group, Msg.Name + "-pw" + Suffix, TrainedOn, Train, Held);
}

/// The model of a send or receive site: Send (a message model), plus Pack
/// (the one-way marshalling model) where the buffer is in several runs: MPI
/// packs a derived datatype before it sends and unpacks it after it
/// receives, as Dt says. The site's runs feature decides. Pack's
/// coefficients are renamed pack_*: one profile model holds both.
Model contiguityChoice(const Model &Send, const Model &Pack,
                       const DatatypeFit &Dt = {}) {
  std::map<std::string, double> Coefs = Send.coefficients();
  // A copy of M's form with its coefficients renamed Prefix* and scaled by
  // Scale: the form stays linear in its coefficients, as the plugin's
  // pricing in integer picoseconds needs.
  auto Scaled = [&](const Model &M, const std::string &Prefix, double Scale) {
    std::map<std::string, Expr, std::less<>> Renamed;
    for (const auto &[Name, Value] : M.coefficients()) {
      Renamed.emplace(Name, Expr::var(Prefix + Name));
      Coefs[Prefix + Name] = Scale * Value;
    }
    return M.form().substitute(Renamed);
  };
  // 1 from two runs on, 0 for one run or none. Written runs - min(1, runs)
  // rather than runs - 1: a contiguous site's runs is min(1, n), so the
  // pack term cancels symbolically instead of staying in its cost, and an
  // empty buffer does not subtract a pack.
  Expr Runs = Expr::var("runs");
  Expr Strided = Expr::min(Expr::constant(1),
                           Runs - Expr::min(Expr::constant(1), Runs));
  Expr Packed = Scaled(Pack, "pack_", Dt.P);
  std::string Name = Send.name() + "+" + Pack.name();
  if (Dt.Z != 0 || Dt.A != 1 || Dt.P != 1) {
    Coefs["dt_z"] = Dt.Z;
    Packed = Expr::var("dt_z") + Scaled(Send, "dts_", Dt.A - 1) + Packed;
    Name += "-dt";
  }
  Model M(Name, (Send.form() + Strided * Packed).str(), Coefs);
  M.Paper = "commcost";
  M.Fit = Send.Fit;
  return M;
}

/// Dt fitted on Points, messages of a derived datatype (Z, A, P not below
/// 0, relative errors): MPI sends a datatype's pieces while it packs the
/// next and packs with its own loop, so neither part costs there what it
/// costs alone (a 2048-row column 16 KiB apart, cold: 37.6 us for the
/// message and 45.0 for the pack, 61.6 measured). The identity with fewer
/// points than twice its coefficients.
DatatypeFit fitDatatype(const Model &Send, const Model &Pack,
                        const std::vector<Observation> &Points) {
  if (Points.size() < 6)
    return {};
  std::vector<Observation> Parts;
  for (const Observation &O : Points)
    Parts.push_back({{{"S", Send.evaluate(O.Features)},
                      {"K", Pack.evaluate(O.Features)}},
                     O.TimeUs});
  Model M = LinearForm("datatype", "z + a*S + p*K", {"z", "a", "p"})
                .fit(Parts, Loss::Relative, 0, nullptr, /*NonNegative=*/true);
  const auto &C = M.coefficients();
  return {C.at("z"), C.at("a"), C.at("p")};
}

/// The site model of a send (Receive: a receive) in State, from the parts
/// of Sum (contiguityChoice(Send, Pack)) and the derived-datatype messages
/// measured; its errors on them to
/// A.DatatypeChecks: the unfitted sum's, the fit's on its own points, and
/// on each row count's points the fit on the others'.
Model datatypeSite(Analysis &A, const std::vector<Point> &Mpi,
                   const std::string &State, bool Receive, const Model &Send,
                   const Model &Pack, const Model &Sum) {
  std::string Kind = Receive ? "datatype-recv" : "datatype-send";
  std::vector<Observation> Points = observations(
      Mpi, [&](const Point &P) { return P.Kind == Kind && P.Set == State; });
  if (Points.empty())
    return Sum;
  DatatypeFit Dt = fitDatatype(Send, Pack, Points);
  Model Fitted = contiguityChoice(Send, Pack, Dt);
  DatatypeCheck C{State, Receive, validate(Sum, Points),
                  validate(Fitted, Points), {}, Dt};
  auto RowsOf = [](const Observation &O) {
    auto It = O.Features.find("rows");
    return It == O.Features.end() ? 0.0 : It->second;
  };
  std::set<double> Rows;
  for (const Observation &O : Points)
    Rows.insert(RowsOf(O));
  if (Rows.size() > 1) {
    std::vector<double> Measured, Predicted;
    for (double R : Rows) {
      std::vector<Observation> Train;
      for (const Observation &O : Points)
        if (RowsOf(O) != R)
          Train.push_back(O);
      Model Other = contiguityChoice(Send, Pack, fitDatatype(Send, Pack, Train));
      for (const Observation &O : Points)
        if (RowsOf(O) == R) {
          Measured.push_back(O.TimeUs);
          Predicted.push_back(Other.evaluate(O.Features));
        }
    }
    C.HeldOut = accuracy(Measured, Predicted, 3);
  }
  A.DatatypeChecks.push_back(C);
  return Fitted;
}

void analysePackets(Analysis &A, const std::vector<Point> &Ps) {
  unsigned P = Ps.empty() ? 1 : Ps[0].P;
  auto Grid =
      observations(Ps, [](const Point &Pt) { return Pt.Set == "grid"; });
  auto Curve =
      observations(Ps, [](const Point &Pt) { return Pt.Set == "curve"; });
  const ModelForm &F = builtinModelForm("Fischer");
  if (!fitForm(A, F, false, "packets", "p=" + std::to_string(P), "Fischer",
               "grid", Grid, {{"curve", Curve}, {"grid", Grid}}))
    return;
  const auto &C = A.Fits.back().M.coefficients();
  // At r = 1: T = (c7+c5) k l + (c6+c3) k + (c4+c2) l + c1 + c0.
  A.PacketA1 = C.at("c6") + C.at("c3");
  A.PacketA2 = C.at("c4") + C.at("c2");
  if (!Curve.empty()) {
    // D: the data of the split into one packet (the others round k).
    const Observation &One = *std::max_element(
        Curve.begin(), Curve.end(), [](const auto &L, const auto &R) {
          return L.Features.at("l") < R.Features.at("l");
        });
    A.PacketD = One.Features.at("k") * One.Features.at("l");
    auto Fastest = std::min_element(
        Curve.begin(), Curve.end(),
        [](const auto &L, const auto &R) { return L.TimeUs < R.TimeUs; });
    A.PacketMeasuredL = Fastest->Features.at("l");
    // Fischer's optimum needs a cost per packet (a1) and a cost of the
    // pipeline's fill per byte of packet (a2). Without one of them the
    // model's T(k, D/k, 1) is monotonic in k and its best split is at an
    // end of the range: one packet of D, or the smallest packet measured.
    double Smallest =
        std::min_element(Curve.begin(), Curve.end(),
                         [](const auto &L, const auto &R) {
                           return L.Features.at("l") < R.Features.at("l");
                         })
            ->Features.at("l");
    if (A.PacketA1 > 0 && A.PacketA2 > 0) {
      A.PacketL0 = std::clamp(
          optimalPacketSplit(A.PacketA1, A.PacketA2, A.PacketD).Bytes, Smallest,
          A.PacketD);
      A.PacketRule = "l0 = sqrt(a1/a2 * D)";
    } else if (A.PacketA1 > 0) {
      A.PacketL0 = A.PacketD;
      A.PacketRule = "a2 <= 0: the fill of the pipeline costs nothing "
                     "measurable, fewer packets are never slower, so one "
                     "packet of D";
    } else {
      A.PacketL0 = Smallest;
      A.PacketRule = "a1 <= 0: packets cost nothing measurable each, so the "
                     "smallest packet measured";
    }
  }
}

} // namespace

namespace {

/// The median over probes of the relative range of the medians of the
/// noise points whose set starts with one of Prefixes.
double medianRange(const std::vector<Point> &Noise,
                   const std::vector<std::string> &Prefixes) {
  std::map<double, std::vector<double>> Medians;
  for (const Point &P : Noise) {
    auto Probe = P.Features.find("probe");
    if (Probe == P.Features.end() || P.SamplesUs.empty())
      continue;
    for (const std::string &Pre : Prefixes)
      if (P.Set.rfind(Pre, 0) == 0)
        Medians[Probe->second].push_back(P.medianUs());
  }
  std::vector<double> Spreads;
  for (const auto &[Probe, Ms] : Medians)
    if (Ms.size() > 1)
      Spreads.push_back(relativeRange(Ms));
  return Spreads.empty() ? 0 : median(Spreads);
}

} // namespace

double noiseFloor(const std::vector<Point> &Noise) {
  return medianRange(Noise, {"pass"});
}

double placementSpread(const std::vector<Point> &Noise) {
  return medianRange(Noise, {"pass1", "place"});
}

/// Collectives: one call is one h-relation of Bianco and Pucci's
/// supersteps, priced by the best of their forms (the piecewise ones split
/// on a message size a call does not have) times the calls, n.
static void pricePerCall(Analysis &A, const std::string &Group) {
  for (const FittedForm *F : fitsOf(A, "mpi", Group, "suite1")) {
    if (F->Added)
      continue;
    Model Calls(F->M.name() + "-calls", "n*(" + F->M.formText() + ")",
                F->M.coefficients());
    Calls.Paper = F->M.Paper;
    Calls.Fit = F->Held;
    A.SiteModels["collective"] = Calls.name();
    A.Fits.push_back({"mpi", Group, F->TrainedOn, "per call", Calls.name(),
                      true, Calls, F->Held});
    return;
  }
}

std::string messageSet(const MessageSide &Side, const std::string &State,
                       bool HeldOut) {
  return State + " " + Side.Sets + (HeldOut ? " (odd sizes)" : " (even sizes)");
}

std::vector<const FittedForm *> fitsOf(const Analysis &A,
                                       const std::string &Suite,
                                       const std::string &Group,
                                       const std::string &ValidatedOn) {
  std::vector<const FittedForm *> Out;
  for (const FittedForm &F : A.Fits)
    if (F.Suite == Suite && F.Group == Group && F.ValidatedOn == ValidatedOn)
      Out.push_back(&F);
  std::stable_sort(Out.begin(), Out.end(), [](const auto *L, const auto *R) {
    return L->Held.AvgRelErr < R->Held.AvgRelErr;
  });
  return Out;
}

Analysis analyse(const RawSet &Raw, const MachineInfo &Machine) {
  Analysis A;
  auto Get = [&](const std::string &S) -> const std::vector<Point> * {
    auto It = Raw.find(S);
    return It == Raw.end() || It->second.empty() ? nullptr : &It->second;
  };
  if (auto *N = Get("noise")) {
    A.NoiseFloor = noiseFloor(*N);
    A.PlacementSpread = placementSpread(*N);
  }
  if (auto *T = Get("tlb")) {
    A.TlbCosts = translationCosts(*T);
    A.TlbReach = tlbReach(A.TlbCosts);
    A.TlbClimb = tlbClimbStart(A.TlbCosts);
  }
  if (auto *M = Get("marshalling")) {
    analyseMarshalling(A, *M, Machine);
    std::string Group = "p=" + std::to_string((*M)[0].P);
    // Selection by held-out error among the relative fits; the -ols
    // pair serves the S_e comparison only.
    std::vector<const FittedForm *> Best;
    for (const FittedForm *F : fitsOf(A, "marshalling", Group, "rows+columns"))
      if (!F->Form.ends_with("-ols"))
        Best.push_back(F);
    if (!Best.empty()) {
      addTarget(A,
                "Marshalling, rows and columns: best average error (" +
                    Best[0]->Form + ")",
                Best[0]->Held.AvgRelErr, limitFor(0.05, A.NoiseFloor),
                std::to_string(Best[0]->Held.TestPoints) + " held-out points");
      if (A.Targets.back().Value > A.Targets.back().Plain)
        A.Targets.back().Why = whyMarshallingMisses(
            *Best[0],
            observations(*M,
                         [](const Point &P) {
                           return P.Set == "test" &&
                                  (P.Kind == "row" || P.Kind == "column");
                         }),
            A.PlacementSpread, A.NoiseFloor);
    }
    // The plugin prices blocks and transposes too: its copy model is the
    // best on every held-out transfer.
    for (const FittedForm *F : fitsOf(A, "marshalling", Group, "all"))
      if (!F->Form.ends_with("-ols")) {
        for (const char *Site :
             {"copy", "copy-loop", "send", "recv", "put", "get"})
          A.SiteModels[Site] = F->M.name();
        analyseWarmCopies(A, *M, *F, Machine);
        break;
      }
    const FittedForm *S1 = nullptr, *M1 = nullptr;
    for (const FittedForm &F : A.Fits)
      if (F.Suite == "marshalling" && F.ValidatedOn == "columns") {
        if (F.Form == "S1-ols")
          S1 = &F;
        if (F.Form == "M1-ols")
          M1 = &F;
      }
    if (S1 && M1) {
      addTarget(A, "Marshalling, columns: S_e(M1) * 2 <= S_e(S1)",
                2 * M1->Held.Se, {S1->Held.Se, S1->Held.Se},
                "ordinary least squares as in the paper; S_e(S1) = " +
                    std::to_string(S1->Held.Se) +
                    " us, S_e(M1) = " + std::to_string(M1->Held.Se) + " us");
      if (A.Targets.back().Value > A.Targets.back().Plain) {
        A.Targets.back().Why = whyOneLineCostMisses(*M);
        // The selected form, with its per-run and per-page terms, on the
        // same columns.
        for (const FittedForm &F : A.Fits)
          if (!Best.empty() && F.Suite == "marshalling" &&
              F.ValidatedOn == "columns" && F.Form == Best[0]->Form) {
            char B[160];
            std::snprintf(B, sizeof B,
                          "; the selected %s has S_e %.3g us on the same "
                          "columns, %.2f times below S1's",
                          F.Form.c_str(), F.Held.Se, S1->Held.Se / F.Held.Se);
            A.Targets.back().Why += B;
          }
      }
    }
  }
  if (auto *S = Get("smp")) {
    analyseSmp(A, *S, A.NoiseFloor);
    unsigned MaxP = 0;
    for (const Point &P : *S)
      MaxP = std::max(MaxP, P.P);
    auto Best = fitsOf(A, "smp-good", "p=" + std::to_string(MaxP), "held-out");
    if (!Best.empty())
      A.SiteModels["superstep"] = Best[0]->M.name();
  }
  if (auto *M = Get("mpi")) {
    analyseMpi(A, *M, A.NoiseFloor);
    pricePerCall(A, "p=" + std::to_string((*M)[0].P));
  }
  if (auto *P = Get("packets")) {
    analysePackets(A, *P);
    for (const FittedForm &F : A.Fits)
      if (F.Suite == "packets")
        A.SiteModels["packet"] = F.M.name();
  }
  if (auto *M = Get("mpi")) {
    // Sends and receives: the best message model on held-out streams, plus
    // the marshalling model where the buffer is strided; cold, then warm.
    std::string Group = "p=" + std::to_string((*M)[0].P);
    for (bool Cold : {true, false}) {
      std::string State = Cold ? "cold" : "warm";
      std::map<std::string, std::string> &Sites =
          Cold ? A.SiteModels : A.WarmSiteModels;
      analyseMessages(A, *M, State, SendSide);
      analyseMessages(A, *M, State, ReceiveSide);
      auto Sends =
          fitsOf(A, SendSide.Suite, Group, messageSet(SendSide, State, true));
      auto Receives = fitsOf(A, ReceiveSide.Suite, Group,
                             messageSet(ReceiveSide, State, true));
      auto Marshalling = Sites.find("send");
      auto Pack = Marshalling == Sites.end()
                      ? A.Fits.end()
                      : std::find_if(A.Fits.begin(), A.Fits.end(),
                                     [&](const FittedForm &F) {
                                       return F.M.name() == Marshalling->second;
                                     });
      if (Sends.empty() || Pack == A.Fits.end())
        continue;
      // Copies: A.Fits grows below. A receive without receive streams (a
      // calibration before they were measured) is priced as the send.
      const FittedForm Send = *Sends[0];
      const FittedForm Receive = Receives.empty() ? Send : *Receives[0];
      const Model PackModel = Pack->M;
      for (auto [Message, Kinds] :
           {std::pair(&Send, std::vector<const char *>{"send", "put", "get"}),
            std::pair(&Receive, std::vector<const char *>{"recv"})}) {
        // OpenSHMEM's strided puts and gets were not measured: the sum.
        Model Both = contiguityChoice(Message->M, PackModel);
        Model Mpi = datatypeSite(A, *M, State, Message == &Receive,
                                 Message->M, PackModel, Both);
        for (const Model *Site : {&Both, &Mpi})
          if (std::none_of(A.Fits.begin(), A.Fits.end(),
                           [&](const FittedForm &F) {
                             return F.M.name() == Site->name();
                           }))
            A.Fits.push_back({Message->Suite, Group, Message->TrainedOn,
                              Message->ValidatedOn, Site->name(), true, *Site,
                              Message->Held});
        for (const char *Site : Kinds)
          Sites[Site] = std::string_view(Site) == "put" ||
                                std::string_view(Site) == "get"
                            ? Both.name()
                            : Mpi.name();
      }
      // An atomic is a small message with its operands by value: no
      // buffer to pack.
      Sites["atomic"] = Send.M.name();
    }
  }
  return A;
}

Profile buildProfile(const Analysis &A, const MachineInfo &Machine,
                     const nlohmann::json &RunInfo) {
  Profile P;
  P.Machine = Machine;
  // A model validated on several sets keeps the statistics of its main
  // held-out set: the one the seeds report (and the targets use).
  static const std::set<std::string> Main = {
      "rows+columns", "held-out", "suite1", "curve", "permutations (odd)",
      "warm"};
  for (const FittedForm &F : A.Fits) {
    bool IsMain = Main.count(F.ValidatedOn) > 0;
    auto It = P.Models.find(F.M.name());
    if (It != P.Models.end() && !IsMain)
      continue;
    Model M = F.M;
    M.Fit = F.Held;
    P.Models.insert_or_assign(M.name(), M);
  }
  P.SiteModels = A.SiteModels;
  P.WarmSiteModels = A.WarmSiteModels;
  nlohmann::json Cal = RunInfo;
  Cal["noise_floor"] = A.NoiseFloor;
  if (A.TlbReach)
    Cal["tlb_reach_pages"] = *A.TlbReach;
  if (A.TlbClimb)
    Cal["tlb_climb_pages"] = *A.TlbClimb;
  Cal["placement_spread"] = A.PlacementSpread;
  Cal["breakpoints_bytes"] = A.Breakpoints;
  Cal["send_breakpoints_bytes"] = A.SendBreakpoints;
  Cal["superstep_breakpoints_bytes"] = A.SuperstepBreakpoints;
  if (A.PacketD > 0)
    Cal["packets"] = {{"a1_us_per_packet", A.PacketA1},
                      {"a2_us_per_byte", A.PacketA2},
                      {"data_bytes", A.PacketD},
                      {"optimal_packet_bytes", A.PacketL0},
                      {"optimal_packet_rule", A.PacketRule},
                      {"measured_best_packet_bytes", A.PacketMeasuredL}};
  nlohmann::json Targets = nlohmann::json::array();
  for (const Target &T : A.Targets)
    Targets.push_back({{"what", T.What},
                       {"value", T.Value},
                       {"limit", T.Limit},
                       {"met", T.Met}});
  Cal["targets"] = Targets;
  Cal["fitting"] = "least squares on unit-norm columns: copy models on "
                   "log t (the median under multiplicative noise), their "
                   "added forms' coefficients non-negative; the others "
                   "weighted 1/t (minimises relative error)";
  P.Extra["calibration"] = Cal;
  return P;
}

} // namespace commcost::calib
