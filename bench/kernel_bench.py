#!/usr/bin/env python3
"""Kernel benchmark: predicted against measured cost of ordinary kernels,
through the measure option (docs/measure.md). Compiles bench/kernels/
kernels_smp.c (columns, rows, blocks, transposes untiled and in tiles,
rows by memcpy, at power-of-two and padded pitches, both loop orders) and
kernels_mpi.c (two ranks: a column as an MPI_Type_vector or packed, a row,
1 MiB as 1 to 4096 packets, a row received into a column as an
MPI_Type_vector or unpacked) with the plugin and
-fplugin-arg-commcost-measure, runs every case in --rounds separate
processes of --reps runs each, with caches and TLB
evicted by reading before each run (cold: the state calibration measures
in), not at all (warm) and by writing (dirty: each line brought in writes
another back), and reads the runs with
`commcost compare --json`. Prints per site the prediction (the plugin's,
computed at run time from the actual sizes), the measured time in each
state (the median of the rounds' medians, as calibration fits medians: a
mean would also count each process's first run, which in the warm state
is not warm), and the error against cold (a receive's time is its own,
its mean wait for the message printed beside it); then the mean absolute
error (and the same against the means, which `commcost compare` prints:
a program's total), how many
sites are within 20% and within 2x, the same for the warm prediction
(where the profile has warm models) against the warm runs, how many cold
times lie in the predicted [warm, cold] interval; for the message-passing
kernels the whole exchange (the most any rank's sites are predicted to
take, against the exchange's measured time: from the barrier to the later
rank's return); and the variant decisions between kernels that do the same
job on those kernel totals (the least predicted against the least
measured, and the regret: time of the predicted best over the best, minus
one). The noise floor is the median spread of the rounds' medians.

Timings wait for a quiet machine: until the load average is below
--max-load (0.5), at most --wait seconds; the load average at the start and
the end is printed either way.

--reprice RUN.json prices the measured run that --json wrote with
--profile (and --mpi-profile) instead, and prints the same table: each
case is built with that profile and run once, warm, for its predictions
(they depend on the sizes, not on the times), and the run's measured
times are kept. Two calibrations are compared on the same measurements so,
rather than on runs that the machine's drift sets apart as far as the
profiles differ (docs/measure.md).

Usage: bench/kernel_bench.py [--plugin build/lib/CommCost.so]
          [--measure-lib build/lib/libcommcost-measure.a]
          [--commcost build/bin/commcost] [--profile FILE]
          [--mpi-profile FILE] [--reps 101]
          [--rounds 3] [--no-mpi] [--quick] [--json FILE]
          [--reprice RUN.json]"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from decision_bench import load_average, wait_for_quiet  # noqa: E402

# Kernels that do the same job, between which a user would choose.
DECISIONS = {
    "k columns: loop order": ["cols8_rows_outer", "cols8_cols_outer"],
    "boundary: column or row layout": ["col", "row"],
    "transpose 512: pitch": ["transpose512", "transpose512_padded"],
    "transpose 2048: tiles": ["transpose2048", "transpose2048_tiles8",
                              "transpose2048_tiles32"],
    "column: datatype or pack": ["mpi_col_vector", "mpi_col_packed"],
    "column received: datatype or unpack": ["mpi_col_recv_vector",
                                            "mpi_col_recv_unpack"],
    "1 MiB: packets": ["mpi_1mib_1", "mpi_1mib_16", "mpi_1mib_256",
                       "mpi_1mib_4096"],
}
# Sites of the harness, not of a kernel.
HARNESS = {"main"}
# The states of caches and TLB each case runs in (bench/kernels/harness.h);
# the error is against the first, the state calibration measures in.
STATES = ("cold", "warm", "dirty")


def build(args, source, exe, records, extra, profile):
    cmd = [args.clang, "-O2", "-g", f"-fplugin={args.plugin}",
           "-fplugin-arg-commcost-measure", "-fsave-optimization-record",
           f"-foptimization-record-file={records}", source, args.measure_lib,
           "-o", exe, *extra]
    if profile:
        cmd.insert(2, f"-fplugin-arg-commcost-profile={profile}")
    subprocess.run(cmd, check=True)


def cases(launch):
    out = subprocess.run(launch + ["--list"], check=True, text=True,
                         stdout=subprocess.PIPE).stdout
    return out.split()


def measure(launch, case, reps, runs_dir, state):
    """Runs case; returns the median exchange time the program printed (the
    message-passing kernels do), else None."""
    os.makedirs(runs_dir, exist_ok=True)
    env = dict(os.environ, COMMCOST_MEASURE_DIR=runs_dir,
               COMMCOST_BENCH_STATE=state)
    out = subprocess.run(launch + [case, str(reps)], check=True, env=env,
                         text=True, stdout=subprocess.PIPE).stdout
    for line in out.splitlines():
        if line.startswith("exchange_us "):
            return float(line.split()[1])
    return None


def ranks(runs_dir):
    """(function, line) of each site -> the MPI rank of the process it ran
    in (None outside MPI), from the run files."""
    out = {}
    for f in os.listdir(runs_dir):
        with open(os.path.join(runs_dir, f)) as fp:
            run = json.load(fp)
        for s in run["sites"]:
            out[(s["function"], s["line"])] = run.get("rank")
    return out


def compared(args, runs_dir, records, status=("compared",)):
    """The sites of the runs in runs_dir, as `commcost compare --json` gives
    them, whose status is one of status."""
    files = [os.path.join(runs_dir, f) for f in sorted(os.listdir(runs_dir))]
    out = subprocess.run([args.commcost, "compare", "--json", *files,
                          records], check=True, text=True,
                         stdout=subprocess.PIPE).stdout
    return [s for s in json.loads(out)["sites"]
            if s["status"] in status and s["function_name"] not in HARNESS]


def site_key(s):
    return (s["function_name"], s["kind"], s["callee"],
            s["location"]["line"])


def site_name(s):
    """A compared site's name in a run's rows, the key repricing finds it by."""
    return f"{s['function_name']} {s['callee']}"


def with_errors(row):
    """row with its prediction's errors against the cold median and mean."""
    return dict(row,
                error_pct=100 * (row["predicted_us"] / row["cold_us"] - 1),
                error_vs_mean_pct=100 * (row["predicted_us"] /
                                         row["cold_mean_us"] - 1))


