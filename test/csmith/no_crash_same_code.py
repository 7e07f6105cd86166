"""No crash, same code (issue 8): random C programs from csmith compiled at
-O0, -O1, -O2 and -O3 with and without the plugin, both with commcost's
remarks and a YAML optimisation record requested (the analysis runs only
then). Fails on any crash or hang of the compiler with the plugin, on an
object file that is not byte for byte the one clang makes without the
plugin, and on a record that is not valid YAML.

Program i is csmith --seed BASE+i. Programs not started within the time
budget (--budget, 20 minutes) are not checked, and the summary says how
many were; a loaded machine then checks fewer instead of timing out. BASE is random unless given; it is
printed, and `--seed BASE --count N` (or COMMCOST_CSMITH_SEED=BASE) replays
a run. Failing programs are kept in WORKDIR/failures/. A program csmith
itself fails to generate (twice) is not counted; more than 5% of them
fails the test.

Usage: no_crash_same_code.py --clang CLANG --plugin CommCost.so
       [--count N] [--seed BASE] [--jobs J] [--workdir DIR]"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import time

import yaml

LEVELS = ("-O0", "-O1", "-O2", "-O3")
# Records of commcost only: every pass's would be megabytes of YAML.
REMARKS = ["-Rpass-analysis=commcost", "-Rpass-missed=commcost",
           "-fsave-optimization-record",
           "-foptimization-record-passes=commcost"]
# Compile errors are not what this test looks for; a compile that takes
# longer than this with the plugin is a hang.
TIMEOUT_S = 120


class AnyTagLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """Reads the records' !Analysis, !Missed, ... tags as plain mappings."""


AnyTagLoader.add_multi_constructor(
    "!", lambda loader, tag, node: loader.construct_mapping(node))


def compile_c(clang, src, obj, record, level, extra):
    cmd = [clang, level, "-I/usr/include/csmith", *REMARKS,
           f"-foptimization-record-file={record}", *extra, "-c", src,
           "-o", obj]
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True,
                           errors="replace", timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {TIMEOUT_S} s"
    return p.returncode, p.stderr


def generate(seed, src):
    """Writes csmith's program SEED to SRC; returns None, or why csmith
    failed. A failure is tried once more: csmith has failed on one CI
    machine for a seed it generates everywhere else (status only, no
    message), which says nothing about the plugin."""
    for _ in range(2):
        with open(src, "w") as f:
            gen = subprocess.run(["csmith", "--seed", str(seed)], stdout=f,
                                 stderr=subprocess.PIPE, text=True,
                                 errors="replace", timeout=TIMEOUT_S)
        if gen.returncode == 0:
            return None
    how = (f"killed by signal {-gen.returncode}" if gen.returncode < 0
           else f"status {gen.returncode}")
    return f"{how}: {gen.stderr.strip()[-200:] or 'no message'}"


def check_program(args, seed, deadline):
    """Returns (seed, remarks, records, [problems], skipped, not generated),
    or None for a program past the time budget."""
    if time.time() > deadline:
        return None
    d = os.path.join(args.workdir, f"s{seed}")
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "p.c")
    try:
        why = generate(seed, src)
    except subprocess.TimeoutExpired:
        why = f"timed out after {TIMEOUT_S} s"
    if why:
        shutil.rmtree(d, ignore_errors=True)
        return seed, 0, 0, [], False, why
    problems, remarks, records, skipped = [], 0, 0, False
    for level in LEVELS:
        tag = level[1:]
        base = os.path.join(d, f"{tag}-plain")
        plug = os.path.join(d, f"{tag}-plugin")
        rc0, err0 = compile_c(args.clang, src, base + ".o", base + ".yaml",
                              level, [])
        if rc0 != 0:
            # clang itself cannot compile it: nothing to compare.
            skipped = True
            continue
        rc1, err1 = compile_c(args.clang, src, plug + ".o", plug + ".yaml",
                              level, [f"-fplugin={args.plugin}"])
        if rc1 != 0:
            last = [l for l in err1.splitlines() if l.strip()][-3:]
            problems.append(f"{level}: clang with the plugin failed "
                            f"(status {rc1}): " + " | ".join(last))
            continue
        remarks += err1.count("[-Rpass-analysis=commcost]") + \
            err1.count("[-Rpass-missed=commcost]")
        with open(base + ".o", "rb") as a, open(plug + ".o", "rb") as b:
            if a.read() != b.read():
                problems.append(f"{level}: objects differ with the plugin")
        try:
            with open(plug + ".yaml") as f:
                docs = [r for r in yaml.load_all(f, Loader=AnyTagLoader) if r]
            records += sum(1 for r in docs if r.get("Pass") == "commcost")
        except yaml.YAMLError as e:
            problems.append(f"{level}: the optimisation record is not "
                            f"valid YAML: {str(e).splitlines()[0]}")
    if problems:
        keep = os.path.join(args.workdir, "failures")
        os.makedirs(keep, exist_ok=True)
        shutil.copy(src, os.path.join(keep, f"csmith-{seed}.c"))
    shutil.rmtree(d, ignore_errors=True)
    return seed, remarks, records, problems, skipped, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int,
                    default=os.environ.get("COMMCOST_CSMITH_SEED"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--workdir", default="csmith-work")
    ap.add_argument("--budget", type=float, default=1200,
                    help="seconds after which no new program is started")
    args = ap.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 2**31 - args.count)
    args.seed = int(args.seed)
    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    print(f"csmith: {args.count} programs from seed {args.seed} "
          f"(replay: COMMCOST_CSMITH_SEED={args.seed}), {len(LEVELS)} "
          f"levels, {args.jobs} jobs", flush=True)
    start = time.time()
    failed, remarks, records, skipped, checked = 0, 0, 0, 0, 0
    ungenerated = 0
    deadline = start + args.budget
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        seeds = range(args.seed, args.seed + args.count)
        for result in pool.map(lambda s: check_program(args, s, deadline),
                               seeds):
            if result is None:
                continue
            seed, r, n, problems, skip, why = result
            if why:
                ungenerated += 1
                print(f"csmith --seed {seed} not generated ({why}); "
                      "not counted", flush=True)
                continue
            checked += 1
            remarks += r
            records += n
            skipped += skip
            for p in problems:
                print(f"FAIL csmith --seed {seed}: {p}", flush=True)
            failed += bool(problems)
    budget = "" if checked + ungenerated == args.count else \
        f" (time budget of {args.budget:.0f} s reached)"
    print(f"csmith: {checked} of {args.count} programs checked{budget}, "
          f"{failed} failed, {skipped} that "
          f"clang alone cannot compile at some level; {remarks} commcost "
          f"remarks, {records} records; {time.time() - start:.0f} s")
    if failed:
        print(f"failing programs kept in {args.workdir}/failures/")
    # Many programs csmith cannot make means the test checked little.
    too_few = ungenerated > args.count // 20
    if ungenerated:
        print(f"csmith: {ungenerated} programs not generated" +
              (f", more than {args.count // 20}: fails" if too_few else ""))
    sys.exit(1 if failed or too_few else 0)


if __name__ == "__main__":
    main()
