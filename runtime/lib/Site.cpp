// Sites as data (see Site.h): normalising footprints, placements, the
// features of a site on a machine and its price under a model.
#include "commcost/Site.h"
#include "commcost/Features.h"
#include "commcost/Reuse.h"

#include "LineFormulas.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <numeric>

namespace commcost {

std::string_view siteKindName(SiteKind K) {
  switch (K) {
  case SiteKind::Send:
    return "send";
  case SiteKind::Recv:
    return "recv";
  case SiteKind::Put:
    return "put";
  case SiteKind::Get:
    return "get";
  case SiteKind::Copy:
    return "copy";
  case SiteKind::CopyLoop:
    return "copy-loop";
  case SiteKind::Superstep:
    return "superstep";
  case SiteKind::Collective:
    return "collective";
  case SiteKind::Atomic:
    return "atomic";
  }
  return "unknown";
}

/// A rough size, to order dimensions by pitch when pitches are symbolic:
/// every variable is taken to be large and equal.
static double magnitude(const Expr &E) {
  Expr::RealBindings B;
  for (const std::string &V : E.variables())
    B[V] = 1024;
  try {
    return E.evaluateReal(B);
  } catch (const ExprEvalError &) {
    return 0;
  }
}

std::optional<SymbolicSlice> sliceOfRepeatedBlock(const Expr &Bytes,
                                                  std::vector<SymbolicDim> Sorted,
                                                  std::string &Shape,
                                                  std::string &Why,
                                                  bool Whole) {
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const SymbolicDim &A, const SymbolicDim &B) {
                     return magnitude(A.Pitch) < magnitude(B.Pitch);
                   });
  Expr Block = Bytes;
  std::vector<formulas::Dim<Expr>> Dims;
  for (const SymbolicDim &D : Sorted)
    Dims.push_back({D.Count, D.Pitch});
  // A block touched only in part (Whole false) is never merged with its
  // repetitions: only the repetitions that continue each other are.
  if (!Whole) {
    Expr None = Expr::var("commcost_no_block");
    formulas::mergeContiguousDims(None, Dims);
  }
  while (Whole) {
    formulas::mergeContiguousDims(Block, Dims);
    // Repetitions closer than the block overlap (a sliding window): their
    // union is one block of their extent, and none when there are none.
    auto Overlapping = std::find_if(Dims.begin(), Dims.end(), [&](auto &D) {
      return D.Pitch.isConstant() && Block.isConstant() &&
             D.Pitch.constantValue() < Block.constantValue();
    });
    if (Overlapping == Dims.end())
      break;
    Block = formulas::zeroWhenEmpty(
        extentOfRepetitions(Overlapping->Count, Overlapping->Pitch, Block),
        {Overlapping->Count});
    Dims.erase(Overlapping);
  }
  SymbolicSlice S;
  S.BytesPerRow = Block;
  S.RowPitch = Block;
  S.PlanePitch = Block;
  switch (Dims.size()) {
  case 0:
    Shape = (Whole ? "contiguous block of " : "block spanning ") +
            Block.str() + " bytes";
    break;
  case 1:
    S.Rows = Dims[0].Count;
    S.RowPitch = Dims[0].Pitch;
    S.PlanePitch = Dims[0].Pitch * Dims[0].Count;
    Shape = S.Rows.str() + " rows of " + Block.str() + " bytes, row pitch " +
            S.RowPitch.str() + " bytes";
    break;
  case 2:
    S.Rows = Dims[0].Count;
    S.RowPitch = Dims[0].Pitch;
    S.Planes = Dims[1].Count;
    S.PlanePitch = Dims[1].Pitch;
    Shape = S.Planes.str() + " planes of " + S.Rows.str() + " rows of " +
            Block.str() + " bytes, row pitch " + S.RowPitch.str() +
            " bytes, plane pitch " + S.PlanePitch.str() + " bytes";
    break;
  default:
    Why = "the footprint has " + std::to_string(Dims.size()) +
          " strided dimensions; at most 2 (a 3-D slice) are supported";
    return std::nullopt;
  }
  return S;
}

static uint64_t residue(int64_t Offset, uint64_t Modulus) {
  int64_t R = Offset % int64_t(Modulus);
  return uint64_t(R < 0 ? R + int64_t(Modulus) : R);
}

Placement placementIn(const Anchor &A, uint64_t Unit) {
  uint64_t Base = std::max<uint64_t>(1, A.BaseAlign);
  if (A.Offset) {
    uint64_t M = std::gcd(Base, Unit);
    return {M, residue(*A.Offset, M)};
  }
  uint64_t M =
      std::gcd(std::gcd(Base, std::max<uint64_t>(1, A.OffsetAlign)), Unit);
  return {M, A.OffsetResidue % M};
}