def spread(s):
    medians = s["measured"]["process_medians_us"]
    mid = statistics.median(medians)
    return (max(medians) - min(medians)) / mid if mid else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib",
                                                     "CommCost.so"))
    ap.add_argument("--measure-lib", default=os.path.join(
        ROOT, "build", "lib", "libcommcost-measure.a"))
    ap.add_argument("--commcost", default=os.path.join(ROOT, "build", "bin",
                                                       "commcost"))
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--profile", help="the profile of every kernel "
                    "(default: the plugin's)")
    ap.add_argument("--mpi-profile", help="the profile of the MPI kernels "
                    "(default: --profile): one from `commcost calibrate "
                    "--mpi`, whose copy models time whole exchanges")
    # 101: a process's first runs cost more than its later ones (a column
    # of 2048 doubles, cold, on a Xeon guest: median of the first 31 runs
    # 73-78 us, of all 101 62-69 us), and calibration measures in a long
    # process.
    ap.add_argument("--reps", type=int, default=101)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--max-load", type=float, default=0.5)
    ap.add_argument("--wait", type=float, default=600)
    ap.add_argument("--no-mpi", action="store_true")
    ap.add_argument("--quick", action="store_true",
                    help="one round of two runs, no waiting (checks the "
                    "script)")
    ap.add_argument("--json", help="also write the rows here")
    ap.add_argument("--reprice", metavar="RUN.json",
                    help="price the sites of a run --json wrote with "
                    "--profile, measuring nothing")
    args = ap.parse_args()
    run = read_run(args.reprice) if args.reprice else None
    if args.quick:
        args.reps, args.rounds = 2, 1
    with tempfile.TemporaryDirectory(prefix="commcost-kernels-") as tmp:
        programs = []
        exe, records = os.path.join(tmp, "smp"), os.path.join(tmp, "smp.yaml")
        build(args, os.path.join(HERE, "kernels", "kernels_smp.c"), exe,
              records, [], args.profile)
        programs.append(([exe], records))
        if not args.no_mpi:
            show = lambda what: shlex.split(subprocess.run(  # noqa: E731
                ["mpicc", f"--showme:{what}"], check=True, text=True,
                stdout=subprocess.PIPE).stdout)
            exe, records = os.path.join(tmp, "mpi"), os.path.join(tmp,
                                                                  "mpi.yaml")
            build(args, os.path.join(HERE, "kernels", "kernels_mpi.c"), exe,
                  records, show("compile") + show("link"),
                  args.mpi_profile or args.profile)
            programs.append((["mpirun", "-np", "2", "--oversubscribe",
                              "--allow-run-as-root", exe], records))
        plan = [(launch, records, case) for launch, records in programs
                for case in cases(launch)]
        if run is not None:
            rows = repriced(args, run, plan, tmp)
            print(f"repriced: {args.reprice}, with "
                  f"{args.profile or 'the plugin profile'}"
                  + (f" (MPI kernels: {args.mpi_profile})"
                     if args.mpi_profile else ""))
            print_table(rows, run["exchanges_us"], run.get("meta", {}))
            write_json(args.json, rows, run["exchanges_us"],
                       run.get("meta", {}))
            return 0
        start_load = load_average() if args.quick else \
            wait_for_quiet(args.max_load, args.wait)
        # Rounds interleaved over cases and states, so that a slow spell of
        # the machine spreads over all of them.
        exchanges = {}
        for r in range(args.rounds):
            for launch, _, case in plan:
                for state in STATES:
                    us = measure(launch, case, args.reps,
                                 os.path.join(tmp, state, case), state)
                    if us is not None:
                        exchanges.setdefault(case, {}).setdefault(
                            state, []).append(us)
        end_load = load_average()
        rows = []
        for launch, records, case in plan:
            cold = compared(args, os.path.join(tmp, "cold", case), records)
            rank_of = ranks(os.path.join(tmp, "cold", case))
            other = {state: {site_key(s): s for s in compared(
                args, os.path.join(tmp, state, case), records)}
                for state in STATES[1:]}
            for s in cold:
                row = {"case": case,
                       "site": site_name(s),
                       "line": s["location"]["line"],
                       "predicted_us": s["predicted"]["us"],
                       "predicted_warm_us": s["predicted"].get("warm_us"),
                       "cold_us": s["measured"]["median_us"],
                       "cold_mean_us": s["measured"]["mean_us"],
                       "cold_waited_us": s["measured"].get(
                           "waited", {}).get("mean_us"),
                       "spread": spread(s),
                       "rank": rank_of.get((s["function"],
                                            s["location"]["line"]))}
                for state in STATES[1:]:
                    o = other[state].get(site_key(s))
                    row[state + "_us"] = o["measured"]["median_us"] if o \
                        else None
                rows.append(with_errors(row))
    exchanges = {case: {state: statistics.median(v)
                        for state, v in by.items()}
                 for case, by in exchanges.items()}
    meta = {"load_average": [start_load, end_load], "rounds": args.rounds,
            "reps": args.reps}
    print_table(rows, exchanges, meta)
    write_json(args.json, rows, exchanges, meta)
    return 0


