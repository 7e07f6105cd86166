#!/usr/bin/env bash
# Set-up, then configure and build commcost into build/ (incremental).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ ! -f build/CMakeCache.txt ]; then
  mkdir -p build
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >build/configure.log 2>&1 || {
    cat build/configure.log >&2; exit 1; }
fi
cmake --build build -j"$(nproc)"
