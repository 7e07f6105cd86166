// Suite 4, packets (Fischer et al.): a fraction r of the senders each send
// k packets of l bytes to a partner. A packet is packed from the sender's
// data into one of a few slots and unpacked from its slot by the receiver,
// so a transfer is a pipeline: per-packet overhead makes small packets
// slow, the pipeline's fill (the first pack, the last unpack) makes large
// ones slow, and the trilinear T(k,l,r) has an optimum packet size
// (Figure 13). Without --mpi the senders are threads and a slot is a
// shared ring entry; with --mpi they are the ranks and a slot is a buffer
// of a nonblocking send or receive.
#include "Suite.h"

#include "Mpi.h"
#include "ThreadTeam.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>

namespace commcost::calib {

namespace {

constexpr unsigned Slots = 4;

/// A single-producer single-consumer ring of Slots packets.
struct alignas(64) Ring {
  alignas(64) std::atomic<uint64_t> Head{0}; // packets published
  alignas(64) std::atomic<uint64_t> Tail{0}; // packets consumed
  std::vector<char> Data;
};

/// What one sender (thread or rank) owns: the data it sends, where it
/// unpacks what it receives, and (threads) the ring into it.
struct Endpoint {
  std::vector<char> Src, Dst, SendSlots, RecvSlots;
  Ring In;
};

struct PacketState {
  unsigned Senders;
  std::unique_ptr<ThreadTeam> Team; // threads only
  std::vector<std::unique_ptr<Endpoint>> Ends;
};

/// Thread Me sends K packets of L bytes to thread (Me+1) % P if Sends, and
/// receives K packets from thread (Me-1) % P if Receives.
void threadExchange(PacketState &St, unsigned Me, bool Sends, bool Receives,
                    uint64_t K, uint64_t L) {
  unsigned P = St.Senders;
  Endpoint &Mine = *St.Ends[Me];
  Ring &Out = St.Ends[(Me + 1) % P]->In;
  Ring &In = Mine.In;
  uint64_t Sent = Sends ? 0 : K, Got = Receives ? 0 : K;
  while (Sent < K || Got < K) {
    if (Sent < K && Sent - Out.Tail.load(std::memory_order_acquire) < Slots) {
      std::memcpy(&Out.Data[(Sent % Slots) * L], &Mine.Src[Sent * L], L);
      Out.Head.store(++Sent, std::memory_order_release);
    }
    if (Got < K && In.Head.load(std::memory_order_acquire) > Got) {
      std::memcpy(&Mine.Dst[Got * L], &In.Data[(Got % Slots) * L], L);
      In.Tail.store(++Got, std::memory_order_release);
    }
  }
}

/// The same over MPI: packet i is packed into send slot i % Slots once
/// that slot's previous send completed, and unpacked from receive slot
/// i % Slots, whose receive is posted again for packet i + Slots.
void rankExchange(Endpoint &E, bool Sends, bool Receives, uint64_t K,
                  uint64_t L) {
  int Me = mpiRank(), P = mpiSize();
  int To = (Me + 1) % P, From = (Me + P - 1) % P;
  MPI_Request SendReq[Slots], RecvReq[Slots];
  std::fill(std::begin(SendReq), std::end(SendReq), MPI_REQUEST_NULL);
  std::fill(std::begin(RecvReq), std::end(RecvReq), MPI_REQUEST_NULL);
  auto PostRecv = [&](uint64_t I) {
    MPI_Irecv(&E.RecvSlots[(I % Slots) * L], int(L), MPI_BYTE, From, 5,
              MPI_COMM_WORLD, &RecvReq[I % Slots]);
  };
  if (Receives)
    for (uint64_t I = 0; I < std::min<uint64_t>(K, Slots); ++I)
      PostRecv(I);
  for (uint64_t I = 0; I < K; ++I) {
    if (Sends) {
      MPI_Wait(&SendReq[I % Slots], MPI_STATUS_IGNORE);
      std::memcpy(&E.SendSlots[(I % Slots) * L], &E.Src[I * L], L);
      MPI_Isend(&E.SendSlots[(I % Slots) * L], int(L), MPI_BYTE, To, 5,
                MPI_COMM_WORLD, &SendReq[I % Slots]);
    }
    if (Receives) {
      MPI_Wait(&RecvReq[I % Slots], MPI_STATUS_IGNORE);
      std::memcpy(&E.Dst[I * L], &E.RecvSlots[(I % Slots) * L], L);
      if (I + Slots < K)
        PostRecv(I + Slots);
    }
  }
  MPI_Waitall(Slots, SendReq, MPI_STATUSES_IGNORE);
}

} // namespace

std::vector<Point> runPackets(RunContext &Ctx) {
  bool OverMpi = Ctx.Mpi && mpiSize() > 1;
  // Two senders at least, so that a packet has somewhere to go.
  unsigned P = OverMpi ? unsigned(mpiSize()) : std::max(2u, Ctx.Machine.Cores);
  auto St = std::make_shared<PacketState>();
  St->Senders = P;
  if (!OverMpi)
    St->Team = std::make_unique<ThreadTeam>(P);
  std::vector<uint64_t> Ks = logSpaced(1, 1024, Ctx.Quick ? 6 : 16);
  std::vector<uint64_t> Ls = logSpaced(64, 1 << 20, Ctx.Quick ? 6 : 16, 64);
  uint64_t MaxBytes = 4 << 20; // k*l per sender, bounded for the time budget
  // The packet-size curve at fixed data D (Fischer's Figure 13): splits
  // of D into k packets of l bytes (k*l within 5% of D), at r = 1.
  // D is larger than the per-core cache, so that packing, moving and
  // unpacking one packet of D cost enough for the pipeline to matter.
  uint64_t D = MaxBytes;
  std::vector<std::pair<uint64_t, uint64_t>> Curve;
  // At most as many packets as the grid has (1024): below, a split costs
  // per packet what the grid already shows, at seconds per point.
  for (uint64_t L : logSpaced(D / 1024, D, Ctx.Quick ? 9 : 25, 64)) {
    uint64_t K = std::max<uint64_t>(1, (D + L / 2) / L);
    if (K * L >= D - D / 20 && K * L <= D + D / 20)
      Curve.push_back({K, L});
  }
  uint64_t MaxPacket = std::max(Ls.back(), D);
  // One endpoint per thread; over MPI, this rank's alone.
  for (unsigned I = 0; I < (OverMpi ? 1 : P); ++I) {
    auto E = std::make_unique<Endpoint>();
    E->Src.assign(MaxBytes + MaxPacket, 1);
    E->Dst.assign(MaxBytes + MaxPacket, 0);
    if (OverMpi) {
      E->SendSlots.assign(Slots * MaxPacket, 0);
      E->RecvSlots.assign(Slots * MaxPacket, 0);
    } else {
      E->In.Data.assign(Slots * MaxPacket, 0);
    }
    St->Ends.push_back(std::move(E));
  }
  std::vector<PointSpec> Specs;
  auto Add = [&](uint64_t K, uint64_t L, unsigned Active, const char *Set) {
    PointSpec S;
    S.Record.Suite = "packets";
    S.Record.Kind = OverMpi ? "ranks" : "threads";
    S.Record.Set = Set;
    S.Record.P = P;
    double R = double(Active) / double(P);
    // Also as a site of k messages of l bytes (n, m, bpm): the sends'
    // model is fitted on these streams too.
    S.Record.Features = {{"k", double(K)},    {"l", double(L)},
                         {"r", R},            {"n", double(K)},
                         {"m", double(K * L)}, {"bpm", double(L)}};
    if (OverMpi) {
      S.Once = [St, K, L, Active, P] {
        unsigned Me = unsigned(mpiRank());
        double Start = mpiSynchronisedStart();
        rankExchange(*St->Ends[0], Me < Active, (Me + P - 1) % P < Active, K,
                     L);
        return mpiMax(nowUs() - Start);
      };
    } else {
      S.Once = [St, K, L, Active, P] {
        for (auto &E : St->Ends)
          E->In.Head = E->In.Tail = 0;
        return St->Team->run([&](unsigned Me) {
          threadExchange(*St, Me, Me < Active, (Me + P - 1) % P < Active, K, L);
        });
      };
    }
    Specs.push_back(std::move(S));
  };
  for (uint64_t K : Ks)
    for (uint64_t L : Ls)
      if (K * L <= MaxBytes)
        for (unsigned Active = 1; Active <= P; ++Active)
          Add(K, L, Active, "grid");
  for (auto [K, L] : Curve)
    Add(K, L, P, "curve");
  size_t Skipped;
  return measureSuite(Ctx, "packets", std::move(Specs), Ctx.budget(45, 3),
                      Skipped);
}

} // namespace commcost::calib
