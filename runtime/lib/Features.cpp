// Features of slices and supersteps (see Features.h).
#include "commcost/Features.h"
#include "commcost/Site.h"

#include "LineFormulas.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace commcost {

Expr contiguousRunsOfSymbolicSlice(const SymbolicSlice &S) {
  Expr Runs = formulas::contiguousRuns(formulas::Dims3<Expr>{
      S.Planes, S.Rows, S.BytesPerRow, S.RowPitch, S.PlanePitch});
  return formulas::zeroWhenEmpty(Runs, {S.Planes, S.Rows, S.BytesPerRow});
}

FeatureVector sliceFeatures(const Slice2D &S, uint64_t Offset,
                            uint64_t LineSize, uint64_t PageSize) {
  auto Num = [](uint64_t V) { return Expr::constant(int64_t(V)); };
  Site Copy;
  Copy.Messages = Num(1);
  Copy.Bytes = Num(S.Rows * S.BytesPerRow);
  Footprint F;
  F.Slice = {Num(1), Num(S.Rows), Num(S.BytesPerRow), Num(S.Pitch),
             Num(S.Rows * S.Pitch)};
  // A base aligned to both units: the offset fixes the placement in each.
  F.Where.BaseAlign = std::lcm(LineSize, PageSize);
  F.Where.Offset = int64_t(Offset);
  Copy.Marshalled = F;
  MachineInfo M;
  M.LineSize = LineSize;
  M.PageSize = PageSize;
  SiteFeatures Values = featuresOf(Copy, M);
  FeatureVector Out;
  for (const char *Name : {"n", "m", "L_mem", "pages", "runs"}) {
    auto It = Values.Values.find(Name);
    if (It == Values.Values.end())
      throw std::invalid_argument(std::string("no feature ") + Name +
                                  " for the slice: " +
                                  Values.Unavailable[Name]);
    Out[Name] = double(It->second.evaluate({}));
  }
  return Out;
}

FeatureVector packRefetchFeatures(const Slice2D &S, uint64_t Offset,
                                  uint64_t ElemBytes, bool ColumnsOuter,
                                  const MachineInfo &M,
                                  const std::vector<uint64_t> &TlbEntries) {
  auto Num = [](uint64_t V) { return Expr::constant(int64_t(V)); };
  uint64_t Rows = S.Rows, Row = S.BytesPerRow, Pitch = S.Pitch;
  if (Pitch == Row) { // abutting rows: one run, as the copy loop walks it
    Row *= Rows;
    Pitch = Row;
    Rows = 1;
  }
  ElemBytes = std::max<uint64_t>(1, ElemBytes);
  uint64_t PerRow = Row / ElemBytes;
  auto Walked = [&](uint64_t RowPitch, uint64_t Align, uint64_t At) {
    Footprint F;
    F.Slice = {Num(1), Num(Rows), Num(Row), Num(RowPitch), Num(Rows * RowPitch)};
    F.Where.BaseAlign = Align;
    F.Where.Offset = int64_t(At);
    F.BlockBytes = Num(ElemBytes);
    SymbolicDim Along{Num(PerRow), Num(ElemBytes)}, Down{Num(Rows), Num(RowPitch)};
    F.AccessOrder = ColumnsOuter ? std::vector{Down, Along}
                                 : std::vector{Along, Down};
    return F;
  };
  Site Copy;
  Copy.Kind = SiteKind::CopyLoop;
  Copy.Read = Walked(Pitch, M.LineSize, Offset);
  Copy.Written = Walked(Row, M.LineSize, 0);
  std::vector<std::string> Names;
  for (const CacheLevel &C : M.Caches)
    Names.push_back("L_re" + std::to_string(C.Level));
  for (uint64_t N : TlbEntries)
    Names.push_back("P_re_" + std::to_string(N));
  SiteFeatures Values = featuresOf(Copy, M, Names);
  FeatureVector Out;
  for (const std::string &Name : Names) {
    auto It = Values.Values.find(Name);
    if (It == Values.Values.end())
      throw std::invalid_argument("no feature " + Name + " for the slice: " +
                                  Values.Unavailable[Name]);
    Out[Name] = double(It->second.evaluate({}));
  }
  return Out;
}

std::map<std::string, Expr>
superstepFeatureExprs(const Expr &Hr, const Expr &Hw, const Expr &Hrb,
                      const Expr &Hwb, const Expr &M, const Expr &P,
                      uint64_t CacheElems) {
  Expr Hrw = Hrb + Hwb;
  Expr C = Expr::constant(int64_t(CacheElems));
  Expr Zero = Expr::constant(0);
  return {{"hr", Hr},
          {"hw", Hw},
          {"h", Expr::max(Hr, Hw)},
          {"hrw", Hrw},
          {"hrb", Hrb},
          {"hwb", Hwb},
          {"M", M},
          {"p", P},
          {"hrc", Expr::min(Hr, C)},
          {"hrm", Expr::max(Zero, Hr - C)},
          {"hwc", Expr::min(Hw, C)},
          {"hwm", Expr::max(Zero, Hw - C)},
          {"hrwc", Expr::min(Hrw, C)},
          {"hrwm", Expr::max(Zero, Hrw - C)}};
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
  // The busiest processor: the most accesses; of those, the most reads
  // (the costlier kind where they differ: a write's line is already held).
  uint64_t Hr = 0, Hw = 0, M = 0;
  size_t Busiest = 0;
  for (size_t I = 0; I < Reads.size(); ++I) {
    Hr = std::max(Hr, Reads[I]);
    Hw = std::max(Hw, Writes[I]);
    M += Reads[I] + Writes[I];
    uint64_t Load = Reads[I] + Writes[I];
    uint64_t Top = Reads[Busiest] + Writes[Busiest];
    if (Load > Top || (Load == Top && Reads[I] > Reads[Busiest]))
      Busiest = I;
  }
  auto Const = [](uint64_t V) { return Expr::constant(int64_t(V)); };
  FeatureVector Out;
  for (const auto &[Name, E] : superstepFeatureExprs(
           Const(Hr), Const(Hw), Const(Reads[Busiest]), Const(Writes[Busiest]),
           Const(M), Const(Reads.size()), CacheElems))
    Out[Name] = double(E.evaluate({}));
  return Out;
}

std::map<std::string, Expr> superstepFeatureExprs(const Expr &Hr,
                                                  const Expr &Hw,
                                                  const Expr &M, const Expr &P,
                                                  uint64_t CacheElems) {
  // Sites the plugin sees partition uniformly: the processor with the
  // most reads is the one with the most writes, so it is the busiest,
  // with Hr reads and Hw writes (superstepFeatures counts them exactly).
  return superstepFeatureExprs(Hr, Hw, Hr, Hw, M, P, CacheElems);
}

} // namespace commcost
