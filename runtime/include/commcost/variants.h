/* Choosing code variants by predicted communication cost, in C and C++.
 *
 *   #include <commcost/variants.h>
 *
 *   static void halo_rows(double *g, int n);   // same signature
 *   static void halo_cols(double *g, int n);
 *   COMMCOST_VARIANTS(halo, halo_rows, halo_cols);
 *   ...
 *   halo(g, n);            // runs the alternative predicted cheapest
 *
 *   int b = COMMCOST_TUNE(block, 16, 64, 256); // a value of the list
 *   long long l = commcost_packet_bytes(d);     // best packet size for d bytes
 *
 * With the commcost plugin (clang -fplugin=CommCost.so):
 * - COMMCOST_VARIANTS(name, first, second, ...) declares name, callable
 *   like first. Each call runs the alternative whose predicted
 *   communication cost (the analysis' function total with the call's
 *   arguments) is least: chosen at compile time when the costs are
 *   numbers, else at run time from the actual arguments (the costs'
 *   integer expressions are compiled in; a decision is reused while the
 *   arguments stay the same). A choice that cannot be made (a cost not
 *   known) calls first and says why (-Rpass-missed=commcost).
 * - COMMCOST_TUNE(name, v1, v2, ...) inside a function yields the value
 *   of the list that minimises the enclosing function's predicted cost
 *   (at compile time, or at run time from the function's arguments). The
 *   values are integer constant expressions.
 * - commcost_packet_bytes(total_bytes) is the packet size (bytes) that
 *   minimises the time of sending total_bytes in packets by the profile's
 *   packet model (Fischer et al.: k packets of l bytes, at its optimum
 *   l0 = sqrt(a1/a2 * D), in each protocol regime of a piecewise model).
 *   A constant argument is folded at compile time.
 * - -Rpass=commcost shows every decision, and -fsave-optimization-record
 *   records it (docs/plugin.md).
 *
 * Without the plugin (any C or C++ compiler with GNU extensions): name
 * calls first, COMMCOST_TUNE yields v1, commcost_packet_bytes returns
 * total_bytes (one packet), and the program computes the same, since
 * alternatives must compute the same results.
 *
 * Rules: COMMCOST_VARIANTS at file or namespace scope, after the
 * alternatives' declarations, with at least two alternatives of one
 * function type (not overloaded names); COMMCOST_TUNE inside a function.
 *
 * How the plugin finds them: it defines __COMMCOST_PLUGIN__, and the
 * macros then mark name, the candidate list and the packet profile with
 * clang's annotate attribute (llvm.global.annotations); the plugin
 * rewrites their uses before the optimiser folds them.
 */
#ifndef COMMCOST_VARIANTS_H
#define COMMCOST_VARIANTS_H

#if defined(__COMMCOST_PLUGIN__)
#define COMMCOST_ANNOTATE_(...) __attribute__((annotate(__VA_ARGS__)))
/* Written by the plugin: it rewrites every use of these. */
#define COMMCOST_PLUGIN_CONST_
#else
#define COMMCOST_ANNOTATE_(...)
#define COMMCOST_PLUGIN_CONST_ const
#endif

/* The alternatives, in an array of first's type (which checks that they
 * all have it), are what the annotation names. */
