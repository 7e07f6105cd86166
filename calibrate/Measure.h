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

/// What a piece timed between two nowUs() readings holds beyond itself:
/// the median of 1001 back-to-back readings' differences, measured on the
/// first call (the measure option's library takes off the same).
double clockOverheadUs();

/// Writes back and evicts every cache line of [Begin, Begin + Bytes).
void flushRange(const void *Begin, size_t Bytes);

/// Evicts caches and TLB the way a program's other work does: reads one
/// byte of every line of a buffer of Bytes (allocated and written on the
/// first call, grown if a later call asks more), page after page, so the
/// caches hold clean lines of it, the TLB its pages, and no cache the
/// page-table lines of what was evicted (flushing a range and sweeping
/// the TLB leaves those cached: a column of 2048 doubles at a 16 KiB pitch
/// cost 27.5 us so, 44.4 us after reading 128 MiB).
void evictByReading(size_t Bytes);

/// Keeps the compiler from dropping a computation whose result is unused.
void doNotOptimize(const void *P);

} // namespace commcost::calib