std::string describePlacement(const Anchor &A, uint64_t LineSize) {
  Placement P = placementIn(A, LineSize);
  std::string Base = A.BaseNote.empty() ? "element alignment" : A.BaseNote;
  std::string Source =
      A.Offset ? Base + " to " + std::to_string(A.BaseAlign) : Base;
  if (P.exactIn(LineSize))
    return "offset " + std::to_string(P.Residue) + " in a " +
           std::to_string(LineSize) + "-byte line (" + Source + ")";
  bool PlusOffset = P.Modulus < std::min(A.BaseAlign, LineSize);
  if (P.Residue != 0)
    return "offset " + std::to_string(P.Residue) + " modulo " +
           std::to_string(P.Modulus) + " (" + Source +
           (PlusOffset ? ", plus offset" : "") + ")";
  return "aligned to " + std::to_string(P.Modulus) +
         (P.Modulus == 1 ? " byte (" : " bytes (") + Base +
         (PlusOffset ? ", plus offset" : "") + ")";
}

/// Writes the operands to Key, each ended by '|', which the grammar does
/// not use: different operands give different keys.
static void appendKey(std::string &Key,
                      std::initializer_list<const Expr *> Es) {
  for (const Expr *E : Es) {
    E->printTo(Key);
    Key += '|';
  }
}

static void appendKey(std::string &Key, uint64_t N) {
  char Digits[24];
  Key.append(Digits, std::to_chars(Digits, Digits + sizeof Digits, N).ptr);
  Key += '|';
}

/// A slice written out: equal keys, equal slices.
static std::string sliceKey(const SymbolicSlice &S) {
  std::string Key;
  appendKey(Key, {&S.Planes, &S.Rows, &S.BytesPerRow, &S.RowPitch,
                  &S.PlanePitch});
  return Key;
}

std::optional<SymbolicLineBounds>
FormulaMemo::uniqueLines(const SymbolicSlice &S, const Placement &P,
                         uint64_t Unit, std::string &Why) {
  std::string Key = sliceKey(S);
  appendKey(Key, P.Modulus);
  appendKey(Key, P.Residue);
  appendKey(Key, Unit);
  if (auto It = Known.find(Key); It != Known.end())
    return It->second;
  auto Bounds = uniqueLinesOfSymbolicSlice(S, P, Unit, Why);
  if (Bounds)
    Known.emplace(std::move(Key), *Bounds);
  return Bounds;
}

Expr FormulaMemo::contiguousRuns(const SymbolicSlice &S) {
  auto [It, New] = Runs.try_emplace(sliceKey(S));
  if (New)
    It->second = contiguousRunsOfSymbolicSlice(S);
  return It->second;
}

std::string FormulaMemo::walksKey(std::span<const SymbolicWalk> Walks) {
  std::string Key;
  for (const SymbolicWalk &W : Walks) {
    Key += W.Written ? "; w " : "; ";
    appendKey(Key, {&W.BlockLines});
    for (const SymbolicWalkDim &D : W.Dims) {
      Key += ", ";
      appendKey(Key, {&D.Count, &D.Pitch, &D.Lines});
    }
  }
  return Key;
}

Refetched<Expr> FormulaMemo::refetched(const std::string &WalksKey,
                                       std::span<const SymbolicWalk> Walks,
                                       const CacheGeometry &G, bool Rerun) {
  std::string Key;
  appendKey(Key, G.Bytes);
  appendKey(Key, G.LineSize);
  appendKey(Key, G.Ways);
  Key += WalksKey;
  auto [It, New] = Again.try_emplace(std::move(Key));
  auto &[Units, HasRerun] = It->second;
  if (New && !Rerun)
    Units = commcost::refetched(Walks, G, /*Rerun=*/false);
  else if (Rerun && !HasRerun) {
    Units = commcost::refetched(Walks, G);
    HasRerun = true;
  }
  return Units;
}

Expr FormulaMemo::costPs(const Model &M,
                         const std::map<std::string, Expr> &Features) {
  // Keyed by the expressions themselves: a symbolic feature prints to
  // kilobytes, and sites built from one another share their nodes, which
  // compare at once.
  std::pair<uint64_t, std::vector<Expr>> Key{M.id(), {}};
  for (const std::string &Name : M.features()) {
    auto It = Features.find(Name);
    if (It == Features.end())
      return M.costExprPs(Features); // which says what is missing
    Key.second.push_back(It->second);
  }
  if (auto It = Costs.find(Key); It != Costs.end())
    return It->second;
  Expr Cost = M.costExprPs(Features);
  Costs.emplace(std::move(Key), Cost);
  return Cost;
}

/// Units of pieces of one block whose first byte is at Residue in a unit.
static uint64_t unitsOfPieces(const std::vector<Piece> &Pieces,
                              uint64_t Residue, uint64_t Unit) {
  uint64_t Count = 0;
  std::optional<uint64_t> Last;
  for (const Piece &P : Pieces) {
    if (P.Bytes <= 0)
      continue;
    uint64_t First = (Residue + uint64_t(P.Offset)) / Unit;
    uint64_t End = (Residue + uint64_t(P.Offset + P.Bytes) - 1) / Unit;
    if (Last && First <= *Last)
      First = *Last + 1;
    if (End >= First)
      Count += End - First + 1;
    Last = Last ? std::max(*Last, End) : End;
  }
  return Count;
}

/// The anchor of a sub-block Offset bytes into the footprint's block.
static Anchor shifted(const Anchor &A, int64_t Offset) {
  Anchor B = A;
  if (B.Offset)
    *B.Offset += Offset;
  else
    B.OffsetResidue = residue(int64_t(B.OffsetResidue) + Offset,
                              std::max<uint64_t>(1, B.OffsetAlign));
  return B;
}

