#!/usr/bin/env python3
"""The corpus driver: compiles every translation unit of the mini-app
corpus (../shared/corpus, see its README) at -O2 with the plugin and
without it, counts the communication sites the census finds (census.py),
matches the plugin's records to them (matching.py), and prints per
application: units, crashes, object identity, analysed / missed / silent
sites by kind, duplicate, extra and system-header records, and the
histogram of missed reasons. Compares the counts with the baseline in the
repository and fails (exit 1) on a regression. Rules: README.md here.

Usage: corpus.py --plugin CommCost.so [--corpus DIR] [-j N] [--json FILE]
                 [--update-baseline] [--app NAME]..."""
import argparse
import concurrent.futures
import filecmp
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "pylib"))
sys.setrecursionlimit(20000)  # the census walks deep ASTs recursively

import census  # noqa: E402
import matching  # noqa: E402
from corpus_location import find_corpus, not_found_message  # noqa: E402,F401

KINDS = ["call", "copy-loop", "collective", "atomic", "pack"]
STATES = ["analysed", "missed", "silent"]
# Sites whose code clang does not emit (in a function it does not emit,
# census.py, or removed as dead code, emitted_lines): no record can speak of
# them, so they are counted apart.
UNCOMPILED = "uncompiled"
COUNTED = ["sites"] + STATES + [UNCOMPILED]
RECORD_COUNTS = ["duplicate", "extra", "system", "unpriced"]
# The targets of issue 12, printed with the totals.
TARGET_CALLS = 0.80
TARGET_COPIES = 0.60
BASELINE_FORMAT = "commcost-corpus-baseline/1"
COMPILE_TIMEOUT = 900


class InputError(Exception):
    """Bad input (corpus, manifest, baseline): the message names it."""


# --- Finding and reading the corpus --------------------------------------

def load_manifest(corpus):
    path = os.path.join(corpus, "manifest.json")
    try:
        with open(path) as f:
            units = json.load(f)
    except OSError as e:
        raise InputError(f"{path}: cannot be read: {e.strerror}")
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: not JSON: {e}")
    if not isinstance(units, list) or not units:
        raise InputError(f"{path}: expected a non-empty list of units")
    for n, u in enumerate(units):
        where = f"{path}: unit {n}"
        if not isinstance(u, dict):
            raise InputError(f"{where}: not an object")
        for key in ("app", "lang", "file"):
            if not isinstance(u.get(key), str) or not u[key]:
                raise InputError(f"{where}: '{key}' missing or not a string")
        if u["lang"] not in ("c", "c++"):
            raise InputError(f"{where}: lang '{u['lang']}' is not c or c++")
        if not isinstance(u.get("flags", []), list) or not all(
                isinstance(f, str) for f in u.get("flags", [])):
            raise InputError(f"{where}: 'flags' is not a list of strings")
        if u.get("uses") not in (None, "mpi", "shmem"):
            raise InputError(
                f"{where}: uses '{u['uses']}' is not mpi or shmem")
        if not os.path.isfile(os.path.join(corpus, u["file"])):
            raise InputError(f"{where}: {u['file']} does not exist")
    return units


