"""End-to-end check of a receive's wait under the measure option
(docs/measure.md): receive_wait.c compiled with the plugin at -O0 to -O3
and run on two ranks, rank 0 sleeping DELAY_MS before it sends. Checks:
- every message arrives intact, with its status (the program's exit code):
  the probe before a receive does not change what it takes;
- rank 1's lone receive records its waits apart, one per run, of about the
  delay, and a time of its own far below it; its loop of four receives of
  any source and tag, one wait per message; no send records a wait;
- `commcost compare --json` gives the receive's mean wait, and its table
  notes it.

Usage: check_receive_wait.py CLANG PLUGIN MEASURE_LIB COMMCOST TMPDIR"""
import glob
import json
import os
import shlex
import subprocess
import sys

from measured_levels import check_levels, run

HERE = os.path.dirname(os.path.abspath(__file__))
REPS, DELAY_MS, PACKETS = 5, 20, 4


def mpicc(what):
    return shlex.split(run(["mpicc", f"--showme:{what}"],
                           capture_output=True).stdout)


def check_level(level, clang, plugin, lib, commcost, work):
    out = os.path.join(work, level.lstrip("-"))
    os.makedirs(out, exist_ok=True)
    records = os.path.join(out, "receive_wait.opt.yaml")
    exe = os.path.join(out, "receive_wait")
    run([clang, level, "-g", "-fplugin=" + plugin,
         "-fplugin-arg-commcost-measure", "-fsave-optimization-record",
         "-foptimization-record-file=" + records, *mpicc("compile"),
         os.path.join(HERE, "receive_wait.c"), lib, *mpicc("link"),
         "-o", exe])
    runs = os.path.join(out, "runs")
    os.makedirs(runs, exist_ok=True)
    proc = subprocess.run(
        ["mpirun", "-np", "2", "--oversubscribe", "--allow-run-as-root", exe,
         str(REPS), str(DELAY_MS)],
        env=dict(os.environ, COMMCOST_MEASURE_DIR=runs), text=True,
        capture_output=True, timeout=120)
    if proc.returncode != 0:
        return [f"{level}: the program failed ({proc.returncode}): "
                f"{proc.stderr.strip()}"]
    files = glob.glob(os.path.join(runs, "commcost-run.*.json"))
    sites = {}
    for name in files:
        with open(name) as f:
            for s in json.load(f)["sites"]:
                sites[s["function"]] = s
    failures = []
    delay_ns = DELAY_MS * 1e6
    expected = {"recv_one": REPS, "recv_any": PACKETS * REPS,
                "send_one": None, "send_packets": None}
    for function, waits in expected.items():
        s = sites.get(function)
        where = f"{level} {function}"
        if s is None:
            failures.append(f"{where}: not in the runs {files}")
            continue
        if s["count"] != REPS:
            failures.append(f"{where}: count {s['count']}, ran {REPS}")
        if s.get("waited_count") != waits:
            failures.append(f"{where}: {s.get('waited_count')} waits, "
                            f"expected {waits}")
    one = sites.get("recv_one", {})
    if one.get("waited_count"):
        waited, own = one["waited_ns"] / REPS, one["total_ns"] / one["count"]
        if not 0.75 * delay_ns <= waited <= 4 * delay_ns:
            failures.append(f"{level} recv_one: waited {waited:.0f} ns a "
                            f"run, rank 0 slept {delay_ns:.0f}")
        if own > 0.25 * delay_ns:
            failures.append(f"{level} recv_one: its own time {own:.0f} ns "
                            f"holds the wait")
    report = json.loads(run([commcost, "compare", "--json", *files, records],
                            capture_output=True).stdout)
    rows = {r["function"]: r for r in report["sites"]}
    measured = (rows.get("recv_one") or {}).get("measured") or {}
    mean = measured.get("waited", {}).get("mean_us", 0)
    if not 0.75 * DELAY_MS * 1000 <= mean:
        failures.append(f"{level}: compare gives recv_one a wait of "
                        f"{mean} us: {measured}")
    table = run([commcost, "compare", *files, records],
                capture_output=True).stdout
    if "for its message (not in its time)" not in table:
        failures.append(f"{level}: compare's table notes no wait:\n{table}")
    return failures


def main():
    return check_levels(__doc__, check_level, "receives checked")


if __name__ == "__main__":
    sys.exit(main())
