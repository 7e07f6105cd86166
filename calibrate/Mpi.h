// The calibrator's use of MPI, behind a few functions so that the rest
// needs no MPI header. MPI is initialised only for `--mpi`; without it
// every function behaves as for a single rank.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace commcost::calib {

void mpiInit();
void mpiFinalize();
bool mpiActive();
int mpiRank();
int mpiSize();
/// A barrier that sleeps while it waits, so that idle ranks leave the
/// cores to rank 0's thread suites instead of polling.
void mpiIdleBarrier();
/// Waits for every rank (spinning: for ranks that have work to finish).
void mpiBarrier();
double mpiMax(double V);
/// Releases every rank at one instant and returns it (microseconds on the
/// clock of nowUs()): rank 0 names a moment LeadUs ahead, and each rank
/// spins until then. Ranks of one node share the monotonic clock, so the
/// release skew is the cost of reading it, far below a barrier's; across
/// nodes a barrier releases them and each rank returns its own time.
/// A sample is then mpiMax(nowUs() - Start): the last rank's finish.
double mpiSynchronisedStart(double LeadUs = 30);
/// Rank 0's value of Flag on every rank.
bool mpiBroadcastFlag(bool Flag);
/// The message sizes at which the MPI library says its transports switch
/// protocol: every control variable (MPI_T) whose name ends in
/// "eager_limit" or "max_inline_send" (Open MPI's shared-memory transport
/// copies a message of up to 256 bytes inline, and a stream of 368-byte
/// messages cost 3.5x one of 256-byte ones) and holds a positive integer,
/// sorted and unique; empty without MPI or MPI_T. Where the switch lies
/// exactly (a limit may count a header) only a measurement shows.
std::vector<uint64_t> mpiProtocolLimits();
/// The host name of every rank, for the profile (ranks on one node or
/// across nodes).
std::string mpiHostSummary();

} // namespace commcost::calib
