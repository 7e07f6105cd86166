"""End-to-end tests of the corpus driver on a corpus of two small units
(Inputs/mini): the table, the baseline written and then held, and the
failures a broken plugin causes. Usage: test_driver.py PLUGIN CLANG"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MINI = os.path.join(HERE, "Inputs", "mini")
PLUGIN, CLANG = sys.argv[1:3] if len(sys.argv) >= 3 else (None, None)


def driver(*args):
    proc = subprocess.run(
        [sys.executable, os.path.join(HERE, "corpus.py"), "--corpus", MINI,
         "--clang", CLANG, "-j", "2", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


class DriverTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.baseline = os.path.join(cls.tmp.name, "baseline.json")
        code, cls.first = driver("--plugin", PLUGIN, "--baseline",
                                 cls.baseline, "--update-baseline",
                                 "--json",
                                 os.path.join(cls.tmp.name, "r.json"))
        assert code == 0, cls.first

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_table_and_baseline(self):
        self.assertRegex(self.first, r"\nA +1 +0 +0 +1/0/0 of 1 +1/0/0 of 1 "
                                     r"+1/0/0 of 1 .* 2 +0 +0 +0 +0\n")
        with open(self.baseline) as f:
            base = json.load(f)
        self.assertEqual(base["apps"]["B"]["kinds"]["copy-loop"],
                         dict(sites=1, analysed=1, missed=0, silent=0,
                              uncompiled=0))
        with open(os.path.join(self.tmp.name, "r.json")) as f:
            sites = json.load(f)["sites"]
        self.assertEqual(sorted((s["line"], s["kind"], s["state"])
                                for s in sites if s["app"] == "A"),
                         [(8, "copy-loop", "analysed"),
                          (9, "call", "analysed"),
                          (10, "collective", "analysed"),
                          (14, "call", "uncompiled"),
                          (20, "call", "uncompiled")])

    def test_same_plugin_holds_the_baseline(self):
        code, out = driver("--plugin", PLUGIN, "--baseline", self.baseline)
        self.assertEqual(code, 0, out)
        self.assertIn("corpus: no regression against the baseline", out)

    def test_plugin_that_reports_nothing_falls_below(self):
        # A shared library that loads but registers nothing: no records.
        lib = os.path.join(os.path.dirname(PLUGIN), "libcommcost.so")
        code, out = driver("--plugin", lib, "--baseline", self.baseline)
        self.assertEqual(code, 1, out)
        self.assertIn("regression: A call: 0 analysed, baseline 1", out)
        self.assertIn("regression: A call: 1 silent, baseline 0", out)

    def test_plugin_that_fails_is_a_crash(self):
        code, out = driver("--plugin", os.path.join(MINI, "manifest.json"),
                           "--baseline", self.baseline)
        self.assertEqual(code, 1, out)
        self.assertIn("regression: A: 1 unit(s) crash with the plugin", out)
        self.assertRegex(out, r"crash: a/halo.c: exit 1; log ")

    def test_bad_input(self):
        code, out = driver("--plugin", PLUGIN, "--baseline",
                           os.path.join(self.tmp.name, "none.json"))
        self.assertEqual(code, 2)
        self.assertIn("none.json: cannot be read", out)
        code, out = driver("--plugin", PLUGIN, "--app", "C")
        self.assertEqual((code, out.strip()), (
            2, "corpus: error: --app C: not in the manifest"))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
