#!/usr/bin/env python3
"""Corpus sites checked against the truth (issue 12).

Runs real corpus code (the corpus translation unit itself, compiled from
/work/shared/corpus with its manifest flags) and compares, for each
analysed copy-loop site the plugin records, the record's values with what
the run touched.

Truth: the unit is compiled with -fsanitize-coverage=inline-8bit-counters,
trace-loads,trace-stores and -g, at -O0 and at -O2, and linked with a driver
(miniamr_driver.c) that sets up the program's data as the application does
and calls the corpus function between start and stop markers, and with
truth_rt.c, which records every load and store inside the registered data
buffers (the blocks' rows, the send/receive buffer; never the row-pointer
tables, globals or the stack): per instruction, the accesses, the bytes
and the distinct 64-byte lines. Each instruction's source position
(llvm-symbolizer) assigns it to the loop nest of a record (the nest that
starts at the record's line and column, its extent read from the source).
A site's truth in one run: Messages 1, Bytes and BytesPerMessage the bytes
stored, ReadLines/WriteLines the distinct lines loaded/stored; from the -O0
build (one access per source access) also Reads, Writes (accesses) and
Traffic (their sum). Runs in which the site did not execute are not
compared.

Records: the same unit compiled with the plugin (-O2 and -O0 by default)
and -fsave-optimization-record; each value is evaluated at the run's
binding of the source names (block sizes, start, num_comm, ...). A value K
is exact (K equals the truth), within (KMin <= truth <= KMax, or truth <= K
for a KAtMost), or wrong. Exits 1 on any wrong value, 2 when the check
itself cannot run.

Usage: check_truth.py --plugin build/lib/CommCost.so [--clang clang-19]
       [--corpus /work/shared/corpus] [--work DIR] [--levels -O2,-O0]
"""
import argparse
import collections
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "test", "pylib"))
from commcost_records import (EvalError, claims, compile_expression,  # noqa: E402
                              load_remarks)
from corpus_location import find_corpus, not_found_message  # noqa: E402

SANCOV = "-fsanitize-coverage=inline-8bit-counters,trace-loads,trace-stores"
# Base keys compared, as in test/differential/difftest.py: K, KMin..KMax or
# KAtMost.
CHECKED = ("Messages", "BytesPerMessage", "Bytes", "ReadLines", "WriteLines",
           "Reads", "Writes", "Traffic")
# Keys whose truth needs one access per source access: the -O0 build only.
PER_ACCESS = ("Reads", "Writes", "Traffic")


def run(cmd, **kw):
    p = subprocess.run(cmd, text=True, capture_output=True, **kw)
    if p.returncode != 0:
        sys.stderr.write(f"check_truth: {' '.join(map(shlex.quote, cmd))} "
                         f"failed ({p.returncode}):\n{p.stderr[-3000:]}\n")
        sys.exit(2)
    return p.stdout


# --- The extent of a statement in C source -------------------------------

def _skip_space(src, i):
    while i < len(src):
        if src[i].isspace():
            i += 1
        elif src.startswith("//", i):
            i = src.find("\n", i)
            i = len(src) if i < 0 else i
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        else:
            break
    return i


def _balanced(src, i, open_, close):
    """The offset after the bracket that closes the one at src[i]."""
    assert src[i] == open_, (src[i:i + 20], open_)
    depth = 0
    while i < len(src):
        i = _skip_space(src, i)
        c = src[i]
        if c in "\"'":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            i = j + 1
            continue
        if c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced")


def _word(src, i):
    j = i
    while j < len(src) and (src[j].isalnum() or src[j] == "_"):
        j += 1
    return src[i:j], j


