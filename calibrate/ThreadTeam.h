// A team of threads pinned one per core that run a job together: the SMP
// superstep and packet suites time what happens between one common
// release (a spinning barrier, so no thread is late by a wake-up) and the
// last thread's finish. Between jobs the workers spin a little, then
// sleep.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <sched.h>
#include <thread>
#include <vector>

namespace commcost::calib {

/// A sense-reversing barrier that spins: release skew is what it costs to
/// see one cache line change.
class SpinBarrier {
public:
  explicit SpinBarrier(unsigned N) : N(N) {}
  void wait();

private:
  unsigned N;
  std::atomic<unsigned> Count{0};
  std::atomic<unsigned> Generation{0};
};

class ThreadTeam {
public:
  /// Threads 1..Size-1 are started here; thread 0 is the caller.
  explicit ThreadTeam(unsigned Size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam &) = delete;
  ThreadTeam &operator=(const ThreadTeam &) = delete;

  unsigned size() const { return Size; }
  /// Runs Job(Tid) on every thread, all released together, and returns
  /// the microseconds from the earliest start to the latest finish.
  double run(const std::function<void(unsigned Tid)> &Job);

private:
  void workerLoop(unsigned Tid);
  void runOn(unsigned Tid);

  unsigned Size;
  std::vector<std::thread> Workers;
  SpinBarrier Start, Finish;
  std::mutex Mu;
  std::condition_variable Wake;
  const std::function<void(unsigned)> *Job = nullptr;
  std::atomic<unsigned> Epoch{0};
  std::atomic<bool> Quit{false};
  std::vector<double> Begins, Ends;
  cpu_set_t CallerMask;
};

} // namespace commcost::calib
