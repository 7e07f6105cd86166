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
    Quit = true;
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
    {
      std::unique_lock<std::mutex> L(Mu);
      Wake.wait(L, [&] { return Quit || Epoch != Seen; });
      if (Quit)
        return;
      Seen = Epoch;
    }
    runOn(Tid);
    {
      std::lock_guard<std::mutex> L(Mu);
      ++Finished;
    }
    Done.notify_one();
  }
}

double ThreadTeam::run(const std::function<void(unsigned)> &J) {
  {
    std::lock_guard<std::mutex> L(Mu);
    Job = &J;
    Finished = 0;
    ++Epoch;
  }
  Wake.notify_all();
  runOn(0);
  std::unique_lock<std::mutex> L(Mu);
  Done.wait(L, [&] { return Finished == Size - 1; });
  return *std::max_element(Ends.begin(), Ends.end()) -
         *std::min_element(Begins.begin(), Begins.end());
}

} // namespace commcost::calib
