"""End-to-end check of the measure option (docs/measure.md).

Compiles measured.c with the plugin, -fplugin-arg-commcost-measure and
-fsave-optimization-record at -O0 to -O3, links it with measured_main.c and
the measure library, runs it, and checks the run's file against the
records of the same compile and against what main() ran:
- one entry per kernel, run as often as main() runs it (a copy loop, a
  memcpy in a loop timed with the loop, a memcpy alone);
- the prediction the instrumented code computed from its parameters, per
  execution, equals the record's cost evaluated at main()'s sizes (to the
  picosecond); a cost that reads a global has no run-time prediction;
- times are positive and the median lies between the least and the most;
- `commcost compare RUN RECORDS` reads both and lists every kernel.

Usage: check_measure.py CLANG PLUGIN MEASURE_LIB COMMCOST TMPDIR"""
import glob
import json
import os
import sys

from measured_levels import check_levels, run

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "pylib"))
from commcost_records import evaluate, load_remarks  # noqa: E402

REPS = 7
# The sizes main() passes, by kernel (the names its record uses).
KERNELS = {
    "pack_col": {"n": 256, "m": 256, "col": 3},
    "copy_rows": {"r": 64, "w": 512, "pitch": 2048},
    "copy_block": {"bytes": 8 * 256 * 16},
    "transpose": {"n": 256},
    "from_global": None,  # predicted by the record only
}


def record_ps(records, function):
    """The picoseconds the records of function's sites state, summed, at
    main()'s sizes."""
    total = 0
    for r in records:
        if r["Function"] != function or r["Name"] != "CommunicationCost":
            continue
        args = r["Args"]
        if "CostPs" in args:
            total += evaluate(args["CostPs"], KERNELS[function])
        else:
            total += round(float(args["CostUs"]) * 1e6)
    return total


def check_level(level, clang, plugin, lib, commcost, work):
    failures = []
    out = os.path.join(work, level.lstrip("-"))
    os.makedirs(out, exist_ok=True)
    records = os.path.join(out, "measured.opt.yaml")
    obj = os.path.join(out, "measured.o")
    run([clang, level, "-g", "-c", os.path.join(HERE, "measured.c"),
         "-o", obj, "-fplugin=" + plugin, "-fplugin-arg-commcost-measure",
         "-fsave-optimization-record",
         "-foptimization-record-file=" + records])
    exe = os.path.join(out, "measured")
    run([clang, "-O1", os.path.join(HERE, "measured_main.c"), obj, lib,
         "-o", exe])
    runs = os.path.join(out, "runs")
    os.makedirs(runs, exist_ok=True)
    run([exe], env=dict(os.environ, COMMCOST_MEASURE_DIR=runs))
    files = glob.glob(os.path.join(runs, "commcost-run.*.json"))
    if len(files) != 1:
        return [f"{level}: {len(files)} run files in {runs}, expected 1"]
    with open(files[0]) as f:
        data = json.load(f)
    remarks = load_remarks(records)
    sites = {s["function"]: s for s in data["sites"]}
    for function, sizes in KERNELS.items():
        s = sites.get(function)
        if s is None:
            failures.append(f"{level} {function}: not in the run")
            continue
        where = f"{level} {function} ({s['callee']} at line {s['line']})"
        if s["count"] != REPS:
            failures.append(f"{where}: count {s['count']}, ran {REPS}")
        if not (s["total_ns"] > 0 and
                s["min_ns"] <= s["median_ns"] <= s["max_ns"]):
            failures.append(f"{where}: times {s}")
        if sizes is None:
            if "predicted_count" in s:
                failures.append(f"{where}: predicted at run time from a "
                                f"global: {s['predicted_total_ps']}")
            continue
        want = record_ps(remarks, function)
        got = s.get("predicted_total_ps")
        if s.get("predicted_count") != REPS or got is None or \
                round(got) != want * REPS:
            failures.append(f"{where}: predicted {got} ps over "
                            f"{s.get('predicted_count')} runs, the record "
                            f"says {want} ps each")
    table = run([commcost, "compare", files[0], records],
                capture_output=True).stdout
    for function in KERNELS:
        if function not in table:
            failures.append(f"{level}: compare does not list {function}:\n"
                            f"{table}")
    return failures


def main():
    return check_levels(__doc__, check_level,
                        f"{len(KERNELS)} kernels compared")


if __name__ == "__main__":
    sys.exit(main())
