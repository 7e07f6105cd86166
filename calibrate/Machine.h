// What the calibrator finds out about this machine before measuring: line
// and page size, cores, the cache levels (from sysfs), a description. The
// suites scale their sizes to these numbers and the profile records them.
#pragma once

#include "commcost/Profile.h"

namespace commcost::calib {

/// Reads /sys/devices/system/cpu/cpu0/cache and /proc/cpuinfo. Missing
/// information falls back to the values of MachineInfo, said so in the
/// description.
MachineInfo detectMachine();

} // namespace commcost::calib