/// Units of a block touched in pieces (see uniqueLinesOfFootprint).
static std::optional<SymbolicLineBounds>
unitsOfPartialBlocks(const Footprint &F, uint64_t Unit, std::string &Why,
                     FormulaMemo *Memo) {
  auto Of = [&](const SymbolicSlice &S, const Placement &P)
      -> std::optional<SymbolicLineBounds> {
    std::string Ignored;
    if (Memo)
      return Memo->uniqueLines(S, P, Unit, Ignored);
    return uniqueLinesOfSymbolicSlice(S, P, Unit, Ignored);
  };
  const SymbolicSlice &S = F.Slice;
  bool OneBlock = S.Rows == Expr::constant(1) && S.Planes == Expr::constant(1);
  // One block of constant pieces: every placement enumerated, exact.
  constexpr size_t MaxEnumerated = 1024;
  if (!F.Pieces.empty() && OneBlock && F.Pieces.size() <= MaxEnumerated) {
    Placement P = placementIn(F.Where, Unit);
    std::vector<uint64_t> Residues;
    for (uint64_t R = P.firstIn(Unit); R < Unit; R += P.stepIn(Unit))
      Residues.push_back(R);
    uint64_t Min = UINT64_MAX, Max = 0;
    for (uint64_t R : Residues) {
      uint64_t N = unitsOfPieces(F.Pieces, R, Unit);
      Min = std::min(Min, N);
      Max = std::max(Max, N);
    }
    return SymbolicLineBounds{Expr::constant(int64_t(Min)),
                              Expr::constant(int64_t(Max))};
  }
  // Above: the whole blocks; the pieces one by one, when few.
  auto Whole = Of(S, placementIn(F.Where, Unit));
  if (!Whole) {
    Why = "the blocks' lines are not counted, so neither are their pieces'";
    return std::nullopt;
  }
  std::vector<Expr> Above{Whole->Max};
  Expr Below = Expr::constant(0);
  constexpr size_t MaxSummed = 16;
  if (!F.Pieces.empty()) {
    const Piece *Longest = &F.Pieces.front();
    std::vector<Expr> Sum;
    for (const Piece &Pc : F.Pieces) {
      if (Pc.Bytes > Longest->Bytes)
        Longest = &Pc;
      if (F.Pieces.size() > MaxSummed)
        continue;
      SymbolicSlice Sub = S;
      Sub.BytesPerRow = Expr::constant(Pc.Bytes);
      auto B = Of(Sub, placementIn(shifted(F.Where, Pc.Offset), Unit));
      if (!B) {
        Sum.clear();
        break;
      }
      Sum.push_back(B->Max);
    }
    if (Sum.size() == F.Pieces.size()) {
      Expr Total = Expr::constant(0);
      for (const Expr &E : Sum)
        Total = Total + E;
      Above.push_back(Total);
    }
    SymbolicSlice Sub = S;
    Sub.BytesPerRow = Expr::constant(Longest->Bytes);
    if (auto B = Of(Sub, placementIn(shifted(F.Where, Longest->Offset), Unit)))
      Below = B->Min;
  } else {
    // Where the longest piece lies in the block is not known.
    SymbolicSlice Sub = S;
    Sub.BytesPerRow = *F.LongestPiece;
    if (auto B = Of(Sub, Placement{}))
      Below = B->Min;
  }
  return SymbolicLineBounds{Below, Expr::minOf(Above)};
}

/// Units of F.LoadedRows copies of a slice whose own units are One, at
/// places not known: they may coincide (one row read again through pointers
/// loaded again, rows[i + j]) or lie apart, so at least one copy's units
/// and at most each copy's.
static SymbolicLineBounds unitsOfLoadedRows(const SymbolicLineBounds &One,
                                            const Footprint &F) {
  const Expr &Rows = *F.LoadedRows;
  return {Expr::min(Expr::constant(1), Rows) * One.Min, Rows * One.Max};
}

std::optional<SymbolicLineBounds> uniqueLinesOfFootprint(const Footprint &F,
                                                         uint64_t Unit,
                                                         std::string &Why,
                                                         FormulaMemo *Memo) {
  Placement P = placementIn(F.Where, Unit);
  try {
    std::optional<SymbolicLineBounds> One;
    if (!F.Pieces.empty() || F.LongestPiece)
      One = unitsOfPartialBlocks(F, Unit, Why, Memo);
    else if (Memo)
      One = Memo->uniqueLines(F.Slice, P, Unit, Why);
    else
      One = uniqueLinesOfSymbolicSlice(F.Slice, P, Unit, Why);
    if (One && F.LoadedRows)
      return unitsOfLoadedRows(*One, F);
    return One;
  } catch (const std::exception &E) {
    Why = std::string("the slice is not valid: ") + E.what();
    return std::nullopt;
  }
}

