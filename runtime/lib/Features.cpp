// Features of slices and supersteps (see Features.h).
#include "commcost/Features.h"
#include "commcost/Site.h"

#include "LineFormulas.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace commcost {

uint64_t pageTableLineSpan(const MachineInfo &M) {
  return M.PageSize * std::max<uint64_t>(1, M.LineSize / 8);
}

Expr contiguousRunsOfSymbolicSlice(const SymbolicSlice &S) {
  Expr Runs = formulas::contiguousRuns(formulas::Dims3<Expr>{
      S.Planes, S.Rows, S.BytesPerRow, S.RowPitch, S.PlanePitch});
  return formulas::zeroWhenEmpty(Runs, {S.Planes, S.Rows, S.BytesPerRow});
}

uint64_t l1WaySpan(const MachineInfo &M) {
  const CacheLevel *L1 = nullptr;
  for (const CacheLevel &C : M.Caches)
    if (C.Level == 1 && (!L1 || C.SizeBytes > L1->SizeBytes))
      L1 = &C;
  uint64_t Line = std::max<uint64_t>(1, M.LineSize);
  if (!L1 || L1->Ways == 0 || L1->SizeBytes % (L1->Ways * Line) ||
      !std::has_single_bit(L1->SizeBytes / (L1->Ways * Line)))
    return 0;
  return L1->SizeBytes / L1->Ways;
}

namespace {

Expr num(uint64_t V) { return Expr::constant(int64_t(V)); }

/// Site's features Names, folded to numbers; the slice's name says which
/// transfer lacks one.
FeatureVector folded(const Site &Copy, const MachineInfo &M,
                     const std::vector<std::string> &Names) {
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

/// Rows rows of RowBytes bytes, RowPitch apart, at Offset from a base
/// aligned to Align, walked ElemBytes at a time: along each row inner
/// (RowsInner false) or down each column inner.
Footprint walked(uint64_t Rows, uint64_t RowBytes, uint64_t RowPitch,
                 uint64_t ElemBytes, uint64_t Align, uint64_t Offset,
                 bool RowsInner) {
  Footprint F;
  F.Slice = {num(1), num(Rows), num(RowBytes), num(RowPitch),
             num(Rows * RowPitch)};
  F.Where.BaseAlign = Align;
  F.Where.Offset = int64_t(Offset);
  F.BlockBytes = num(ElemBytes);
  SymbolicDim Along{num(RowBytes / ElemBytes), num(ElemBytes)},
      Down{num(Rows), num(RowPitch)};
  F.AccessOrder = RowsInner ? std::vector{Down, Along}
                            : std::vector{Along, Down};
  return F;
}

/// L_re<k>, L_rw<k> and L_wm<k> for each cache level of M, L_sw, L_sww,
/// L_swc (where M's L1 has a way span), P_re_<N> for each N of TlbEntries.
std::vector<std::string> refetchNames(const MachineInfo &M,
                                      const std::vector<uint64_t> &TlbEntries) {
  std::vector<std::string> Names = {"L_sw", "L_sww"};
  if (l1WaySpan(M))
    Names.push_back("L_swc");
  for (const CacheLevel &C : M.Caches) {
    Names.push_back("L_re" + std::to_string(C.Level));
    Names.push_back("L_rw" + std::to_string(C.Level));
    Names.push_back("L_wm" + std::to_string(C.Level));
  }
  for (uint64_t N : TlbEntries)
    Names.push_back("P_re_" + std::to_string(N));
  return Names;
}

} // namespace

FeatureVector sliceFeatures(const Slice2D &S, uint64_t Offset,
                            uint64_t LineSize, uint64_t PageSize) {
  Site Copy;
  Copy.Messages = num(1);
  Copy.Bytes = num(S.Rows * S.BytesPerRow);
  Footprint F;
  F.Slice = {num(1), num(S.Rows), num(S.BytesPerRow), num(S.Pitch),
             num(S.Rows * S.Pitch)};
  // A base aligned to both units: the offset fixes the placement in each.
  F.Where.BaseAlign = std::lcm(LineSize, PageSize);
  F.Where.Offset = int64_t(Offset);
  Copy.Marshalled = F;
  MachineInfo M;
  M.LineSize = LineSize;
  M.PageSize = PageSize;
  return folded(Copy, M, {"n", "m", "L_mem", "pages", "L_pt", "runs"});
}

FeatureVector packRefetchFeatures(const Slice2D &S, uint64_t Offset,
                                  uint64_t ElemBytes, bool ColumnsOuter,
                                  bool Unpack, const MachineInfo &M,
                                  const std::vector<uint64_t> &TlbEntries) {
  uint64_t Rows = S.Rows, Row = S.BytesPerRow, Pitch = S.Pitch;
  if (Pitch == Row) { // abutting rows: one run, as the copy loop walks it
    Row *= Rows;
    Pitch = Row;
    Rows = 1;
  }
  ElemBytes = std::max<uint64_t>(1, ElemBytes);
  Site Copy;
  Copy.Kind = SiteKind::CopyLoop;
  Copy.Read = walked(Rows, Row, Pitch, ElemBytes, M.LineSize, Offset,
                     ColumnsOuter);
  Copy.Written = walked(Rows, Row, Row, ElemBytes, M.LineSize, 0, ColumnsOuter);
  if (Unpack)
    std::swap(Copy.Read, Copy.Written);
  return folded(Copy, M, refetchNames(M, TlbEntries));
}

FeatureVector transposeFeatures(uint64_t R, uint64_t C, uint64_t ElemBytes,
                                uint64_t SrcPitch, uint64_t Offset,
                                uint64_t DstPitch, const MachineInfo &M,
                                const std::vector<uint64_t> &TlbEntries,
                                uint64_t Tile) {
  ElemBytes = std::max<uint64_t>(1, ElemBytes);
  if (Tile && (R % Tile || C % Tile))
    throw std::invalid_argument("a transpose of " + std::to_string(R) + " x " +
                                std::to_string(C) + " in tiles of " +
                                std::to_string(Tile) + ": tiles must divide it");
  Site Copy;
  Copy.Kind = SiteKind::CopyLoop;
  Copy.Messages = num(1);
  Copy.Bytes = num(R * C * ElemBytes);
  // Source rows outer: along each source row, down each destination
  // column.
  uint64_t Align = std::lcm(M.LineSize, M.PageSize);
  Copy.Read = walked(R, C * ElemBytes, SrcPitch, ElemBytes, Align, Offset,
                     /*RowsInner=*/false);
  Copy.Written = walked(C, R * ElemBytes, DstPitch, ElemBytes, Align, 0,
                        /*RowsInner=*/true);
  if (Tile) {
    // Innermost first: along a tile's source row (down its destination
    // column), the tile's rows, the tiles of a row of tiles, their rows.
    auto Tiled = [&](uint64_t Inner, uint64_t Outer, uint64_t Across) {
      return std::vector<SymbolicDim>{{num(Tile), num(Inner)},
                                      {num(Tile), num(Outer)},
                                      {num(C / Tile), num(Tile * Inner)},
                                      {num(R / Tile), num(Tile * Across)}};
    };
    Copy.Read->AccessOrder = Tiled(ElemBytes, SrcPitch, SrcPitch);
    Copy.Written->AccessOrder = Tiled(DstPitch, ElemBytes, ElemBytes);
  }
  std::vector<std::string> Names = {"n", "m", "L_mem", "pages", "L_pt",
                                    "runs"};
  for (std::string &Name : refetchNames(M, TlbEntries))
    Names.push_back(std::move(Name));
  return folded(Copy, M, Names);
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
