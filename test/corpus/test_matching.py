"""Tests of matching records to census sites (matching.py) and of the
driver's baseline logic (corpus.py), on hand-made sites and records."""
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus  # noqa: E402
import matching  # noqa: E402


def call(line, callee, col=3, role=""):
    kind = {"MPI_Allreduce": "collective", "MPI_Fetch_and_op": "atomic"}.get(
        callee, "call")
    return dict(kind=kind, callee=callee, role=role, file="a.c", line=line,
                col=col)


def copy(line, loops, dst="d", src="s"):
    return dict(kind="copy-loop", callee="", role="", file="a.c", line=line,
                col=5, loops=loops, dst=dst, src=src)


def rec(line, callee, analysed=True, kind="", name=None, file="a.c", col=3,
        array="", reason="r"):
    return dict(type="Analysis" if analysed else "Missed",
                name=name or ("CommunicationCost" if analysed else "Missed"),
                file=file, line=line, col=col, callee=callee, kind=kind,
                array=array, reason=reason)


def relpath(name):
    return None if name.startswith("/usr/") else name


class MatchTest(unittest.TestCase):
    def match(self, sites, records):
        status, counts, extras = matching.match_unit(sites, records, relpath)
        self.assertEqual(len(extras), counts["extra"])
        self.last = status
        return [s[0] for s in status], counts

    def test_calls(self):
        sites = [call(10, "MPI_Send"), call(11, "MPI_Recv"),
                 call(12, "MPI_Allreduce"), call(13, "MPI_Isend")]
        records = [rec(10, "MPI_Send", kind="send"),
                   rec(10, "MPI_Send", kind="send"),  # inlined twice
                   rec(11, "MPI_Recv", analysed=False, name="UnknownSize"),
                   rec(14, "MPI_Send", kind="send"),  # no site there
                   rec(11, "MPI_Isend", kind="send"),  # another callee
                   rec(5, "memcpy", kind="copy", file="/usr/include/x.h"),
                   rec(0, "MPI_Send", kind="send", file=None),
                   rec(10, "MPI_Send", analysed=False, name="MissingFeature")]
        states, counts = self.match(sites, records)
        self.assertEqual(states, ["analysed", "missed", "silent", "silent"])
        self.assertEqual(counts, dict(duplicate=1, extra=3, system=1,
                                      unpriced=1))

    def test_analysed_wins_over_missed(self):
        sites = [call(10, "MPI_Send")]
        records = [rec(10, "MPI_Send", analysed=False),
                   rec(10, "PMPI_Send", kind="send")]
        states, counts = self.match(sites, records)
        self.assertEqual(states, ["analysed"])
        self.assertEqual(counts["duplicate"], 1)

    def test_sendrecv_has_two_sites(self):
        sites = [call(20, "MPI_Sendrecv", role="send"),
                 call(20, "MPI_Sendrecv", role="recv")]
        states, counts = self.match(sites, [
            rec(20, "MPI_Sendrecv", kind="recv"),
            rec(20, "MPI_Sendrecv", kind="recv")])
        self.assertEqual(states, ["silent", "analysed"])
        self.assertEqual(counts["duplicate"], 1)

    def test_calls_on_one_line_by_column(self):
        sites = [call(30, "MPI_Send", col=3), call(30, "MPI_Send", col=40)]
        states, _ = self.match(sites, [rec(30, "MPI_Send", col=40,
                                           kind="send")])
        self.assertEqual(states, ["silent", "analysed"])

    def test_copy_statements_of_one_nest(self):
        nest = [[100, 100], [102, 103]]
        sites = [copy(104, nest, "a", "x"), copy(105, nest, "b", "y"),
                 copy(106, nest, "c", "z")]
        # One record per statement of the nest (the text is the same), then
        # more than there are statements: duplicates.
        records = [rec(100, "copy loop", analysed=False)] * 5
        states, counts = self.match(sites, records)
        self.assertEqual(states, ["missed"] * 3)
        self.assertEqual(counts["duplicate"], 2)
        self.assertEqual([s[2] for s in self.last], [3, 1, 1])

    def test_copy_record_named_by_its_arrays(self):
        nest = [[100, 100]]
        sites = [copy(104, nest, "a", "x"), copy(105, nest, "b", "y")]
        states, _ = self.match(sites, [rec(100, "loop", kind="copy-loop",
                                           array="b <- y")])
        self.assertEqual(states, ["silent", "analysed"])

    def test_copy_positions(self):
        sites = [copy(50, [[40, 41], [45, 45]]), copy(60, [[58, 58]])]
        # At the directive line (40), within an inner loop's header (45):
        # the same statement, so the second is a duplicate; at a loop with
        # no copy statement (30): extra.
        records = [rec(40, "copy loop", analysed=False),
                   rec(45, "copy loop", analysed=False),
                   rec(30, "loop", kind="copy-loop")]
        states, counts = self.match(sites, records)
        self.assertEqual(states, ["missed", "silent"])
        self.assertEqual((counts["duplicate"], counts["extra"]), (1, 1))

    def test_superstep_covers_its_statements(self):
        loop = [[70, 71]]
        # The last statement is on the record's line but in another nest
        # (only a loop's statements belong to its superstep).
        sites = [copy(72, loop), copy(73, loop), copy(80, [[79, 79]]),
                 copy(70, [[60, 60]])]
        states, counts = self.match(sites, [
            rec(70, "loop", kind="superstep", array="d <- s, d <- s")])
        self.assertEqual(states, ["analysed", "analysed", "silent", "silent"])
        states, _ = self.match(sites, [rec(70, "superstep", analysed=False)])
        self.assertEqual(states, ["missed", "missed", "silent", "silent"])

    def test_unknown_callee_is_extra(self):
        states, counts = self.match([call(10, "MPI_Send")],
                                    [rec(10, "MPI_Frobnicate", kind="send")])
        self.assertEqual((states, counts["extra"]), (["silent"], 1))

    def test_normalised_reason(self):
        a = matching.normalise_reason("the trip count of the loop at line 12:"
                                      " a bound depends on 'n' (8 bytes)")
        b = matching.normalise_reason("the trip count of the loop at line 99:"
                                      " a bound depends on 'm' (4 bytes)")
        self.assertEqual(a, b)
        self.assertEqual(a, "the trip count of the loop at line N: a bound "
                            "depends on '_' (N bytes)")