uint64_t superstepCacheBytes(const MachineInfo &M, std::string *Note) {
  const CacheLevel *Private = nullptr, *Shared = nullptr;
  for (const CacheLevel &C : M.Caches) {
    if (!C.Shared && (!Private || C.SizeBytes > Private->SizeBytes))
      Private = &C;
    if (C.Shared && (!Shared || C.SizeBytes < Shared->SizeBytes))
      Shared = &C;
  }
  const CacheLevel *Used = Private ? Private : Shared;
  if (Note) {
    if (!Used)
      *Note = "the profile lists no cache, so hrc and hwc are 0";
    else
      *Note = (Used->Shared ? "the " : "its ") +
              std::to_string(Used->SizeBytes) + "-byte " +
              (Used->Shared ? "shared" : "private") + " L" +
              std::to_string(Used->Level) + " cache";
  }
  return Used ? Used->SizeBytes : 0;
}

/// Whether a footprint has a walk (walkOfFootprint).
static bool walkable(const Footprint &Fp) {
  return Fp.Pieces.empty() && !Fp.LongestPiece && !Fp.LoadedRows &&
         Fp.BlockBytes.isConstant();
}

/// The walk of a footprint in the order its loops run, in units of Unit
/// bytes (lines, pages), when the block is whole and of a constant size
/// and the footprint one slice (no rows at loaded pointers): the units of
/// the block and of each prefix of the dimensions, at the placement with
/// the fewest (an aligned array, as large arrays are: at the largest, a
/// block of 8 doubles would span two lines and every tile of a tiled loop
/// would share lines with the next). Counts, pitches and units may be
/// symbolic. It depends on the block's bytes, the dimensions' counts and
/// pitches and the placement alone (FormulaMemo::walk's key).
static std::optional<SymbolicWalk>
walkOfFootprint(const Footprint &Fp, uint64_t Unit, FormulaMemo *Memo) {
  if (!walkable(Fp))
    return std::nullopt;
  Placement P = placementIn(Fp.Where, Unit);
  SymbolicWalk W;
  W.BlockLines = Expr::constant(int64_t(
      uniqueLinesOfBlock(
          uint64_t(std::max<int64_t>(0, Fp.BlockBytes.constantValue())), P,
          Unit)
          .Min));
  std::vector<SymbolicDim> Prefix;
  Footprint Part;
  Part.Where = Fp.Where;
  for (const SymbolicDim &D : Fp.AccessOrder) {
    if ((D.Count.isConstant() && D.Count.constantValue() < 0) ||
        (D.Pitch.isConstant() && D.Pitch.constantValue() == INT64_MIN))
      return std::nullopt;
    // A backward loop reuses lines as a forward one does. A pitch of known
    // sign keeps its form, so that a tile's dimension merges with the
    // tiles' (b rows of 8*ld, then rows 8*b*ld apart).
    Expr Pitch = magnitudeForNonNegativeVariables(D.Pitch);
    Prefix.push_back({D.Count, Pitch});
    std::string Shape, Why;
    auto Slice = sliceOfRepeatedBlock(Fp.BlockBytes, Prefix, Shape, Why);
    if (!Slice)
      return std::nullopt;
    Part.Slice = *Slice;
    auto Units = uniqueLinesOfFootprint(Part, Unit, Why, Memo);
    if (!Units)
      return std::nullopt;
    W.Dims.push_back({D.Count, Pitch, Units->Min});
  }
  return W;
}

std::optional<SymbolicWalk> FormulaMemo::walk(const Footprint &Fp,
                                              uint64_t Unit) {
  if (!walkable(Fp))
    return std::nullopt;
  Placement P = placementIn(Fp.Where, Unit);
  std::string Key;
  appendKey(Key, {&Fp.BlockBytes});
  appendKey(Key, P.Modulus);
  appendKey(Key, P.Residue);
  appendKey(Key, Unit);
  for (const SymbolicDim &D : Fp.AccessOrder)
    appendKey(Key, {&D.Count, &D.Pitch});
  auto [It, New] = Walks.try_emplace(std::move(Key));
  if (New)
    It->second = walkOfFootprint(Fp, Unit, this);
  return It->second;
}

namespace {
/// Computes the features of one site; each feature in one member.
class FeatureBuilder {
public:
  FeatureBuilder(const Site &S, const MachineInfo &M,
                 const std::vector<std::string> &Wanted, FormulaMemo *Memo)
      : S(S), M(M), Wanted(Wanted), Memo(Memo) {}

  SiteFeatures build() {
    if (S.Messages)
      F.Values.emplace("n", *S.Messages);
    if (S.Bytes)
      F.Values.emplace("m", *S.Bytes);
    // The size of each message decides a send's protocol (eager or
    // rendezvous): piecewise send models switch on it.
    if (S.BytesPerMessage)
      F.Values.emplace("bpm", *S.BytesPerMessage);
    lines();
    refetches();
    if (wanted("pages"))
      acrossFootprints("pages", [&](const Footprint &Fp, std::string &Why) {
        return expectedUnits(Fp, M.PageSize, Why);
      });
    if (wanted("L_pt"))
      acrossFootprints("L_pt", [&](const Footprint &Fp, std::string &Why) {
        return expectedUnits(Fp, pageTableLineSpan(M), Why);
      });
    if (wanted("runs"))
      acrossFootprints("runs", [this](const Footprint &Fp, std::string &Why)
                                   -> std::optional<Expr> {
        if (Fp.LongestPiece) {
          Why = "the pieces of its blocks are not known one by one";
          return std::nullopt;
        }
        // Pieces of one block never continue each other; pieces of
        // consecutive blocks might, so this is a maximum when repeated.
        Expr Runs = Memo ? Memo->contiguousRuns(Fp.Slice)
                         : contiguousRunsOfSymbolicSlice(Fp.Slice);
        if (!Fp.Pieces.empty())
          Runs = Fp.Slice.Planes * Fp.Slice.Rows *
                 Expr::constant(int64_t(Fp.Pieces.size()));
        // Rows at loaded pointers may abut: a maximum.
        return Fp.LoadedRows ? *Fp.LoadedRows * Runs : Runs;
      });
    if (S.Split)
      superstep(*S.Split);
    else if (S.Collective)
      collective(*S.Collective);
    else if (S.Reads && S.Writes)
      F.Values.emplace("M", *S.Reads + *S.Writes);
    return std::move(F);
  }

private:
  const Site &S;
  const MachineInfo &M;
  const std::vector<std::string> &Wanted;
  FormulaMemo *Memo;
  SiteFeatures F;

