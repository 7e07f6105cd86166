// Suite 3, message passing over MPI (Bianco & Pucci; Juurlink & Wijshoff):
// every pattern is a P x P byte matrix run as one superstep (all ranks
// released at one instant, nonblocking sends and receives); a sample runs
// from the release to the last rank's finish. Suite 1: (h,x)-scatter, gather
// and square; Suite 2: their random counterparts with the same (h_i, h_o, M);
// full h-relations and h-item scatters (BSP g, L; E-BSP g'); block permutations
// and single sends (BPRAM sigma, ell) over sizes that cross the protocol
// switches. Those patterns reuse warm buffers; the one-way messages the
// plugin prices are measured apart, as streams of blocking sends from a
// cold state (caches and TLB evicted by every rank), the state the other
// suites measure in, and again warm (no eviction) for the lower end of a
// send's [warm, cold] interval; each stream both from the release to the
// last message received (a send's cost) and as its receives' own time,
// each receive timed from its message's arrival (a receive's cost: what
// it waits for is the sender's work). Last, single messages of a derived
// datatype, a block of a matrix's columns sent as an MPI_Type_vector (or
// received into one), cold and warm: what MPI's own packing costs beside
// the compiled pack loop the marshalling suite times.
#include "Suite.h"

#include "Mpi.h"
#include "commcost/Features.h"

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

