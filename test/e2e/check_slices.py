"""End-to-end check of the plugin's records against brute force.

Compiles slices.c with the plugin (-fsave-optimization-record) at -O0 and
-O2, and again with a recording memcpy and MPI (record.h, fake_mpi/,
record.c, slices_main.c). For random bindings of each function's parameters, runs the
recorded build with the buffers at every offset the element alignment
allows, and compares the record's Messages, BytesPerMessage, Bytes and
Lines/ReadLines/WriteLines (min and max over the offsets), evaluated at the
binding, with what the code touched.

Usage: check_slices.py CLANG PLUGIN MPI_CFLAGS TMPDIR [BINDINGS_PER_SITE]"""
import os
import random
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "pylib"))
from commcost_records import evaluate, load_records  # noqa: E402

LINE = 64

# Each function: its parameters after the buffers, a generator of
# bindings, and the alignment its buffers are known to have.
FUNCTIONS = {
    "row_send": (["ld", "i", "n"],
                 lambda r: dict(ld=r.randint(1, 300), i=r.randint(0, 20),
                                n=r.randint(1, 300)), 8),
    "column_send": (["rows", "ld"],
                    lambda r: dict(rows=r.randint(1, 60),
                                   ld=r.randint(1, 400)), 8),
    "block_send": (["rows"], lambda r: dict(rows=r.randint(1, 60)), 8),
    "column_memcpy": (["n", "ld"],
                      lambda r: dict(n=r.randint(1, 60),
                                     ld=r.randint(1, 400)), 8),
    "block_memcpy": (["rows"], lambda r: dict(rows=r.randint(1, 60)), 8),
    "tiles_send": (["nb"], lambda r: dict(nb=r.randint(1, 40)), 8),
    "rows_recv": (["rows", "n"],
                  lambda r: dict(rows=r.randint(1, 60), n=r.randint(1, 300)),
                  8),
    "bytes_memcpy": (["n", "skip"],
                     lambda r: dict(n=r.randint(1, 700),
                                    skip=r.randint(0, 200)), 1),
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def main():
    clang, plugin, mpi_cflags, tmp = sys.argv[1:5]
    per_site = int(sys.argv[5]) if len(sys.argv) > 5 else 30
    os.makedirs(tmp, exist_ok=True)
    src = os.path.join(HERE, "slices.c")
    records = {}
    for level in ("-O0", "-O2"):
        path = os.path.join(tmp, f"slices{level}.opt.yaml")
        run([clang, level, f"-fplugin={plugin}", *shlex.split(mpi_cflags),
             "-fsave-optimization-record",
             f"-foptimization-record-file={path}", "-c", src, "-o",
             os.devnull])
        records[level] = load_records(path)
    exe = os.path.join(tmp, "slices-recorded")
    run([clang, "-O1", "-I", os.path.join(HERE, "fake_mpi"), "-include",
         os.path.join(HERE, "record.h"), src, os.path.join(HERE, "record.c"),
         os.path.join(HERE, "slices_main.c"),
         os.path.join(HERE, "fake_mpi", "mpi.c"), "-o", exe])

    rng = random.Random(20261122)
    failures = checks = bindings = 0
    for name, (params, gen, align) in FUNCTIONS.items():
        cases = [gen(rng) for _ in range(per_site)]
        offsets = range(0, LINE, align)
        lines_in = "".join(f"{name} {o} {' '.join(str(c[p]) for p in params)}\n"
                           for c in cases for o in offsets)
        out = run([exe], input=lines_in, capture_output=True).stdout.split("\n")
        results = [tuple(map(int, l.split())) for l in out if l]
        for level, sites in records.items():
            found = [a for tag, a in sites.get(name, []) if tag == "Analysis"]
            if len(found) != 1:
                print(f"FAIL {level} {name}: {len(found)} analysed sites, "
                      f"missed: {[a.get('Reason') for t, a in sites.get(name, []) if t != 'Analysis']}")
                failures += 1
                continue
            site = found[0]
            for k, case in enumerate(cases):
                bindings += 1
                runs = results[k * len(offsets):(k + 1) * len(offsets)]
                calls, total, per_call = runs[0][:3]
                seen = {"Messages": calls, "Bytes": total,
                        "BytesPerMessage": per_call,
                        "LinesMin": min(r[3] for r in runs),
                        "LinesMax": max(r[3] for r in runs)}
                if "WriteLinesMin" in site:
                    seen.update(ReadLinesMin=seen["LinesMin"],
                                ReadLinesMax=seen["LinesMax"],
                                WriteLinesMin=min(r[4] for r in runs),
                                WriteLinesMax=max(r[4] for r in runs))
                for key, actual in seen.items():
                    checks += 1
                    claimed = evaluate(site[key], case)
                    if claimed != actual:
                        failures += 1
                        print(f"FAIL {level} {name} {case}: {key} = "
                              f"{site[key]} = {claimed}, brute force {actual}")
    print(f"{bindings} bindings, {checks} values compared, "
          f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