class RecordFileTest(unittest.TestCase):
    def test_load(self):
        text = """--- !Missed
Pass:            commcost
Name:            UnknownDatatype
DebugLoc:        { File: 'a.c', Line: 7, Column: 3 }
Function:        f
Args:
  - Callee:          MPI_Send
  - String:          ' not analysed: '
  - Reason:          'the datatype is unknown'
...
--- !Analysis
Pass:            inline
Name:            Other
...
--- !Analysis
Pass:            commcost
Name:            FunctionCost
DebugLoc:        { File: 'a.c', Line: 5, Column: 0 }
Function:        f
Args:
  - Function:        f
  - Sites:           '0'
...
--- !Passed
Pass:            commcost
Name:            Decision
DebugLoc:        { File: 'a.c', Line: 7, Column: 3 }
Function:        f
Args:
  - Callee:          MPI_Send
...
"""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "r.yaml")
            with open(path, "w") as f:
                f.write(text)
            (r,) = matching.load_records(path)
            self.assertEqual((r["type"], r["name"], r["file"], r["line"],
                              r["callee"], r["reason"]),
                             ("Missed", "UnknownDatatype", "a.c", 7,
                              "MPI_Send", "the datatype is unknown"))
            with open(path, "w") as f:
                f.write("--- !Missed\n: : [\n")
            with self.assertRaisesRegex(ValueError, "r.yaml: not an "
                                        "optimisation record file"):
                matching.load_records(path)


def counts(analysed=5, silent=1, duplicate=0, crashes=0, sites=10):
    kinds = {k: dict(sites=0, analysed=0, missed=0, silent=0, uncompiled=0)
             for k in corpus.KINDS}
    kinds["call"] = dict(sites=sites, analysed=analysed,
                         missed=sites - analysed - silent, silent=silent,
                         uncompiled=1)
    a = dict(units=2, crashes=crashes, objects_differ=0,
             records=dict(duplicate=duplicate, extra=0, system=0, unpriced=0),
             kinds=kinds)
    return dict(format=corpus.BASELINE_FORMAT, apps={"X": a}, total=a)


