// Why a target was missed, from the measurements: the sentences of the
// report's closing note (see Explain.h).
#include "Explain.h"

#include "Fit.h"
#include "Stats.h"

#include <algorithm>
#include <cstdio>

namespace commcost::calib {

std::string pctText(double V) {
  char B[32];
  std::snprintf(B, sizeof B, "%.1f%%", 100 * V);
  return B;
}

std::pair<double, size_t>
errorWhere(const Model &M, const std::vector<Observation> &Obs,
           const std::function<bool(const Observation &)> &Keep) {
  std::vector<Observation> Sub;
  for (const Observation &O : Obs)
    if (Keep(O))
      Sub.push_back(O);
  if (Sub.empty())
    return {0, 0};
  return {validate(M, Sub).AvgRelErr, Sub.size()};
}

/// The average error of M's form fitted on Held itself as M was fitted:
/// with loss L, non-negative or not.
double formFloor(const Model &M, const std::vector<Observation> &Held, Loss L,
                 bool NonNegative) {
  std::vector<std::string> Coefs;
  for (const auto &[K, V] : M.coefficients())
    Coefs.push_back(K);
  try {
    return validate(LinearForm(M.name(), M.formText(), Coefs)
                        .fit(Held, L, 0, nullptr, NonNegative),
                    Held)
        .AvgRelErr;
  } catch (const ModelError &) {
    return -1;
  }
}

std::string whyMarshallingMisses(const FittedForm &Best,
                                 const std::vector<Observation> &Held,
                                 double PlacementSpread, double NoiseFloor) {
  std::string Out;
  if (double Floor =
          formFloor(Best.M, Held, Loss::Log, /*NonNegative=*/Best.Added);
      Floor >= 0)
    Out = "fitted on all " + std::to_string(Held.size()) +
          " held-out row and column transfers instead of 100, " + Best.Form +
          " still averages " + pctText(Floor) +
          ": the error is the form's, not the training set's";
  for (bool OneRun : {true, false}) {
    auto [E, N] = errorWhere(Best.M, Held, [&](const Observation &O) {
      return (O.Features.at("runs") == 1) == OneRun;
    });
    Out += std::string(Out.empty() ? "" : "; ") + "held-out transfers of " +
           (OneRun ? "one run (rows): " : "many runs (columns): ") +
           pctText(E) + " over " + std::to_string(N);
  }
  if (PlacementSpread > 0)
    Out += "; one shape measured at three places in memory spreads by " +
           pctText(PlacementSpread) + " (median), repeated at one place by " +
           pctText(NoiseFloor);
  return Out;
}

std::string whyOneLineCostMisses(const std::vector<Point> &Ps) {
  std::vector<double> Row, Column;
  for (const Point &P : Ps) {
    double Lines = P.Features.at("L_mem");
    if (P.SamplesUs.empty() || Lines < 1000)
      continue;
    if (P.Kind == "row")
      Row.push_back(1000 * P.medianUs() / Lines);
    if (P.Kind == "column")
      Column.push_back(1000 * P.medianUs() / Lines);
  }
  if (Row.empty() || Column.empty())
    return "";
  double RowNs = median(Row), ColumnNs = median(Column);
  char B[400];
  if (ColumnNs > 1.5 * RowNs)
    std::snprintf(B, sizeof B,
                  "over transfers of 1000 lines or more, a line of a row "
                  "costs %.2f ns and a line of a column %.2f ns (medians; "
                  "the prefetcher streams rows, columns pay a miss per run "
                  "and a page per row): M1's single cost per line cannot "
                  "fit both, so on columns it does little better than S1",
                  RowNs, ColumnNs);
  else
    std::snprintf(B, sizeof B,
                  "over transfers of 1000 lines or more, a line of a row "
                  "costs %.2f ns and a line of a column %.2f ns (medians): "
                  "what the transfer pays per byte dwarfs the lines' "
                  "difference, so M1's line term adds little to S1's bytes",
                  RowNs, ColumnNs);
  return B;
}

std::string whySmpMisses(const Model &M, const std::vector<Observation> &Train,
                         const std::vector<Observation> &Held, double Spread,
                         double OneThreadSpread) {
  // A training set that reads as much as it writes in every superstep
  // (Suite 1 on one thread: all patterns are vary) cannot tell the cost of
  // a read from that of a write.
  auto Even = [](const Observation &O) {
    return O.Features.at("hr") == O.Features.at("hw");
  };
  if (std::all_of(Train.begin(), Train.end(), Even)) {
    auto [E, NE] = errorWhere(M, Held, Even);
    auto [U, NU] =
        errorWhere(M, Held, [&](const Observation &O) { return !Even(O); });
    return "every training superstep reads as much as it writes (hr = hw), "
           "which cannot tell the cost of a read from that of a write: the "
           "error is " +
           pctText(E) + " on the held-out supersteps with hr = hw (" +
           std::to_string(NE) + " points) and " + pctText(U) +
           " on the others (" + std::to_string(NU) + ")";
  }
  // Raw data from before hrw was recorded cannot be split.
  auto Known = [](const Observation &O) { return O.Features.count("hrw"); };
  auto OneThread = [&](const Observation &O) {
    return Known(O) &&
           O.Features.at("hrw") == O.Features.at("hr") + O.Features.at("hw");
  };
  auto [Same, NSame] = errorWhere(M, Held, OneThread);
  auto [Split, NSplit] = errorWhere(
      M, Held, [&](const Observation &O) { return Known(O) && !OneThread(O); });
  std::string Errors = "on the held-out supersteps where one thread has both "
                       "the most reads and the most writes, the error is " +
                       pctText(Same) + " (" + std::to_string(NSame) +
                       " points); where those maxima belong to different "
                       "threads it is " +
                       pctText(Split) + " (" + std::to_string(NSplit) + ")";
  // A form on hrb and hwb sees the thread with the most accesses, which
  // need not be the costliest; one on hrw sees it but costs its reads and
  // writes alike; one on the maxima does not see it at all.
  const auto &Used = M.features();
  auto Uses = [&](const std::string &Prefix) {
    return std::any_of(Used.begin(), Used.end(),
                       [&](const auto &F) { return F.starts_with(Prefix); });
  };
  std::string Cost =
      ": the cost is the busiest thread's, max_i(g_r*r_i + g_w*w_i), ";
  if (NSplit > 0 && Split > 1.5 * Same)
    return Errors + Cost +
           (Uses("hrb") || Uses("hwb")
                ? "and hrb, hwb are those of the thread with the most "
                  "accesses, which need not be the costliest"
            : Uses("hrw") ? "and hrw weighs its reads and writes alike"
                          : "which the maxima hr, hw and the total M do not "
                            "determine");
  std::string Out =
      NSplit > 0 ? Errors + ": not the maxima, then. "
                 : (NSame == 0 ? "(the raw data has no busiest-thread load "
                                 "to tell the maxima apart) "
                               : "");
  double Floor = formFloor(M, Held, Loss::Relative, /*NonNegative=*/false);
  if (Floor >= 0)
    Out += "Fitted on the held-out supersteps themselves, the form averages " +
           pctText(Floor) +
           (Floor > 0.7 * validate(M, Held).AvgRelErr
                ? ": the error is the form's. "
                : ": the training suite's supersteps cost otherwise than "
                  "the others. ");
  return Out + "The samples of these points spread by " + pctText(Spread) +
         " (median interquartile range over median), those of one thread " +
         "by " + pctText(OneThreadSpread);
}

double medianSpread(const std::vector<Point> &Ps,
                    const std::function<bool(const Point &)> &Keep) {
  std::vector<double> S;
  for (const Point &P : Ps)
    if (Keep(P) && P.SamplesUs.size() > 1)
      S.push_back(P.spread());
  return S.empty() ? 0 : median(S);
}

} // namespace commcost::calib