def showme(wrapper):
    try:
        out = subprocess.run([wrapper, "--showme:compile"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise InputError(f"{wrapper} --showme:compile failed: {e}")
    return shlex.split(out)


# --- One unit ---------------------------------------------------------------

_census = None


def _run(cmd, cwd, log):
    """Runs a compile; returns (exit code or -signal, None) or (None,
    'timeout')."""
    with open(log, "w") as err:
        try:
            proc = subprocess.run(cmd, cwd=cwd, stdout=err, stderr=err,
                                  timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, "timeout"
    return proc.returncode, None


def emitted_lines(compiler, source, flags, corpus, stem):
    """The (file, line) pairs, files relative to the corpus, that the
    unit's -O2 code has instructions of: the line table of the same compile
    with -gline-tables-only (debug information does not change code
    generation), read from the assembly's .file and .loc directives. A
    silent site none of whose code is there was removed before anything
    could report it (dead code, such as a branch on a constant), so it is
    not compiled. None when that compile fails."""
    asm = f"{stem}.s"
    cmd = [compiler, "-O2", "-S", source, *flags, "-gline-tables-only",
           "-o", asm]
    code, _ = _run(cmd, corpus, f"{stem}.log")
    if code != 0:
        return None
    files, lines = {}, set()
    with open(asm, errors="replace") as f:
        for text in f:
            if not text.lstrip().startswith((".file", ".loc")):
                continue
            try:
                words = shlex.split(text, comments=True)
            except ValueError:  # a quote left open: not a line of ours
                continue
            if len(words) >= 3 and words[0] == ".file" and words[1].isdigit():
                # .file N "name"  or  .file N "directory" "name" [md5 ...]
                name = (os.path.join(words[2], words[3])
                        if len(words) >= 4 and words[3] != "md5"
                        else words[2])
                files[words[1]] = _census.relpath(name)
            elif len(words) >= 3 and words[0] == ".loc":
                lines.add((words[1], words[2]))
    os.remove(asm)
    return {(files[n], int(line)) for n, line in lines
            if files.get(n) and line.isdigit()}


def analyse_unit(job):
    """Census, the two compiles and the matching of one unit (runs in a
    worker process)."""
    global _census
    u, corpus, work, compilers, plugin, extra_flags = job
    start = time.time()
    cpu = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    if _census is None:
        _census = census.Census(corpus)
    lang_flags = ["-x", u["lang"]]
    flags = u.get("flags", []) + extra_flags
    result = dict(app=u["app"], file=u["file"], sites=[], counts={},
                  crash=None, plain_error=None, objects_identical=None)
    try:
        sites = _census.unit(u["file"], lang_flags + flags)
    except RuntimeError as e:
        result["plain_error"] = str(e)
        return result

    stem = os.path.join(work, u["file"].replace("/", "__"))
    compiler = compilers[u["lang"]]
    record_flags = ["-fsave-optimization-record",
                    "-foptimization-record-passes=commcost",
                    "-Rpass-analysis=commcost", "-Rpass-missed=commcost"]
    outs = {}
    for variant, plugin_flags in (("plain", []),
                                  ("plugin", [f"-fplugin={plugin}"])):
        obj, yml = f"{stem}.{variant}.o", f"{stem}.{variant}.opt.yaml"
        for stale in (obj, yml):
            if os.path.exists(stale):
                os.remove(stale)
        cmd = [compiler, "-O2", "-c", u["file"], *flags, *record_flags,
               f"-foptimization-record-file={yml}", *plugin_flags, "-o", obj]
        code, why = _run(cmd, corpus, f"{stem}.{variant}.log")
        outs[variant] = (code, why, obj, yml, cmd)
    code, why, obj, _, cmd = outs["plain"]
    if code != 0:
        result["plain_error"] = (f"{u['file']}: compiling without the plugin "
                                 f"failed ({why or f'exit {code}'}): "
                                 f"{shlex.join(cmd)}")
        return result
    code, why, pobj, pyml, cmd = outs["plugin"]
    records = []
    if code != 0:
        how = why or (f"signal {-code}" if code < 0 else f"exit {code}")
        result["crash"] = f"{how}; log {stem}.plugin.log"
    else:
        result["objects_identical"] = filecmp.cmp(obj, pobj, shallow=False)
        try:
            records = matching.load_records(pyml)
        except ValueError as e:
            result["crash"] = f"unreadable records: {e}"
    status, counts, extras = matching.match_unit(sites, records,
                                                 _census.relpath)
    for s, (state, reason, n) in zip(sites, status):
        if state == "silent" and not s["compiled"]:
            state = UNCOMPILED
        s["state"] = state
        s["reason"] = reason
        s["records"] = n
    silent = [s for s in sites if s["state"] == "silent"]
    if silent and not result["crash"]:
        emitted = emitted_lines(compiler, u["file"], flags, corpus,
                                f"{stem}.lines")
        if emitted is not None:
            for s in silent:
                if (s["file"], s["line"]) not in emitted:
                    s["state"] = UNCOMPILED
    result["sites"] = sites
    result["counts"] = counts
    result["extras"] = extras
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU time, which a busy machine does not inflate as it does wall time.
    result["cpu"] = dict(
        census=time.process_time() - cpu,
        compiles=(after.ru_utime + after.ru_stime
                  - children.ru_utime - children.ru_stime))
    result["seconds"] = time.time() - start
    return result


# --- Putting units together ------------------------------------------------

def site_key(s):
    return (s["kind"], s["file"], s["line"], s["col"], s["callee"], s["role"])


def aggregate(results, apps):
    """Per application: unit outcomes, record counts, and each census
    site once (a site in a header seen by several units counts once, with
    the best outcome any unit had)."""
    rank = {"analysed": 0, "missed": 1, "silent": 2, UNCOMPILED: 3}
    report = {}
    for app in apps:
        report[app] = dict(units=0, crashes=0, objects_differ=0,
                           records={c: 0 for c in RECORD_COUNTS}, sites={})
    for r in results:
        a = report[r["app"]]
        a["units"] += 1
        a["crashes"] += bool(r["crash"])
        a["objects_differ"] += r["objects_identical"] is False
        for c in RECORD_COUNTS:
            a["records"][c] += r["counts"].get(c, 0)
        for s in r["sites"]:
            k = site_key(s)
            old = a["sites"].get(k)
            if old is None or rank[s["state"]] < rank[old["state"]]:
                a["sites"][k] = s
    for a in report.values():
        kinds = {k: {st: 0 for st in COUNTED} for k in KINDS}
        missed = {}
        for s in a["sites"].values():
            kinds[s["kind"]][s["state"]] += 1
            kinds[s["kind"]]["sites"] += s["state"] != UNCOMPILED
            if s["state"] == "missed":
                key = (s["kind"],) + tuple(s["reason"])
                missed[key] = missed.get(key, 0) + 1
        a["kinds"] = kinds
        a["missed_reasons"] = missed
        a["copy_nests"] = len({(s["file"], s["loops"][0][0])
                               for s in a["sites"].values()
                               if s["kind"] == "copy-loop"
                               and s["state"] != UNCOMPILED})
    return report


def totals(report):
    t = dict(units=0, crashes=0, objects_differ=0,
             records={c: 0 for c in RECORD_COUNTS},
             kinds={k: {st: 0 for st in COUNTED} for k in KINDS},
             missed_reasons={}, copy_nests=0)
    for a in report.values():
        for c in ("units", "crashes", "objects_differ", "copy_nests"):
            t[c] += a[c]
        for c in RECORD_COUNTS:
            t["records"][c] += a["records"][c]
        for k in KINDS:
            for st in COUNTED:
                t["kinds"][k][st] += a["kinds"][k][st]
        for key, n in a["missed_reasons"].items():
            t["missed_reasons"][key] = t["missed_reasons"].get(key, 0) + n
    return t


# --- Printing -----------------------------------------------------------

def _cell(k):
    return f"{k['analysed']}/{k['missed']}/{k['silent']} of {k['sites']}"


def table_rows(report, total):
    """The per-application table: a header, one row per application, the
    totals."""
    rows = [("application", "units", "crashes", "objects differ",
             *KINDS, "not compiled", *RECORD_COUNTS)]
    for app, a in list(report.items()) + [("total", total)]:
        rows.append((app, str(a["units"]), str(a["crashes"]),
                     str(a["objects_differ"]),
                     *(_cell(a["kinds"][k]) for k in KINDS),
                     str(sum(a["kinds"][k][UNCOMPILED] for k in KINDS)),
                     *(str(a["records"][c]) for c in RECORD_COUNTS)))
    return rows


def targets(total):
    def share(kinds):
        sites = sum(total["kinds"][k]["sites"] for k in kinds)
        done = sum(total["kinds"][k]["analysed"] for k in kinds)
        return done, sites, (done / sites if sites else 1.0)
    calls = share(["call", "atomic", "pack"])
    copies = share(["copy-loop"])
    silent = sum(total["kinds"][k]["silent"] for k in KINDS)
    coll = total["kinds"]["collective"]
    return [
        f"communication calls analysed (call, atomic, pack): {calls[0]} of "
        f"{calls[1]} = {100 * calls[2]:.0f}% "
        f"(target {100 * TARGET_CALLS:.0f}%)",
        f"copy loops analysed: {copies[0]} of {copies[1]} copy statements "
        f"(in {total['copy_nests']} loop nests) = {100 * copies[2]:.0f}% "
        f"(target {100 * TARGET_COPIES:.0f}%)",
        f"silent sites: {silent} (target 0)",
        f"collectives analysed or missed: {coll['analysed'] + coll['missed']}"
        f" of {coll['sites']} (target all)",
        f"crashes: {total['crashes']}, units whose object differs: "
        f"{total['objects_differ']} (target 0 and 0)"]


def histogram(total):
    """(sites, kind, Name, reason), most frequent first."""
    return [(n, kind, name, reason) for (kind, name, reason), n in sorted(
        total["missed_reasons"].items(), key=lambda kv: (-kv[1], kv[0]))]


LEGEND = ("analysed/missed/silent of the sites the census counts, per kind; "
          "sites whose code clang does not emit (not compiled); records "
          "that duplicate a site, match no site (extra), come from system "
          "headers, or say an analysed site is not priced (unpriced)")


def render_text(report, total, timing):
    rows = table_rows(report, total)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, r in enumerate(rows):
        if n == len(rows) - 1:
            lines.append("-" * (sum(widths) + 2 * len(widths)))
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))))
    out = ["Corpus: " + LEGEND, ""] + lines + ["", "Targets (issue 12):"]
    out += ["  " + t for t in targets(total)]
    out += ["", "Missed reasons (sites):"]
    out += [f"{n:5d}  {kind:10s}  {name}: {reason}"
            for n, kind, name, reason in histogram(total)]
    return "\n".join(out + ["", timing])


