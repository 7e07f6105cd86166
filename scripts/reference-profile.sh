#!/bin/sh
# Remakes the embedded default profile, runtime/profiles/default.json: a
# full calibration of this machine with the MPI suites (commcost calibrate
# --mpi), its description prefixed "reference machine: ". Run it on a quiet
# machine from a built tree (build/bin/commcost), then rebuild: the plugin
# compiles the file in. The tests price sites with test/profiles/fixed.json,
# so a new reference changes none of their costs.
#
# With PROFILE, marks that calibration instead (one already benchmarked
# against the current one, docs/measure.md).
#
# Usage: scripts/reference-profile.sh [BUILD_DIR [PROFILE]]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 2 ]; then
  source=$2
else
  source=$tmp/profile.json
  "$build/bin/commcost" calibrate --mpi --out "$source"
fi
python3 - "$source" "$root/runtime/profiles/default.json" <<'EOF'
import json, os, sys
source, target = sys.argv[1], sys.argv[2]
with open(source) as f:
    profile = json.load(f)
if profile.get("machine", {}).get("default") or not profile.get("models"):
    sys.exit(f"{source}: not a calibration (no models, or marked default)")
machine = profile["machine"]
machine["description"] = "reference machine: " + machine["description"]
machine["default"] = False
# The raw samples stayed on the reference machine.
profile.get("calibration", {}).pop("raw_dir", None)
with open(target + ".tmp", "w") as f:
    json.dump(profile, f, indent=1, sort_keys=True)
    f.write("\n")
os.replace(target + ".tmp", target)
print(f"{target}: {machine['description']}")
EOF
