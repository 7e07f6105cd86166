// Repetition loop, clock, cache flush and eviction.
#include "Measure.h"

#include "Stats.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <immintrin.h>
#include <vector>

namespace commcost::calib {

std::vector<double> repeatUntilStable(const std::function<double()> &Once,
                                      const RepeatPolicy &Policy) {
  for (unsigned I = 0; I < Policy.Warmup; ++I)
    Once();
  std::vector<double> Samples;
  double Total = 0;
  while (Samples.size() < Policy.MaxReps) {
    Samples.push_back(Once());
    Total += Samples.back();
    if (Samples.size() >= Policy.MinReps &&
        (relativeStandardError(Samples) <= Policy.TargetRse ||
         Total >= Policy.MaxTotalUs))
      break;
  }
  return Samples;
}

double nowUs() {
  using namespace std::chrono;
  return duration<double, std::micro>(steady_clock::now().time_since_epoch())
      .count();
}

double clockOverheadUs() {
  static const double Overhead = [] {
    std::vector<double> D(1001);
    for (double &X : D) {
      double T0 = nowUs();
      X = nowUs() - T0;
    }
    std::nth_element(D.begin(), D.begin() + D.size() / 2, D.end());
    return D[D.size() / 2];
  }();
  return Overhead;
}

void flushRange(const void *Begin, size_t Bytes) {
  const char *P = static_cast<const char *>(Begin);
  uintptr_t Line = reinterpret_cast<uintptr_t>(P) & ~uintptr_t(63);
  uintptr_t End = reinterpret_cast<uintptr_t>(P) + Bytes;
  for (; Line < End; Line += 64)
    _mm_clflush(reinterpret_cast<const void *>(Line));
  _mm_mfence();
}

void evictByReading(size_t Bytes) {
  static std::vector<char> Buffer;
  if (Buffer.size() < Bytes)
    Buffer.assign(Bytes, 1);
  unsigned Sum = 0;
  for (size_t I = 0; I < Bytes; I += 64)
    Sum += static_cast<volatile char *>(Buffer.data())[I];
  doNotOptimize(&Sum);
}

void doNotOptimize(const void *P) { asm volatile("" : : "g"(P) : "memory"); }

} // namespace commcost::calib