def render_markdown(report, total, timing):
    rows = table_rows(report, total)
    md = lambda r: "| " + " | ".join(r) + " |"  # noqa: E731
    out = [LEGEND + ".", "", md(rows[0]),
           "|" + "---|" * len(rows[0])]
    out += [md(r) for r in rows[1:-1]] + [md(["**total**", *rows[-1][1:]])]
    out += ["", "Targets (issue 12):", ""] + ["- " + t for t in targets(total)]
    out += ["", "Missed reasons (sites):", "",
            "| sites | kind | Name | reason |", "|---|---|---|---|"]
    out += [f"| {n} | {kind} | {name} | {reason.replace('|', '/')} |"
            for n, kind, name, reason in histogram(total)]
    return "\n".join(out + ["", timing, ""])


# --- The baseline ----------------------------------------------------------

def summary(report, total):
    """What the baseline keeps: the counts, not the sites."""
    def counts(a):
        return dict(units=a["units"], crashes=a["crashes"],
                    objects_differ=a["objects_differ"],
                    records=dict(a["records"]),
                    kinds={k: dict(v) for k, v in a["kinds"].items()})
    return dict(format=BASELINE_FORMAT,
                apps={app: counts(a) for app, a in report.items()},
                total=counts(total))


def load_baseline(path):
    try:
        with open(path) as f:
            base = json.load(f)
    except OSError as e:
        raise InputError(f"{path}: cannot be read: {e.strerror} "
                         "(write one with --update-baseline)")
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: not JSON: {e}")
    if not isinstance(base, dict) or base.get("format") != BASELINE_FORMAT:
        raise InputError(f"{path}: 'format' is not {BASELINE_FORMAT}")
    if not isinstance(base.get("apps"), dict):
        raise InputError(f"{path}: 'apps' missing")
    return base


