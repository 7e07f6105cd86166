// One communication site as data, independent of LLVM: what it moves (counts
// and the footprints in user memory), how a superstep is split among
// processors, and the features and cost that follow from it on a machine.
// The plugin builds sites from code, the calibrator builds them for the
// kernels it measures; both take features and costs from featuresOf and
// priceSite, so that a fitted model always sees the features it was fitted
// on and a number is always the constant-folded symbolic value.
#pragma once

#include "commcost/Expr.h"
#include "commcost/Lines.h"
#include "commcost/Profile.h"
#include "commcost/Reuse.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace commcost {

/// The kinds of sites; their names are the record's Kind and the keys of a
/// profile's site_models. A collective is one call of an MPI collective
/// operation, an atomic an RMA read-modify-write (MPI_Fetch_and_op...).
enum class SiteKind {
  Send,
  Recv,
  Put,
  Get,
  Copy,
  CopyLoop,
  Superstep,
  Collective,
  Atomic
};
std::string_view siteKindName(SiteKind K);

/// Count repetitions, Pitch bytes apart.
struct SymbolicDim {
  Expr Count;
  Expr Pitch;
};

/// Block bytes repeated along Dims (in any order) as a slice: dimensions
/// ordered by pitch, those that continue the block merged into it,
/// overlapping repetitions (a sliding window) covered by one block, and
/// dimensions that continue each other merged. A block touched only in
/// part (Whole false) is never merged with its repetitions. Fails with Why
/// for more than two strided dimensions. Shape receives a readable
/// description.
std::optional<SymbolicSlice> sliceOfRepeatedBlock(const Expr &Block,
                                                  std::vector<SymbolicDim> Dims,
                                                  std::string &Shape,
                                                  std::string &Why,
                                                  bool Whole = true);

/// A piece of a block that is touched only in part: Bytes bytes at Offset
/// bytes from the block's first byte.
struct Piece {
  int64_t Offset = 0;
  int64_t Bytes = 0;
  friend bool operator==(const Piece &, const Piece &) = default;
};

/// Where a footprint's first byte lies: Offset bytes from a base that is
/// aligned to BaseAlign (a power of two). The offset is known, or known
/// only modulo OffsetAlign (a power of two): OffsetResidue plus a multiple
/// of OffsetAlign (a multiple of it when OffsetResidue is 0).
struct Anchor {
  uint64_t BaseAlign = 1;
  std::optional<int64_t> Offset;
  uint64_t OffsetAlign = 1;
  uint64_t OffsetResidue = 0;
  /// Where the base alignment comes from ("stack array", "element
  /// alignment", "'g' is aligned", ...).
  std::string BaseNote;
};

/// Where the first byte lies within a unit of Unit bytes (a line, a page):
/// every fact of the anchor kept, as an address known modulo the largest
/// power of two the base alignment and the offset's guarantee allow.
Placement placementIn(const Anchor &A, uint64_t Unit);

/// The placement assumed, in words: "offset 8 in a 64-byte line (stack
/// array to 16)" when it fixes the offset in a line, "offset 8 modulo 16
/// ('g' is aligned to 16)" when it fixes it modulo less than a line, or
/// "aligned to 8 bytes (element alignment)".
std::string describePlacement(const Anchor &A, uint64_t LineSize);

/// The bytes one access pattern touches: a slice and where it starts.
struct Footprint {
  SymbolicSlice Slice;
  Anchor Where;
  std::string Array; ///< the source name of the object
  std::string Shape; ///< readable, from sliceOfRepeatedBlock
  /// How often the access runs in loops that do not move it: the slice is
  /// touched only when this is not 0.
  Expr Touches = Expr::constant(1);
  /// A block (a row of the slice) touched only in part: its pieces,
  /// constant, sorted and disjoint (the slice's BytesPerRow is their span:
  /// an MPI indexed or struct datatype); empty: the whole block.
  std::vector<Piece> Pieces;
  /// A block touched only in part, in pieces not known one by one: the
  /// fewest bytes the longest contiguous piece has (the blocks of an
  /// MPI_Alltoallv with counts that vary, a buffer less the rank's own
  /// block). Its lines are bounds.
  std::optional<Expr> LongestPiece;
  /// The access as the code makes it, before normalising: a contiguous
  /// block of BlockBytes (an element, or a datatype's block) repeated along
  /// the layout's dimensions and then the loops', innermost first, in the
  /// order the loops run. Where lines are reused depends on this order,
  /// which the slice forgets.
  Expr BlockBytes;
  std::vector<SymbolicDim> AccessOrder;
  /// The slice repeated at this many places that pointers loaded in the
  /// loops give (a row of a double ****grid, reached through its row
  /// pointers), which may coincide: its units are bounded, not exact.
  std::optional<Expr> LoadedRows;
};

