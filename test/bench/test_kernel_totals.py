"""Tests of the kernel benchmark's kernel totals (bench/kernel_bench.py):
one process's sites add up; two ranks run at once, so an exchange is
predicted as its busiest rank and measured as a whole, and a datatype
send's packing, which its receive waits through, is not counted twice."""
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from kernel_bench import kernel_totals  # noqa: E402


def site(case, rank, predicted, cold):
    return {"case": case, "rank": rank, "predicted_us": predicted,
            "cold_us": cold}


class KernelTotals(unittest.TestCase):
    def test_one_process_adds_its_sites(self):
        rows = [site("smp", None, 3.0, 4.0), site("smp", None, 5.0, 7.0)]
        self.assertEqual(kernel_totals(rows, {}), {"smp": (8.0, 11.0)})

    def test_ranks_run_at_once(self):
        # Rank 0 packs and sends (120 + 40 predicted), rank 1 receives (33):
        # the exchange is predicted as rank 0's 160, and measured whole.
        rows = [site("x", 0, 120.0, 250.0), site("x", 0, 40.0, 76.0),
                site("x", 1, 33.0, 55.0)]
        totals = kernel_totals(rows, {"x": {"cold": 331.0, "warm": 40.0}})
        self.assertEqual(totals, {"x": (160.0, 331.0)})

    def test_the_busiest_rank_is_predicted(self):
        rows = [site("x", 0, 10.0, 1.0), site("x", 1, 30.0, 1.0),
                site("x", 1, 5.0, 1.0)]
        self.assertEqual(kernel_totals(rows, {"x": {"cold": 50.0}})["x"],
                         (35.0, 50.0))

    def test_without_an_exchange_time_the_sites_add_up(self):
        rows = [site("x", 0, 10.0, 12.0), site("x", 1, 30.0, 20.0)]
        self.assertEqual(kernel_totals(rows, {"x": {"warm": 5.0}})["x"],
                         (30.0, 32.0))


if __name__ == "__main__":
    unittest.main()
