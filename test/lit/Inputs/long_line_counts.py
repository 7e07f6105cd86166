"""Checks the record of test/lit/mpi/long-line-counts.c: LinesMin and
LinesMax of the MPI_Get at LINE are short, and at random bindings bound the
lines the call's planes of rows touch, counted byte by byte at every
4-byte-aligned offset in a 64-byte line: long_line_counts.py FILE LINE."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "pylib"))
from commcost_records import evaluate, load_remarks  # noqa: E402

path, line = sys.argv[1], int(sys.argv[2])
records = [r for r in load_remarks(path)
           if r["Line"] == line and "LinesMax" in r["Args"]]
if len(records) != 1:
    sys.exit(f"{path}: {len(records)} records at line {line} with LinesMax")
args = records[0]["Args"]
for key in ("LinesMin", "LinesMax"):
    if len(args[key]) > 20000:
        sys.exit(f"{key} is {len(args[key])} characters long")
print("short records: LinesMin LinesMax")


def lines(n0, n1, cnt2, ld3, offset):
    touched = set()
    for i in range(n0, 0, -1):
        for j in range(0, n1, 3):
            start = offset + 4 * (3 * j + ld3 * i)
            touched.update((start + b) // 64 for b in range(4 * cnt2))
    return len(touched)


rng = random.Random(20)
for _ in range(200):
    env = {"n0": rng.randint(0, 4), "n1": rng.randint(0, 12),
           "cnt2": rng.randint(1, 9)}
    # Planes do not overlap: a plane pitch of at least a plane's extent.
    rows = (env["n1"] + 2) // 3
    extent = 36 * (rows - 1) + 4 * env["cnt2"] if rows else 0
    env["ld3"] = (extent + 3) // 4 + rng.randint(0, 40)
    truth = [lines(env["n0"], env["n1"], env["cnt2"], env["ld3"], o)
             for o in range(0, 64, 4)]
    lo, hi = evaluate(args["LinesMin"], env), evaluate(args["LinesMax"], env)
    if not lo <= min(truth) <= max(truth) <= hi:
        sys.exit(f"at {env}: bounds {lo}..{hi}, truth {min(truth)}.."
                 f"{max(truth)}")
print("bounds hold at 200 bindings")
