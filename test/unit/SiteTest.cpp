// Checks the slice and placement functions of Site.h and featuresOf on
// sites of known sizes against brute force: the bytes a footprint covers
// are enumerated one by one, and the lines, pages and runs counted from
// them; placements must admit exactly the offsets the anchor allows. The
// symbolic features of a site, evaluated at a binding, must equal the
// folded features of the same site built from the bound values.
#include "commcost/Site.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace commcost;

namespace {

Expr num(uint64_t V) { return Expr::constant(static_cast<int64_t>(V)); }

struct Rng {
  std::mt19937_64 Gen{4242};
  uint64_t uniform(uint64_t Lo, uint64_t Hi) {
    return std::uniform_int_distribution<uint64_t>(Lo, Hi)(Gen);
  }
};

/// The byte offsets of a block of Bytes repeated along constant Dims.
std::set<uint64_t> bytesOf(uint64_t Bytes,
                           const std::vector<std::pair<uint64_t, uint64_t>> &Dims) {
  std::set<uint64_t> Out;
  std::vector<uint64_t> Starts{0};
  for (auto [Count, Pitch] : Dims) {
    std::vector<uint64_t> Next;
    for (uint64_t S : Starts)
      for (uint64_t I = 0; I < Count; ++I)
        Next.push_back(S + I * Pitch);
    Starts = Next;
  }
  for (uint64_t S : Starts)
    for (uint64_t X = 0; X < Bytes; ++X)
      Out.insert(S + X);
  return Out;
}

std::set<uint64_t> bytesOf(const Slice3D &S) {
  return bytesOf(S.BytesPerRow, {{S.Rows, S.RowPitch}, {S.Planes, S.PlanePitch}});
}

Slice3D constantSlice(const SymbolicSlice &S, const Expr::IntBindings &V = {}) {
  return {uint64_t(S.Planes.evaluate(V)), uint64_t(S.Rows.evaluate(V)),
          uint64_t(S.BytesPerRow.evaluate(V)), uint64_t(S.RowPitch.evaluate(V)),
          uint64_t(S.PlanePitch.evaluate(V))};
}

uint64_t distinctUnits(const std::set<uint64_t> &Bytes, uint64_t Start,
                       uint64_t Unit) {
  std::set<uint64_t> Units;
  for (uint64_t B : Bytes)
    Units.insert((Start + B) / Unit);
  return Units.size();
}

/// distinctUnits at each of the placements Start + k * Align in a unit.
std::vector<uint64_t> unitsAtPlacements(const std::set<uint64_t> &Bytes,
                                        uint64_t Start, uint64_t Align,
                                        uint64_t Unit) {
  std::vector<uint64_t> Out;
  for (uint64_t K = 0; K < std::max<uint64_t>(1, Unit / Align); ++K)
    Out.push_back(distinctUnits(Bytes, Start + K * Align, Unit));
  return Out;
}

/// The mean of Counts (not empty).
double meanOf(const std::vector<uint64_t> &Counts) {
  return double(std::accumulate(Counts.begin(), Counts.end(), uint64_t(0))) /
         double(Counts.size());
}

/// 64-byte lines and 4 KiB pages, no caches.
MachineInfo linesAndPages() {
  MachineInfo M;
  M.LineSize = 64;
  M.PageSize = 4096;
  return M;
}

uint64_t runs(const std::set<uint64_t> &Bytes) {
  uint64_t N = 0;
  for (uint64_t B : Bytes)
    N += B == 0 || !Bytes.count(B - 1);
  return N;
}

TEST(SiteSlices, ExtentOfRepetitions) {
  EXPECT_EQ(extentOfRepetitions<uint64_t>(4, 100, 8), 308u);
  EXPECT_EQ(extentOfRepetitions(Expr::var("n"), num(100), num(8)).str(),
            "100*n - 92");
}

// A block repeated along random constant dimensions (some abutting, some
// continuing another, some overlapping like a sliding window, some of one
// repetition) covers exactly the bytes of the slice sliceOfRepeatedBlock
// returns, or it says why not.
TEST(SiteSlices, RepeatedBlockCoversTheSameBytes) {
  Rng R;
  uint64_t Checked = 0, Refused = 0;
  for (int I = 0; I < 3000; ++I) {
    uint64_t Block = R.uniform(1, 24);
    std::vector<std::pair<uint64_t, uint64_t>> Dims;
    std::vector<SymbolicDim> Sym;
    uint64_t Span = Block;
    for (uint64_t D = 0, N = R.uniform(0, 3); D < N; ++D) {
      uint64_t Count = R.uniform(1, 4), Pitch;
      switch (R.uniform(0, 3)) {
      case 0: // abutting: continues the span so far
        Pitch = Span;
        break;
      case 1: // overlapping the block
        Pitch = R.uniform(1, Block);
        break;
      default:
        Pitch = Span + R.uniform(0, 40);
        break;
      }
      Dims.push_back({Count, Pitch});
      Sym.push_back({num(Count), num(Pitch)});
      Span = (Count - 1) * Pitch + Span;
    }
    std::shuffle(Sym.begin(), Sym.end(), R.Gen);
    std::string Shape, Why;
    auto S = sliceOfRepeatedBlock(num(Block), Sym, Shape, Why);
    if (!S) {
      EXPECT_NE(Why.find("strided dimensions"), std::string::npos) << Why;
      ++Refused;
      continue;
    }
    EXPECT_FALSE(Shape.empty());
    Slice3D C = constantSlice(*S);
    ASSERT_EQ(bytesOf(C), bytesOf(Block, Dims)) << Shape;
    ++Checked;
  }
  std::cout << "[ cases    ] " << Checked << " repeated blocks checked, "
            << Refused << " refused\n";
  EXPECT_GT(Checked, 2000u);
}

TEST(SiteSlices, SymbolicDimensionsMergeByStructure) {
  std::string Shape, Why;
  Expr N = Expr::var("n"), M = Expr::var("m");
  // Rows of n doubles that abut (pitch 8n): one block of 8*n*m bytes.
  auto S = sliceOfRepeatedBlock(num(8) * N, {{M, num(8) * N}}, Shape, Why);
  ASSERT_TRUE(S);
  EXPECT_EQ(Shape, "contiguous block of 8*m*n bytes");
  // Planes that continue the rows, given in either order.
  S = sliceOfRepeatedBlock(num(8), {{M, num(16) * N}, {N, num(16)}}, Shape,
                           Why);
  ASSERT_TRUE(S);
  EXPECT_EQ(Shape, "m*n rows of 8 bytes, row pitch 16 bytes");
  // A loop of one iteration adds no dimension.
  S = sliceOfRepeatedBlock(num(8), {{num(1), num(4096)}, {N, num(64)}}, Shape,
                           Why);
  ASSERT_TRUE(S);
  EXPECT_EQ(Shape, "n rows of 8 bytes, row pitch 64 bytes");
}

TEST(SiteSlices, CollapseKeepsTheBytes) {
  Rng R;
  for (int I = 0; I < 3000; ++I) {
    Slice3D S{R.uniform(1, 4), R.uniform(1, 4), R.uniform(1, 16), 0, 0};
    S.RowPitch = S.BytesPerRow + (R.uniform(0, 1) ? 0 : R.uniform(0, 20));
    uint64_t Extent = (S.Rows - 1) * S.RowPitch + S.BytesPerRow;
    S.PlanePitch = R.uniform(0, 1) ? S.Rows * S.RowPitch
                                   : Extent + R.uniform(0, 30);
    Slice3D C = collapseSlice(S);
    ASSERT_EQ(bytesOf(C), bytesOf(S));
    SymbolicSlice Sym{num(S.Planes), num(S.Rows), num(S.BytesPerRow),
                      num(S.RowPitch), num(S.PlanePitch)};
    ASSERT_EQ(bytesOf(constantSlice(collapseSlice(Sym))), bytesOf(S));
    bool Merges = S.Rows == 1 || S.Planes == 1 ||
                  S.RowPitch == S.BytesPerRow ||
                  S.PlanePitch == S.Rows * S.RowPitch;
    ASSERT_EQ(C.Planes == 1, Merges);
  }
  // Abutting rows are one run: the calibrator's copy loop uses this.
  Slice2D Rows = collapseSlice(Slice2D{10, 800, 800});
  EXPECT_EQ(Rows.Rows, 1u);
  EXPECT_EQ(Rows.BytesPerRow, 8000u);
}

/// Every address an anchor allows, modulo Unit: bases at multiples of the
/// base alignment, offsets the known one or every value the offset's
/// residue and alignment allow.
std::set<uint64_t> residuesOf(const Anchor &A, uint64_t Unit) {
  std::set<uint64_t> Out;
  for (uint64_t Base = 0; Base < 4 * Unit; Base += A.BaseAlign) {
    if (A.Offset) {
      int64_t Address = int64_t(Base) + *A.Offset + int64_t(64 * Unit);
      Out.insert(uint64_t(Address) % Unit);
      continue;
    }
    for (uint64_t Off = A.OffsetResidue;
         Off < A.OffsetResidue + 4 * Unit + A.OffsetAlign; Off += A.OffsetAlign)
      Out.insert((Base + Off) % Unit);
  }
  return Out;
}

// A placement admits exactly the offsets within a unit that the anchor
// allows: no fact about the address is lost (defect 13 of issue 8: a known
// offset from a base aligned to less than a line fixes the offset modulo
// that alignment, not only to the offset's own power of two).
TEST(SitePlacement, AdmitsExactlyTheAnchorsOffsets) {
  Rng R;
  uint64_t Checked = 0;
  for (int I = 0; I < 5000; ++I) {
    Anchor A;
    A.BaseAlign = uint64_t(1) << R.uniform(0, 8);
    if (R.uniform(0, 1)) {
      A.Offset = int64_t(R.uniform(0, 600)) - 100;
    } else {
      A.OffsetAlign = uint64_t(1) << R.uniform(0, 7);
      A.OffsetResidue = R.uniform(0, A.OffsetAlign - 1);
    }
    uint64_t Unit = uint64_t(8) << R.uniform(0, 6);
    Placement P = placementIn(A, Unit);
    std::set<uint64_t> Admitted;
    for (uint64_t O = P.firstIn(Unit); O < Unit; O += P.stepIn(Unit))
      Admitted.insert(O);
    ASSERT_EQ(Admitted, residuesOf(A, Unit))
        << "base align " << A.BaseAlign << " offset "
        << (A.Offset ? std::to_string(*A.Offset) : "?") << " offset align "
        << A.OffsetAlign << " residue " << A.OffsetResidue << " unit "
        << Unit;
    ++Checked;
  }
  std::cout << "[ cases    ] " << Checked << " anchors checked\n";
}

TEST(SitePlacement, Describes) {
  Anchor Aligned64{64, 200, 1, 0, "'g' is aligned"};
  EXPECT_EQ(describePlacement(Aligned64, 64),
            "offset 8 in a 64-byte line ('g' is aligned to 64)");
  Anchor Aligned16{16, 8, 1, 0, "'g' is aligned"};
  EXPECT_EQ(describePlacement(Aligned16, 64),
            "offset 8 modulo 16 ('g' is aligned to 16)");
  Anchor Element{8, std::nullopt, 64, 0, ""};
  EXPECT_EQ(describePlacement(Element, 64),
            "aligned to 8 bytes (element alignment)");
  Anchor Stepped{64, std::nullopt, 4, 0, "stack array"};
  EXPECT_EQ(describePlacement(Stepped, 64),
            "aligned to 4 bytes (stack array, plus offset)");
}

// Defect 13 of issue 8, at the runtime level: 10 rows of 128 bytes, 208
// bytes apart, at offset 8 from a base aligned to 16. The offset fixes the
// start modulo 16 (8, 24, 40 or 56 in a line), where the count is 30 for
// each; the old placement kept only "aligned to 8" (every multiple of 8)
// and gave 27 to 30.
TEST(SitePlacement, KnownOffsetFromAnAlignedBaseUsesTheResidue) {
  Footprint F;
  F.Slice = {num(1), num(10), num(128), num(208), num(2080)};
  F.Where = Anchor{16, 8, 1, 0, "'a' is aligned"};
  std::string Why;
  auto B = uniqueLinesOfFootprint(F, 64, Why, nullptr);
  ASSERT_TRUE(B) << Why;
  EXPECT_EQ(B->Min.constantValue(), 30);
  EXPECT_EQ(B->Max.constantValue(), 30);
  EXPECT_EQ(uniqueLinesOf2DSlice({10, 128, 208}, Placement::aligned(8), 64),
            (LineBounds{27, 30}));
  // Symbolic rows: the same placement, as expressions.
  F.Slice.Rows = Expr::var("n");
  B = uniqueLinesOfFootprint(F, 64, Why, nullptr);
  ASSERT_TRUE(B) << Why;
  EXPECT_EQ(B->Min, B->Max);
  EXPECT_EQ(B->Min.evaluate({{"n", 10}}), 30);
}

TEST(SiteLines, MemoAndInvalidSlices) {
  FormulaMemo Memo;
  Footprint F;
  F.Slice = {num(1), Expr::var("n"), num(24), num(200), Expr()};
  F.Where = Anchor{8, std::nullopt, 8, 0, ""};
  std::string Why;
  auto Direct = uniqueLinesOfFootprint(F, 64, Why, nullptr);
  auto First = uniqueLinesOfFootprint(F, 64, Why, &Memo);
  auto Again = uniqueLinesOfFootprint(F, 64, Why, &Memo);
  ASSERT_TRUE(Direct && First && Again);
  EXPECT_EQ(Direct->Max, First->Max);
  EXPECT_EQ(First->Min, Again->Min);
  F.Slice.RowPitch = num(8); // rows overlap
  EXPECT_FALSE(uniqueLinesOfFootprint(F, 64, Why, &Memo));
  EXPECT_NE(Why.find("not valid"), std::string::npos) << Why;
}

/// A copy of a random constant 3-D slice at a known address, or its
/// symbolic twin (rows and row pitch as variables bound to the same
/// values).
struct RandomCopy {
  Slice3D S;
  uint64_t Address;
  Expr::IntBindings Values;

