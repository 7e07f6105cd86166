#!/usr/bin/env python3
"""Decision benchmark of commcost/variants.h: how good are the plugin's
choices on this machine? Compiles bench/decisions/cases_smp.c (copies in
shared memory: halo layout, pack loop order, k columns blocked, transpose
block size) and bench/decisions/cases_mpi.c (two MPI ranks: datatype vs
manual pack, halo layout, packet size) with the plugin, reads each case's
choice from the optimisation records, measures every alternative of every
case (median of repetitions) and prints, per case, the chosen alternative,
the measured best and the regret (time of the chosen over the best, minus
one), then how many cases are within 5% of the best.

Timings wait for a quiet machine: until the load average is below
--max-load (0.5), at most --wait seconds; the load average at the start of
the measurements is printed either way.

Usage: bench/decision_bench.py [--plugin build/lib/CommCost.so]
                               [--profile FILE] [--max-load 0.5] [--wait 600]
                               [--no-mpi] [--quick] [--json FILE]"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "pylib"))
import commcost_records  # noqa: E402


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def wait_for_quiet(max_load, wait):
    deadline = time.time() + wait
    while load_average() >= max_load and time.time() < deadline:
        time.sleep(10)
    return load_average()


def compile_case(args, source, exe, records, extra):
    cmd = [args.clang, "-O2", f"-fplugin={args.plugin}",
           "-I" + os.path.join(ROOT, "runtime", "include"),
           "-fsave-optimization-record", f"-foptimization-record-file={records}",
           *extra, source, "-o", exe]
    if args.profile:
        cmd.insert(2, f"-fplugin-arg-commcost-profile={args.profile}")
    subprocess.run(cmd, check=True)


def choices(records):
    """Per case: (chosen alternative, how: static, tie (the least predicted
    cost shared, so the first of them) or fallback, the predicted costs)."""
    out = {}
    for r in commcost_records.load_remarks(records):
        a = r["Args"]
        if r["Name"] in ("VariantChosen", "TuneChosen") and "Chosen" in a:
            names = a["Alternatives"].split("; ")
            costs = a["Costs"].split("; ")
            chosen_cost = costs[names.index(a["Chosen"])]
            how = "tie" if costs.count(chosen_cost) > 1 else "static"
            out[a["Variant"]] = (a["Chosen"], how, dict(zip(names, costs)))
        elif r["Name"] == "PacketSize" and "PacketBytes" in a:
            out[r["Function"]] = (a["PacketBytes"], "static", {})
        elif r["Tag"] == "Missed" and "Fallback" in a:
            first = a["Fallback"].split()[-1]
            out[a["Variant"]] = (first, "fallback", {})
    return out


def measurements(text):
    """Per case: {alternative: median ns}, in the harness's order."""
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3:
            out.setdefault(parts[0], {})[parts[1]] = float(parts[2])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "CommCost.so"))
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--profile")
    ap.add_argument("--max-load", type=float, default=0.5)
    ap.add_argument("--wait", type=float, default=600)
    ap.add_argument("--no-mpi", action="store_true")
    ap.add_argument("--quick", action="store_true",
                    help="one repetition, no waiting (checks the script)")
    ap.add_argument("--json", help="also write the table here")
    args = ap.parse_args()
    harness_args = ["--quick"] if args.quick else []
    rows = []
    with tempfile.TemporaryDirectory(prefix="commcost-decisions-") as tmp:
        smp_exe, smp_yaml = os.path.join(tmp, "smp"), os.path.join(tmp, "smp.yaml")
        compile_case(args, os.path.join(HERE, "decisions", "cases_smp.c"),
                     smp_exe, smp_yaml, [])
        runs = [(smp_exe, smp_yaml, [smp_exe])]
        if not args.no_mpi:
            mpi_exe, mpi_yaml = os.path.join(tmp, "mpi"), os.path.join(tmp, "mpi.yaml")
            flags = subprocess.run(["mpicc", "--showme:compile"], check=True,
                                   stdout=subprocess.PIPE, text=True).stdout
            link = subprocess.run(["mpicc", "--showme:link"], check=True,
                                  stdout=subprocess.PIPE, text=True).stdout
            compile_case(args, os.path.join(HERE, "decisions", "cases_mpi.c"),
                         mpi_exe, mpi_yaml,
                         shlex.split(flags) + shlex.split(link))
            runs.append((mpi_exe, mpi_yaml,
                         ["mpirun", "-np", "2", "--oversubscribe",
                          "--allow-run-as-root", mpi_exe]))
        load = load_average() if args.quick else \
            wait_for_quiet(args.max_load, args.wait)
        for exe, records, cmd in runs:
            chosen = choices(records)
            out = subprocess.run(cmd + harness_args, check=True,
                                 stdout=subprocess.PIPE, text=True).stdout
            for case, times in measurements(out).items():
                if case not in chosen:
                    sys.exit(f"decision_bench: no record of the choice '{case}'")
                pick, how, predicted = chosen[case]
                if pick not in times:
                    sys.exit(f"decision_bench: '{case}' chose '{pick}', which "
                             f"is not measured ({sorted(times)})")
                best = min(times, key=times.get)
                regret = times[pick] / times[best] - 1
                rows.append({"case": case, "chosen": pick, "how": how,
                             "chosen_ns": times[pick], "best": best,
                             "best_ns": times[best], "regret": regret,
                             "times_ns": times, "predicted_us": predicted})
    print(f"load average at the start of the measurements: {load:.2f}"
          + ("" if load < args.max_load else
             f" (not below {args.max_load}: timings of a busy machine)"))
    print(f"{'case':15} {'chosen':22} {'us':>10} {'measured best':22} "
          f"{'us':>10} {'regret':>8}")
    print("(us: measured median times)")
    for r in rows:
        mark = "" if r["how"] == "static" else f" ({r['how']})"
        print(f"{r['case']:15} {r['chosen'] + mark:22} {r['chosen_ns']/1e3:10.1f} "
              f"{r['best']:22} {r['best_ns']/1e3:10.1f} {100*r['regret']:7.1f}%")
    within = sum(r["regret"] <= 0.05 for r in rows)
    print(f"{within} of {len(rows)} cases within 5% of the measured best "
          f"({100*within/max(1, len(rows)):.0f}%; target 90%); "
          f"{sum(r['how'] == 'tie' for r in rows)} ties of the predicted costs "
          "(the first alternative listed runs)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"load_average": load, "cases": rows}, f, indent=1)


if __name__ == "__main__":
    main()
