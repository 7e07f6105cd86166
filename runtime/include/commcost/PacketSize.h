// The packet size that minimises the profile's packet model for D bytes
// (Fischer et al., section 7: k0 = sqrt(a2/a1 * D), l0 = sqrt(a1/a2 * D)
// at r = 1), over the protocol regimes of a piecewise model. The search
// itself is commcost_packet_bytes_in of commcost/variants.h, which
// programs run when the size is known only at run time; this is the same
// search for the plugin (constant sizes) and for tools.
#pragma once

#include "commcost/Model.h"
#include "commcost/variants.h"

#include <cstdint>
#include <vector>

namespace commcost {

/// Regimes of a packet model at r = 1: split where the form steps in the
/// packet size l (min(1, floordiv(l, B)), the way piecewise fits write a
/// protocol breakpoint B), each with the coefficients of
/// a0 + a1*k + a2*l + a3*k*l that the model is in it. Throws ModelError
/// naming the model when its form has features other than k, l and r, or
/// is not of that shape within a regime, or has more than 8 regimes.
std::vector<commcost_packet_regime> packetRegimes(const Model &M);

/// The packet size for TotalBytes bytes over Regimes: the search of
/// commcost_packet_bytes_in (TotalBytes itself when there is no regime or
/// at most one byte).
int64_t bestPacketBytes(const std::vector<commcost_packet_regime> &Regimes,
                        int64_t TotalBytes);

} // namespace commcost