  Footprint footprint(bool Symbolic) const {
    auto Size = [&](const char *Name, uint64_t V) {
      return Symbolic ? Expr::var(Name) : num(V);
    };
    Footprint F;
    F.Slice = {num(S.Planes), Size("r", S.Rows), num(S.BytesPerRow),
               // A multiple of the page plus a constant: the residues of
               // the row pitch modulo lines and pages stay known.
               Symbolic ? num(4096) * Expr::var("k") +
                              num(S.RowPitch % 4096)
                        : num(S.RowPitch),
               num(S.PlanePitch)};
    F.Where = Anchor{4096, int64_t(Address), 1, 0, ""};
    return F;
  }

  Site site(bool Symbolic) const {
    Site X;
    X.Kind = SiteKind::Send;
    X.Messages = num(1);
    uint64_t Bytes = S.Planes * S.Rows * S.BytesPerRow;
    X.Bytes = Symbolic ? num(S.Planes * S.BytesPerRow) * Expr::var("r")
                       : num(Bytes);
    X.Marshalled = footprint(Symbolic);
    return X;
  }
};

// Pages where the placement is not known (a base aligned to A, no offset
// known) against every placement the alignment allows: runs that share the
// placement (one run, abutting rows, rows a multiple of a page apart whose
// gaps keep them off each other's pages) get the mean count, to the
// nearest page; other slices the worst count. The
// same site with symbolic sizes, evaluated, agrees.
TEST(SiteFeatures, PagesAreExpectedOverThePlacementsAllowed) {
  Rng R;
  MachineInfo M = linesAndPages();
  unsigned Shared = 0, Apart = 0, Between = 0;
  for (int I = 0; I < 400; ++I) {
    uint64_t A = uint64_t(1) << R.uniform(0, 6); // 1 to 64 bytes
    uint64_t Residue = R.uniform(0, A - 1);
    Slice3D S{1, R.uniform(1, 6), A * R.uniform(1, 1500), 0, 0};
    switch (R.uniform(0, 2)) {
    case 0: // a multiple of the page apart: the rows share the placement
      S.RowPitch = 4096 * R.uniform(1, 4);
      break;
    case 1:
      S.RowPitch = S.BytesPerRow; // abutting: one run
      break;
    default:
      S.RowPitch = S.BytesPerRow + A * R.uniform(1, 3000);
    }
    if (S.RowPitch < S.BytesPerRow)
      S.RowPitch = S.BytesPerRow;
    S.PlanePitch = S.Rows * S.RowPitch;
    // Every placement, the pages of each row as a range (bytesOf would
    // hold millions of bytes here).
    std::vector<uint64_t> Counts;
    for (uint64_t Start = Residue; Start < 4096; Start += A) {
      std::set<uint64_t> Pages;
      for (uint64_t Row = 0; Row < S.Rows; ++Row) {
        uint64_t First = Start + Row * S.RowPitch;
        for (uint64_t Pg = First / 4096;
             Pg <= (First + S.BytesPerRow - 1) / 4096; ++Pg)
          Pages.insert(Pg);
      }
      Counts.push_back(Pages.size());
    }
    double Mean = meanOf(Counts);
    uint64_t Worst = *std::max_element(Counts.begin(), Counts.end());
    for (bool Symbolic : {false, true}) {
      Site X;
      X.Kind = SiteKind::Send;
      X.Messages = num(1);
      X.Bytes = num(S.Rows * S.BytesPerRow);
      Footprint F;
      F.Slice = {num(1), Symbolic ? Expr::var("r") : num(S.Rows),
                 Symbolic ? num(A) * Expr::var("w") : num(S.BytesPerRow),
                 num(S.RowPitch), num(S.PlanePitch)};
      if (Symbolic && S.RowPitch == S.BytesPerRow)
        F.Slice.RowPitch = F.Slice.BytesPerRow;
      F.Where = Anchor{A, std::nullopt, A, Residue, ""};
      X.Marshalled = F;
      SiteFeatures Got = featuresOf(X, M, {"pages"});
      int64_t Pages = Got.Values.at("pages").evaluate(
          {{"r", int64_t(S.Rows)}, {"w", int64_t(S.BytesPerRow / A)}});
      std::string What =
          "rows " + std::to_string(S.Rows) + " of " +
          std::to_string(S.BytesPerRow) + " bytes, pitch " +
          std::to_string(S.RowPitch) + ", aligned to " + std::to_string(A) +
          " plus " + std::to_string(Residue) + (Symbolic ? " (symbolic)" : "");
      bool SharePlacement =
          S.Rows == 1 || S.RowPitch == S.BytesPerRow ||
          (S.RowPitch % 4096 == 0 && S.RowPitch - S.BytesPerRow >= 4096 - A);
      if (SharePlacement) {
        ASSERT_LE(std::abs(double(Pages) - Mean), 0.5 + 1e-9) << What;
        Shared += !Symbolic;
      } else if (Symbolic) {
        ASSERT_GE(Pages, int64_t(Worst)) << What; // a bound
      } else {
        ASSERT_EQ(Pages, int64_t(Worst)) << What;
        ++Apart;
      }
      Between += !Symbolic && Pages != int64_t(Worst);
    }
  }
  std::cout << "[ cases    ] " << Shared << " sharing a placement (" << Between
            << " below the worst count), " << Apart << " apart\n";
  EXPECT_GT(Shared, 100u);
  EXPECT_GT(Between, 30u);
  EXPECT_GT(Apart, 50u);
}

// featuresOf on sites of known sizes equals brute force (n, m, L_mem,
// pages, L_pt, runs), and the symbolic features of the same site evaluated at
// the sizes equal the folded ones.
TEST(SiteFeatures, ConstantSitesAgainstBruteForceAndSymbolic) {
  Rng R;
  MachineInfo M = linesAndPages();
  uint64_t Checked = 0, Bounded = 0, ExpectedChecked = 0;
  for (int I = 0; I < 1500; ++I) {
    RandomCopy C;
    C.S = {R.uniform(1, 3), R.uniform(0, 5), R.uniform(0, 300), 0, 0};
    C.S.RowPitch = C.S.BytesPerRow + R.uniform(0, 1) * R.uniform(0, 5000);
    C.S.PlanePitch = (C.S.Rows ? C.S.Rows : 1) * C.S.RowPitch +
                     R.uniform(0, 1) * R.uniform(0, 9000);
    C.Address = R.uniform(0, 1 << 16);
    C.Values = {{"r", int64_t(C.S.Rows)},
                {"k", int64_t(C.S.RowPitch / 4096)}};
    std::set<uint64_t> Bytes = bytesOf(C.S);
    SiteFeatures Folded = featuresOf(C.site(false), M);
    SiteFeatures Symbolic = featuresOf(C.site(true), M);
    std::map<std::string, uint64_t> Expected{
        {"n", 1},
        {"m", Bytes.size()},
        {"L_mem", distinctUnits(Bytes, C.Address, 64)},
        {"pages", distinctUnits(Bytes, C.Address, 4096)},
        {"runs", runs(Bytes)}};
    std::string What = "planes " + std::to_string(C.S.Planes) + " rows " +
                       std::to_string(C.S.Rows) + " bytes " +
                       std::to_string(C.S.BytesPerRow) + " pitch " +
                       std::to_string(C.S.RowPitch) + " plane pitch " +
                       std::to_string(C.S.PlanePitch) + " at " +
                       std::to_string(C.Address);
    for (const auto &[Name, Value] : Expected) {
      ASSERT_TRUE(Folded.Values.count(Name)) << Name << ": " << What;
      ASSERT_TRUE(Folded.Values.at(Name).isConstant()) << Name;
      ASSERT_EQ(Folded.Values.at(Name).constantValue(), int64_t(Value))
          << Name << ": " << What;
      ASSERT_TRUE(Symbolic.Values.count(Name)) << Name;
      int64_t AtBinding = Symbolic.Values.at(Name).evaluate(C.Values);
      // Pages of a pitch with a deep floor sum modulo the page get bounds,
      // and so do lines whose exact count prints longer than
      // DefaultMaxLineNodes, and only those.
      if (Name == "pages")
        ASSERT_GE(AtBinding, int64_t(Value)) << What;
      else if (Name == "L_mem" && AtBinding != int64_t(Value)) {
        ASSERT_GT(AtBinding, int64_t(Value)) << What;
        Footprint F = C.footprint(true);
        std::string Why;
        auto Exact = uniqueLinesOfSymbolicSlice(
            F.Slice, placementIn(F.Where, 64), 64, Why, ~uint64_t(0));
        ASSERT_TRUE(Exact) << Why;
        ASSERT_GT(Exact->Min.size() + Exact->Max.size(), DefaultMaxLineNodes)
            << What;
        ++Bounded;
      } else
        ASSERT_EQ(AtBinding, int64_t(Value))
            << Name << ": " << What << "\n" << Symbolic.Values.at(Name);
    }
    // The base is aligned to a page, not to a page-table line's span: the
    // count expected over the 8 placements, between their fewest and
    // most; within one of their mean for one run, or for rows a multiple
    // of the span apart (which share their placement).
    auto Spans = unitsAtPlacements(Bytes, C.Address, 4096, 32768);
    double Mean = meanOf(Spans);
    uint64_t Best = *std::min_element(Spans.begin(), Spans.end()),
             Worst = *std::max_element(Spans.begin(), Spans.end());
    int64_t Pt = Folded.Values.at("L_pt").constantValue();
    ASSERT_GE(Pt, int64_t(Best)) << What;
    ASSERT_LE(Pt, int64_t(Worst)) << What;
    bool SharePlacement =
        C.S.Planes == 1 && (C.S.Rows <= 1 || C.S.RowPitch % 32768 == 0 ||
                            C.S.RowPitch == C.S.BytesPerRow);
    if (SharePlacement) {
      ASSERT_LT(std::abs(double(Pt) - Mean), 1) << What;
      ++ExpectedChecked;
    }
    ASSERT_GE(Symbolic.Values.at("L_pt").evaluate(C.Values), int64_t(Best))
        << What;
    ++Checked;
  }
  std::cout << "[ cases    ] " << Checked << " sites checked, " << Bounded
            << " with bounds of L_mem, " << ExpectedChecked
            << " with L_pt within one of its mean over placements\n";
  EXPECT_GT(ExpectedChecked, 100u);
}

} // namespace

