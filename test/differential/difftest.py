"""Differential test of the plugin's records against execution (issue 8).

Generates random C programs (generate.py), compiles each with the plugin
at -O0..-O3 (-fsave-optimization-record), and once instrumented
(recorder.c, test/e2e/fake_mpi), runs every site at several bindings of its
parameters with its pointer buffers at random placements their alignment
allows, and compares each record's values, evaluated at the binding, with
what the run touched: calls, bytes, loads, stores and the distinct 64-byte
lines read, written and marshalled.

Each site, at each level, is one of:
  exact   every value the record claims is one number, equal to the truth
  loose   some value is a range [min, max] (or an upper bound under a
          stated condition) that contains the truth, the others exact
  wrong   some truth lies outside what the record claims, or the record
          cannot be evaluated, or it is of the wrong kind or place
  missed  no analysis record, a missed one (counted by its name)
  silent  no record at all
Exits 1 on any wrong value (unless --strict 0 or
COMMCOST_DIFFTEST_STRICT=0), after the table and a reproducer per kind of
site and likely cause; 2 when the test itself fails (a compile error, a
generator bug).

Replay a run with --seed (or COMMCOST_DIFFTEST_SEED); --mutate N corrupts N
record values at random to show what the comparison catches."""
import argparse
import collections
import concurrent.futures
import functools
import glob
import itertools
import json
import os
import random
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "pylib"))
sys.path.insert(0, HERE)
from commcost_records import (EvalError, claims, compile_expression,  # noqa: E402
                              load_remarks)
import generate  # noqa: E402

FAKE_MPI = os.path.join(ROOT, "test", "e2e", "fake_mpi")
LEVELS = ("-O0", "-O1", "-O2", "-O3")
# The values of one run, in the order recorder.c prints them.
RUN_FIELDS = ("calls", "call_bytes", "per_call", "loads", "stores",
              "stored_bytes", "read_lines", "written_lines",
              "marshalled_lines", "thread_loads", "thread_stores",
              "thread_read_lines", "thread_written_lines", "call_out_max",
              "call_in_max", "total_out")
# Base keys of the contract (docs/design.md "Records") the test checks: a
# base key K is claimed as K, or as the range K + "Min" .. K + "Max".
CHECKED = ("Messages", "BytesPerMessage", "Bytes", "Lines", "ReadLines",
           "WriteLines", "Reads", "Writes", "ReadsMax", "WritesMax",
           "Traffic", "HOut", "HIn", "Volume")