  /// The units of Unit bytes (pages, page-table lines) the copy is
  /// expected to touch where its placement is not known. Runs of W bytes at
  /// offsets r + kA (r < A) cross one more unit boundary than their fewest
  /// in a share f of the placements: A/U times the count of the positions
  /// 1..W-1 congruent to -r modulo A, its fraction. When the runs lie a
  /// multiple of U apart they share the placement, so the worst count less
  /// (1 - f) a run is the expected one, when no run reaches another's
  /// units (exact: brute force in SiteTest);
  /// otherwise, and where a block's pieces or loaded rows decide the
  /// units, the worst. Calibration fits prices on exact counts, and the
  /// worst placement overstates the typical one: rows of 64 bytes 16 KiB
  /// apart, 8-byte aligned, cross a page in 7 of 512 placements and were
  /// priced as crossing in all, twice the pages the run touched.
  std::optional<Expr> expectedUnits(const Footprint &Fp, uint64_t Unit,
                                    std::string &Why) const {
    auto B = uniqueLinesOfFootprint(Fp, Unit, Why, Memo);
    if (!B)
      return std::nullopt;
    Placement P = placementIn(Fp.Where, Unit);
    if (P.exactIn(Unit) || !Fp.Pieces.empty() || Fp.LongestPiece ||
        Fp.LoadedRows || B->Min == B->Max)
      return B->Max;
    auto C = [](uint64_t V) { return Expr::constant(int64_t(V)); };
    auto IsMultiple = [&](const Expr &Pitch) { // 1 when Unit divides it
      return C(1) - Expr::min(C(1), Pitch % C(Unit));
    };
    auto AtMostOne = [&](const Expr &N) { // 1 when N <= 1
      return C(1) - Expr::min(C(1), Expr::max(C(0), N - C(1)));
    };
    const SymbolicSlice &Sl = Fp.Slice;
    bool Abutting = Sl.RowPitch == Sl.BytesPerRow;
    Expr Run = Abutting ? Sl.Rows * Sl.BytesPerRow : Sl.BytesPerRow;
    Expr RunsPerPlane = Abutting ? C(1) : Sl.Rows;
    uint64_t A = P.stepIn(Unit), R = P.firstIn(Unit);
    // 1 when runs Pitch apart, each Extent long, never reach each other's
    // units: the gap is at least a unit less the alignment.
    auto Apart = [&](const Expr &Pitch, const Expr &Extent) {
      return Expr::min(C(1),
                       Expr::max(C(0), Pitch - Extent - C(Unit - A) + C(1)));
    };
    Expr PlaneExtent = (Sl.Rows - C(1)) * Sl.RowPitch + Sl.BytesPerRow;
    Expr Shared =
        Expr::max(IsMultiple(Sl.PlanePitch) * Apart(Sl.PlanePitch, PlaneExtent),
                  AtMostOne(Sl.Planes)) *
        (Abutting ? C(1)
                  : Expr::max(IsMultiple(Sl.RowPitch) *
                                  Apart(Sl.RowPitch, Sl.BytesPerRow),
                              AtMostOne(Sl.Rows)));
    uint64_t First = R ? A - R : A; // the first position a boundary can be
    Expr Positions =
        Expr::floorDiv(Expr::max(C(0), Run - C(1) - C(First) + C(A)), C(A));
    Expr Share = (C(A) * Positions) % C(Unit); // f * Unit
    Expr Saved = Expr::floorDiv(Sl.Planes * RunsPerPlane * (C(Unit) - Share) *
                                        Expr::min(C(1), Share) * Shared +
                                    C(Unit / 2),
                                C(Unit)); // rounded to the nearest unit
    return B->Max - Saved;
  }
  /// The footprints' walks by unit (line, page), computed once each, and
  /// their memo key once the walks turn out symbolic.
  using WalkSet = std::pair<std::vector<SymbolicWalk>, std::string>;
  std::map<uint64_t, WalkSet> WalksIn;

  bool wanted(std::string_view Name) const {
    return Wanted.empty() ||
           std::find(Wanted.begin(), Wanted.end(), Name) != Wanted.end();
  }

  std::vector<const Footprint *> footprints() const {
    std::vector<const Footprint *> All;
    for (const auto *Fp : {&S.Marshalled, &S.Read, &S.Written})
      if (*Fp)
        All.push_back(&**Fp);
    return All;
  }

