// Detection of line size, page size, cores and caches: from sysfs, or
// where a machine has no cache directory there (some virtual machines),
// from what the C library reads with CPUID (sysconf). The description
// names the CPU, the cores, the kernel and the day of the calibration, so
// that a profile read later (the embedded reference one above all) says
// which machine it measured.
#include "Machine.h"

#include <fstream>
#include <iterator>
#include <string>
#include <ctime>
#include <thread>
#include <sys/utsname.h>
#include <unistd.h>

namespace commcost::calib {

namespace {

bool readLine(const std::string &Path, std::string &Out) {
  std::ifstream In(Path);
  return bool(std::getline(In, Out));
}

/// "1024K" or "32M" in bytes; 0 if unreadable.
uint64_t parseSize(const std::string &S) {
  size_t End = 0;
  uint64_t V;
  try {
    V = std::stoull(S, &End);
  } catch (...) {
    return 0;
  }
  std::string Unit = S.substr(End);
  if (Unit == "K")
    return V << 10;
  if (Unit == "M")
    return V << 20;
  if (Unit == "G")
    return V << 30;
  return V;
}

/// Data caches as glibc's sysconf gives them; the last level is taken to
/// be shared, as it is on the processors that have one.
void fromSysconf(MachineInfo &M) {
  const int Sizes[] = {_SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
                       _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL4_CACHE_SIZE};
  const int Ways[] = {_SC_LEVEL1_DCACHE_ASSOC, _SC_LEVEL2_CACHE_ASSOC,
                      _SC_LEVEL3_CACHE_ASSOC, _SC_LEVEL4_CACHE_ASSOC};
  for (unsigned I = 0; I < std::size(Sizes); ++I) {
    long Size = sysconf(Sizes[I]);
    if (Size <= 0)
      break;
    long Assoc = sysconf(Ways[I]); // 0 or less: fully associative or unknown
    M.Caches.push_back(CacheLevel{I + 1, uint64_t(Size), false,
                                  uint64_t(std::max(0L, Assoc))});
  }
  if (M.Caches.size() > 2)
    M.Caches.back().Shared = true;
  if (long Line = sysconf(_SC_LEVEL1_DCACHE_LINESIZE); Line > 0)
    M.LineSize = uint64_t(Line);
}

} // namespace

MachineInfo detectMachine() {
  MachineInfo M;
  M.Cores = std::max(1u, std::thread::hardware_concurrency());
  long Page = sysconf(_SC_PAGESIZE);
  if (Page > 0)
    M.PageSize = uint64_t(Page);
  const std::string Base = "/sys/devices/system/cpu/cpu0/cache/index";
  for (unsigned I = 0;; ++I) {
    std::string Dir = Base + std::to_string(I) + "/", Type, Level, Size, Line,
                Shared;
    if (!readLine(Dir + "type", Type))
      break;
    if (Type == "Instruction" || !readLine(Dir + "level", Level) ||
        !readLine(Dir + "size", Size))
      continue;
    CacheLevel C;
    C.Level = unsigned(std::stoul(Level));
    C.SizeBytes = parseSize(Size);
    // A cache listed for more than one CPU ("0-1", "0,1") is shared.
    C.Shared = readLine(Dir + "shared_cpu_list", Shared) &&
               Shared.find_first_of("-,") != std::string::npos;
    if (std::string Ways; readLine(Dir + "ways_of_associativity", Ways))
      C.Ways = std::stoull(Ways);
    if (readLine(Dir + "coherency_line_size", Line))
      M.LineSize = std::stoull(Line);
    M.Caches.push_back(C);
  }
  if (M.Caches.empty())
    fromSysconf(M);
  std::ifstream CpuInfo("/proc/cpuinfo");
  std::string L;
  while (std::getline(CpuInfo, L))
    if (L.rfind("model name", 0) == 0) {
      M.Description = L.substr(L.find(':') + 2);
      break;
    }
  if (M.Description.empty())
    M.Description = "unknown CPU";
  M.Description += ", " + std::to_string(M.Cores) + " cores";
  if (M.Caches.empty())
    M.Description += " (caches unknown, defaults used)";
  if (utsname U; uname(&U) == 0)
    M.Description += std::string(", ") + U.sysname + " " + U.release;
  char Day[16];
  std::time_t Now = std::time(nullptr);
  std::tm Utc;
  if (gmtime_r(&Now, &Utc) && std::strftime(Day, sizeof Day, "%Y-%m-%d", &Utc))
    M.Description += std::string("; calibrated ") + Day;
  return M;
}

} // namespace commcost::calib