class AggregateTest(unittest.TestCase):
    def test_header_site_counts_once_with_its_best_outcome(self):
        def site(state, line=5, reason=None):
            return dict(call(line, "MPI_Send"), file="h.h", state=state,
                        reason=reason, records=1)
        # Line 5: silent in a.c, analysed in b.c; line 7: not emitted in
        # a.c, silent in b.c; line 11: emitted by no unit.
        dead = site("uncompiled", 7)
        unit = dict(app="X", crash=None, objects_identical=True,
                    counts=dict(duplicate=1, extra=0, system=2, unpriced=0))
        results = [
            dict(unit, file="a.c", sites=[site("silent"), dead,
                                          site("missed", 9, ("M", "why"))]),
            dict(unit, file="b.c", sites=[site("analysed"), site("silent", 7),
                                          site("missed", 9, ("M", "why")),
                                          site("uncompiled", 11)]),
            dict(unit, file="c.c", sites=[], crash="signal 11",
                 objects_identical=None)]
        report = corpus.aggregate(results, ["X"])
        total = corpus.totals(report)
        self.assertEqual(total["kinds"]["call"], dict(
            sites=3, analysed=1, missed=1, silent=1, uncompiled=1))
        self.assertEqual((total["units"], total["crashes"],
                          total["records"]["duplicate"],
                          total["records"]["system"]), (3, 1, 3, 6))
        self.assertEqual(corpus.histogram(total), [(1, "call", "M", "why")])
        text = corpus.render_markdown(report, total, "")
        self.assertIn("| X | 3 | 1 | 0 | 1/1/1 of 3 | 0/0/0 of 0 |", text)
        self.assertIn("| 1 | call | M | why |", text)


class BaselineTest(unittest.TestCase):
    def test_regressions(self):
        base = counts()
        self.assertEqual(corpus.regressions(base, counts()), [])
        self.assertEqual(corpus.regressions(base, counts(analysed=6)), [])
        self.assertEqual(corpus.regressions(base, counts(analysed=4)),
                         ["X call: 4 analysed, baseline 5"])
        self.assertEqual(corpus.regressions(base, counts(silent=2)),
                         ["X call: 2 silent, baseline 1"])
        self.assertEqual(corpus.regressions(base, counts(duplicate=1)),
                         ["X: 1 duplicate records, baseline 0"])
        self.assertEqual(corpus.regressions(base, counts(crashes=1)),
                         ["X: 1 unit(s) crash with the plugin"])
        self.assertEqual(corpus.regressions(base, counts(sites=11)),
                         ["X call: census counts 11 sites, baseline 10"])

    def test_baseline_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "baseline.json")
            corpus.write_atomically(path, json.dumps(counts()))
            self.assertEqual(corpus.load_baseline(path), counts())
            self.assertEqual(os.listdir(d), ["baseline.json"])
            umask = os.umask(0o022)
            try:
                corpus.write_atomically(path, "{}")
            finally:
                os.umask(umask)
            self.assertEqual(os.stat(path).st_mode & 0o777, 0o644)
            with open(path, "w") as f:
                f.write('{"format": "other"}')
            with self.assertRaisesRegex(corpus.InputError,
                                        "baseline.json: 'format' is not"):
                corpus.load_baseline(path)
            with self.assertRaisesRegex(corpus.InputError, "cannot be read"):
                corpus.load_baseline(os.path.join(d, "none.json"))

    def test_manifest(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "a.c"), "w") as f:
                f.write("int x;\n")
            good = dict(app="A", lang="c", file="a.c", flags=[], uses="mpi")
            for unit, message in [
                    (dict(good, lang="fortran"), "unit 0: lang 'fortran'"),
                    (dict(good, file="b.c"), "unit 0: b.c does not exist"),
                    (dict(good, uses="upc"), "unit 0: uses 'upc'"),
                    (dict(good, flags="-O2"), "unit 0: 'flags' is not a list"),
                    ({"lang": "c", "file": "a.c"}, "unit 0: 'app' missing")]:
                with open(os.path.join(d, "manifest.json"), "w") as f:
                    json.dump([unit], f)
                with self.assertRaisesRegex(corpus.InputError,
                                            "manifest.json: " + message):
                    corpus.load_manifest(d)
            with open(os.path.join(d, "manifest.json"), "w") as f:
                json.dump([good], f)
            self.assertEqual(corpus.load_manifest(d), [good])


if __name__ == "__main__":
    unittest.main()