/// Each even rank sends N blocking messages of Bpm bytes to the next rank,
/// which receives them in order: a program's loop of MPI_Send, after the
/// program's other work evicted caches and TLB (EvictBytes read by every
/// rank). The time from the release to the last rank's finish; or, with
/// Receives, what the receiving ranks' MPI_Recv calls took once their
/// message was there (each probed first, as the measure option does, the
/// wait for the message left out): a receive site's own time.
double runStream(uint64_t N, uint64_t Bpm, Buffers &B, size_t EvictBytes,
                 bool Receives) {
  int Me = mpiRank(), P = mpiSize();
  evictByReading(EvictBytes);
  // The release comes after the last rank's eviction, not within it.
  mpiBarrier();
  double T0 = mpiSynchronisedStart();
  double Own = 0;
  if (Me % 2 == 0 && Me + 1 < P)
    for (uint64_t I = 0; I < N; ++I)
      MPI_Send(&B.Send[I * Bpm], int(Bpm), MPI_BYTE, Me + 1, 4,
               MPI_COMM_WORLD);
  else if (Me % 2 == 1)
    for (uint64_t I = 0; I < N; ++I) {
      void *To = &B.Recv[I * Bpm];
      if (!Receives) {
        MPI_Recv(To, int(Bpm), MPI_BYTE, Me - 1, 4, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        continue;
      }
      MPI_Probe(Me - 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      double Started = nowUs();
      MPI_Recv(To, int(Bpm), MPI_BYTE, Me - 1, 4, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      Own += nowUs() - Started;
    }
  double Elapsed = nowUs() - T0;
  if (Receives)
    Own = std::max(0.0, Own - double(N) * clockOverheadUs());
  return mpiMax(Receives ? Own : Elapsed);
}

/// A one-way point of Kind measured cold (every rank evicts first, the
/// evicting policy) or warm, on every rank.
PointSpec oneWayPoint(RunContext &Ctx, const std::string &Kind, bool Cold,
                      FeatureVector Features, std::function<double()> Once) {
  PointSpec S;
  S.Record.Suite = "mpi";
  S.Record.Kind = Kind;
  S.Record.Set = Cold ? "cold" : "warm";
  S.Record.P = unsigned(mpiSize());
  S.Record.Features = std::move(Features);
  S.Once = std::move(Once);
  if (Cold)
    S.Policy = Ctx.evictingPolicy();
  return S;
}

/// Streams of one and of more messages, up to 16 MiB a sender: cold (every
/// rank evicts first) or warm (the same buffers, sent again at once: the
/// lower end of a send's [warm, cold] interval). Under --quick fewer
/// sizes: log-spaced ones and a size on each side of each protocol limit,
/// no powers of two of their own.
std::vector<Point> runStreams(RunContext &Ctx, std::shared_ptr<Buffers> B,
                              const std::vector<uint64_t> &Limits, bool Cold) {
  // Several counts at every size, large ones included, so that the cost
  // once and the cost per message stay apart in each protocol regime; the
  // longest, 4096, as a program's loop of small sends (the first messages
  // of a cold stream cost more: streams of at most 512 priced a loop of
  // 4096 sends of 256 bytes at 1697 us, measured 613).
  std::vector<uint64_t> Ns = Ctx.Quick
                                 ? std::vector<uint64_t>{1, 8, 512}
                                 : std::vector<uint64_t>{1, 4, 64, 512, 4096};
  std::vector<uint64_t> Sizes =
      Ctx.Quick ? messageSizes(8, 4u << 20, 20, Limits, {-16, 8},
                               /*PowersOfTwo=*/false)
                : messageSizes(8, 4u << 20, 32, Limits);
  size_t Evict = Cold ? coldStateBytes(Ctx.Machine) : 0;
  std::vector<PointSpec> Specs;
  for (uint64_t Bpm : Sizes)
    for (uint64_t N : Ns) {
      if (N * Bpm > (16u << 20))
        continue;
      for (bool Receives : {false, true})
        Specs.push_back(oneWayPoint(
            Ctx, Receives ? "stream-recv" : "stream", Cold,
            {{"n", double(N)}, {"bpm", double(Bpm)}, {"m", double(N * Bpm)}},
            [N, Bpm, B, Evict, Receives] {
              return runStream(N, Bpm, *B, Evict, Receives);
            }));
    }
  size_t Skipped;
  return Cold ? measureSuite(Ctx, "mpi-cold", std::move(Specs),
                             Ctx.budget(90, 15), Skipped)
              : measureSuite(Ctx, "mpi-warm", std::move(Specs),
                             Ctx.budget(30, 5), Skipped);
}

/// One message of a block of R rows and W doubles each, Pitch doubles
/// apart, sent as an MPI_Type_vector from Matrix, or with Receive sent
/// contiguously and received into one, by each even rank to the next: as
/// runStream measures one message, a send from the release to the last
/// rank's finish, a receive its own time once the message is there. The
/// type is built before the clock starts, as a program builds it once.
double runDatatype(uint64_t R, uint64_t W, uint64_t Pitch, bool Receive,
                   double *Matrix, Buffers &B, size_t EvictBytes) {
  int Me = mpiRank(), P = mpiSize();
  MPI_Datatype Block;
  MPI_Type_vector(int(R), int(W), int(Pitch), MPI_DOUBLE, &Block);
  MPI_Type_commit(&Block);
  int Count = int(R * W);
  evictByReading(EvictBytes);
  mpiBarrier();
  double T0 = mpiSynchronisedStart(), Own = 0;
  if (Me % 2 == 0 && Me + 1 < P) {
    if (Receive)
      MPI_Send(B.Send.data(), Count, MPI_DOUBLE, Me + 1, 5, MPI_COMM_WORLD);
    else
      MPI_Send(Matrix, 1, Block, Me + 1, 5, MPI_COMM_WORLD);
  } else if (Me % 2 == 1) {
    if (Receive) {
      MPI_Probe(Me - 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      double Started = nowUs();
      MPI_Recv(Matrix, 1, Block, Me - 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Own = std::max(0.0, nowUs() - Started - clockOverheadUs());
    } else {
      MPI_Recv(B.Recv.data(), Count, MPI_DOUBLE, Me - 1, 5, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
    }
  }
  double Elapsed = nowUs() - T0;
  MPI_Type_free(&Block);
  return mpiMax(Receive ? Own : Elapsed);
}

/// Derived-datatype messages, cold, then warm: blocks of 1, 2 and 8
/// columns (rows of 8 to 64 bytes), 16 to 8192 rows, at pitches from a
/// line to several pages, both sides; each point carries the features a
/// pack of the same block has (the plugin prices a datatype message as
/// the message and that pack) and the message's size.
std::vector<Point> runDatatypes(RunContext &Ctx, std::shared_ptr<Buffers> B) {
  const uint64_t MatrixBytes = 64u << 20;
  auto Matrix = std::make_shared<std::vector<double>>(MatrixBytes / 8, 1.0);
  const MachineInfo &Mc = Ctx.Machine;
  std::vector<PointSpec> Specs[2]; // warm, cold
  for (uint64_t R : {16u, 128u, 512u, 2048u, 8192u})
    for (uint64_t Pitch : {24u, 520u, 2048u, 2056u, 8192u})
      for (uint64_t W : {1u, 2u, 8u}) {
        if (R * Pitch * 8 > MatrixBytes)
          continue;
        Slice2D Sl{R, W * 8, Pitch * 8};
        for (bool Receive : {false, true}) {
          FeatureVector F = sliceFeatures(Sl, 0, Mc.LineSize, Mc.PageSize);
          for (const auto &[Name, V] : packRefetchFeatures(
                   Sl, 0, sizeof(double), false, Receive, Mc, tlbSizesTried()))
            F[Name] = V;
          F["bpm"] = double(R * W * 8);
          F["rows"] = double(R);
          F["cols"] = double(Pitch);
          for (bool Cold : {false, true}) {
            size_t Evict = Cold ? coldStateBytes(Mc) : 0;
            Specs[Cold].push_back(
                oneWayPoint(Ctx, Receive ? "datatype-recv" : "datatype-send",
                            Cold, F, [R, W, Pitch, Receive, Matrix, B, Evict] {
                              return runDatatype(R, W, Pitch, Receive,
                                                 Matrix->data(), *B, Evict);
                            }));
          }
        }
      }
  size_t Skipped;
  std::vector<Point> Out =
      measureSuite(Ctx, "mpi-datatype-cold", std::move(Specs[1]), 30, Skipped);
  std::vector<Point> Warm =
      measureSuite(Ctx, "mpi-datatype-warm", std::move(Specs[0]), 10, Skipped);
  Out.insert(Out.end(), std::make_move_iterator(Warm.begin()),
             std::make_move_iterator(Warm.end()));
  return Out;
}

} // namespace

std::vector<Point> runMessagePassing(RunContext &Ctx) {
  unsigned P = unsigned(mpiSize());
  // Per-message sizes from 8 B to 4 MiB cross Open MPI's eager/rendezvous
  // switch and its single-copy threshold; the paper's h stopped at 1 MB.
  std::vector<uint64_t> Hs =
      logSpaced(64 * P, (4u << 20) * P, Ctx.Quick ? 10 : 40, 8 * P);
  std::vector<uint64_t> Limits = mpiProtocolLimits();
  std::vector<uint64_t> Ms =
      messageSizes(8, 4u << 20, Ctx.Quick ? 16 : 60, Limits);
  auto B = std::make_shared<Buffers>();
  // h-relations of up to 4 MiB a partner; cold streams of up to 16 MiB.
  size_t Bytes = std::max<size_t>(size_t(8u << 20) * P, 16u << 20);
  B->Send.assign(Bytes, 1);
  B->Recv.assign(Bytes, 0);

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
  std::vector<Point> Out = measureSuite(Ctx, "mpi", std::move(Specs),
                                        Ctx.budget(100, 4), Skipped);
  for (bool Cold : {true, false}) {
    std::vector<Point> Streams = runStreams(Ctx, B, Limits, Cold);
    Out.insert(Out.end(), std::make_move_iterator(Streams.begin()),
               std::make_move_iterator(Streams.end()));
  }
  // A check, not a fit: --quick leaves it out.
  if (!Ctx.Quick) {
    std::vector<Point> Blocks = runDatatypes(Ctx, B);
    Out.insert(Out.end(), std::make_move_iterator(Blocks.begin()),
               std::make_move_iterator(Blocks.end()));
  }
  return Out;
}

} // namespace commcost::calib
