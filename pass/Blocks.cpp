// Layouts of blocks at displacements (see Blocks.h).
#include "Blocks.h"
#include "Reasons.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace commcost {

Layout repeatLayout(const Layout &L, const Expr &Count) {
  if (Count == Expr::constant(1))
    return L;
  // A few copies of constant pieces: their pieces, so lines stay exact.
  constexpr size_t MaxPieces = 4096;
  if (!L.Pieces.empty() && L.Dims.empty() && Count.isConstant() &&
      L.Extent.isConstant() && Count.constantValue() >= 0 &&
      L.Pieces.size() * size_t(Count.constantValue()) <= MaxPieces) {
    Layout One = L;
    One.Dims.push_back({Count, L.Extent});
    if (auto P = piecesOf(One, MaxPieces)) {
      Layout R = layoutOfPieces(std::move(*P), L);
      R.Origin = L.Origin;
      R.DataBytes = L.DataBytes * Count;
      R.Extent = L.Extent * Count;
      return R;
    }
  }
  Layout R = L;
  if (L.Dims.empty() && L.Extent == L.BlockBytes && L.wholeBlock())
    R.BlockBytes = L.BlockBytes * Count;
  else
    R.Dims.push_back({Count, L.Extent});
  R.DataBytes = L.DataBytes * Count;
  R.Extent = L.Extent * Count;
  return R;
}

CountTotals totalsOf(const BlockSeries &S) {
  if (S.affine()) {
    const Expr &A = *S.CountStart, &B = *S.CountStep, &N = S.N;
    Expr One = Expr::constant(1);
    // sum_{i<N} (A + B*i) = N*A + B*N*(N-1)/2 (N*(N-1) is even).
    return {N * A + B * (N * (N - One) / Expr::constant(2)),
            Expr::max(A, A + B * (N - One)), Expr::min(A, A + B * (N - One))};
  }
  Expr Sum = Expr::constant(0);
  for (const Expr &C : S.Counts)
    Sum = Sum + C;
  if (S.Counts.empty())
    return {Sum, Sum, Sum};
  return {Sum, Expr::maxOf(S.Counts), Expr::minOf(S.Counts)};
}

/// Whether Es is an arithmetic sequence; Step receives its difference.
static bool arithmetic(const std::vector<Expr> &Es, Expr &Step) {
  Step = Es.size() > 1 ? Es[1] - Es[0] : Expr::constant(0);
  for (size_t I = 1; I < Es.size(); ++I)
    if (!(Es[I] - Es[I - 1] == Step))
      return false;
  return true;
}

Expected<BlockSeries>
seriesOf(const ArrayContents &Counts, const ArrayContents *Displs,
         const Expr &DisplUnit, const Expr &N,
         const std::function<Expected<Expr>(Value *)> &ToExpr,
         std::vector<std::string> &Conditions, const std::string &What) {
  BlockSeries S;
  S.N = N;
  auto Refuse = [&](const std::string &Why) {
    return reject<UnknownArrayContents>(What, Why);
  };
  if (Displs && Counts.byLoop() != Displs->byLoop())
    return Refuse("the counts and displacements are filled in different "
                  "ways (one by a loop, the other entry by entry)");
  if (Counts.byLoop()) {
    if (Displs && !(*Displs->Filled == *Counts.Filled))
      return Refuse("the counts are filled for " + Counts.Filled->str() +
                    " entries, the displacements for " +
                    Displs->Filled->str());
    if (!(*Counts.Filled == N))
      Conditions.push_back(N.str() + " == " + Counts.Filled->str());
    S.CountStart = Counts.Start;
    S.CountStep = Counts.Step;
    S.DisplStart = Displs ? *Displs->Start * DisplUnit : Expr::constant(0);
    S.DisplStep = Displs ? *Displs->Step * DisplUnit : Expr::constant(0);
    return S;
  }
  size_t K = Counts.Entries.size();
  if (Displs && Displs->Entries.size() != K)
    return Refuse("the counts have " + std::to_string(K) +
                  " entries, the displacements " +
                  std::to_string(Displs->Entries.size()));
  if (N.isConstant()) {
    if (uint64_t(std::max<int64_t>(0, N.constantValue())) > K)
      return Refuse("only " + std::to_string(K) + " of its " + N.str() +
                    " entries are stored");
    K = size_t(std::max<int64_t>(0, N.constantValue()));
  } else {
    Conditions.push_back(N.str() + " == " + std::to_string(K));
  }
  for (size_t I = 0; I < K; ++I) {
    auto C = ToExpr(Counts.Entries[I]);
    if (!C)
      return withContext(C.takeError(), "entry " + std::to_string(I) +
                                            " of " + What);
    S.Counts.push_back(*C);
    if (!Displs) {
      S.Displs.push_back(Expr::constant(0));
      continue;
    }
    auto D = ToExpr(Displs->Entries[I]);
    if (!D)
      return withContext(D.takeError(), "entry " + std::to_string(I) +
                                            " of " + What);
    S.Displs.push_back(*D * DisplUnit);
  }
  return S;
}