def write_json(path, rows, exchanges, meta):
    if not path:
        return
    with open(path + ".tmp", "w") as f:
        json.dump({"sites": rows, "exchanges_us": exchanges, "meta": meta},
                  f, indent=1)
    os.replace(path + ".tmp", path)


def read_run(path):
    """The rows and exchanges a run's --json wrote; exits naming the file
    and the problem when it is not one."""
    try:
        with open(path) as f:
            run = json.load(f)
        for r in run["sites"]:
            for key in ("case", "site", "line", "cold_us", "cold_mean_us"):
                r[key]
        run["exchanges_us"].items()
    except OSError as e:
        sys.exit(f"kernel_bench: {path}: {e.strerror}")
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        sys.exit(f"kernel_bench: {path}: not a run of kernel_bench --json "
                 f"({type(e).__name__}: {e})")
    return run


def repriced(args, run, plan, tmp):
    """The run's rows, predicted with args' profiles: each case run once,
    warm, for the predictions its sites compute from their sizes."""
    predicted = {}
    for launch, records, case in plan:
        runs_dir = os.path.join(tmp, "reprice", case)
        measure(launch, case, 1, runs_dir, "warm")
        # One warm run may be too short for the clock; its prediction is not.
        for s in compared(args, runs_dir, records,
                          ("compared", "below-timer-resolution")):
            predicted[(case, site_name(s), s["location"]["line"])] = \
                s["predicted"]
    rows = []
    for r in run["sites"]:
        p = predicted.get((r["case"], r["site"], r["line"]))
        if p is None:
            sys.exit(f"kernel_bench: {args.reprice}: site {r['site']} of "
                     f"{r['case']} at line {r['line']} is not in the kernels "
                     f"built now (changed since the run, or left out by "
                     f"--no-mpi)")
        rows.append(with_errors(dict(r, predicted_us=p["us"],
                                     predicted_warm_us=p.get("warm_us"))))
    return rows