def statement_end(src, i):
    """The offset after the C statement that starts at src[i]."""
    i = _skip_space(src, i)
    if src[i] == "{":
        return _balanced(src, i, "{", "}")
    word, j = _word(src, i)
    if word in ("for", "while", "switch"):
        return statement_end(src, _balanced(src, _skip_space(src, j), "(",
                                            ")"))
    if word == "if":
        end = statement_end(src, _balanced(src, _skip_space(src, j), "(",
                                           ")"))
        k = _skip_space(src, end)
        if _word(src, k)[0] == "else":
            return statement_end(src, k + 4)
        return end
    if word == "do":
        end = statement_end(src, j)
        k = _skip_space(src, end)
        k = _balanced(src, _skip_space(src, k + 5), "(", ")")
        return src.index(";", k) + 1
    depth = 0
    while True:
        i = _skip_space(src, i)
        c = src[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == ";" and depth == 0:
            return i + 1
        i += 1


def nest_lines(path, line, column):
    """The first and last line of the statement at line:column of path."""
    with open(path) as f:
        src = f.read()
    starts = [0]
    for k, c in enumerate(src):
        if c == "\n":
            starts.append(k + 1)
    begin = starts[line - 1] + column - 1
    end = statement_end(src, begin)
    return line, src.count("\n", 0, end - 1) + 1


# --- Conditions ------------------------------------------------------------

def comparison_value(text, env):
    """True or False for one comparison whose sides the grammar evaluates
    at env; None when it cannot be evaluated."""
    for op in ("==", "!=", "<=", ">=", "<", ">"):
        if op in text:
            lhs, rhs = text.split(op, 1)
            break
    else:
        return None
    try:
        a = compile_expression(lhs.strip())(env)
        b = compile_expression(rhs.strip())(env)
    except (EvalError, SyntaxError):
        return None
    return {"==": a == b, "!=": a != b, "<=": a <= b, ">=": a >= b,
            "<": a < b, ">": a > b}[op]


def condition_value(text, env):
    """True or False for a Condition of terms joined by 'and', each a
    comparison or a parenthesised 'or' of comparisons (the cases of a
    switch), whose sides the grammar evaluates at env; None when it cannot
    be evaluated (a 'condition at line N' and the like)."""
    if not text:
        return None
    result = True
    for part in text.split(" and "):
        part = part.strip()
        if part.startswith("(") and part.endswith(")") and " or " in part:
            values = [comparison_value(p, env)
                      for p in part[1:-1].split(" or ")]
            if None in values:
                return None
            result &= any(values)
            continue
        value = comparison_value(part, env)
        if value is None:
            return None
        result &= value
    return result


# --- miniAMR comm.c ----------------------------------------------------------

# (x, y, z block sizes, start, num_comm, layout, row offset, buffer offset):
# layouts as in miniamr_driver.c (0 malloc's pitch, 1 packed rows at an
# offset, 2 shuffled rows at random offsets).
MINIAMR_BINDINGS = [
    (4, 4, 4, 0, 1, 0, 0, 0),
    (4, 6, 8, 1, 2, 1, 8, 24),
    (6, 4, 2, 0, 3, 2, 0, 8),
    (8, 8, 8, 2, 1, 1, 40, 56),
    (2, 10, 6, 1, 1, 2, 0, 16),
    (12, 2, 16, 0, 2, 0, 0, 0),
    (5, 3, 7, 1, 2, 1, 16, 48),
    (10, 6, 3, 0, 2, 2, 0, 40),
]


def miniamr_commands():
    """[(setup lines, command line, binding)] for the driver."""
    out = []
    for b, (x, y, z, start, num, layout, off, boff) in \
            enumerate(MINIAMR_BINDINGS):
        setup = f"S {x} {y} {z} {start + num + 1} {layout} {off} {boff} " \
                f"{b + 1}"
        base = {"x_block_size": x, "y_block_size": y, "z_block_size": z,
                "x_block_half": x // 2, "y_block_half": y // 2,
                "z_block_half": z // 2, "num_vars": start + num + 1,
                "start": start, "num_comm": num}
        for code in (0, 1, 2):
            for stencil in (7, 27):
                g = f"G {code} {stencil}"
                env = dict(base, code=code, stencil=stencil)
                pre = [setup, g]
                if stencil == 7:  # pack_face and unpack_face do not read it
                    for dir_ in (0, 1, 2):
                        for fc in range(20):
                            e = dict(env, block_num=0, face_case=fc, dir=dir_)
                            out.append((pre, f"P 0 {fc} {dir_} {start} {num}",
                                        e))
                            out.append((pre, f"U 0 {fc} {dir_} {start} {num}",
                                        e))
                for l in range(6):
                    out.append((pre, f"O 0 1 {l} {start} {num}",
                                dict(env, n=0, n1=1, l=l)))
                    out.append((pre, f"B {l} 0 {start} {num}",
                                dict(env, l=l)))
    return out


UNITS = [{
    "name": "miniAMR",
    "unit": "miniAMR/ref/comm.c",
    "drivers": ["miniamr_driver.c"],
    "functions": {"pack_face", "unpack_face", "on_proc_comm", "apply_bc"},
    "commands": miniamr_commands,
    # The function each driver command calls.
    "calls": {"P": "pack_face", "U": "unpack_face", "O": "on_proc_comm",
              "B": "apply_bc"},
}]


# --- Building ----------------------------------------------------------------

def manifest_flags(corpus, unit):
    with open(os.path.join(corpus, "manifest.json")) as f:
        for u in json.load(f):
            if u["file"] == unit:
                return u["flags"], u.get("uses")
    sys.stderr.write(f"check_truth: {unit} not in the manifest\n")
    sys.exit(2)


def mpi_flags():
    try:
        compile_ = subprocess.run(["mpicc", "--showme:compile"], text=True,
                                  capture_output=True, check=True).stdout
        link = subprocess.run(["mpicc", "--showme:link"], text=True,
                              capture_output=True, check=True).stdout
        return shlex.split(compile_), shlex.split(link)
    except (OSError, subprocess.CalledProcessError):
        inc = "/usr/lib/x86_64-linux-gnu/openmpi/include"
        return ([f"-I{inc}", f"-I{inc}/openmpi"],
                ["-L/usr/lib/x86_64-linux-gnu/openmpi/lib", "-lmpi"])


def build_truth(opts, unit, flags, mpi_c, mpi_l, level):
    """The instrumented executable of unit at level."""
    work = opts.work
    tag = unit["name"] + level
    obj = os.path.join(work, tag + ".o")
    run([opts.clang, level, "-g", SANCOV, "-w", "-c", unit["unit"], *flags,
         *mpi_c, "-o", obj], cwd=opts.corpus)
    objs = [obj]
    for src in ["truth_rt.c"] + unit["drivers"]:
        o = os.path.join(work, f"{unit['name']}-{src[:-2]}.o")
        run([opts.clang, "-O1", "-g", "-w", "-c", os.path.join(HERE, src),
                *flags, *mpi_c, "-I", HERE, "-o", o], cwd=opts.corpus)
        objs.append(o)
    exe = os.path.join(work, tag)
    run([opts.clang, "-no-pie", "-Wl,--wrap=memcpy,--wrap=memmove", *objs,
         *mpi_l, "-o", exe])
    return exe


def build_records(opts, unit, flags, mpi_c, level):
    out = os.path.join(opts.work, f"{unit['name']}{level}.opt.yaml")
    run([opts.clang, level, f"-fplugin={opts.plugin}", "-w",
         "-fsave-optimization-record", "-foptimization-record-passes=commcost",
         f"-foptimization-record-file={out}", "-c", unit["unit"], *flags,
         *mpi_c, "-o", os.devnull], cwd=opts.corpus)
    return load_remarks(out)


def symbolize(exe, pcs):
    """{pc: (function, file, line)} of the innermost frame at each pc."""
    pcs = sorted(pcs)
    text = run([opts_global.symbolizer, f"--obj={exe}", "--inlines",
                "--output-style=JSON"],
               input="\n".join(hex(pc - 1) for pc in pcs) + "\n")
    out = {}
    for pc, line in zip(pcs, text.splitlines()):
        frame = json.loads(line)["Symbol"][0]
        out[pc] = (frame["FunctionName"], os.path.basename(frame["FileName"]),
                   frame["Line"])
    return out


def run_truth(exe, commands):
    """[(entries)] per command: entries (pc, region, kind, count, bytes,
    lines)."""
    lines, last_setup = [], None
    for pre, cmd, _ in commands:
        if pre != last_setup:
            lines.extend(pre)
            last_setup = pre
        lines.append(cmd)
    text = run([exe], input="\n".join(lines) + "\n")
    runs, cur = [], None
    for line in text.splitlines():
        if line.startswith("R "):
            cur = []
        elif line.startswith("E "):
            f = line.split()
            cur.append((int(f[1], 16), int(f[2]), f[3], int(f[4]), int(f[5]),
                        frozenset(map(int, f[6:]))))
        elif line == "END":
            runs.append(cur)
    if len(runs) != len(commands):
        sys.stderr.write(f"check_truth: {exe} answered {len(runs)} of "
                         f"{len(commands)} commands\n")
        sys.exit(2)
    return runs


def reads_nothing(record):
    """A statement that stores a value another statement read."""
    return record["Args"].get("Reads") == "0" and \
        record["Args"].get("ReadLinesMax", record["Args"].get("ReadLines")) \
        == "0"


def truth_of(entries, per_access):
    loads = [e for e in entries if e[2] == "L"]
    stores = [e for e in entries if e[2] == "S"]
    stored = sum(e[4] for e in stores)
    t = {"Messages": 1, "BytesPerMessage": stored, "Bytes": stored,
         "ReadLines": len(frozenset().union(*(e[5] for e in loads))),
         "WriteLines": len(frozenset().union(*(e[5] for e in stores)))}
    if per_access:
        t["Reads"] = sum(e[3] for e in loads)
        t["Writes"] = sum(e[3] for e in stores)
        t["Traffic"] = t["Reads"] + t["Writes"]
    return t


# --- Comparing ---------------------------------------------------------------

class Result:
    def __init__(self):
        self.runs = 0
        self.status = "exact"
        self.example = None   # (claimed values, truth, binding, command)
        self.failure = None
        self.truths = set()


def main():
    global opts_global
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    ap.add_argument("--symbolizer",
                    help="llvm-symbolizer (default: beside --clang)")
    ap.add_argument("--corpus", help="the corpus (default: "
                    "$COMMCOST_CORPUS, else ../shared/corpus beside the "
                    "repository, else /work/shared/corpus)")
    ap.add_argument("--work", help="build folder (default: a temporary "
                    "one, removed at the end)")
    ap.add_argument("--levels", default="-O2,-O0",
                    help="levels of the records' compiles")
    ap.add_argument("--truth-levels", default="-O0,-O2")
    ap.add_argument("--min-sites", type=int, default=30,
                    help="fail (2) when fewer distinct sites are checked")
    ap.add_argument("--mutate", action="store_true",
                    help="self-check: add 1 to every truth; every exact "
                    "value must then be wrong")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = opts_global = ap.parse_args()
    opts.corpus = find_corpus(opts.corpus)
    if opts.corpus is None:
        sys.stderr.write(f"check_truth: {not_found_message()}\n")
        return 2
    if not opts.symbolizer:
        opts.symbolizer = os.path.join(os.path.dirname(opts.clang),
                                       "llvm-symbolizer")
        if not os.path.exists(opts.symbolizer):
            opts.symbolizer = shutil.which("llvm-symbolizer-19") or \
                "llvm-symbolizer"
    if opts.work:
        os.makedirs(opts.work, exist_ok=True)
        return check(opts)
    with tempfile.TemporaryDirectory(prefix="check_truth.") as work:
        opts.work = work
        return check(opts)


def check(opts):
    # A copy of the plugin and its library: the build may be rebuilt while
    # this runs.
    pdir = os.path.join(opts.work, "plugin")
    os.makedirs(pdir, exist_ok=True)
    src_dir = os.path.dirname(os.path.abspath(opts.plugin))
    for name in (os.path.basename(opts.plugin), "libcommcost.so"):
        if os.path.exists(os.path.join(src_dir, name)):
            shutil.copy2(os.path.join(src_dir, name), pdir)
    opts.plugin = os.path.join(pdir, os.path.basename(opts.plugin))
    mpi_c, mpi_l = mpi_flags()
    levels = [l for l in opts.levels.split(",") if l]
    truth_levels = [l for l in opts.truth_levels.split(",") if l]

    total_values = total_wrong = 0
    checked_sites = set()
    sites_per_level = collections.Counter()
    per_key = collections.Counter()
    wrong_lines, notes = [], []
    for unit in UNITS:
        flags, _ = manifest_flags(opts.corpus, unit["unit"])
        src_path = os.path.join(opts.corpus, unit["unit"])
        base = os.path.basename(unit["unit"])
        commands = unit["commands"]()
        # Truth per truth level: per command, the entries and their places.
        truths = {}
        for tl in truth_levels:
            exe = build_truth(opts, unit, flags, mpi_c, mpi_l, tl)
            runs = run_truth(exe, commands)
            where = symbolize(exe, {e[0] for r in runs for e in r})
            truths[tl] = (runs, where)
        for level in levels:
            records = build_records(opts, unit, flags, mpi_c, level)
            nests = collections.defaultdict(list)
            for r in records:
                if r["Tag"] == "Analysis" and r["Function"] in \
                        unit["functions"] and \
                        r["Args"].get("Kind") == "copy-loop":
                    nests[(r["Function"], r["Line"], r["Column"])].append(r)
            missed_at = {(r["Function"], r["Line"], r["Column"])
                         for r in records if r["Tag"] == "Missed"}
            for (fn, line, col), recs in sorted(nests.items(),
                                                key=lambda kv: kv[0][1]):
                first, last = nest_lines(src_path, line, col)
                site_name = f"{base}:{line}:{col} {fn}"
                # Several records in one nest: one per statement line, all
                # with the same values, or the nest is ambiguous. A value
                # stored several times (a = b = src[n]) is read by one of
                # them: those that read nothing have values of their own.
                def values(rs):
                    return {tuple(sorted(
                        (k, v) for k, v in r["Args"].items()
                        if k not in ("Array", "CostPs", "CostUs",
                                     "DominantTerm", "DominantShare")))
                        for r in rs}
                # A record per iteration of a loop of unknown trip count
                # speaks of one iteration; the truth is the whole nest's
                # (test/e2e/check_per_iteration.py checks such records).
                if any("PerIterationOf" in r["Args"] for r in recs):
                    notes.append(f"{level} {site_name}: skipped, per "
                                 "iteration of a loop of unknown trip count")
                    continue
                readers = [r for r in recs if not reads_nothing(r)]
                others = [r for r in recs if reads_nothing(r)]
                if (fn, line, col) in missed_at or \
                        len(values(readers)) > 1 or len(values(others)) > 1:
                    notes.append(f"{level} {site_name}: skipped, "
                                 f"{len(recs)} analysed records and "
                                 f"{'some' if (fn, line, col) in missed_at else 'no'}"
                                 f" missed ones in one nest "
                                 "(statements not told apart)")
                    continue
                results = [collections.defaultdict(Result) for _ in recs]
                cond_notes = collections.Counter()
                for tl in truth_levels:
                    runs, where = truths[tl]
                    for (pre, cmd, env), entries in zip(commands, runs):
                        mine = [e for e in entries
                                if where[e[0]][0] == fn
                                and where[e[0]][1] == base
                                and first <= where[e[0]][2] <= last]
                        cond = condition_value(recs[0]["Args"].get(
                            "Condition"), env)
                        if not mine:
                            if cond and unit["calls"][cmd[0]] == fn:
                                cond_notes["holds, site did not run"] += 1
                            continue
                        if cond is False:
                            cond_notes["does not hold, site ran"] += 1
                            continue
                        if len(recs) == 1:
                            groups = [mine]
                        else:
                            by_line = collections.defaultdict(list)
                            for e in mine:
                                by_line[where[e[0]][2]].append(e)
                            loading = [g for g in by_line.values()
                                       if any(e[2] == "L" for e in g)]
                            storing = [g for g in by_line.values()
                                       if not any(e[2] == "L" for e in g)]
                            if len(loading) != len(readers) or \
                                    len(storing) != len(others):
                                notes.append(f"{level} {site_name}: "
                                             f"{len(by_line)} statements ran "
                                             f"for {len(recs)} records: {cmd}")
                                continue
                            groups = [loading.pop() if r in readers
                                      else storing.pop() for r in recs]
                        for r, group, res in zip(recs, groups, results):
                            t = truth_of(group, tl == "-O0")
                            if opts.mutate:
                                t = {k: v + 1 for k, v in t.items()}
                            for key, (kind, exprs) in claims(r["Args"], CHECKED).items():
                                if key not in t:
                                    continue
                                try:
                                    vals = [compile_expression(x)(env)
                                            for x in exprs]
                                except EvalError as e:
                                    vals = None
                                res_k = res[key]
                                res_k.runs += 1
                                res_k.truths.add(t[key])
                                if vals is None:
                                    ok = False
                                elif kind == "exact":
                                    ok = vals[0] == t[key]
                                elif kind == "range":
                                    ok = vals[0] <= t[key] <= vals[1]
                                else:
                                    ok = t[key] <= vals[0]
                                info = (vals, t[key], pre + [cmd], tl, env)
                                if res_k.example is None:
                                    res_k.example = info
                                if not ok:
                                    res_k.status = "WRONG"
                                    if res_k.failure is None:
                                        res_k.failure = info
                                elif res_k.status == "exact" and (
                                        kind == "bound" or
                                        (kind == "range" and
                                         vals[0] != vals[1])):
                                    res_k.status = "within"
                # The counts are exact under the Condition: it must hold
                # exactly when the site runs.
                for note, count in cond_notes.items():
                    total_wrong += 1
                    wrong_lines.append(f"{level} {site_name}: Condition "
                                       f"'{recs[0]['Args'].get('Condition')}' "
                                       f"{note} in {count} runs")
                for r, res in zip(recs, results):
                    if not res:
                        notes.append(f"{level} {site_name} "
                                     f"[{r['Args'].get('Array')}]: not "
                                     "reached by any run")
                        continue
                    checked_sites.add((unit["unit"], fn, line, col,
                                       r["Args"].get("Array")))
                    sites_per_level[level] += 1
                    for key, (kind, exprs) in claims(r["Args"], CHECKED).items():
                        if key not in res:
                            continue
                        rk = res[key]
                        total_values += 1
                        per_key[(key, rk.status)] += 1
                        vals, t, cmds, tl, env = rk.failure or rk.example
                        claimed = " .. ".join(exprs) if kind == "range" else \
                            ("<= " if kind == "bound" else "") + exprs[0]
                        if len(claimed) > 90 and not opts.verbose:
                            claimed = claimed[:87] + "..."
                        shown = "..".join(map(str, vals)) if vals else "?"
                        print(f"{level} {site_name} [{r['Args'].get('Array')}]"
                              f" {key}: claimed '{claimed}' = {shown}, truth "
                              f"{t} ({rk.runs} runs, truths "
                              f"{min(rk.truths)}..{max(rk.truths)}): "
                              f"{rk.status}")
                        if rk.status == "WRONG":
                            total_wrong += 1
                            binding = {k: v for k, v in env.items()}
                            wrong_lines.append(
                                f"{level} {site_name} [{r['Args'].get('Array')}]"
                                f" {key}: record {exprs} = {vals}, truth {t} "
                                f"(truth build {tl}); driver input: "
                                f"{' | '.join(cmds)}; binding {binding}")
    print()
    for n in notes:
        print("note:", n)
    print()
    for key in CHECKED:
        c = {s: per_key[(key, s)] for s in ("exact", "within", "WRONG")}
        if any(c.values()):
            print(f"{key:16s} exact {c['exact']:4d}  within bounds "
                  f"{c['within']:4d}  wrong {c['WRONG']:4d}")
    for w in wrong_lines:
        print("WRONG:", w)
    print("sites per record level: " + ", ".join(
        f"{l} {n}" for l, n in sites_per_level.items()))
    print(f"{len(checked_sites)} sites checked, {total_values} values "
          f"compared, {total_wrong} wrong")
    if total_wrong:
        return 1
    if len(checked_sites) < opts.min_sites:
        print(f"check_truth: fewer than {opts.min_sites} sites checked")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
