"""Tests of the kernel benchmark's --reprice (bench/kernel_bench.py): a
quick run of the shared-memory kernels priced again with the profile it
ran with gives every site the prediction it had; with that profile's
coefficients doubled, twice it; the measured times stay the run's. Bad
input names the file and the problem, and writes nothing.

usage: test_reprice.py KERNEL_BENCH CLANG PLUGIN MEASURE_LIB COMMCOST PROFILE"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

BENCH, CLANG, PLUGIN, MEASURE_LIB, COMMCOST, PROFILE = sys.argv[1:7]
TOOLS = ["--clang", CLANG, "--plugin", PLUGIN, "--measure-lib", MEASURE_LIB,
         "--commcost", COMMCOST, "--no-mpi"]


def bench(*args):
    return subprocess.run([sys.executable, BENCH, *TOOLS, *args], text=True,
                          capture_output=True)


def sites(path):
    with open(path) as f:
        return json.load(f)["sites"]


class Reprice(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="commcost-reprice-")
        cls.run_json = os.path.join(cls.tmp.name, "run.json")
        out = bench("--quick", "--profile", PROFILE, "--json", cls.run_json)
        if out.returncode:
            raise RuntimeError(out.stderr)
        cls.rows = sites(cls.run_json)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def reprice(self, profile, name):
        path = os.path.join(self.tmp.name, name)
        out = bench("--reprice", self.run_json, "--profile", profile,
                    "--json", path)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn(f"repriced: {self.run_json}, with {profile}",
                      out.stdout)
        self.assertIn(f"{len(self.rows)} sites: mean absolute error",
                      out.stdout)
        return sites(path)

    def test_the_same_profile_gives_the_same_predictions(self):
        self.assertEqual(len(self.rows), 14)
        again = self.reprice(PROFILE, "same.json")
        self.assertEqual([(r["case"], r["site"]) for r in again],
                         [(r["case"], r["site"]) for r in self.rows])
        for old, new in zip(self.rows, again):
            self.assertTrue(math.isclose(new["predicted_us"],
                                         old["predicted_us"], rel_tol=1e-9),
                            (old["case"], old["predicted_us"],
                             new["predicted_us"]))
            self.assertEqual(new["cold_us"], old["cold_us"])
            self.assertTrue(math.isclose(new["error_pct"], old["error_pct"],
                                         rel_tol=1e-6, abs_tol=1e-6))

    def test_doubled_coefficients_double_every_prediction(self):
        with open(PROFILE) as f:
            profile = json.load(f)
        for model in profile["models"].values():
            model["coefficients"] = {k: 2 * v for k, v in
                                     model["coefficients"].items()}
        doubled = os.path.join(self.tmp.name, "doubled-profile.json")
        with open(doubled, "w") as f:
            json.dump(profile, f)
        again = self.reprice(doubled, "doubled.json")
        for old, new in zip(self.rows, again):
            self.assertTrue(math.isclose(new["predicted_us"],
                                         2 * old["predicted_us"],
                                         rel_tol=1e-6),
                            (old["case"], old["predicted_us"],
                             new["predicted_us"]))
            self.assertEqual(new["cold_us"], old["cold_us"])
            self.assertTrue(math.isclose(
                new["error_pct"],
                100 * (new["predicted_us"] / new["cold_us"] - 1),
                rel_tol=1e-9, abs_tol=1e-9))

    def test_a_missing_run_is_named(self):
        missing = os.path.join(self.tmp.name, "missing.json")
        out = bench("--reprice", missing, "--profile", PROFILE)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn(f"kernel_bench: {missing}: No such file", out.stderr)

    def test_a_file_that_is_not_a_run_is_named(self):
        other = os.path.join(self.tmp.name, "other.json")
        with open(other, "w") as f:
            json.dump({"sites": [{"case": "col"}]}, f)
        out_json = os.path.join(self.tmp.name, "not-written.json")
        out = bench("--reprice", other, "--profile", PROFILE, "--json",
                    out_json)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn(f"kernel_bench: {other}: not a run of kernel_bench "
                      "--json", out.stderr)
        self.assertFalse(os.path.exists(out_json))

    def test_a_site_the_kernels_no_longer_have_is_named(self):
        with open(self.run_json) as f:
            run = json.load(f)
        run["sites"][0]["line"] = 99999
        moved = os.path.join(self.tmp.name, "moved.json")
        with open(moved, "w") as f:
            json.dump(run, f)
        out = bench("--reprice", moved, "--profile", PROFILE)
        self.assertNotEqual(out.returncode, 0)
        self.assertIn(f"kernel_bench: {moved}: site "
                      f"{run['sites'][0]['site']} of {run['sites'][0]['case']}"
                      " at line 99999 is not in the kernels built now",
                      out.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
