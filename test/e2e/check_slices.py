"""End-to-end check of the plugin's records against brute force.

Compiles slices.c with the plugin (-fsave-optimization-record) at -O0 and
-O2, and again with a recording memcpy and MPI (record.h, fake_mpi/,
record.c). For random bindings of each function's parameters, runs the
recorded build with the buffers at every offset the element alignment
allows, and compares the record's Messages, BytesPerMessage, Bytes and
Lines/ReadLines/WriteLines (min and max over the offsets), evaluated at the
binding, with what the code touched.

Usage: check_slices.py CLANG PLUGIN MPI_CFLAGS TMPDIR [BINDINGS_PER_SITE]"""
import os
import random
import re
import shlex
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
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


def evaluate(text, env):
    """Evaluates an expression of the commcost grammar (docs/design.md)."""
    tokens = re.findall(r"\d+|[A-Za-z_]\w*|[-+*/%(),]", text)
    if "".join(tokens) != re.sub(r"\s+", "", text):
        raise ValueError(f"cannot tokenise {text!r}")
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take(expected=None):
        nonlocal pos
        tok = tokens[pos]
        if expected and tok != expected:
            raise ValueError(f"expected {expected} in {text!r}")
        pos += 1
        return tok

    def cdiv(a, b):  # C division truncates toward zero
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q

    funcs = {"min": min, "max": max,
             "gcd": lambda a, b: __import__("math").gcd(a, b),
             "ceildiv": lambda a, b: -((-a) // b),
             "floordiv": lambda a, b: a // b}

    def primary():
        tok = take()
        if tok == "(":
            v = expr()
            take(")")
            return v
        if tok == "-":
            return -primary()
        if tok.isdigit():
            return int(tok)
        if peek() == "(":
            take("(")
            args = [expr()]
            while peek() == ",":
                take(",")
                args.append(expr())
            take(")")
            return funcs[tok](*args)
        return env[tok]

    def term():
        v = primary()
        while peek() in ("*", "/", "%"):
            op, rhs = take(), primary()
            v = v * rhs if op == "*" else cdiv(v, rhs) if op == "/" else \
                v - cdiv(v, rhs) * rhs
        return v

    def expr():
        v = term()
        while peek() in ("+", "-"):
            op, rhs = take(), term()
            v = v + rhs if op == "+" else v - rhs
        return v

    value = expr()
    if pos != len(tokens):
        raise ValueError(f"trailing input in {text!r}")
    return value


def load_records(path):
    loader = yaml.SafeLoader
    loader.add_multi_constructor(
        "!", lambda l, suffix, node: dict(l.construct_mapping(node, deep=True),
                                          Tag=suffix))
    sites = {}
    with open(path) as f:
        for doc in yaml.load_all(f, Loader=loader):
            if doc.get("Pass") != "commcost":
                continue
            args = {}
            for a in doc.get("Args", []):
                for k, v in a.items():
                    if k not in ("String", "DebugLoc"):
                        args[k] = str(v)
            if doc.get("Name") == "FunctionCost":
                continue
            sites.setdefault(doc["Function"], []).append((doc["Tag"], args))
    return sites


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
         "-o", exe])

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