  /// A feature of the footprints: the largest over them, as L_mem is.
  template <typename Of> void acrossFootprints(const char *Name, Of Value) {
    std::vector<Expr> Values;
    std::string Why = "the site has no memory footprint";
    for (const Footprint *Fp : footprints()) {
      auto V = Value(*Fp, Why);
      if (!V) {
        F.Unavailable.emplace(Name, Why);
        return;
      }
      Values.push_back(*V);
    }
    if (Values.empty())
      F.Unavailable.emplace(Name, Why);
    else
      F.Values.emplace(Name, Expr::maxOf(Values));
  }

  void lines() {
    std::string Why;
    auto Count = [&](const std::optional<Footprint> &Fp,
                     std::optional<SymbolicLineBounds> &Out) {
      if (!Fp)
        return;
      if (!(Out = uniqueLinesOfFootprint(*Fp, M.LineSize, Why, Memo))) {
        F.Unavailable.emplace("L_mem", Why);
        return;
      }
      // Lines of an access in a loop that runs no time are none.
      if (!Fp->Touches.isConstant() || Fp->Touches.constantValue() < 1) {
        Expr Once = Expr::min(Expr::constant(1), Fp->Touches);
        Out->Min = Once * Out->Min;
        Out->Max = Once * Out->Max;
      }
    };
    Count(S.Marshalled, F.Lines);
    Count(S.Read, F.ReadLines);
    Count(S.Written, F.WriteLines);
    if (S.AtMost)
      for (auto *B : {&F.Lines, &F.ReadLines, &F.WriteLines})
        if (*B)
          (*B)->Min = Expr::constant(0);
    if (F.Unavailable.count("L_mem"))
      return;
    if (F.Lines)
      F.Values.emplace("L_mem", F.Lines->Max);
    else if (F.ReadLines && F.WriteLines)
      F.Values.emplace("L_mem", Expr::max(F.ReadLines->Max, F.WriteLines->Max));
    else if (F.ReadLines || F.WriteLines)
      F.Values.emplace("L_mem", (F.ReadLines ? F.ReadLines : F.WriteLines)->Max);
    else if (S.Kind == SiteKind::Atomic)
      F.Values.emplace("L_mem", Expr::constant(0)); // operands by value
    else
      F.Unavailable.emplace("L_mem", "the site has no memory footprint");
  }

  /// The walks as numbers, when every size is a constant.
  static std::optional<std::vector<Walk>>
  numericWalks(const std::vector<SymbolicWalk> &Walks) {
    auto Value = [](const Expr &E) -> std::optional<uint64_t> {
      if (!E.isConstant() || E.constantValue() < 0)
        return std::nullopt;
      return uint64_t(E.constantValue());
    };
    std::vector<Walk> Out;
    for (const SymbolicWalk &SW : Walks) {
      Walk &W = Out.emplace_back();
      auto Block = Value(SW.BlockLines);
      if (!Block)
        return std::nullopt;
      W.BlockLines = *Block;
      W.Written = SW.Written;
      for (const SymbolicWalkDim &D : SW.Dims) {
        auto Count = Value(D.Count), Pitch = Value(D.Pitch),
             Lines = Value(D.Lines);
        if (!Count || !Pitch || !Lines)
          return std::nullopt;
        W.Dims.push_back({*Count, *Pitch, *Lines});
      }
    }
    return Out;
  }

  /// The footprints' walks in units of Unit bytes; the walk of the
  /// footprint the site stores to is Written (a message's marshalled slice
  /// is not: MPI packs or unpacks it).
  WalkSet &walksIn(uint64_t Unit) {
    auto [It, New] = WalksIn.try_emplace(Unit);
    if (New)
      for (const Footprint *Fp : footprints())
        if (auto W = Memo ? Memo->walk(*Fp, Unit)
                          : walkOfFootprint(*Fp, Unit, nullptr)) {
          W->Written = S.Written && Fp == &*S.Written;
          It->second.first.push_back(std::move(*W));
        }
    return It->second;
  }

  /// Transfers beyond the unique units of W into a cache of geometry G,
  /// summed over the walks, and with Rerun the units a second run right
  /// after brings in (Reuse.h, refetched; symbolic when a size is); empty
  /// when they exceed 2^64.
  std::optional<Refetched<Expr>> refetchedOf(WalkSet &W, const CacheGeometry &G,
                                             bool Rerun) {
    auto &[List, Key] = W;
    if (auto Numeric = numericWalks(List)) {
      auto Units = commcost::refetched(*Numeric, G);
      if (!Units)
        return std::nullopt;
      return Refetched<Expr>{Expr::constant(int64_t(Units->Again)),
                             Expr::constant(int64_t(Units->Rerun)),
                             Expr::constant(int64_t(Units->AgainWritten))};
    }
    if (!Memo)
      return commcost::refetched(List, G);
    // Symbolic walks are not empty, so an empty key is one not yet written.
    if (Key.empty())
      Key = FormulaMemo::walksKey(List);
    return Memo->refetched(Key, List, G, Rerun);
  }

