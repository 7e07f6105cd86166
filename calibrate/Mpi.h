// The calibrator's use of MPI, behind a few functions so that the rest
// needs no MPI header. MPI is initialised only for `--mpi`; without it
// every function behaves as for a single rank.
#pragma once

#include <string>

namespace commcost::calib {

void mpiInit();
void mpiFinalize();
bool mpiActive();
int mpiRank();
int mpiSize();
/// A plain barrier, for releasing ranks together before a timed pattern.
void mpiBarrier();
/// A barrier that sleeps while it waits, so that idle ranks leave the
/// cores to rank 0's thread suites instead of polling.
void mpiIdleBarrier();
double mpiMax(double V);
/// Rank 0's value of Flag on every rank.
bool mpiBroadcastFlag(bool Flag);
/// The host name of every rank, for the profile (ranks on one node or
/// across nodes).
std::string mpiHostSummary();

} // namespace commcost::calib
