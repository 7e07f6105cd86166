// A pinned thread team with a spinning start barrier.
#include "ThreadTeam.h"

#include "Measure.h"

#include <algorithm>
#include <immintrin.h>
#include <pthread.h>

namespace commcost::calib {

void SpinBarrier::wait() {
  unsigned Gen = Generation.load(std::memory_order_acquire);
  if (Count.fetch_add(1, std::memory_order_acq_rel) + 1 == N) {
    Count.store(0, std::memory_order_relaxed);
    Generation.fetch_add(1, std::memory_order_release);
    return;
  }
  while (Generation.load(std::memory_order_acquire) == Gen)
    _mm_pause();
}

namespace {
void pinToCore(unsigned Core) {
  unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Core % Cores, &Set);
  // Best effort: a container may forbid it, and the timing is still valid.
  pthread_setaffinity_np(pthread_self(), sizeof Set, &Set);
}
} // namespace

ThreadTeam::ThreadTeam(unsigned Size)
    : Size(std::max(1u, Size)), Start(this->Size), Finish(this->Size),
      Begins(this->Size), Ends(this->Size) {
  pthread_getaffinity_np(pthread_self(), sizeof CallerMask, &CallerMask);
  pinToCore(0);
  for (unsigned T = 1; T < this->Size; ++T)
    Workers.emplace_back([this, T] { workerLoop(T); });
}

ThreadTeam::~ThreadTeam() {
  {
    std::lock_guard<std::mutex> L(Mu);
    Quit.store(true);
  }
  Wake.notify_all();
  for (auto &W : Workers)
    W.join();
  pthread_setaffinity_np(pthread_self(), sizeof CallerMask, &CallerMask);
}

void ThreadTeam::runOn(unsigned Tid) {
  Start.wait();
  Begins[Tid] = nowUs();
  (*Job)(Tid);
  Ends[Tid] = nowUs();
  Finish.wait();
}

void ThreadTeam::workerLoop(unsigned Tid) {
  pinToCore(Tid);
  unsigned Seen = 0;
  for (;;) {
    // Spin a while before sleeping: jobs come back to back while a suite
    // runs, and a sleeping worker on a core shared with other work waits
    // a scheduler slice (milliseconds) to be woken.
    double Until = nowUs() + 20000;
    while (Epoch.load(std::memory_order_acquire) == Seen && !Quit.load() &&
           nowUs() < Until)
      _mm_pause();
    {
      std::unique_lock<std::mutex> L(Mu);
      Wake.wait(L, [&] { return Quit.load() || Epoch.load() != Seen; });
      if (Quit)
        return;
      Seen = Epoch;
    }
    runOn(Tid);
  }
}

double ThreadTeam::run(const std::function<void(unsigned)> &J) {
  {
    std::lock_guard<std::mutex> L(Mu);
    Job = &J;
    Epoch.fetch_add(1, std::memory_order_release);
  }
  Wake.notify_all();
  // The finish barrier is passed once every thread is done: its times are
  // written, and it does not look at the job again.
  runOn(0);
  return *std::max_element(Ends.begin(), Ends.end()) -
         *std::min_element(Begins.begin(), Begins.end());
}

} // namespace commcost::calib
