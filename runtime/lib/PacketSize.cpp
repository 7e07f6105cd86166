// Regimes of a packet model and the best packet size (see PacketSize.h).
#include "commcost/PacketSize.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>

namespace commcost {

namespace {

/// Sizes at which a step of the form in l starts: B for floordiv(l, B) and
/// l / B, B + 1 for ceildiv(l, B).
void collectBreakpoints(const Expr &E, std::set<int64_t> &Out) {
  using Kind = Expr::Kind;
  const auto &Ops = E.operands();
  if ((E.kind() == Kind::FloorDiv || E.kind() == Kind::Div ||
       E.kind() == Kind::CeilDiv) &&
      Ops[0].kind() == Kind::Var && Ops[0].name() == "l" &&
      Ops[1].isConstant() && Ops[1].constantValue() > 0)
    Out.insert(Ops[1].constantValue() + (E.kind() == Kind::CeilDiv ? 1 : 0));
  for (const Expr &O : Ops)
    collectBreakpoints(O, Out);
}

} // namespace

std::vector<commcost_packet_regime> packetRegimes(const Model &M) {
  for (const std::string &F : M.features())
    if (F != "k" && F != "l" && F != "r")
      throw ModelError("packet model " + M.name() + " needs feature '" + F +
                       "'; a packet size is chosen from k, l and r only");
  std::set<int64_t> Breaks;
  collectBreakpoints(M.form(), Breaks);
  std::vector<int64_t> Starts{1};
  for (int64_t B : Breaks)
    if (B > 1)
      Starts.push_back(B);
  if (Starts.size() > 8)
    throw ModelError("packet model " + M.name() + " has " +
                     std::to_string(Starts.size()) +
                     " protocol regimes; at most 8 are supported");
  auto T = [&](double K, double L) {
    return M.evaluate({{"k", K}, {"l", L}, {"r", 1.0}});
  };
  std::vector<commcost_packet_regime> Out;
  for (size_t I = 0; I < Starts.size(); ++I) {
    commcost_packet_regime R{};
    R.lo = Starts[I];
    R.hi = I + 1 < Starts.size() ? Starts[I + 1] - 1 : LLONG_MAX;
    double L1 = double(R.lo);
    // T(0, l) = a0 + a2*l and T(1, l) - T(0, l) = a1 + a3*l: two sizes of
    // the regime give the four coefficients, one size the two it has.
    double F1 = T(0, L1), G1 = T(1, L1) - F1;
    if (R.hi > R.lo) {
      double L2 = L1 + 1;
      double F2 = T(0, L2), G2 = T(1, L2) - F2;
      R.a2 = F2 - F1;
      R.a3 = G2 - G1;
    }
    R.a0 = F1 - R.a2 * L1;
    R.a1 = G1 - R.a3 * L1;
    // The shape is checked further into the regime.
    for (double Far : {1e3, 1e6})
      for (double K : {3.0, 1000.0}) {
        double L = std::min(L1 + Far, double(R.hi));
        double Want = T(K, L);
        double Got = R.a0 + R.a1 * K + R.a2 * L + R.a3 * K * L;
        if (std::fabs(Want - Got) > 1e-9 * std::max(1.0, std::fabs(Want)))
          throw ModelError("packet model " + M.name() +
                           " is not a0 + a1*k + a2*l + a3*k*l between the "
                           "packet sizes " +
                           std::to_string(R.lo) + " and " +
                           (R.hi == LLONG_MAX ? std::string("any larger")
                                              : std::to_string(R.hi)));
      }
    Out.push_back(R);
  }
  return Out;
}

int64_t bestPacketBytes(const std::vector<commcost_packet_regime> &Regimes,
                        int64_t TotalBytes) {
  return commcost_packet_bytes_in(TotalBytes, Regimes.data(),
                                  int(Regimes.size()));
}

} // namespace commcost
