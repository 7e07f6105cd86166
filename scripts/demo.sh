#!/usr/bin/env bash
# Set-up and build, then the main job: compile an example with the plugin and
# show its cost remarks (embedded default profile unless one was calibrated).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
echo "Setting up and building commcost (log: build/build.log) ..."
scripts/build.sh >build/build.log 2>&1 || { tail -40 build/build.log >&2; exit 1; }
example=${1:-examples/halo_exchange.c}
plugin=$(build/bin/commcost --plugin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "\$ clang-19 -O2 -fplugin=$plugin -Rpass-analysis=commcost -Rpass-missed=commcost \$(mpicc --showme:compile) -c $example"
# An empty configuration folder: the embedded default profile, not a calibrated one.
env -u COMMCOST_PROFILE XDG_CONFIG_HOME="$out" clang-19 -O2 -fplugin="$plugin" \
  -Rpass=commcost -Rpass-analysis=commcost -Rpass-missed=commcost \
  $(mpicc --showme:compile) -c "$example" -o "$out/example.o"