/// Memoised formulas (line counts, runs, line transfers, symbolic costs):
/// sites of a program repeat shapes (one halo pattern in many functions, a
/// template instantiated for several types), and building a symbolic
/// formula costs far more than printing its operands as its key.
class FormulaMemo {
public:
  std::optional<SymbolicLineBounds>
  uniqueLines(const SymbolicSlice &S, const Placement &P, uint64_t Unit,
              std::string &Why);
  /// contiguousRunsOfSymbolicSlice(S).
  Expr contiguousRuns(const SymbolicSlice &S);
  /// The walk of Fp's blocks in units of Unit (Reuse.h), when it has one.
  std::optional<SymbolicWalk> walk(const Footprint &Fp, uint64_t Unit);
  /// The key of Walks, written once for walks priced in several caches.
  static std::string walksKey(std::span<const SymbolicWalk> Walks);
  /// refetched(Walks, G) (Reuse.h) of walks whose walksKey is WalksKey;
  /// its Rerun only when Rerun (it costs the outermost dimension's sets).
  Refetched<Expr> refetched(const std::string &WalksKey,
                            std::span<const SymbolicWalk> Walks,
                            const CacheGeometry &G, bool Rerun);
  /// M.costExprPs(Features).
  Expr costPs(const Model &M, const std::map<std::string, Expr> &Features);

private:
  std::map<std::string, SymbolicLineBounds> Known;
  std::map<std::string, Expr> Runs;
  /// Refetched units by geometry and walks; the bool: Rerun is known.
  std::map<std::string, std::pair<Refetched<Expr>, bool>> Again;
  std::map<std::string, std::optional<SymbolicWalk>> Walks;
  std::map<std::pair<uint64_t, std::vector<Expr>>, Expr> Costs;
};

/// Unique units (lines or pages of Unit bytes) of a footprint: min and max
/// over the placements its anchor allows. A block touched in pieces
/// (Footprint::Pieces) is exact when the slice is one block (enumerating
/// the placements); repeated, its lines are bounded below by the lines of
/// its longest piece alone and above by the lesser of the pieces' lines
/// summed and the lines of the whole blocks. Rows at loaded pointers
/// (Footprint::LoadedRows) give bounds. Memo may be null.
std::optional<SymbolicLineBounds> uniqueLinesOfFootprint(const Footprint &F,
                                                         uint64_t Unit,
                                                         std::string &Why,
                                                         FormulaMemo *Memo);

/// A loop whose iterations are split among processors: the busiest
/// processor's element reads and writes and all processors' total.
struct SuperstepSplit {
  Expr Processors;
  Expr ReadsMax;
  Expr WritesMax;
  Expr Traffic; ///< M: reads plus writes of all processors
  /// The reads and writes of the busiest processor (the most accesses);
  /// when not given, the processor with the most reads also has the most
  /// writes (uniform splits), so they are ReadsMax and WritesMax.
  std::optional<Expr> BusiestReads, BusiestWrites;
  uint64_t ElemBytes = 1;
};

/// One call of a collective operation as an (h_i, h_o, V)-relation among
/// Processors ranks (Bianco & Pucci; Juurlink & Wijshoff's E-BSP): the
/// most bytes any rank receives (HIn) and sends (HOut), and the bytes all
/// ranks send (Volume), in the pattern of docs/plugin.md, "Collectives".
struct Relation {
  Expr Processors;
  Expr HIn, HOut, Volume;
};