def truth(site, run):
    """The true value of each checked key for one run of the site; None
    where the key has no meaning for this run."""
    if site.kind == "coll":
        # One run per rank: h_o and h_i are the most one rank sends and
        # receives in a call, V what all ranks send in a call, the lines
        # the most one rank touches.
        ts = [dict(zip(RUN_FIELDS, r)) for r in run]
        calls = max(t["calls"] for t in ts)
        out = {"Messages": calls,
               "ReadLines": max(t["read_lines"] for t in ts),
               "WriteLines": max(t["written_lines"] for t in ts)}
        if calls:
            out.update(HOut=max(t["call_out_max"] for t in ts),
                       HIn=max(t["call_in_max"] for t in ts),
                       Volume=sum(t["total_out"] for t in ts) // calls)
        return out
    t = dict(zip(RUN_FIELDS, run))
    if site.kind == "omp":
        # A superstep: reads, writes and lines of the busiest thread (the
        # records' "one processor"), traffic over all of them.
        busiest = {"Reads": t["thread_loads"], "Writes": t["thread_stores"],
                   "ReadLines": t["thread_read_lines"],
                   "WriteLines": t["thread_written_lines"],
                   "Traffic": t["loads"] + t["stores"]}
        busiest.update(ReadsMax=busiest["Reads"],
                       WritesMax=busiest["Writes"])
        return busiest
    if site.call is None:  # copy loop: one copy operation
        return {"Messages": 1, "BytesPerMessage": t["stored_bytes"],
                "Bytes": t["stored_bytes"], "ReadLines": t["read_lines"],
                "WriteLines": t["written_lines"], "Reads": t["loads"],
                "Writes": t["stores"],
                "Traffic": t["loads"] + t["stores"]}
    per_call = t["per_call"] if t["calls"] else None
    out = {"Messages": t["calls"], "BytesPerMessage": per_call,
           "Bytes": t["call_bytes"]}
    if site.call == "memcpy" or site.kind == "pack":
        out.update(Lines=t["read_lines"], ReadLines=t["read_lines"],
                   WriteLines=t["written_lines"])
    elif site.kind == "atomic":
        out.update(Lines=t["marshalled_lines"],
                   WriteLines=t["written_lines"])
    else:
        out["Lines"] = t["marshalled_lines"]
    return out


class Verdict:
    def __init__(self):
        self.status = "exact"
        # (key, claimed expressions, their values, truth, binding index,
        # placements of the failing run)
        self.failures = []


def judge(site, record, results):
    """Compares one analysis record with the site's runs: results[b] is
    the list of (run values, placements) of binding b."""
    v = Verdict()
    expected = site.expected_kinds
    if record["Args"].get("Kind") not in expected:
        v.status = "wrong"
        v.failures.append(("Kind", record["Args"].get("Kind"),
                           None, f"one of {sorted(expected)}", None, {}))
        return v
    if not site.first_line <= (record["Line"] or 0) <= site.last_line:
        v.status = "wrong"
        v.failures.append(("Line", record["Line"], None,
                           f"{site.first_line}..{site.last_line}", None, {}))
        return v
    loose = False
    # Under a stated loop-invariant Condition the values are exact when it
    # holds; a run in which the site did nothing is one where it did not.
    conditional = "Condition" in record["Args"]
    for key, (kind, exprs) in claims(record["Args"], CHECKED).items():
        for b, runs in enumerate(results):
            env = site.bindings[b]
            try:
                values = [compile_expression(e)(env) for e in exprs]
            except (EvalError, RecursionError, ZeroDivisionError) as e:
                v.failures.append((key, exprs, None, f"unevaluable: {e}", b,
                                   {}))
                break
            for run, places in runs:
                t = truth(site, run).get(key)
                if t is None or (conditional and not any(run)):
                    continue
                if kind == "exact":
                    ok = values[0] == t
                elif kind == "range":
                    ok = values[0] <= t <= values[1]
                    loose |= values[0] != values[1]
                else:
                    ok = t <= values[0]
                    loose = True
                if not ok:
                    v.failures.append((key, exprs, values, t, b, places))
                    break
            if v.failures and v.failures[-1][0] == key:
                break  # one counter-example per key
    if v.failures:
        v.status = "wrong"
    elif loose:
        v.status = "loose"
    return v


def run_cmd(cmd, **kw):
    p = subprocess.run(cmd, text=True, capture_output=True, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(map(shlex.quote, cmd))} failed "
                           f"({p.returncode}):\n{p.stderr[-3000:]}")
    return p.stdout


class Context:
    def __init__(self, opts):
        self.opts = opts
        self.mpi_cflags = shlex.split(opts.mpi_cflags)
        # (seconds, source, level) of each compilation with the plugin.
        self.compile_times = []


def compile_records(ctx, src, level, out, backend=False):
    """The plugin's records of src at level. The records come from the
    middle end, so the backend is skipped (-emit-llvm) unless asked for;
    check_backend() shows that it changes nothing. A compilation that
    takes more than --compile-cpu seconds of CPU time is killed (prlimit):
    the error names the program and level, where a blow-up would
    otherwise time the whole test out without a word."""
    begin = time.time()
    run_cmd(["prlimit", f"--cpu={ctx.opts.compile_cpu}",
             ctx.opts.clang, level, f"-fplugin={ctx.opts.plugin}",
             *ctx.mpi_cflags, "-fopenmp", "-w", "-fsave-optimization-record",
             "-foptimization-record-passes=commcost",
             f"-foptimization-record-file={out}",
             *([] if backend else ["-emit-llvm"]), "-c", src, "-o",
             os.devnull])
    ctx.compile_times.append((time.time() - begin, src, level))
    return load_remarks(out)