// A memo shared by many sites (as the plugin shares one per unit) changes
// no feature: random slices, symbolic and constant, each priced with the
// memo and without, with refetch features on two caches and a TLB. Slices
// and walks that differ only in a pitch, a placement or the loop order
// must not share an entry.
TEST(SiteFeatures, OneMemoForManySitesChangesNoFeature) {
  Rng R;
  MachineInfo M;
  // Small caches, so that whether a plane's rows fit, and in which sets
  // (a power-of-two pitch puts them in few), decides the refetches.
  M.Caches = {{1, 4096, false, 2}, {2, 16384, false, 4}};
  const std::vector<std::string> Wanted = {
      "n",     "m",     "L_mem", "pages", "runs",  "L_re1",
      "L_re2", "L_rw1", "L_rw2", "L_sw",  "L_sww", "P_re_512"};
  FormulaMemo Memo;
  unsigned Compared = 0;
  for (int I = 0; I < 150; ++I) {
    RandomCopy C;
    C.S = {R.uniform(2, 4), R.uniform(2, 40), 8 * R.uniform(1, 16), 0, 0};
    C.S.RowPitch = std::max<uint64_t>(C.S.BytesPerRow,
                                      (uint64_t(64) << R.uniform(0, 6)) +
                                          64 * R.uniform(0, 1));
    C.S.PlanePitch = C.S.Rows * C.S.RowPitch + 64 * R.uniform(0, 3);
    bool PlanesInside = R.uniform(0, 1);
    int64_t Repeats = int64_t(R.uniform(1, 4));
    // Each shape at two addresses: the memo must tell the placements apart;
    // and read or stored to: the same walk, whose lines brought in again
    // and line switches are written ones (L_rw<k>, L_sww) only when stored
    // to.
    for (uint64_t Address : {8 * R.uniform(0, 31), 8 * R.uniform(32, 64)})
      for (auto [Symbolic, Stored] : {std::pair{false, false}, {true, false},
                                      {false, true}, {true, true}}) {
        C.Address = Address;
        Site S = C.site(Symbolic);
        if (Stored)
          std::swap(S.Written, S.Marshalled);
        // Walked as a loop nest: rows and planes in either order, the
        // whole repeated, so that the refetches depend on the walks' keys.
        Footprint &F = Stored ? *S.Written : *S.Marshalled;
        F.BlockBytes = F.Slice.BytesPerRow;
        F.AccessOrder = {{F.Slice.Rows, F.Slice.RowPitch},
                         {F.Slice.Planes, F.Slice.PlanePitch}};
        if (PlanesInside)
          std::swap(F.AccessOrder[0], F.AccessOrder[1]);
        F.AccessOrder.push_back({num(Repeats), num(0)});
        SiteFeatures Alone = featuresOf(S, M, Wanted, nullptr);
        SiteFeatures Shared = featuresOf(S, M, Wanted, &Memo);
        ASSERT_EQ(Alone.Values.size(), Shared.Values.size());
        for (const auto &[Name, Value] : Alone.Values) {
          ASSERT_TRUE(Shared.Values.count(Name)) << Name;
          ASSERT_EQ(Shared.Values.at(Name).str(), Value.str())
              << Name << " of site " << I << " at " << Address
              << (Symbolic ? " (symbolic)" : "")
              << (Stored ? " (stored to)" : "");
          ++Compared;
        }
        for (const char *Level : {"1", "2"})
          EXPECT_EQ(Shared.Values.at(std::string("L_rw") + Level).str(),
                    Stored ? Shared.Values.at(std::string("L_re") + Level).str()
                           : "0");
        EXPECT_EQ(Shared.Values.at("L_sww").str(),
                  Stored ? Shared.Values.at("L_sw").str() : "0");
      }
  }
  EXPECT_GT(Compared, 150u * 4 * 7);
}