  /// Transfers into a cache of geometry G beyond the unique units (Again,
  /// as Name), and the units a second run right after brings in (Rerun,
  /// as RerunName when not empty), and Again of the written footprint
  /// alone (AgainWritten, as WrittenName when not empty), of the
  /// footprints walked in units of G.LineSize; a footprint whose blocks
  /// are touched in pieces or are of a symbolic size, or whose rows lie at
  /// loaded pointers, is taken to reuse its units (0). Returns the
  /// transfers (empty when they exceed 2^64).
  std::optional<Refetched<Expr>>
  transfersAgain(const std::string &Name, const CacheGeometry &G,
                 const std::string &RerunName = "",
                 const std::string &WrittenName = "") {
    // The cache levels share one line size: their walks are the same.
    auto Units = refetchedOf(walksIn(G.LineSize), G, !RerunName.empty());
    for (auto [Feature, Value] :
         {std::pair{&Name, &Refetched<Expr>::Again},
          std::pair{&RerunName, &Refetched<Expr>::Rerun},
          std::pair{&WrittenName, &Refetched<Expr>::AgainWritten}})
      if (!Feature->empty() && wanted(*Feature)) {
        if (Units)
          F.Values.emplace(*Feature, (*Units).*Value);
        else
          F.Unavailable.emplace(*Feature, "its transfers exceed 2^64");
      }
    return Units;
  }

  /// L_swc: the written switches (L_sww) of a walk whose every switch
  /// lands in the L1 set of the line it leaves: its innermost moving
  /// dimension steps a multiple of the L1's way span (size / ways) of at
  /// least a line, so that the lines it moves between crowd one set. A
  /// 2048 x 2048 transpose in tiles of 8 whose written rows lie 16 KiB
  /// apart took 14.4-16.2 ms on an AMD EPYC guest (32 KiB 8-way L1), and
  /// 8.7-8.8 ms 16448 bytes apart, where the lines of each tile fit L1
  /// either way (8 lines in 8 ways: L_re1 is 0 at both pitches); a 512 x
  /// 512 transpose at a pitch of 4 KiB was priced 19-25% low, at 4160
  /// bytes 11-30% high, with one price for every written switch. Switches:
  /// the transfers L_sw and L_sww are counted from.
  void switchesInOneSet(const std::optional<Refetched<Expr>> &Switches) {
    uint64_t WaySpan = l1WaySpan(M);
    if (!WaySpan) {
      F.Unavailable.emplace("L_swc", "the profile gives no set-indexed L1 "
                                     "cache (size and ways)");
      return;
    }
    // A message (MPI marshals its slice), or a written footprint without
    // a walk (a block of a symbolic size, as a memcpy of w bytes, or
    // touched in pieces), which L_sww takes to reuse its lines: none.
    const SymbolicWalk *Written = nullptr;
    if (S.Written)
      for (const SymbolicWalk &W : walksIn(M.LineSize).first)
        if (W.Written)
          Written = &W;
    if (!Written) {
      F.Values.emplace("L_swc", Expr::constant(0));
      return;
    }
    if (!Switches) {
      F.Unavailable.emplace("L_swc", "its transfers exceed 2^64");
      return;
    }
    // The innermost dimension that repeats: one of a single repetition
    // moves nothing.
    const SymbolicWalkDim *Moving = nullptr;
    for (const SymbolicWalkDim &D : Written->Dims)
      if (!D.Count.isConstant() || D.Count.constantValue() > 1) {
        Moving = &D;
        break;
      }
    if (!Moving) {
      F.Values.emplace("L_swc", Expr::constant(0));
      return;
    }
    Expr One = Expr::constant(1), Zero = Expr::constant(0);
    Expr Span = Expr::constant(int64_t(WaySpan));
    Expr Line = Expr::constant(int64_t(M.LineSize));
    Expr SameSet = (One - Expr::min(One, Moving->Pitch % Span)) *
                   Expr::min(One, Expr::max(Zero, Moving->Pitch - Line + One));
    F.Values.emplace("L_swc", SameSet * Switches->AgainWritten);
  }

  /// L_wm<k>: lines a run of the site brings into the level-k cache when
  /// it runs again at once (warm): by the layer condition, none when all
  /// the footprints fit the cache together, in lines and in lines per set,
  /// and every transfer again when they do not (Reuse.h, refetched).
  /// L_re<k>: lines brought into the level-k cache again, beyond each
  /// footprint's unique lines, because the loop order walks them after the
  /// cache let them go (Reuse.h); L_rw<k>: those of the footprint the
  /// site stores to, each of which went back dirty first (a transpose's,
  /// where a column walked outer brings in clean ones: calibration's
  /// transposes that crowd L2 were priced 29% low without the split);
  /// P_re_<N>: pages whose translation a TLB
  /// of N entries (fully associative) must walk again, likewise. Each is a
  /// transfer, so they add up over the footprints. L_sw: accesses that
  /// leave the line their footprint used last, beyond its unique lines
  /// (transfers into a cache of one line a footprint): a column walked
  /// inner (a transpose's writes) switches at every element, whichever
  /// cache still holds the lines, and is neither vectorised nor combined;
  /// L_sww: those of the footprint stored to (a store that leaves its line
  /// waits in the store buffer, a load does not).
  void refetches() {
    for (const CacheLevel &C : M.Caches) {
      CacheGeometry G{C.SizeBytes, M.LineSize, C.Ways};
      std::string Level = std::to_string(C.Level), Name = "L_re" + Level,
                  Warm = "L_wm" + Level, Written = "L_rw" + Level;
      if (wanted(Name) || wanted(Warm) || wanted(Written))
        transfersAgain(Name, G, wanted(Warm) ? Warm : "", Written);
    }
    if (wanted("L_sw") || wanted("L_sww") || wanted("L_swc")) {
      auto Switches = transfersAgain(
          "L_sw", {M.LineSize * footprints().size(), M.LineSize, 0}, "",
          "L_sww");
      if (wanted("L_swc"))
        switchesInOneSet(Switches);
    }
    for (const std::string &Name : Wanted) {
      uint64_t Entries = 0;
      if (!Name.starts_with("P_re_") ||
          std::from_chars(Name.data() + 5, Name.data() + Name.size(), Entries)
                  .ptr != Name.data() + Name.size() ||
          Entries == 0 || Entries > (uint64_t(1) << 30))
        continue;
      transfersAgain(Name, {Entries * M.PageSize, M.PageSize, 0});
    }
  }