std::optional<uint64_t> displacementAlign(const BlockSeries &S) {
  std::vector<Expr> Displs = S.Displs;
  if (S.affine())
    Displs = {*S.DisplStart, *S.DisplStep};
  uint64_t Align = 0;
  for (const Expr &D : Displs) {
    if (!D.isConstant())
      return std::nullopt;
    Align = llvm::MinAlign(Align, uint64_t(D.constantValue()));
  }
  return Align;
}

/// Pieces of one block of L relative to the block's first byte.
static std::optional<std::vector<Piece>> blockPieces(const Layout &L) {
  if (L.LongestPiece || !L.BlockBytes.isConstant())
    return std::nullopt;
  if (!L.Pieces.empty())
    return L.Pieces;
  return std::vector<Piece>{{0, L.BlockBytes.constantValue()}};
}

/// Sorts pieces and merges those that overlap or touch.
static void mergePieces(std::vector<Piece> &P) {
  std::sort(P.begin(), P.end(), [](const Piece &A, const Piece &B) {
    return A.Offset < B.Offset;
  });
  std::vector<Piece> Out;
  for (const Piece &X : P) {
    if (X.Bytes <= 0)
      continue;
    if (!Out.empty() && X.Offset <= Out.back().Offset + Out.back().Bytes) {
      int64_t End = std::max(Out.back().Offset + Out.back().Bytes,
                             X.Offset + X.Bytes);
      Out.back().Bytes = End - Out.back().Offset;
      continue;
    }
    Out.push_back(X);
  }
  P = std::move(Out);
}

std::optional<std::vector<Piece>> piecesOf(const Layout &L, size_t Limit) {
  auto Block = blockPieces(L);
  if (!Block || !L.Offset.isConstant())
    return std::nullopt;
  std::vector<Piece> Out;
  for (const Piece &P : *Block)
    Out.push_back({P.Offset + L.Offset.constantValue(), P.Bytes});
  for (const SymbolicDim &D : L.Dims) {
    if (!D.Count.isConstant() || !D.Pitch.isConstant() ||
        D.Count.constantValue() < 0)
      return std::nullopt;
    int64_t N = D.Count.constantValue(), Pitch = D.Pitch.constantValue();
    if (N == 0)
      return std::vector<Piece>{};
    if (Out.size() * size_t(N) > Limit)
      return std::nullopt;
    std::vector<Piece> Next;
    for (int64_t I = 0; I < N; ++I)
      for (const Piece &P : Out)
        Next.push_back({P.Offset + I * Pitch, P.Bytes});
    Out = std::move(Next);
  }
  mergePieces(Out);
  return Out;
}

Layout layoutOfPieces(std::vector<Piece> Pieces, const Layout &Elem) {
  mergePieces(Pieces);
  Layout L = Layout::contiguous(Expr::constant(0), Elem.ElemName,
                                Elem.ElemBytes);
  if (Pieces.empty())
    return L;
  int64_t First = Pieces.front().Offset;
  int64_t End = Pieces.back().Offset + Pieces.back().Bytes;
  int64_t Data = 0;
  for (const Piece &P : Pieces)
    Data += P.Bytes;
  L.Offset = Expr::constant(First);
  L.DataBytes = Expr::constant(Data);
  L.Extent = Expr::constant(End - First);
  // Evenly spaced pieces of one size are a strided block.
  bool Regular = Pieces.size() > 1;
  int64_t Pitch = Regular ? Pieces[1].Offset - Pieces[0].Offset : 0;
  for (size_t I = 1; I < Pieces.size() && Regular; ++I)
    Regular = Pieces[I].Bytes == Pieces[0].Bytes &&
              Pieces[I].Offset - Pieces[I - 1].Offset == Pitch;
  if (Pieces.size() == 1 || Regular) {
    L.BlockBytes = Expr::constant(Pieces[0].Bytes);
    if (Regular)
      L.Dims.push_back({Expr::constant(int64_t(Pieces.size())),
                        Expr::constant(Pitch)});
    return L;
  }
  L.BlockBytes = Expr::constant(End - First);
  for (Piece &P : Pieces)
    P.Offset -= First;
  L.Pieces = std::move(Pieces);
  return L;
}