// The memo's key holds every part of a walk: walks that differ only in
// their pitch (a power of two, whose rows share few cache sets, and one
// padded by a line) get the transfers of their own pitch; a walk first
// priced without its rerun gets it when asked.
TEST(SiteLines, MemoisedTransfersKeepThePitch) {
  FormulaMemo Memo;
  CacheGeometry L1{4096, 64, 2};
  Expr N = Expr::var("n");
  auto Walk = [&](int64_t Pitch) {
    // 32 one-line rows Pitch bytes apart, walked n times.
    SymbolicWalk W{num(1), {{num(32), num(Pitch), num(32)},
                            {N, num(0), num(32)}}};
    return std::vector<SymbolicWalk>{W};
  };
  auto Memoised = [&](int64_t Pitch, bool Rerun) {
    std::vector<SymbolicWalk> W = Walk(Pitch);
    return Memo.refetched(FormulaMemo::walksKey(W), W, L1, Rerun);
  };
  for (int64_t Pitch : {4096, 4160, 4096})
    EXPECT_EQ(Memoised(Pitch, false).Again.str(),
              refetched(Walk(Pitch), L1, /*Rerun=*/false).Again.str())
        << "pitch " << Pitch;
  for (int64_t Pitch : {4096, 4160})
    EXPECT_EQ(Memoised(Pitch, true).Rerun.str(),
              refetched(Walk(Pitch), L1).Rerun.str())
        << "pitch " << Pitch;
  // 2 ways: at a pitch of 4096 the rows share one set and come in again
  // on every walk after the first, and on a rerun; padded, they spread
  // over 32 sets and stay.
  EXPECT_EQ(Memoised(4096, false).Again.evaluate({{"n", 4}}), 96);
  EXPECT_EQ(Memoised(4096, true).Rerun.evaluate({{"n", 4}}), 128);
  EXPECT_EQ(Memoised(4160, false).Again.evaluate({{"n", 4}}), 0);
  EXPECT_EQ(Memoised(4160, true).Rerun.evaluate({{"n", 4}}), 0);
}

