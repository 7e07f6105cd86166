"""End-to-end check of records per iteration of a loop (per_iteration.c).

Compiles per_iteration.c with the plugin (-fsave-optimization-record) at
-O0 to -O3, and again with a recording MPI (record.h, fake_mpi/, record.c,
per_iteration_main.c) in which each iteration of the loop prints what it
sent (or, for a copy loop, copied) and the values of the source names the
records use. For each function each level must give one analysed site,
per iteration of a loop; its Messages, BytesPerMessage and Bytes (a copy
loop's Bytes, Reads and Writes), evaluated at each iteration's values, must
equal what the iteration sent, and its line bounds must hold the lines it
touched (a copy loop's ReadLines and WriteLines).

Usage: check_per_iteration.py CLANG PLUGIN MPI_CFLAGS TMPDIR"""
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "pylib"))
from commcost_records import (EvalError, claims, evaluate,  # noqa: E402
                              load_records)

LEVELS = ("-O0", "-O1", "-O2", "-O3")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def iterations(output):
    """{function: [(seen, names)]} from the recorded run's output."""
    out, current = {}, None
    for line in output.splitlines():
        if line.startswith("= "):
            current = out.setdefault(line[2:], [])
            continue
        fields = line.split()
        calls, total, per_call, lines, lines1 = map(int, fields[:5])
        names = dict(f.split("=", 1) for f in fields[5:])
        seen = {"Messages": calls, "Bytes": total, "Lines": lines,
                # A copy loop's element copies (record.h's COPY): reads from
                # region 0, writes to region 1.
                "Reads": calls, "Writes": calls, "ReadLines": lines,
                "WriteLines": lines1}
        if calls:
            seen["BytesPerMessage"] = per_call
        current.append((seen, {k: int(v) for k, v in names.items()}))
    return out


def check(level, name, site, runs):
    """The failures of one analysed site against its recorded iterations."""
    failures = []
    # A copy loop is one transfer per iteration: its element copies are
    # its reads and writes, not messages.
    keys = (("Bytes", "Reads", "Writes", "ReadLines", "WriteLines")
            if site.get("Kind") == "copy-loop" else
            ("Messages", "BytesPerMessage", "Bytes", "Lines"))
    for seen, env in runs:
        try:
            for key, (kind, exprs) in claims(site, keys).items():
                if key not in seen:
                    continue
                vals = [evaluate(e, env) for e in exprs]
                ok = (vals[0] == seen[key] if kind == "exact" else
                      vals[0] <= seen[key] <= vals[1] if kind == "range"
                      else seen[key] <= vals[0])
                if not ok:
                    failures.append(f"{key} = {' .. '.join(exprs)} = "
                                    f"{vals}, ran {seen[key]}")
        except (EvalError, KeyError) as e:
            failures.append(f"cannot evaluate the record: {e}")
        if failures:
            return [f"FAIL {level} {name} at {env}: {f}" for f in failures]
    return []


def main():
    clang, plugin, mpi_cflags, tmp = sys.argv[1:5]
    os.makedirs(tmp, exist_ok=True)
    src = os.path.join(HERE, "per_iteration.c")
    exe = os.path.join(tmp, "per-iteration-recorded")
    run([clang, "-O1", "-I", os.path.join(HERE, "fake_mpi"), "-include",
         os.path.join(HERE, "record.h"), "-DITERATION=commcost_iteration",
         src, os.path.join(HERE, "per_iteration_main.c"),
         os.path.join(HERE, "record.c"),
         os.path.join(HERE, "fake_mpi", "mpi.c"), "-o", exe])
    recorded = iterations(run([exe], capture_output=True).stdout)
    failures, checked = [], 0
    for level in LEVELS:
        path = os.path.join(tmp, f"per-iteration{level}.opt.yaml")
        run([clang, level, f"-fplugin={plugin}", *shlex.split(mpi_cflags),
             "-fsave-optimization-record",
             f"-foptimization-record-file={path}", "-c", src, "-o",
             os.devnull])
        records = load_records(path)
        for name, runs in recorded.items():
            found = [a for tag, a in records.get(name, [])
                     if tag == "Analysis"]
            if len(found) != 1 or "PerIterationOf" not in found[0]:
                failures.append(
                    f"FAIL {level} {name}: not one site analysed per "
                    f"iteration: {[(t, a.get('Reason', a.get('PerIterationOf'))) for t, a in records.get(name, [])]}")
                continue
            failures += check(level, name, found[0], runs)
            checked += len(runs)
    print("\n".join(failures))
    print(f"{len(recorded)} functions, {checked} iterations compared at "
          f"{len(LEVELS)} levels, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