#define COMMCOST_VARIANTS(name, first, ...)                                    \
  static __typeof__(first) *const name##_commcost_alternatives_[]             \
      __attribute__((unused)) = {first, __VA_ARGS__};                          \
  static __typeof__(first) *COMMCOST_PLUGIN_CONST_ name __attribute__((unused)) \
      COMMCOST_ANNOTATE_("commcost.variants",                                  \
                         name##_commcost_alternatives_) = first

#define COMMCOST_TUNE(name, first, ...)                                        \
  (__extension__({                                                             \
    static COMMCOST_PLUGIN_CONST_ __typeof__(first)                            \
        commcost_tune_candidates_[] COMMCOST_ANNOTATE_("commcost.tune:" #name) \
        = {first, __VA_ARGS__};                                                \
    commcost_tune_candidates_[0];                                              \
  }))

#ifdef __cplusplus
extern "C" {
#endif

/* One protocol regime of the packet model at r = 1: packet sizes lo..hi
 * bytes, where sending k packets of l bytes costs
 * a0 + a1*k + a2*l + a3*k*l (any unit). */
struct commcost_packet_regime {
  long long lo, hi;
  double a0, a1, a2, a3;
};

/* The packet size l (1 <= l <= total_bytes) minimising the cost of
 * k = ceil(total_bytes / l) packets over the regimes: in each, the sizes
 * around the real optimum l0 = sqrt(a1/a2 * total_bytes) clamped to the
 * regime and the sizes for the packet counts around total_bytes / l0,
 * each also as the least size that needs as many packets. With no regime,
 * one packet: total_bytes. The plugin
 * and libcommcost compute the same with this function. */
static inline long long
commcost_packet_bytes_in(long long total_bytes,
                         const struct commcost_packet_regime *regimes,
                         int count) {
  long long best = total_bytes;
  double best_cost = 0;
  int found = 0;
  int i, j;
  if (total_bytes <= 1)
    return total_bytes;
  for (i = 0; i < count; ++i) {
    const struct commcost_packet_regime *r = &regimes[i];
    long long lo = r->lo < 1 ? 1 : r->lo;
    long long hi = r->hi > total_bytes ? total_bytes : r->hi;
    long long root, candidates[4];
    if (lo > hi)
      continue;
    if (!(r->a2 > 0)) {
      root = hi; /* packets cost, their bytes do not */
    } else if (!(r->a1 > 0)) {
      root = lo; /* bytes cost, packets do not */
    } else {
      /* floor(sqrt(q)) by bits, so that C programs need no libm. */
      double q = r->a1 / r->a2 * (double)total_bytes;
      unsigned long long x = q >= 9.0e18 ? 9000000000000000000ULL
                                         : (unsigned long long)q;
      unsigned long long y = 0, bit = 1ULL << 62;
      while (bit > x)
        bit >>= 2;
      while (bit) {
        if (x >= y + bit) {
          x -= y + bit;
          y = (y >> 1) + bit;
        } else {
          y >>= 1;
        }
        bit >>= 2;
      }
      root = (long long)y < 1 ? 1 : (long long)y;
    }
    candidates[0] = root;
    candidates[1] = root + 1;
    /* For k packets, the least size that fits is ceil(total / k). */
    candidates[2] = total_bytes / root;
    candidates[3] = total_bytes / root + 1;
    for (j = 2; j < 4; ++j)
      candidates[j] = candidates[j] < 1
                          ? total_bytes
                          : (total_bytes + candidates[j] - 1) / candidates[j];
    for (j = 0; j < 8; ++j) {
      long long l = candidates[j / 2], k;
      double cost;
      l = l < lo ? lo : l > hi ? hi : l;
      k = (total_bytes + l - 1) / l;
      if (j % 2) { /* the same packets, each as small as they can be */
        l = (total_bytes + k - 1) / k;
        l = l < lo ? lo : l;
        k = (total_bytes + l - 1) / l;
      }
      cost = r->a0 + r->a1 * (double)k + r->a2 * (double)l +
             r->a3 * (double)k * (double)l;
      if (!found || cost < best_cost) {
        found = 1;
        best_cost = cost;
        best = l;
      }
    }
  }
  return best;
}

#if defined(__COMMCOST_PLUGIN__)
/* The profile's packet model, written in by the plugin at compile time. */
struct commcost_packet_profile {
  int count;
  struct commcost_packet_regime regimes[8];
};
static struct commcost_packet_profile commcost_packet_profile_
    __attribute__((unused)) COMMCOST_ANNOTATE_("commcost.packet_profile");

COMMCOST_ANNOTATE_("commcost.packet_bytes")
static inline long long commcost_packet_bytes(long long total_bytes) {
  return commcost_packet_bytes_in(total_bytes, commcost_packet_profile_.regimes,
                                  commcost_packet_profile_.count);
}
#else
static inline long long commcost_packet_bytes(long long total_bytes) {
  return total_bytes;
}
#endif

#ifdef __cplusplus
}
#endif

#endif /* COMMCOST_VARIANTS_H */
