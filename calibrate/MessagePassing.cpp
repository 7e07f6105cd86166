// Suite 3, message passing over MPI (Bianco & Pucci; Juurlink & Wijshoff):
// every pattern is a P x P byte matrix run as one superstep (all ranks
// released at one instant, nonblocking sends and receives); a sample runs
// from the release to the last rank's finish. Suite 1: (h,x)-scatter, gather
// and square; Suite 2: their random counterparts with the same (h_i, h_o, M);
// full h-relations and h-item scatters (BSP g, L; E-BSP g'); block permutations
// and single sends (BPRAM sigma, ell) over sizes that cross the protocol
// switches.
#include "Suite.h"

#include "Mpi.h"

#include <mpi.h>

#include <algorithm>
#include <memory>

namespace commcost::calib {

namespace {

struct Buffers {
  std::vector<char> Send, Recv;
};

double runPattern(const CommMatrix &C, Buffers &B) {
  int Me = mpiRank(), P = int(C.size());
  std::vector<MPI_Request> Reqs;
  size_t SendOff = 0, RecvOff = 0;
  double T0 = mpiSynchronisedStart();
  for (int J = 0; J < P; ++J) {
    if (uint64_t N = J == Me ? 0 : C[J][Me]) {
      Reqs.emplace_back();
      MPI_Irecv(&B.Recv[RecvOff], int(N), MPI_BYTE, J, 3, MPI_COMM_WORLD,
                &Reqs.back());
      RecvOff += N;
    }
  }
  for (int J = 0; J < P; ++J) {
    if (uint64_t N = J == Me ? 0 : C[Me][J]) {
      Reqs.emplace_back();
      MPI_Isend(&B.Send[SendOff], int(N), MPI_BYTE, J, 3, MPI_COMM_WORLD,
                &Reqs.back());
      SendOff += N;
    }
  }
  MPI_Waitall(int(Reqs.size()), Reqs.data(), MPI_STATUSES_IGNORE);
  // The superstep ends when the last rank is done.
  return mpiMax(nowUs() - T0);
}

} // namespace

std::vector<Point> runMessagePassing(RunContext &Ctx) {
  unsigned P = unsigned(mpiSize());
  // Per-message sizes from 8 B to 4 MiB cross Open MPI's eager/rendezvous
  // switch and its single-copy threshold; the paper's h stopped at 1 MB.
  std::vector<uint64_t> Hs =
      logSpaced(64 * P, (4u << 20) * P, Ctx.Quick ? 10 : 40, 8 * P);
  std::vector<uint64_t> Ms = logSpaced(8, 4u << 20, Ctx.Quick ? 16 : 60, 8);
  auto B = std::make_shared<Buffers>();
  B->Send.assign(size_t(8u << 20) * P, 1);
  B->Recv.assign(size_t(8u << 20) * P, 0);

  Rng Random = Ctx.suiteRng("mpi");
  std::vector<PointSpec> Specs;
  auto Add = [&](const CommMatrix &C, const std::string &Kind,
                 const std::string &Set, double X) {
    PointSpec S;
    S.Record.Suite = "mpi";
    S.Record.Kind = Kind;
    S.Record.Set = Set;
    S.Record.P = P;
    S.Record.Features = commFeatures(C);
    S.Record.Features["x"] = X;
    S.Record.Features["w"] = 0; // no local work in these supersteps
    S.Once = [C, B] { return runPattern(C, *B); };
    Specs.push_back(std::move(S));
  };
  for (uint64_t H : Hs) {
    for (unsigned X = 1; X <= P; ++X)
      for (HxPattern Pat :
           {HxPattern::Scatter, HxPattern::Gather, HxPattern::Square}) {
        CommMatrix C = hxPattern(Pat, H, X, P);
        Add(C, hxPatternName(Pat), "suite1", X);
        for (int Draw = 0; Draw < (Ctx.Quick ? 1 : 4); ++Draw)
          Add(randomCounterpart(C, Random),
              std::string("random-") + hxPatternName(Pat), "suite2", X);
      }
    Add(fullHRelation(H, P), "h-relation", "bsp", 0);
    Add(hItemScatter(H, P), "h-scatter", "ebsp", 0);
  }
  for (uint64_t M : Ms) {
    Add(blockPermutation(M, P), "block-permutation", "bpram", 0);
    Add(singleSend(M, P), "single-send", "bpram", 0);
  }
  size_t Skipped;
  return measureSuite(Ctx, "mpi", std::move(Specs), Ctx.budget(100, 4),
                      Skipped);
}

} // namespace commcost::calib