  /// Bianco and Pucci's hi, ho, h = max(hi, ho) and M (the bytes
  /// exchanged), E-BSP's V and p, of one call.
  void collective(const Relation &R) {
    F.Values.emplace("hi", R.HIn);
    F.Values.emplace("ho", R.HOut);
    F.Values.emplace("h", Expr::max(R.HIn, R.HOut));
    F.Values.emplace("M", R.Volume);
    F.Values.emplace("V", R.Volume);
    F.Values.emplace("p", R.Processors);
  }

  void superstep(const SuperstepSplit &Split) {
    uint64_t Elems =
        superstepCacheBytes(M) / std::max<uint64_t>(1, Split.ElemBytes);
    for (auto &[Name, E] : superstepFeatureExprs(
             Split.ReadsMax, Split.WritesMax,
             Split.BusiestReads.value_or(Split.ReadsMax),
             Split.BusiestWrites.value_or(Split.WritesMax), Split.Traffic,
             Split.Processors, Elems))
      F.Values.insert_or_assign(Name, E);
  }
};

/// The additive terms of a model form, each with the features in it.
std::vector<Expr> termsOf(const Expr &Form) {
  if (Form.kind() == Expr::Kind::Add)
    return Form.operands();
  return {Form};
}
} // namespace

SiteFeatures featuresOf(const Site &S, const MachineInfo &M,
                        const std::vector<std::string> &Wanted,
                        FormulaMemo *Memo) {
  return FeatureBuilder(S, M, Wanted, Memo).build();
}

/// The term contributing most to a numeric cost, named by its features.
static void findDominantTerm(const Model &Mo, const Expr::RealBindings &Vars,
                             double Total, SiteCost &C) {
  double Best = -1;
  for (const Expr &Term : termsOf(Mo.form())) {
    std::string Features;
    for (const std::string &V : Term.variables())
      if (!Mo.coefficients().count(V))
        Features += (Features.empty() ? "" : "*") + V;
    double Value;
    try {
      Value = Term.evaluateReal(Vars);
    } catch (const ExprEvalError &) {
      continue;
    }
    if (!Features.empty() && Value > Best) {
      Best = Value;
      C.DominantTerm = Features;
    }
  }
  if (Best > 0 && Total > 0)
    C.DominantShare = Best / Total;
}

Expr costPicoseconds(const std::optional<double> &Us,
                     const std::optional<Expr> &Ps) {
  if (Ps)
    return *Ps;
  return Expr::constant(std::llround(Us.value_or(0) * 1e6));
}

SiteCost priceSite(const SiteFeatures &F, const Model &Mo,
                   FormulaMemo *Memo) {
  SiteCost C;
  C.Model = Mo.name();
  std::map<std::string, Expr, std::less<>> Given;
  bool AllConstant = true;
  for (const std::string &Name : Mo.features()) {
    auto It = F.Values.find(Name);
    if (It == F.Values.end()) {
      auto Why = F.Unavailable.find(Name);
      C.MissingFeature = Name;
      C.Why = "model " + Mo.name() + " needs feature '" + Name +
              "', which the plugin cannot supply here: " +
              (Why == F.Unavailable.end() ? "this site does not have it"
                                          : Why->second);
      return C;
    }
    Given.emplace(Name, It->second);
    AllConstant &= It->second.isConstant();
  }
  try {
    if (AllConstant) {
      Expr::RealBindings Vars(Mo.coefficients().begin(),
                              Mo.coefficients().end());
      for (const auto &[Name, E] : Given)
        Vars[Name] = double(E.constantValue());
      double Us = Mo.form().evaluateReal(Vars);
      if (!std::isfinite(Us)) {
        C.Why = "model " + Mo.name() + " gives a cost that is not finite";
        return C;
      }
      C.Us = Us;
      findDominantTerm(Mo, Vars, Us, C);
    } else {
      std::map<std::string, Expr> Features(Given.begin(), Given.end());
      C.Ps = Memo ? Memo->costPs(Mo, Features) : Mo.costExprPs(Features);
    }
  } catch (const std::exception &E) {
    C.Why = "model " + Mo.name() + " cannot be evaluated: " + E.what();
  }
  return C;
}

} // namespace commcost
