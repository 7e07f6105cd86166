#!/usr/bin/env python3
"""Per-call cost of a run-time choice of commcost/variants.h: compiles
bench/VariantsBench.cpp with clang and the plugin (checking that the call
is indeed chosen at run time), runs it with Google Benchmark, and prints
the overhead of a call through the choice over a direct call, when the
decision is reused (same argument) and when it is made again (the argument
changes every call). Target: at most 20 ns per call.

Usage: bench/dispatch_bench.py [--plugin build/lib/CommCost.so]
                               [--min-time 0.5] [--repetitions 5]
                               [--quick]   (a short run, for the test suite)"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "CommCost.so"))
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.min_time, args.repetitions = 0.01, 1
    with tempfile.TemporaryDirectory(prefix="commcost-dispatch-") as tmp:
        exe = os.path.join(tmp, "bench")
        cmd = [args.clang, "-std=c++20", "-O2", f"-fplugin={args.plugin}",
               "-Rpass=commcost", "-I" + os.path.join(ROOT, "runtime", "include"),
               os.path.join(HERE, "VariantsBench.cpp"), "-o", exe,
               "-lbenchmark", "-lpthread"]
        remarks = subprocess.run(cmd, check=True, stderr=subprocess.PIPE,
                                 text=True).stderr
        if remarks.count("chosen at run time") < 2:
            sys.exit("dispatch_bench: the calls are not chosen at run time:\n"
                     + remarks)
        out = subprocess.run(
            [exe, f"--benchmark_min_time={args.min_time}",
             f"--benchmark_repetitions={args.repetitions}",
             "--benchmark_format=json"],
            check=True, stdout=subprocess.PIPE, text=True).stdout
    runs = json.loads(out)["benchmarks"]
    # Medians over repetitions (or the single run).
    ns = {}
    for r in runs:
        name = r["run_name"].split("/")[0]
        if args.repetitions > 1 and r.get("aggregate_name") != "median":
            continue
        ns[name] = r["real_time"] if r["time_unit"] == "ns" else \
            r["real_time"] * {"us": 1e3, "ms": 1e6}[r["time_unit"]]
    hit = ns["Hit"] - ns["Direct"]
    miss = ns["Miss"] - ns["DirectAlternating"]
    print(f"direct call            {ns['Direct']:8.2f} ns")
    print(f"through the choice     {ns['Hit']:8.2f} ns  (decision reused)")
    print(f"direct, two sizes      {ns['DirectAlternating']:8.2f} ns")
    print(f"choice, two sizes      {ns['Miss']:8.2f} ns  (decision made again)")
    print(f"overhead reused        {hit:8.2f} ns per call (target <= 20)")
    print(f"overhead made again    {miss:8.2f} ns per call")
    with open("/proc/loadavg") as f:
        print("load average", f.read().split()[0])


if __name__ == "__main__":
    main()