def check_backend(ctx, prog, work):
    """Raises unless the records of one program at -O2 are the same with
    and without the backend."""
    src = os.path.join(work, "backend-check.c")
    with open(src, "w") as f:
        f.write(prog.plain())
    a = compile_records(ctx, src, "-O2", src + ".a.opt.yaml")
    b = compile_records(ctx, src, "-O2", src + ".b.opt.yaml", backend=True)
    if a != b:
        raise RuntimeError("records differ with and without -emit-llvm: "
                           f"{src}.a.opt.yaml, {src}.b.opt.yaml")


def build_recorder(ctx, work):
    objs = []
    for src in (os.path.join(HERE, "recorder.c"),
                os.path.join(FAKE_MPI, "mpi.c")):
        obj = os.path.join(work, os.path.basename(src)[:-2] + ".o")
        run_cmd([ctx.opts.clang, "-O2", "-fopenmp", "-w", "-I", FAKE_MPI,
                 "-c", src, "-o", obj])
        objs.append(obj)
    return objs


def truth_runs(ctx, prog, src, exe, objs, rng):
    """Runs every site of prog at each binding and placement; returns
    {site index: [[(run values, placements)] per binding]}."""
    run_cmd([ctx.opts.clang, "-O0", "-fopenmp", "-w", "-I", FAKE_MPI, "-I",
             HERE, src, *objs, "-o", exe])
    lines, index = [], []
    for site in prog.sites:
        for b, env in enumerate(site.bindings):
            for _ in range(ctx.opts.placements):
                values, places = generate.arguments(site, b, rng)
                # A collective runs once per rank, at one placement.
                ranks = env["P"] if site.kind == "coll" else 1
                for rank in range(ranks):
                    lines.append(f"{site.index} {env.get('P', 1)} {rank} "
                                 f"{len(values)} " +
                                 " ".join(map(str, values)))
                    index.append((site.index, b, places, rank, ranks))
    p = subprocess.run([exe], input="\n".join(lines) + "\n", text=True,
                       capture_output=True)
    out = p.stdout.splitlines()
    if p.returncode != 0:
        site = prog.sites[index[len(out)][0]] if len(out) < len(index) \
            else None
        raise RuntimeError(f"instrumented program {exe} failed "
                           f"({p.returncode}) at "
                           f"{site.name if site else '?'}: {p.stderr}")
    results = collections.defaultdict(
        lambda: [[] for _ in range(generate.BINDINGS)])
    ranks_run = []
    for (k, b, places, rank, ranks), line in zip(index, out):
        run = tuple(map(int, line.split()))
        if ranks == 1 and prog.sites[k].kind != "coll":
            results[k][b].append((run, places))
            continue
        ranks_run.append(run)
        if rank == ranks - 1:
            results[k][b].append((tuple(ranks_run), places))
            ranks_run = []
    return results


def process(ctx, prog, work, mutations):
    """Compiles and runs one program; returns its per-level verdicts."""
    base = os.path.join(work, f"p{prog.index}")
    src = base + ".c"
    with open(src, "w") as f:
        f.write(prog.plain())
    rsrc = base + "-rec.c"
    with open(rsrc, "w") as f:
        f.write(prog.instrumented())
    rng = random.Random(f"{prog.seed}/{prog.index}/placements")
    results = truth_runs(ctx, prog, rsrc, base + "-rec", ctx.objs, rng)
    verdicts = {}
    for level in ctx.opts.levels:
        records = compile_records(ctx, src, level, f"{base}{level}.opt.yaml")
        by_fn = collections.defaultdict(list)
        for r in records:
            # OpenMP bodies are outlined as site_N.omp_outlined.
            by_fn[r["Function"].split(".")[0]].append(r)
        for r in records:
            if r["Function"].split(".")[0] not in {s.name for s in prog.sites}:
                print(f"note: record outside any site: {r}", file=sys.stderr)
        for site in prog.sites:
            recs = by_fn.get(site.name, [])
            analysed = [r for r in recs if r["Tag"] == "Analysis"
                        and "Kind" in r["Args"]]
            missed = [r for r in recs if r["Tag"] == "Missed"]
            # Counts per iteration of a loop whose trip count is unknown
            # are not comparable with the recorder's counts per call.
            missed += [r for r in analysed if "PerIterationOf" in r["Args"]]
            analysed = [r for r in analysed
                        if "PerIterationOf" not in r["Args"]]
            if not recs:
                verdicts[(level, site.index)] = ("silent", None, [])
            elif not analysed:
                verdicts[(level, site.index)] = (
                    "missed", sorted({r["Name"] for r in missed}), [])
            else:
                judged = [(r, judge(site, r, results[site.index]))
                          for r in analysed]
                status = "exact"
                for _, v in judged:
                    if v.status == "wrong":
                        status = "wrong"
                    elif v.status == "loose" and status == "exact":
                        status = "loose"
                verdicts[(level, site.index)] = (status, None, judged)
                mutations.apply(level, prog, site, judged,
                                results[site.index])
    return verdicts


