#!/usr/bin/env python3
"""The end-to-end test of libcommcost-measure: runs the program of
program.c, which records through the public API and forks, and checks the
run files that it and its child write at exit (docs/measure.md). Three runs:
into $COMMCOST_MEASURE_DIR (and not the current directory), into the
current directory when the variable is unset, and with a launcher's rank.
A fourth records only two sums of known durations, through
__commcost_measure_record_sum, which must arrange the file too and take a
clock overhead off each piece summed (never below 0), and a receive's wait
through __commcost_measure_wait, less its pieces' overheads too.

    run_program.py PROGRAM
"""
import json
import os
import re
import subprocess
import sys
import tempfile

RANK_VARIABLES = ("OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK")


def fail(message):
    print("FAILED: " + message, file=sys.stderr)
    sys.exit(1)


def run(program, cwd, extra_env, args=()):
    """Runs program with args in cwd with extra_env and no rank or
    directory of the caller's; returns its pid."""
    env = {k: v for k, v in os.environ.items()
           if k not in RANK_VARIABLES + ("COMMCOST_MEASURE_DIR",)}
    env.update(extra_env)
    proc = subprocess.Popen([program, *args], cwd=cwd, env=env,
                            stderr=subprocess.PIPE, text=True)
    _, err = proc.communicate(timeout=60)
    if proc.returncode != 0 or err:
        fail(f"{program} exited with {proc.returncode}, stderr: {err!r}")
    return proc.pid


def read_runs(directory):
    """The run files in directory by pid; anything else there fails."""
    runs = {}
    for name in sorted(os.listdir(directory)):
        match = re.fullmatch(r"commcost-run\.(\d+)\.json", name)
        if not match:
            fail(f"unexpected file {name} in {directory}")
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            runs[int(match.group(1))] = json.load(f)
    return runs


def check_site(site, expected):
    for key, value in expected.items():
        if site.get(key) != value:
            fail(f"site {site}: {key} is not {value!r}")
    if not site["min_ns"] <= site["median_ns"] <= site["max_ns"]:
        fail(f"site {site}: median outside min..max")
    if not (site["min_ns"] * site["count"] <= site["total_ns"]
            <= site["max_ns"] * site["count"]):
        fail(f"site {site}: total outside count * min..max")


def check_runs(directory, program, pid, rank):
    runs = read_runs(directory)
    if pid not in runs or len(runs) != 2:
        fail(f"{directory} has run files of {sorted(runs)}, "
             f"not the parent's ({pid}) and its child's")
    parent = runs.pop(pid)
    (child_pid, child), = runs.items()
    for run_file, run_pid in ((parent, pid), (child, child_pid)):
        expected = {"format": "commcost-run/2",
                    "program": os.path.realpath(program),
                    "pid": run_pid, "rank": rank, "clock": "CLOCK_MONOTONIC"}
        for key, value in expected.items():
            if run_file.get(key) != value:
                fail(f"run of {run_pid}: {key} is {run_file.get(key)!r}, "
                     f"not {value!r}")
        overhead = run_file["timer_overhead_ns"]
        if not isinstance(overhead, float) or overhead < 0:
            fail(f"run of {run_pid}: timer_overhead_ns {overhead!r}")
        if len(run_file["sites"]) != 1:
            fail(f"run of {run_pid}: sites {run_file['sites']}")
    # Five copies before the fork and one after; none of them in the child.
    check_site(parent["sites"][0], {
        "file": "program.c", "line": 30, "column": 5, "function": "main",
        "kind": "copy", "callee": "memcpy", "count": 6,
        "predicted_count": 6, "predicted_total_ps": 6000,
        "predicted_warm_count": 6, "predicted_warm_total_ps": 1500})
    child_site = child["sites"][0]
    check_site(child_site, {
        "file": "program.c", "line": 40, "column": 7, "function": "child",
        "kind": "send", "callee": "MPI_Send", "count": 1})
    if any(k.startswith("predicted") for k in child_site):
        fail(f"child's site without predictions has them: {child_site}")


def main():
    program = os.path.abspath(sys.argv[1])  # run from other directories
    with tempfile.TemporaryDirectory(prefix="commcost-measure-") as top:
        dirs = {name: os.path.join(top, name)
                for name in ("cwd", "env", "unset", "rank", "sum")}
        for d in dirs.values():
            os.mkdir(d)

        pid = run(program, dirs["cwd"], {"COMMCOST_MEASURE_DIR": dirs["env"]})
        check_runs(dirs["env"], program, pid, None)
        if os.listdir(dirs["cwd"]):
            fail("files written to the current directory: "
                 f"{os.listdir(dirs['cwd'])}")

        pid = run(program, dirs["unset"], {})
        check_runs(dirs["unset"], program, pid, None)

        pid = run(program, dirs["cwd"], {"COMMCOST_MEASURE_DIR": dirs["rank"],
                                         "OMPI_COMM_WORLD_RANK": "3"})
        check_runs(dirs["rank"], program, pid, 3)

        pid = run(program, dirs["cwd"],
                  {"COMMCOST_MEASURE_DIR": dirs["sum"]}, ["sum"])
        runs = read_runs(dirs["sum"])
        if list(runs) != [pid] or len(runs[pid]["sites"]) != 1:
            fail(f"run of known sums wrote {runs}")
        overhead = runs[pid]["timer_overhead_ns"]
        if overhead != int(overhead) or not 0 < overhead < 100000:
            fail(f"timer_overhead_ns {overhead!r}: not a whole number of "
                 "ns in (0, 100 us)")
        long, short = 1000000 - 40 * overhead, max(0, 5 - 1000 * overhead)
        check_site(runs[pid]["sites"][0], {
            "file": "program.c", "line": 50, "column": 9, "function": "nest",
            "kind": "recv", "callee": "MPI_Recv", "count": 2,
            "total_ns": long + short, "median_ns": (long + short) / 2,
            "min_ns": short, "max_ns": long, "predicted_count": 2,
            "predicted_total_ps": 6000, "predicted_warm_count": 2,
            "predicted_warm_total_ps": 1400, "waited_count": 40,
            "waited_ns": 500000 - 40 * overhead})
    print("OK")


if __name__ == "__main__":
    main()