/// Whether L is one contiguous block, as the elements of blocks of varying
/// size must be for their span to bound them.
static bool contiguousElement(const Layout &L) {
  return L.Dims.empty() && L.wholeBlock() && L.Extent == L.BlockBytes &&
         L.Offset == Expr::constant(0);
}

Expected<Layout> layoutOfBlocks(const Layout &Elem, const BlockSeries &S) {
  CountTotals T = totalsOf(S);
  Expr One = Expr::constant(1);
  const Expr &Ext = Elem.Extent;
  auto Span = [&](const Expr &Start, const Expr &End,
                  const Expr &Longest) -> Expected<Layout> {
    if (!contiguousElement(Elem))
      return reject<UnsupportedDatatype>(
          "blocks of varying sizes or places of a non-contiguous datatype "
          "are not supported");
    Layout L = Layout::contiguous(End - Start, Elem.ElemName, Elem.ElemBytes);
    L.Offset = Start;
    L.LongestPiece = Longest;
    L.DataBytes = T.Sum * Elem.DataBytes;
    L.Extent = End - Start;
    return L;
  };
  if (!S.affine()) {
    // Constant blocks: their pieces, exact.
    bool Constant = true;
    for (size_t I = 0; I < S.Counts.size(); ++I)
      Constant &= S.Counts[I].isConstant() && S.Displs[I].isConstant();
    constexpr size_t MaxPieces = 4096;
    if (Constant) {
      std::vector<Piece> All;
      bool Fits = true;
      for (size_t I = 0; I < S.Counts.size() && Fits; ++I) {
        Layout B = repeatLayout(Elem, S.Counts[I]);
        B.Offset = B.Offset + S.Displs[I];
        auto P = piecesOf(B, MaxPieces);
        Fits = P && All.size() + P->size() <= MaxPieces;
        if (Fits)
          All.insert(All.end(), P->begin(), P->end());
      }
      if (Fits) {
        Layout L = layoutOfPieces(std::move(All), Elem);
        L.DataBytes = T.Sum * Elem.DataBytes;
        return L;
      }
    }
    Expr CountStep, DisplStep;
    if (S.Counts.empty() || !arithmetic(S.Counts, CountStep) ||
        !arithmetic(S.Displs, DisplStep) ||
        !(CountStep == Expr::constant(0))) {
      std::vector<Expr> Starts, Ends;
      for (size_t I = 0; I < S.Counts.size(); ++I) {
        Starts.push_back(S.Displs[I]);
        Ends.push_back(S.Displs[I] + S.Counts[I] * Ext);
      }
      if (Starts.empty())
        return layoutOfPieces({}, Elem);
      return Span(Expr::minOf(Starts), Expr::maxOf(Ends), T.Max * Ext);
    }
    BlockSeries A = S;
    A.CountStart = S.Counts[0];
    A.CountStep = CountStep;
    A.DisplStart = S.Displs[0];
    A.DisplStep = DisplStep;
    A.N = Expr::constant(int64_t(S.Counts.size()));
    return layoutOfBlocks(Elem, A);
  }
  const Expr &D = *S.DisplStart, &E = *S.DisplStep, &A = *S.CountStart,
             &B = *S.CountStep;
  Expr Last = S.N - One;
  if (!(B == Expr::constant(0)))
    return Span(Expr::min(D, D + E * Last),
                Expr::max(D + A * Ext, D + E * Last + (A + B * Last) * Ext),
                T.Max * Ext);
  Layout L = repeatLayout(Elem, A);
  Expr Pitch = E;
  L.Offset = L.Offset + D;
  switch (E.isConstant() ? (E.constantValue() > 0   ? 1
                            : E.constantValue() < 0 ? -1
                                                    : 0)
                         : signForNonNegativeVariables(E)) {
  case 1:
    L.Dims.push_back({S.N, Pitch});
    break;
  case -1:
    // Blocks laid out downwards: the same bytes upwards from the last.
    Pitch = -Pitch;
    L.Offset = L.Offset - Last * Pitch;
    L.Dims.push_back({S.N, Pitch});
    break;
  default:
    if (!E.isConstant())
      return reject<UnknownArrayContents>(
          "the displacements", "the sign of their step " + E.str() +
                                   " depends on the values of its variables");
    break; // every block at the same place
  }
  L.DataBytes = S.N * A * Elem.DataBytes;
  L.Extent = Expr::max(D + A * Ext, D + E * Last + A * Ext) - L.Offset;
  return L;
}

} // namespace commcost