def regressions(base, now):
    """Why the counts now are worse than the baseline: fewer analysed
    sites, more silent sites or duplicate/extra/system-header records, any
    crash or object difference, or a census that counts differently."""
    problems = []
    for app, a in now["apps"].items():
        b = base["apps"].get(app)
        if b is None:
            problems.append(f"{app}: not in the baseline")
            continue
        if a["crashes"]:
            problems.append(
                f"{app}: {a['crashes']} unit(s) crash with the plugin")
        if a["objects_differ"]:
            problems.append(f"{app}: {a['objects_differ']} unit(s) compile to "
                            "a different object with the plugin")
        if a["units"] != b.get("units"):
            problems.append(
                f"{app}: {a['units']} units, baseline {b.get('units')}")
        for k in KINDS:
            ak, bk = a["kinds"][k], b.get("kinds", {}).get(k, {})
            for c, what in (("sites", "sites"),
                            (UNCOMPILED, "sites not compiled")):
                if ak[c] != bk.get(c):
                    problems.append(f"{app} {k}: census counts {ak[c]} "
                                    f"{what}, baseline {bk.get(c)}")
            if ak["analysed"] < bk.get("analysed", 0):
                problems.append(f"{app} {k}: {ak['analysed']} analysed, "
                                f"baseline {bk['analysed']}")
            if ak["silent"] > bk.get("silent", 0):
                problems.append(f"{app} {k}: {ak['silent']} silent, "
                                f"baseline {bk.get('silent', 0)}")
        for c in ("duplicate", "extra", "system"):
            if a["records"][c] > b.get("records", {}).get(c, 0):
                problems.append(f"{app}: {a['records'][c]} {c} records, "
                                f"baseline {b.get('records', {}).get(c, 0)}")
    for app in base["apps"]:
        if app not in now["apps"]:
            problems.append(f"{app}: in the baseline, not in the corpus")
    return problems