/// A site as the analysis (or the calibrator) knows it. Counts are per
/// execution of the enclosing function: loops around a call multiply
/// Messages and Bytes, and the footprints are the union over the loops.
struct Site {
  SiteKind Kind = SiteKind::Copy;
  /// Messages (or copy operations) and bytes; a superstep has none.
  std::optional<Expr> Messages, BytesPerMessage, Bytes;
  /// Element accesses of a copy loop or superstep (of all processors, or
  /// of one when the split names its id).
  std::optional<Expr> Reads, Writes;
  /// Communication calls: the user buffer marshalled (send and put: the
  /// source; recv and get: the destination).
  std::optional<Footprint> Marshalled;
  /// Copies: the memory read and the memory written.
  std::optional<Footprint> Read, Written;
  std::optional<SuperstepSplit> Split;
  /// Collectives: the relation of one call (Messages counts the calls; Read
  /// is a rank's send buffer, Written its receive buffer, each the most
  /// any rank touches).
  std::optional<Relation> Collective;
  /// Loop-invariant conditions under which the site runs ("rank > 0"): the
  /// counts are exact when they hold.
  std::vector<std::string> Conditions;
  /// Whether the site runs only in some iterations of its loops, as a
  /// condition that changes from one iteration to the next decides: the
  /// counts, bytes and lines are then maxima, and the least is 0.
  bool AtMost = false;
};

/// The cache capacity behind the split of hr and hw into a cache part and
/// a memory part (hrc/hrm, hwc/hwm): the largest private cache of the
/// machine, else the smallest shared one, else none (0). Note says which.
uint64_t superstepCacheBytes(const MachineInfo &M, std::string *Note = nullptr);

/// Features of a site on a machine by name (docs/design.md, "Features"):
/// n, m, L_mem, pages, runs for sites with footprints; hr, hw, h, hrw, hrb,
/// hwb, M, p and the cache split for supersteps; hi, ho, h, M (bytes
/// exchanged), V and p of one call for collectives. Unavailable says, for a
/// feature the site cannot supply, why.
struct SiteFeatures {
  std::map<std::string, Expr, std::less<>> Values;
  std::map<std::string, std::string, std::less<>> Unavailable;
  /// Line bounds of the footprints (LinesMin/Max, ReadLines*, WriteLines*).
  std::optional<SymbolicLineBounds> Lines, ReadLines, WriteLines;
};

/// Every feature of S on M. Wanted, when not empty, limits the work to the
/// named features (pages cost more than the others); line bounds are
/// always computed (with a least of 0 for a site that runs AtMost). Memo
/// may be null.
SiteFeatures featuresOf(const Site &S, const MachineInfo &M,
                        const std::vector<std::string> &Wanted = {},
                        FormulaMemo *Memo = nullptr);

/// A cost in microseconds, or in picoseconds when symbolic, as one
/// expression in picoseconds (0 when neither is known).
Expr costPicoseconds(const std::optional<double> &Us,
                     const std::optional<Expr> &Ps);

/// A site's predicted cost under a model: a number of microseconds when
/// every feature is a constant, else an expression in integer picoseconds;
/// or why there is none.
struct SiteCost {
  std::string Model;
  std::optional<double> Us;
  std::optional<Expr> Ps;
  /// The feature the model needs and the site lacks, if that is why.
  std::string MissingFeature;
  std::string Why;
  /// The feature whose term contributes most to a numeric cost, and its
  /// share of the cost.
  std::string DominantTerm;
  double DominantShare = 0;
  bool priced() const { return Us || Ps; }
  /// The cost as an expression in picoseconds (a constant when numeric; 0
  /// when not priced).
  Expr picoseconds() const { return costPicoseconds(Us, Ps); }
};

/// Prices features F with model M. Never throws: an evaluation error
/// (a division by zero, an overflow) is a reason, in Why.
SiteCost priceSite(const SiteFeatures &F, const Model &M,
                   FormulaMemo *Memo = nullptr);

} // namespace commcost