class Mutations:
    """--mutate N: corrupts one value in each of about N records that the
    comparison found right, so that the claim cannot hold (an exact value
    + 1; a range's maximum below its minimum), and judges the corrupted
    record again: each should now be wrong."""

    def __init__(self, count, seed, records_expected):
        self.count, self.seed = count, seed
        self.chance = count / max(1, records_expected)
        self.outcomes = []  # (level, program, function, key, caught)

    def apply(self, level, prog, site, judged, results):
        # One generator per site and level: the same choices in any order
        # of the threads.
        rng = random.Random(f"{self.seed}/{level}/{prog.index}/{site.index}")
        for record, v in judged:
            if not self.count or v.status == "wrong" or \
                    rng.random() > self.chance:
                continue
            cl = claims(record["Args"], CHECKED)
            # Only keys the runs give a truth for can be caught.
            cl = {k: c for k, c in cl.items()
                  if any(truth(site, run).get(k) is not None
                         for runs in results for run, _ in runs)}
            if not cl:
                continue
            key = rng.choice(sorted(cl))
            kind, exprs = cl[key]
            bad = dict(record, Args=dict(record["Args"]))
            if kind == "range":
                bad["Args"][key + "Max"] = f"({exprs[0]}) - 1"
            else:
                bad["Args"][key] = f"({exprs[0]}) + 1"
            caught = judge(site, bad, results).status == "wrong"
            self.outcomes.append((level, prog.index, site.name, key, caught))


def has_rows(site):
    """Whether the site reads or writes rows through loaded pointers."""
    return any(b.cls == "rows" for b in site.buffers)


def kind_of(site):
    if site.kind in ("coll", "pack", "atomic"):
        return f"{site.kind}:{site.call}"
    return "omp-loop" if site.kind == "omp" else \
        "mpi" if site.kind == "mpi" else \
        (site.call or "copy-loop") + ("/rows" if has_rows(site) else "")


def describe_site(site):
    feats = []
    if any(l.down for l in site.loops):
        feats.append("down")
    if site.cond:
        feats.append(f"if-{site.cond.kind}")
    if site.datatype is not None:
        feats.append(site.datatype.kind)
    feats.append("+".join(sorted({b.cls for b in site.buffers})))
    return f"{site.call or kind_of(site)} depth {len(site.loops)} " + \
        " ".join(feats)


def cause(site, failure):
    """The likely cause of a wrong value, from the site's construction
    and the failing binding, for grouping reproducers."""
    key, _, _, t, b, _ = failure
    if key in ("Kind", "Line"):
        return "wrong kind or place"
    if isinstance(t, str):
        return "unevaluable expression"
    env = site.bindings[b]
    if site.box(env) is None:
        return "empty loop"
    src = getattr(site, "src", None)  # collectives may have none
    if site.call is not None and src is not None and src.accesses:
        span = src.accesses[0].span(env)
        if span is None or span[0] == span[1]:
            return "zero-byte transfer"
    if any(loop.tile for loop in site.loops):
        return "tiles"
    if has_rows(site):
        c = rows_cause(site, b)
        if c:
            return c
    if site.cond:
        return "conditional"
    # Memory walked backwards: a negative coefficient of a loop counting
    # up, or a positive one of a loop counting down.
    down = {l.var for l in site.loops if l.down}
    walks = []  # (symbolic pitch?, backwards?) per use of a loop variable
    for buf in site.buffers:
        for acc in buf.accesses:
            for d, sub in enumerate(acc.subs):
                vla = any(isinstance(x, str) for x in buf.dims[d + 1:])
                walks += [(bool(param) or vla, (coef < 0) != (var in down))
                          for coef, param, var in sub.terms if var]
    if any(param and back for param, back in walks):
        return "negative symbolic pitch"
    if any(back for _, back in walks):
        return "backward"
    return "other"