def write_atomically(path, text):
    """A temporary file beside `path`, flushed, then renamed over it."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path))
    umask = os.umask(0)
    os.umask(umask)
    # mkstemp makes the file private; give it the mode of any new file.
    os.chmod(tmp, 0o666 & ~umask)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


# --- Main -------------------------------------------------------------------

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--plugin", required=True, help="CommCost.so")
    p.add_argument("--corpus", help="the corpus folder (default: "
                   "$COMMCOST_CORPUS, else ../shared/corpus beside the "
                   "repository)")
    p.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang",
                   help="the C compiler; the C++ one is its name plus '++'")
    p.add_argument("--work", default=None, help="folder for objects and "
                   "records (default: a temporary folder)")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--app", action="append", help="only this application "
                   "(repeatable; no baseline check)")
    p.add_argument("--baseline", default=os.path.join(HERE, "baseline.json"))
    p.add_argument("--update-baseline", action="store_true",
                   help="write the counts of this run as the baseline")
    p.add_argument("--json", help="write the full report (counts, every "
                   "site with its outcome) to this file, '-' for stdout")
    p.add_argument("--markdown",
                   help="write the tables as Markdown to this file")
    args = p.parse_args(argv)

    try:
        corpus = find_corpus(args.corpus)
        if corpus is None:
            raise InputError(not_found_message())
        if not os.path.isfile(args.plugin):
            raise InputError(f"{args.plugin}: plugin not found")
        units = load_manifest(corpus)
        if args.app:
            unknown = set(args.app) - {u["app"] for u in units}
            if unknown:
                raise InputError(
                    f"--app {sorted(unknown)[0]}: not in the manifest")
            units = [u for u in units if u["app"] in args.app]
        if args.update_baseline and args.app:
            raise InputError(
                "--update-baseline needs the whole corpus (no --app)")
        base = None if (args.update_baseline or args.app) else \
            load_baseline(args.baseline)
        uses = {"mpi": showme("mpicc"), "shmem": showme("oshcc"), None: []}
        compilers = {"c": args.clang, "c++": args.clang + "++"}
        for c in compilers.values():
            if not shutil.which(c):
                raise InputError(f"{c}: compiler not found")
        if args.jobs < 1:
            raise InputError(f"-j {args.jobs}: needs at least 1")
    except InputError as e:
        print(f"corpus: error: {e}", file=sys.stderr)
        return 2

    start = time.time()
    work_ctx = (tempfile.TemporaryDirectory(prefix="commcost-corpus-")
                if args.work is None else None)
    work = work_ctx.name if work_ctx else args.work
    os.makedirs(work, exist_ok=True)
    plugin = os.path.abspath(args.plugin)
    jobs = [(u, corpus, os.path.abspath(work), compilers, plugin,
             uses[u.get("uses")]) for u in units]
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        for r in ex.map(analyse_unit, jobs):
            results.append(r)
    seconds = time.time() - start

    broken = [r["plain_error"] for r in results if r["plain_error"]]
    apps = list(dict.fromkeys(u["app"] for u in units))
    report = aggregate([r for r in results if not r["plain_error"]], apps)
    total = totals(report)
    census_cpu = sum(r.get("cpu", {}).get("census", 0) for r in results)
    compile_cpu = sum(r.get("cpu", {}).get("compiles", 0) for r in results)
    timing = (f"{len(results)} units in {seconds:.0f} s with -j{args.jobs}; "
              f"CPU time: census {census_cpu:.0f} s, compiles "
              f"{compile_cpu:.0f} s")
    print(render_text(report, total, timing))
    for r in results:
        if r["crash"]:
            print(f"crash: {r['file']}: {r['crash']}")
        if r["objects_identical"] is False:
            print(f"object differs: {r['file']}")

    if args.markdown:
        write_atomically(args.markdown, render_markdown(report, total, timing))
    if args.json:
        full = summary(report, total)
        full["seconds"] = round(seconds)
        full["units"] = [
            {k: r.get(k) for k in ("app", "file", "crash", "plain_error",
                                   "objects_identical", "cpu", "seconds",
                                   "extras")}
            for r in results]
        full["missed_reasons"] = [
            dict(kind=k, name=n, reason=rs, sites=c)
            for (k, n, rs), c in total["missed_reasons"].items()]
        full["sites"] = sorted(
            (dict(app=app, **{k: v for k, v in s.items()})
             for app, a in report.items() for s in a["sites"].values()),
            key=lambda s: (s["app"], s["file"], s["line"], s["col"]))
        text = json.dumps(full, indent=1, sort_keys=False) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            write_atomically(args.json, text)
    if work_ctx:
        work_ctx.cleanup()

    if broken:
        for b in broken:
            print(f"corpus: error: {b}", file=sys.stderr)
        return 2
    now = summary(report, total)
    if args.update_baseline:
        write_atomically(args.baseline, json.dumps(now, indent=2) + "\n")
        print(f"baseline written: {args.baseline}")
        return 0
    if base is None:
        return 0
    problems = regressions(base, now)
    for pr in problems:
        print(f"regression: {pr}")
    print("corpus: " + ("FAILED, below the baseline" if problems
                        else "no regression against the baseline"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
