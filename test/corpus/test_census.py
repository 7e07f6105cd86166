"""Tests of the census (census.py) on annotated inputs: every line that
ends in "site: KIND..." must give exactly those sites, and no other line
any; "(not compiled)" says clang does not emit the function they are in;
"loop: A-B" gives the lines of the outermost loop around a copy.
Usage: test_census.py (MPI and OpenSHMEM headers from mpicc/oshcc)."""
import os
import re
import shlex
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.setrecursionlimit(20000)

import census  # noqa: E402

INPUTS = os.path.join(HERE, "Inputs")


def expected(path):
    """{(line, kind, compiled): count} and {line: [first, last]} from the
    comments."""
    sites, loops = {}, {}
    with open(path) as f:
        for n, text in enumerate(f, 1):
            m = re.search(r"site:((?:\s+[a-z-]+)+?)(\s+\(not compiled\))?"
                          r"(?:\s+loop:\s*(\d+)-(\d+))?\s*(?:\*/)?\s*$", text)
            if not m:
                continue
            for kind in m.group(1).split():
                key = (n, kind, not m.group(2))
                sites[key] = sites.get(key, 0) + 1
            if m.group(3):
                loops[n] = [int(m.group(3)), int(m.group(4))]
    return sites, loops


def found(sites, name):
    got = {}
    for s in sites:
        if s["file"] == name:
            key = (s["line"], s["kind"], s["compiled"])
            got[key] = got.get(key, 0) + 1
    return got


class CensusTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.flags = shlex.split(subprocess.run(
            ["mpicc", "--showme:compile"], check=True, capture_output=True,
            text=True).stdout)
        cls.census = census.Census(INPUTS)

    def check(self, name, args):
        sites = self.census.unit(name, args + self.flags)
        want, loops = expected(os.path.join(INPUTS, name))
        got = found(sites, name)
        missing = {k: v for k, v in want.items() if got.get(k) != v}
        extra = {k: v for k, v in got.items() if want.get(k) != v}
        self.assertEqual((missing, extra), ({}, {}),
                         "(expected but not found as many, found but not "
                         "expected as many), keyed by (line, kind, compiled)")
        for s in sites:
            if s["kind"] == "copy-loop" and s["line"] in loops:
                self.assertEqual(s["loops"][0], loops[s["line"]],
                                 f"outermost loop of line {s['line']}")
        return sites

    def test_c(self):
        sites = self.check("sites.c", ["-x", "c", "-std=c11"])
        sendrecv = [s for s in sites if s["callee"] == "MPI_Sendrecv"]
        self.assertEqual([s["role"] for s in sendrecv], ["send", "recv"])
        pmpi = [s for s in sites if s["line"] == 19]
        self.assertEqual(pmpi[0]["callee"], "MPI_Isend")
        # The macro's call is where clang puts its debug location: the
        # expansion of CHECK.
        self.assertEqual([s["col"] for s in sites if s["line"] == 20], [3])

    def test_cxx(self):
        sites = self.check("sites.cc", ["-x", "c++", "-std=c++17", "-fopenmp"])
        by_line = {s["line"]: s for s in sites if s["kind"] == "copy-loop"}
        self.assertEqual(by_line[29]["src"], "(dom.*src)")
        self.assertEqual(by_line[48]["src"], "w")
        # Inside an OpenMP parallel region the loops outside do not count;
        # under 'omp simd' (not outlined) they do.
        self.assertEqual(len(by_line[68]["loops"]), 1)
        self.assertEqual(len(by_line[79]["loops"]), 2)

    def test_without_openmp_the_pragmas_do_not_count(self):
        sites = self.census.unit("sites.cc", ["-x", "c++", "-std=c++17"]
                                 + self.flags)
        by_line = {s["line"]: s for s in sites if s["kind"] == "copy-loop"}
        self.assertEqual(by_line[68]["loops"][0], [63, 63])

    def test_parse_error_names_the_unit(self):
        with self.assertRaisesRegex(RuntimeError, r"^sites\.c: census parse "
                                    r"failed: .*error"):
            self.census.unit("sites.c",
                             ["-x", "c", "-DMPI_Send=("] + self.flags)


class ClassifyTest(unittest.TestCase):
    def test_kinds(self):
        cases = {
            "MPI_Isend": "call", "PMPI_Recv": "call", "MPI_Rget": "call",
            "MPI_Sendrecv_replace": "call", "memcpy": "call",
            "__builtin_memmove": "call", "bsp_hpget": "call",
            "shmem_getmem_nbi": "call", "shmem_put64": "call",
            "shmem_ctx_double_iget": "call", "shmem_long_g": "call",
            "MPI_Iallgatherv": "collective", "MPI_Reduce_scatter_block":
            "collective", "MPI_Neighbor_alltoallw": "collective",
            "shmem_barrier_all": "collective", "shmem_int_max_to_all":
            "collective", "shmem_broadcast32": "collective",
            "shmem_double_alltoall": "collective", "shmem_team_sync":
            "collective", "MPI_Rget_accumulate": "atomic",
            "shmem_int_cswap": "atomic", "shmem_uint64_atomic_fetch_xor":
            "atomic", "MPI_Unpack_external": "pack",
            "MPI_Wait": None, "MPI_Pack_size": None, "MPI_Type_vector": None,
            "shmem_quiet": None, "shmem_malloc": None, "shmem_ptr": None,
            "shmem_int_wait_until": None, "memset": None}
        for name, kind in cases.items():
            self.assertEqual(census.classify(name), kind, name)

    def test_canonical_callee(self):
        self.assertEqual(census.canonical_callee("PMPI_Send"), "MPI_Send")
        self.assertEqual(census.canonical_callee("__builtin___memcpy_chk"),
                         "memcpy")
        self.assertEqual(census.canonical_callee("shmem_putmem"),
                         "shmem_putmem")


if __name__ == "__main__":
    unittest.main()
