// How one point is measured: warm-up runs, then repetitions until the
// relative standard error is small or a cap is hit (the methodology of
// docs/design.md). Also the clock and the cache flush the kernels use.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace commcost::calib {

struct RepeatPolicy {
  unsigned Warmup = 1;
  unsigned MinReps = 15;
  unsigned MaxReps = 61;
  double TargetRse = 0.004;
  /// Stop once the recorded samples add up to this much. Decisions depend
  /// only on the samples, so MPI ranks that share max-reduced samples stop
  /// together.
  double MaxTotalUs = 1e6;
};

/// Samples of Once() (each returns microseconds) under Policy.
std::vector<double> repeatUntilStable(const std::function<double()> &Once,
                                      const RepeatPolicy &Policy);

/// Microseconds on a monotonic clock.
double nowUs();

/// Writes back and evicts every cache line of [Begin, Begin + Bytes).
void flushRange(const void *Begin, size_t Bytes);

/// Evicts caches and TLB the way a program's other work does: reads one
/// byte of every line of a buffer of Bytes (allocated and written on the
/// first call, grown if a later call asks more), page after page, so the
/// caches hold clean lines of it and the TLB its pages.
void evictByReading(size_t Bytes);

/// Evicts the address translations of everything but a buffer of its own
/// from every TLB level: touches one line on each of its 16384 pages, four
/// times the second-level TLB of current x86-64 cores. Flushing a range
/// walks its pages, which leaves their translations cached; a cold
/// transfer of a large array finds neither.
void evictTlb();

/// Keeps the compiler from dropping a computation whose result is unused.
void doNotOptimize(const void *P);

} // namespace commcost::calib
