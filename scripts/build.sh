#!/usr/bin/env bash
# Set-up, then configure and build commcost into build/ (incremental).
# With clang-19: the calibrator times copy loops compiled as the plugin's
# users compile theirs (GCC's code for a 512 x 512 transpose ran 1694 us
# where clang's ran 2150, and the calibration priced clang's code from
# GCC's times).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -f build/CMakeCache.txt ] &&
   ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-19$' build/CMakeCache.txt; then
  echo "build/ was configured with another compiler: configuring it again" >&2
  rm -rf build/CMakeCache.txt build/CMakeFiles
fi
if [ ! -f build/CMakeCache.txt ]; then
  mkdir -p build
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    >build/configure.log 2>&1 || { cat build/configure.log >&2; exit 1; }
fi
cmake --build build -j"$(nproc)"
