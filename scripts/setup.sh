#!/usr/bin/env bash
# Installs the Debian packages commcost needs, and only those missing.
# Idempotent and silent when everything is there; needs root or sudo.
set -euo pipefail

packages=(
  cmake make g++ python3 python3-yaml python3-clang-19
  llvm-19-dev llvm-19-tools clang-19 libclang-19-dev libclang-cpp19-dev
  libomp-19-dev
  libeigen3-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libopenmpi-dev openmpi-bin
  gnuplot-nox
  dpkg-dev file
  libclang-rt-19-dev csmith libcsmith-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed; then
    missing+=("$p")
  fi
done
((${#missing[@]} == 0)) && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