@functools.lru_cache(maxsize=None)
def rows_cause(site, b):
    """Whether a site's nest reaches rows through loaded pointers other
    than once per row per iteration at binding b: a row's element accessed
    in more than one iteration (a loop that moves neither the row nor the
    column), the other side's element accessed in more than one
    iteration, a row (one table entry) reached from more than one value of
    the loop counters its index uses (`d[i + j][k]`), or memcpy's bytes
    overlapping from call to call within a row; None otherwise."""
    env = site.bindings[b]
    box = site.box(env)
    names = [loop.var for loop in site.loops]
    ranges = [range(box[v][0], box[v][1] + 1, loop.step)
              for v, loop in zip(names, site.loops)]
    points = [dict(env, **dict(zip(names, p)))
              for p in itertools.product(*ranges)]
    for buf in site.buffers:
        if buf.cls != "rows":
            continue
        row, col = buf.accesses[0].subs[-2:]
        uses = sorted({v for _, _, v in row.terms if v})
        elems, counters, starts = set(), {}, {}
        for e in points:
            r, c = row.value(e), col.value(e)
            elems.add((r, c))
            counters.setdefault(r, set()).add(tuple(e[v] for v in uses))
            starts.setdefault(r, set()).add(c)
        if len(elems) < len(points):
            return "rows: row elements revisited"
        if any(len(k) > 1 for k in counters.values()):
            return "rows: row index repeats"
        if site.call == "memcpy":
            n = site.count if isinstance(site.count, int) else \
                env[site.count]
            for cs in starts.values():
                cs = sorted(cs)
                if any((y - x) * buf.esize < n for x, y in zip(cs, cs[1:])):
                    return "rows: memcpy bytes overlap"
    for buf in (site.dst, site.src):
        subs = buf.accesses[0].subs
        if buf.cls == "rows" or any(isinstance(x, generate.Counter)
                                    for x in subs):
            continue
        if len({tuple(x.value(e) for x in subs) for e in points}) < \
                len(points):
            return "rows: other side revisited"
    return None


def shorten(text, limit=160):
    return text if len(text) <= limit else text[:limit] + " ...[cut]"


def failure_text(prog, site, level, record, v, seed):
    """A reproducer: the site's source (after the common prologue), the
    record's failing values and the truth."""
    lines = prog.plain().split("\n")
    out = [f"seed {seed}, program {prog.index}, {site.name} at {level} "
           f"({describe_site(site)}, record line {record['Line']})",
           "\n".join(lines[site.first_line - 1:site.last_line])]
    for key, exprs, values, t, b, places in v.failures[:6]:
        env = site.bindings[b] if b is not None else {}
        claim = " .. ".join(exprs) if isinstance(exprs, tuple) else exprs
        out.append(f"  {key}: claimed {values} = {shorten(claim)}; at "
                   f"{json.dumps(env)}, placements mod 64 "
                   f"{json.dumps(places)}: truth {t}")
    return "\n".join(out)


