// The features models consume, derived from what a site does. The
// calibrator (which measures sites it builds) and the plugin (which derives
// sites from code) both take them from here, so a fitted model always sees
// the features it was fitted on.
#pragma once

#include "commcost/Expr.h"
#include "commcost/Lines.h"
#include "commcost/Model.h"
#include "commcost/Profile.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace commcost {

/// Contiguous runs of a slice whose sizes may be symbolic, exact for every
/// valid binding (0 for an empty slice): each plane has 1 run if its rows
/// abut, else one per row, less one wherever a plane continues the
/// previous one.
Expr contiguousRunsOfSymbolicSlice(const SymbolicSlice &S);

/// Bytes of address space that one cache line of last-level page-table
/// entries maps: LineSize / 8 entries of 8 bytes (x86-64, AArch64), a page
/// each (32 KiB with 64-byte lines and 4 KiB pages). A walk after the
/// program's other work reads that line from memory; pages that share it
/// find it cached.
uint64_t pageTableLineSpan(const MachineInfo &M);

/// Bytes of one way of M's L1 data cache (size / ways: lines that many
/// bytes apart share a set), when M gives its size and ways and they make
/// a power-of-two count of sets (address bits index them); else 0. What
/// L_swc needs.
uint64_t l1WaySpan(const MachineInfo &M);

/// One transfer of slice S whose first byte is at Offset: n = 1, m bytes,
/// L_mem unique lines, pages (the same count with the page as the line),
/// L_pt (the same with pageTableLineSpan as the line: the lines of
/// page-table entries a cold walk reads) and runs (contiguous pieces);
/// featuresOf's values for that site, folded.
FeatureVector sliceFeatures(const Slice2D &S, uint64_t Offset,
                            uint64_t LineSize, uint64_t PageSize);

/// L_re<k> for each cache level of M (lines brought in again, Site.h's
/// featuresOf), L_rw<k> (those of the side written), L_wm<k> (lines a
/// second run right after brings in), L_sw (accesses that switch lines,
/// beyond the unique ones) and P_re_<N> for each TLB size N of TlbEntries
/// (pages walked again) of a loop that copies slice S, whose first byte is
/// at Offset, into a packed buffer element by element (ElemBytes each),
/// or with Unpack out of it into the slice, rows outer or columns outer:
/// the plugin's features of that copy loop, for the calibrator that times
/// it. Whole rows that abut are one run.
FeatureVector packRefetchFeatures(const Slice2D &S, uint64_t Offset,
                                  uint64_t ElemBytes, bool ColumnsOuter,
                                  bool Unpack, const MachineInfo &M,
                                  const std::vector<uint64_t> &TlbEntries = {});

/// The features of a loop that transposes an R x C block of ElemBytes
/// elements: row i of the source (its first byte at Offset, rows SrcPitch
/// bytes apart) becomes column i of the destination (at a page boundary,
/// rows DstPitch bytes apart), element by element, source rows outer. n,
/// m, L_mem, pages, L_pt, runs (of the larger side), L_re<k>, L_rw<k> (the
/// destination's), L_sw and P_re_<N> as for
/// packRefetchFeatures: the plugin's features of that copy loop. With a
/// Tile (dividing R and C), the loop walks Tile x Tile tiles, source rows
/// of tiles outer, each tile source rows outer (the Parallel Research
/// Kernels' transpose, as the plugin reads it).
FeatureVector transposeFeatures(uint64_t R, uint64_t C, uint64_t ElemBytes,
                                uint64_t SrcPitch, uint64_t Offset,
                                uint64_t DstPitch, const MachineInfo &M,
                                const std::vector<uint64_t> &TlbEntries = {},
                                uint64_t Tile = 0);

/// A superstep from the reads and writes (element accesses) of each
/// processor: hr, hw (maxima), h = max(hr, hw), hrw = max_i(r_i + w_i)
/// (the busiest processor's accesses: a superstep costs what its busiest
/// processor does, which hr and hw cannot tell when they belong to
/// different processors), hrb and hwb (the reads and writes of that
/// busiest processor, the one with the most reads among ties; reads and
/// writes may cost differently), M (total), p, and the split of Amato et
/// al. at
/// the cache capacity CacheElems (elements one processor's cache holds):
/// hrc = min(hr, C), hrm = max(0, hr - C), and likewise hwc, hwm, hrwc,
/// hrwm. Exact for any reads and writes.
FeatureVector superstepFeatures(const std::vector<uint64_t> &Reads,
                                const std::vector<uint64_t> &Writes,
                                uint64_t CacheElems);

/// Every superstep feature from the maxima Hr, Hw, the busiest
/// processor's reads Hrb and writes Hwb, the total M and the processor
/// count P: the one place these formulas are written, for the numeric
/// features (constants, evaluated) and the symbolic ones alike.
std::map<std::string, Expr>
superstepFeatureExprs(const Expr &Hr, const Expr &Hw, const Expr &Hrb,
                      const Expr &Hwb, const Expr &M, const Expr &P,
                      uint64_t CacheElems);

/// The same features from symbolic maxima Hr, Hw, total M and processor
/// count P, for sites whose sizes are known only at run time. hrw is
/// Hr + Hw, hrb Hr and hwb Hw: exact when one processor has both the most
/// reads and the most writes, as in the uniform partitions the plugin
/// derives; otherwise hrw is an upper bound.
std::map<std::string, Expr> superstepFeatureExprs(const Expr &Hr,
                                                  const Expr &Hw,
                                                  const Expr &M, const Expr &P,
                                                  uint64_t CacheElems);

} // namespace commcost
