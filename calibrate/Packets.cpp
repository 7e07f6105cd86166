// Suite 4, packets (Fischer et al.): a fraction r of the threads each send
// k packets of l bytes to a partner thread. A packet is packed from the
// sender's data into a slot of a small ring, and unpacked from the slot by
// the receiver, so a transfer is a pipeline: per-packet overhead makes
// small packets slow, the pipeline's fill makes large ones slow, and the
// trilinear T(k,l,r) has an optimum packet size (Figure 13).
#include "Suite.h"

#include "ThreadTeam.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>

namespace commcost::calib {

namespace {

constexpr unsigned RingSlots = 4;

/// A single-producer single-consumer ring of RingSlots packets.
struct alignas(64) Ring {
  alignas(64) std::atomic<uint64_t> Head{0}; // packets published
  alignas(64) std::atomic<uint64_t> Tail{0}; // packets consumed
  std::vector<char> Slots;
};

struct PacketState {
  unsigned Threads;
  std::unique_ptr<ThreadTeam> Team;
  std::vector<std::unique_ptr<Ring>> Rings; // Rings[i]: into thread i
  std::vector<std::vector<char>> Src, Dst;
};

/// Thread Me sends K packets of L bytes to thread (Me+1) % P if Sends, and
/// receives K packets from thread (Me-1) % P if its sender is active.
void exchange(PacketState &St, unsigned Me, bool Sends, bool Receives,
              uint64_t K, uint64_t L) {
  unsigned P = St.Threads;
  Ring &Out = *St.Rings[(Me + 1) % P];
  Ring &In = *St.Rings[Me];
  uint64_t Sent = Sends ? 0 : K, Got = Receives ? 0 : K;
  while (Sent < K || Got < K) {
    if (Sent < K && Sent - Out.Tail.load(std::memory_order_acquire) < RingSlots) {
      std::memcpy(&Out.Slots[(Sent % RingSlots) * L], &St.Src[Me][Sent * L], L);
      Out.Head.store(++Sent, std::memory_order_release);
    }
    if (Got < K && In.Head.load(std::memory_order_acquire) > Got) {
      std::memcpy(&St.Dst[Me][Got * L], &In.Slots[(Got % RingSlots) * L], L);
      In.Tail.store(++Got, std::memory_order_release);
    }
  }
}

} // namespace

std::vector<Point> runPackets(RunContext &Ctx) {
  // Two threads at least, so that a packet has somewhere to go.
  unsigned P = std::max(2u, Ctx.Machine.Cores);
  auto St = std::make_shared<PacketState>();
  St->Threads = P;
  St->Team = std::make_unique<ThreadTeam>(P);
  std::vector<uint64_t> Ks = Ctx.Quick ? std::vector<uint64_t>{1, 8, 64, 256}
                                       : logSpaced(1, 1024, 9);
  std::vector<uint64_t> Ls = logSpaced(64, 64 << 10, Ctx.Quick ? 5 : 9, 64);
  uint64_t MaxBytes = 4 << 20; // k*l per thread, bounded for the time budget
  // The packet-size curve at fixed data D (Fischer's Figure 13): all
  // splits of D into k packets of l bytes, at r = 1.
  uint64_t D = 256 << 10;
  std::vector<std::pair<uint64_t, uint64_t>> Curve;
  for (uint64_t L = 64; L <= D; L *= 2)
    Curve.push_back({D / L, L});
  uint64_t MaxPacket = std::max(Ls.back(), D);
  for (unsigned I = 0; I < P; ++I) {
    St->Rings.push_back(std::make_unique<Ring>());
    St->Rings.back()->Slots.assign(RingSlots * MaxPacket, 0);
    St->Src.emplace_back(MaxBytes + MaxPacket, 1);
    St->Dst.emplace_back(MaxBytes + MaxPacket, 0);
  }
  std::vector<PointSpec> Specs;
  auto Add = [&](uint64_t K, uint64_t L, unsigned Active, const char *Set) {
    PointSpec S;
    S.Record.Suite = "packets";
    S.Record.Kind = "k-k";
    S.Record.Set = Set;
    S.Record.P = P;
    double R = double(Active) / double(P);
    S.Record.Features = {{"k", double(K)}, {"l", double(L)}, {"r", R}};
    S.Once = [St, K, L, Active] {
      unsigned Threads = St->Threads;
      for (auto &Rg : St->Rings)
        Rg->Head = Rg->Tail = 0;
      return St->Team->run([&](unsigned Me) {
        bool Sends = Me < Active;
        bool Receives = (Me + Threads - 1) % Threads < Active;
        exchange(*St, Me, Sends, Receives, K, L);
      });
    };
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
  return measureSuite(Ctx, "packets", std::move(Specs), Ctx.budget(60, 4),
                      Skipped);
}

} // namespace commcost::calib