def print_table(rows, exchanges, meta):
    loads = meta.get("load_average")
    print((f"load average {loads[0]:.2f} at the start, {loads[1]:.2f} at "
           "the end" if loads else "load average not recorded")
          + f"; {meta.get('rounds', '?')} rounds x {meta.get('reps', '?')} "
          "runs per case")
    print(f"{'case':22} {'site':34} {'predicted us':>12} {'cold us':>10} "
          f"{'warm us':>10} {'dirty us':>10} {'error':>8} "
          f"{'pred. warm':>10} {'warm error':>10}")
    for r in rows:
        waited = (f"; waited {r['cold_waited_us']:.1f} us for its message"
                  if r.get("cold_waited_us") is not None else "")
        others = " ".join(f"{r[s + '_us']:10.3f}" if r[s + "_us"] is not None
                          else f"{'-':>10}" for s in STATES[1:])
        e = warm_error(r)
        warm = (f"{r['predicted_warm_us']:10.3f} {e:+9.1f}%"
                if e is not None else f"{'-':>10} {'-':>10}")
        print(f"{r['case']:22} {r['site'][:34]:34} {r['predicted_us']:12.3f} "
              f"{r['cold_us']:10.3f} {others} {r['error_pct']:+7.1f}% {warm}"
              f"{waited}")
    if not rows:
        print("no site compared")
        return
    errors = [abs(r["error_pct"]) for r in rows]
    within20 = sum(e <= 20 for e in errors)
    within2x = sum(0.5 <= r["predicted_us"] / r["cold_us"] <= 2
                   for r in rows if r["cold_us"])
    inside = sum(r["warm_us"] is not None and
                 min(r["warm_us"], r["cold_us"]) <= r["predicted_us"] <=
                 max(r["warm_us"], r["cold_us"]) for r in rows)
    vs_mean = statistics.mean(abs(r["error_vs_mean_pct"]) for r in rows)
    print(f"{len(rows)} sites: mean absolute error {statistics.mean(errors):.1f}%"
          f", worst {max(errors):.1f}%, {within20} within 20%, {within2x} "
          f"within 2x, {inside} between warm and cold; noise floor (median "
          f"spread of the rounds' medians) "
          f"{100 * statistics.median(r['spread'] for r in rows):.1f}%; "
          f"against the means: mean absolute error {vs_mean:.1f}%")
    signed = [e for e in map(warm_error, rows) if e is not None]
    warm = [abs(e) for e in signed]
    if warm:
        in_interval = sum(r["predicted_warm_us"] is not None and
                          r["predicted_warm_us"] <= r["cold_us"] <=
                          r["predicted_us"] for r in rows)
        print(f"warm, {len(warm)} sites: mean absolute error "
              f"{statistics.mean(warm):.1f}%, worst {max(warm):.1f}%, "
              f"{sum(e <= 20 for e in warm)} within 20%, "
              f"{sum(0.5 <= 1 + e / 100 <= 2 for e in signed)} within 2x; "
              f"{in_interval} cold times inside the predicted "
              f"[warm, cold] interval")
    print_decisions(rows, exchanges)


