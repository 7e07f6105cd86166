// The calibrator's use of MPI.
#include "Mpi.h"

#include "Measure.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <string_view>
#include <thread>
#include <vector>

namespace commcost::calib {

namespace {
bool Active = false;
bool OneNode = true;

std::vector<std::string> hostNames() {
  char Name[MPI_MAX_PROCESSOR_NAME] = {};
  int Len = 0;
  MPI_Get_processor_name(Name, &Len);
  int Size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  std::vector<char> All(size_t(Size) * MPI_MAX_PROCESSOR_NAME);
  MPI_Allgather(Name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, All.data(),
                MPI_MAX_PROCESSOR_NAME, MPI_CHAR, MPI_COMM_WORLD);
  std::vector<std::string> Out;
  for (int R = 0; R < Size; ++R)
    Out.emplace_back(&All[size_t(R) * MPI_MAX_PROCESSOR_NAME]);
  return Out;
}
} // namespace

void mpiInit() {
  // The thread level of a program that calls MPI_Init: a higher one puts
  // locks on the library's fast path (Open MPI 4.1 here: 4096 sends of 256
  // bytes took 560-610 us single, 780-1370 us funneled), and the messages
  // measured are those of such programs. The thread suites' workers never
  // call MPI; they run between the main thread's calls.
  int Provided;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SINGLE, &Provided);
  Active = true;
  std::vector<std::string> Hosts = hostNames();
  OneNode = std::set<std::string>(Hosts.begin(), Hosts.end()).size() == 1;
}

void mpiFinalize() {
  if (Active)
    MPI_Finalize();
  Active = false;
}

bool mpiActive() { return Active; }

int mpiRank() {
  int R = 0;
  if (Active)
    MPI_Comm_rank(MPI_COMM_WORLD, &R);
  return R;
}

int mpiSize() {
  int S = 1;
  if (Active)
    MPI_Comm_size(MPI_COMM_WORLD, &S);
  return S;
}

void mpiIdleBarrier() {
  if (!Active)
    return;
  MPI_Request Req;
  MPI_Ibarrier(MPI_COMM_WORLD, &Req);
  int Done = 0;
  while (MPI_Test(&Req, &Done, MPI_STATUS_IGNORE), !Done)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

void mpiBarrier() {
  if (Active)
    MPI_Barrier(MPI_COMM_WORLD);
}

double mpiMax(double V) {
  if (!Active)
    return V;
  double Out;
  MPI_Allreduce(&V, &Out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return Out;
}

bool mpiBroadcastFlag(bool Flag) {
  if (!Active)
    return Flag;
  int V = Flag;
  MPI_Bcast(&V, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return V != 0;
}

double mpiSynchronisedStart(double LeadUs) {
  if (!Active)
    return nowUs();
  if (!OneNode) {
    MPI_Barrier(MPI_COMM_WORLD);
    return nowUs();
  }
  double Start = mpiRank() == 0 ? nowUs() + LeadUs : 0;
  MPI_Bcast(&Start, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  while (nowUs() < Start)
    ;
  return Start;
}

std::vector<uint64_t> mpiProtocolLimits() {
  std::vector<uint64_t> Out;
  int Provided, Count = 0;
  if (!Active || MPI_T_init_thread(MPI_THREAD_SINGLE, &Provided) !=
                     MPI_SUCCESS)
    return Out;
  MPI_T_cvar_get_num(&Count);
  for (int I = 0; I < Count; ++I) {
    char Name[256], Desc[8];
    int NameLen = sizeof Name, DescLen = sizeof Desc, Verbosity, Bind, Scope;
    MPI_Datatype Type;
    MPI_T_enum Enum;
    if (MPI_T_cvar_get_info(I, Name, &NameLen, &Verbosity, &Type, &Enum, Desc,
                            &DescLen, &Bind, &Scope) != MPI_SUCCESS ||
        Bind != MPI_T_BIND_NO_OBJECT)
      continue;
    if (std::string_view Var(Name);
        !Var.ends_with("eager_limit") && !Var.ends_with("max_inline_send"))
      continue;
    MPI_T_cvar_handle Handle;
    int Elements = 0;
    if (MPI_T_cvar_handle_alloc(I, nullptr, &Handle, &Elements) !=
        MPI_SUCCESS)
      continue;
    long long Value = 0;
    if (Elements == 1) {
      if (Type == MPI_INT || Type == MPI_UNSIGNED) {
        int V;
        if (MPI_T_cvar_read(Handle, &V) == MPI_SUCCESS)
          Value = Type == MPI_INT ? V : static_cast<unsigned>(V);
      } else if (Type == MPI_UNSIGNED_LONG || Type == MPI_UNSIGNED_LONG_LONG ||
                 Type == MPI_LONG || Type == MPI_LONG_LONG) {
        // All four are 64 bits on the platforms Open MPI supports here.
        uint64_t V;
        if (MPI_T_cvar_read(Handle, &V) == MPI_SUCCESS)
          Value = static_cast<long long>(V);
      }
    }
    MPI_T_cvar_handle_free(&Handle);
    if (Value > 0)
      Out.push_back(uint64_t(Value));
  }
  MPI_T_finalize();
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::string mpiHostSummary() {
  if (!Active)
    return "1 rank";
  std::vector<std::string> Hosts = hostNames();
  return std::to_string(Hosts.size()) + " ranks on " +
         std::to_string(
             std::set<std::string>(Hosts.begin(), Hosts.end()).size()) +
         " node(s)";
}

} // namespace commcost::calib