def main():
    env = os.environ
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--mpi-cflags", default="")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--seed", type=int,
                    default=int(env["COMMCOST_DIFFTEST_SEED"])
                    if env.get("COMMCOST_DIFFTEST_SEED") else None)
    ap.add_argument("--sites", type=int,
                    default=int(env.get("COMMCOST_DIFFTEST_SITES", 5000)))
    ap.add_argument("--per-program", type=int, default=100)
    ap.add_argument("--placements", type=int, default=2,
                    help="runs per binding, each at random placements")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--mutate", type=int, default=0, metavar="N")
    ap.add_argument("--compile-cpu", type=int, default=120, metavar="S",
                    help="CPU seconds one compilation with the plugin may "
                    "take (a 100-site program takes about 1)")
    ap.add_argument("--show", type=int, default=20,
                    help="reproducers printed in full")
    ap.add_argument("--strict", choices=("0", "1"), default="1",
                    help="1: exit 1 on a wrong value; the environment "
                    "variable COMMCOST_DIFFTEST_STRICT, when set, wins")
    opts = ap.parse_args()
    strict = env.get("COMMCOST_DIFFTEST_STRICT", opts.strict)
    opts.strict = strict.strip().upper() not in ("0", "OFF", "NO", "FALSE",
                                                 "")
    opts.levels = opts.levels.split(",")
    if opts.seed is None:
        opts.seed = random.SystemRandom().randrange(1, 2 ** 31)
    print(f"seed {opts.seed} (replay: --seed {opts.seed} or "
          f"COMMCOST_DIFFTEST_SEED={opts.seed}), {opts.sites} sites, "
          f"levels {' '.join(opts.levels)}", flush=True)
    start = time.time()
    os.makedirs(opts.workdir, exist_ok=True)
    # The files of an earlier run (it may have had more programs).
    for old in glob.glob(os.path.join(opts.workdir, "p[0-9]*")) + \
            glob.glob(os.path.join(opts.workdir, "backend-check.c*")):
        os.remove(old)
    ctx = Context(opts)
    try:
        ctx.objs = build_recorder(ctx, opts.workdir)
        programs = generate.generate(opts.seed, opts.sites, opts.per_program)
        check_backend(ctx, programs[0], opts.workdir)
    except (RuntimeError, ValueError) as e:
        print(f"error: {e}")
        return 2
    mutations = Mutations(opts.mutate, opts.seed,
                          len(opts.levels) * opts.sites * 0.3)
    verdicts = {}
    errors = []
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        futures = {pool.submit(process, ctx, p, opts.workdir, mutations): p
                   for p in programs}
        for fut in concurrent.futures.as_completed(futures):
            p = futures[fut]
            try:
                for (level, k), v in fut.result().items():
                    verdicts[(level, p.index, k)] = v
            except RuntimeError as e:
                errors.append(f"program {p.index}: {e}")
    for e in errors:
        print(f"error: {e}")
    slowest = sorted(ctx.compile_times, reverse=True)[:3]
    print("slowest compilations: " + ", ".join(
        f"{os.path.basename(src)} {level} {t:.1f} s"
        for t, src, level in slowest))
    return report(opts, programs, verdicts, mutations, errors, start)