// Memoised costs are keyed by the model and the features' values: a model
// built apart from the same text, but with other coefficients, gets its
// own, and so do other feature values.
TEST(SiteLines, MemoisedCostsKeepTheModelAndTheFeatures) {
  FormulaMemo Memo;
  Model Slow("M", "a*n + b*m", {{"a", 2.0}, {"b", 0.5}});
  Model Fast("M", "a*n + b*m", {{"a", 1.0}, {"b", 0.25}});
  Model Copy = Slow;
  EXPECT_EQ(Copy.id(), Slow.id());
  EXPECT_NE(Fast.id(), Slow.id());
  std::map<std::string, Expr> F{{"n", Expr::var("k")},
                                {"m", num(8) * Expr::var("k")}};
  std::map<std::string, Expr> G{{"n", Expr::var("k")},
                                {"m", num(16) * Expr::var("k")}};
  for (int Round = 0; Round < 2; ++Round) {
    EXPECT_EQ(Memo.costPs(Slow, F).str(), Slow.costExprPs(F).str());
    EXPECT_EQ(Memo.costPs(Fast, F).str(), Fast.costExprPs(F).str());
    EXPECT_EQ(Memo.costPs(Copy, G).str(), Slow.costExprPs(G).str());
  }
  EXPECT_EQ(Memo.costPs(Slow, F).evaluate({{"k", 1}}), 6000000);
  EXPECT_EQ(Memo.costPs(Fast, F).evaluate({{"k", 1}}), 3000000);
  EXPECT_EQ(Memo.costPs(Slow, G).evaluate({{"k", 1}}), 10000000);
}