def warm_error(r):
    """The warm prediction's error against the warm runs, in percent."""
    if r["predicted_warm_us"] is None or not r["warm_us"]:
        return None
    return 100 * (r["predicted_warm_us"] / r["warm_us"] - 1)


def kernel_totals(rows, exchanges):
    """Case -> (predicted, measured) time of the whole kernel, cold: in one
    process the sum of its sites; across ranks, which run at once, the
    most any rank's sites are predicted to take against the measured
    exchange (kernels_mpi.c says why not the sum of the ranks' sites)."""
    by_rank = {}
    for r in rows:
        p, m = by_rank.setdefault(r["case"], {}).get(r["rank"], (0.0, 0.0))
        by_rank[r["case"]][r["rank"]] = (p + r["predicted_us"],
                                         m + r["cold_us"])
    totals = {}
    for case, per in by_rank.items():
        predicted = max(p for p, _ in per.values())
        measured = exchanges.get(case, {}).get("cold")
        if measured is None:
            measured = sum(m for _, m in per.values())
        totals[case] = (predicted, measured)
    return totals


def print_decisions(rows, exchanges):
    totals = kernel_totals(rows, exchanges)
    ex = [(c, *totals[c]) for c in totals if c in exchanges]
    if ex:
        errors = [abs(p / m - 1) for _, p, m in ex]
        print(f"whole exchanges (from the barrier to the later rank's "
              f"return), cold, {len(ex)} kernels: mean absolute error "
              f"{100 * statistics.mean(errors):.1f}%")
        for c, p, m in ex:
            print(f"  {c:22} predicted {p:10.3f} us  measured {m:10.3f} us "
                  f"{100 * (p / m - 1):+7.1f}%")
    right, regrets, ties = 0, [], 0
    print("decisions (kernel totals, cold):")
    for name, group in DECISIONS.items():
        present = [c for c in group if c in totals]
        if len(present) < 2:
            continue
        chosen = min(present, key=lambda c: totals[c][0])
        best = min(present, key=lambda c: totals[c][1])
        regret = totals[chosen][1] / totals[best][1] - 1
        right += chosen == best
        regrets.append(regret)
        # Within 0.1% the choice is the order of the group, not the model.
        low = sorted(totals[c][0] for c in present)
        tie = "; a predicted tie" if low[1] - low[0] <= 1e-3 * low[0] \
            else ""
        ties += bool(tie)
        print(f"  {name:32} predicted best {chosen:20} measured best "
              f"{best:20} regret {100 * regret:5.1f}%; predicted "
              + ", ".join(f"{totals[c][0]:.1f}" for c in present)
              + ", measured "
              + ", ".join(f"{totals[c][1]:.1f}" for c in present) + " us"
              + tie)
    if regrets:
        print(f"  {right} of {len(regrets)} right (predicted ties: {ties}), "
              f"mean regret {100 * statistics.mean(regrets):.1f}%, worst "
              f"{100 * max(regrets):.1f}%")


if __name__ == "__main__":
    sys.exit(main())
