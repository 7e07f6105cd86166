// Features of slices and supersteps (see Features.h).
#include "commcost/Features.h"

#include <algorithm>
#include <stdexcept>

namespace commcost {

uint64_t contiguousRunsOf2DSlice(const Slice2D &S) {
  if (S.Rows == 0 || S.BytesPerRow == 0)
    return 0;
  return S.Pitch == S.BytesPerRow ? 1 : S.Rows;
}

Expr contiguousRunsOfSymbolicSlice(const SymbolicSlice &S) {
  Expr One = Expr::constant(1);
  // A single row abuts itself whatever its pitch.
  Expr RowGap =
      Expr::min(One, (S.Rows - One) * (S.RowPitch - S.BytesPerRow));
  Expr PlaneRuns = One + (S.Rows - One) * RowGap;
  // A plane may continue where the previous plane's last row ends.
  Expr PlaneEnd = (S.Rows - One) * S.RowPitch + S.BytesPerRow;
  Expr PlaneJoins = One - Expr::min(One, S.PlanePitch - PlaneEnd);
  Expr Runs = S.Planes * PlaneRuns - (S.Planes - One) * PlaneJoins;
  // Empty slices have no runs, as contiguousRunsOf2DSlice says.
  return Expr::min(S.Planes * S.Rows, Runs);
}

FeatureVector sliceFeatures(const Slice2D &S, uint64_t Offset,
                            uint64_t LineSize, uint64_t PageSize) {
  return {{"n", 1},
          {"m", double(S.Rows * S.BytesPerRow)},
          {"L_mem", double(uniqueLinesOf2DSlice(S, Offset, LineSize))},
          {"pages", double(uniqueLinesOf2DSlice(S, Offset, PageSize))},
          {"runs", double(contiguousRunsOf2DSlice(S))}};
}

FeatureVector superstepFeatures(const std::vector<uint64_t> &Reads,
                                const std::vector<uint64_t> &Writes,
                                uint64_t CacheElems) {
  if (Reads.empty() || Reads.size() != Writes.size())
    throw std::invalid_argument(
        "superstep features need reads and writes of the same, non-zero "
        "number of processors (got " +
        std::to_string(Reads.size()) + " and " +
        std::to_string(Writes.size()) + ")");
  double Hr = double(*std::max_element(Reads.begin(), Reads.end()));
  double Hw = double(*std::max_element(Writes.begin(), Writes.end()));
  double M = 0;
  for (size_t I = 0; I < Reads.size(); ++I)
    M += double(Reads[I] + Writes[I]);
  double C = double(CacheElems);
  return {{"hr", Hr},
          {"hw", Hw},
          {"h", std::max(Hr, Hw)},
          {"M", M},
          {"p", double(Reads.size())},
          {"hrc", std::min(Hr, C)},
          {"hrm", std::max(0.0, Hr - C)},
          {"hwc", std::min(Hw, C)},
          {"hwm", std::max(0.0, Hw - C)}};
}

std::map<std::string, Expr> superstepFeatureExprs(const Expr &Hr,
                                                  const Expr &Hw,
                                                  const Expr &M, const Expr &P,
                                                  uint64_t CacheElems) {
  Expr C = Expr::constant(int64_t(CacheElems));
  Expr Zero = Expr::constant(0);
  return {{"hr", Hr},
          {"hw", Hw},
          {"h", Expr::max(Hr, Hw)},
          {"M", M},
          {"p", P},
          {"hrc", Expr::min(Hr, C)},
          {"hrm", Expr::max(Zero, Hr - C)},
          {"hwc", Expr::min(Hw, C)},
          {"hwm", Expr::max(Zero, Hw - C)}};
}

} // namespace commcost