def report(opts, programs, verdicts, mutations, errors, start):
    cols = ("exact", "loose", "wrong", "missed", "silent")
    print(f"{'level':6} {'sites':>6} " + " ".join(f"{c:>6}" for c in cols))
    missed_names = {}
    for level in opts.levels:
        counts = collections.Counter()
        names = collections.Counter()
        for (lv, _, _), (status, mnames, _) in verdicts.items():
            if lv != level:
                continue
            counts[status] += 1
            for n in mnames or []:
                names[n] += 1
        missed_names[level] = names
        print(f"{level:6} {sum(counts.values()):6} " +
              " ".join(f"{counts[c]:6}" for c in cols))
    # Per kind of site (the collective, pack and atomic kinds by call);
    # rows through loaded pointers apart (copy-loop/rows, memcpy/rows).
    by_kind = collections.defaultdict(collections.Counter)
    by_prog = {p.index: p for p in programs}
    rows_missed = collections.defaultdict(collections.Counter)
    for (lv, p, k), (status, mnames, _) in verdicts.items():
        site = by_prog[p].sites[k]
        kind = site.kind if site.kind in ("coll", "pack", "atomic", "omp",
                                          "mpi") else kind_of(site)
        by_kind[(kind, lv)][status] += 1
        if has_rows(site):
            for n in mnames or []:
                rows_missed[lv][n] += 1
    # Sites with a loop in tiles (generate.Loop.tile), across kinds.
    tiled = collections.defaultdict(collections.Counter)
    for (lv, p, k), (status, _, _) in verdicts.items():
        if any(loop.tile for loop in by_prog[p].sites[k].loops):
            tiled[lv][status] += 1
    print(f"{'kind':14} {'level':6} {'sites':>6} " +
          " ".join(f"{c:>6}" for c in cols))
    for (kind, lv), counts in sorted(by_kind.items()):
        print(f"{kind:14} {lv:6} {sum(counts.values()):6} " +
              " ".join(f"{counts[c]:6}" for c in cols))
    for lv, counts in sorted(tiled.items()):
        print(f"{'in tiles':14} {lv:6} {sum(counts.values()):6} " +
              " ".join(f"{counts[c]:6}" for c in cols))
    for level in opts.levels:
        print(f"missed at {level} by remark name: " + ", ".join(
            f"{n} {c}" for n, c in missed_names[level].most_common()))
    for level in opts.levels:
        print(f"missed with rows at {level} by remark name: " + ", ".join(
            f"{n} {c}" for n, c in rows_missed[level].most_common()))
    # Wrong results grouped by kind of site and likely cause; the smallest
    # reproducer of each group is printed first.
    groups = collections.defaultdict(lambda: {"levels": collections.Counter(),
                                              "keys": set(), "best": None})
    wrong = []
    for (lv, p, k), (status, _, judged) in sorted(verdicts.items()):
        if status != "wrong":
            continue
        prog = by_prog[p]
        site = prog.sites[k]
        for record, v in judged:
            if v.status != "wrong":
                continue
            text = failure_text(prog, site, lv, record, v, opts.seed)
            wrong.append(text)
            for c in sorted({cause(site, f) for f in v.failures}):
                g = groups[(kind_of(site), c)]
                g["levels"][lv] += 1
                g["keys"] |= {f[0] for f in v.failures}
                size = site.last_line - site.first_line
                if g["best"] is None or size < g["best"][0]:
                    g["best"] = (size, text)
            break
    if groups:
        print(f"\nwrong site results by kind and likely cause (sites at "
              f"{'/'.join(opts.levels)}; keys):")
        for (kind, c), g in sorted(groups.items()):
            print(f"  {kind:9} {c:24} " +
                  "/".join(str(g["levels"][lv]) for lv in opts.levels) +
                  f"; {', '.join(sorted(g['keys']))}")
        print("\nsmallest reproducer of each group (after the prologue: " +
              " ".join(generate.PROLOGUE) + "):")
        for (kind, c), g in sorted(groups.items()):
            print(f"--- WRONG [{kind}, {c}] {g['best'][1]}")
        if opts.show:
            print(f"\nfirst {min(opts.show, len(wrong))} of {len(wrong)} "
                  f"wrong site results:")
            for text in wrong[:opts.show]:
                print(f"--- WRONG {text}")
        print(f"(sources, records and instrumented programs in "
              f"{opts.workdir}; plugin flags: {opts.clang} -O<level> "
              f"-fplugin={opts.plugin} {opts.mpi_cflags} -fopenmp "
              f"-fsave-optimization-record -c FILE)")
    print(f"time {time.time() - start:.0f} s")
    if mutations.count:
        done = mutations.outcomes
        hit = [m for m in done if m[-1]]
        print(f"mutations: {len(done)} record values corrupted, "
              f"{len(hit)} caught; by key: " + ", ".join(
                  f"{k} {sum(1 for m in hit if m[3] == k)}/"
                  f"{sum(1 for m in done if m[3] == k)}"
                  for k in sorted({m[3] for m in done})))
        for m in done:
            if not m[-1]:
                print(f"  not caught: {m[:4]}")
        return 0 if done and len(hit) == len(done) else 1
    if errors:
        return 2
    if wrong and opts.strict:
        print("FAIL: wrong values (COMMCOST_DIFFTEST_STRICT=0 reports "
              "without failing)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
