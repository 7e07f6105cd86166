"""The driver the measure option's end-to-end checks share
(check_measure.py, check_receive_wait.py): each takes CLANG PLUGIN
MEASURE_LIB COMMCOST TMPDIR, checks one program at -O0 to -O3, prints
each failure and a count."""
import subprocess
import sys

LEVELS = ("-O0", "-O1", "-O2", "-O3")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def check_levels(usage, check_level, what):
    """Calls check_level(level, clang, plugin, lib, commcost, work) at each
    level with the command line's arguments (usage: the message for a
    wrong number of them), prints each failure it returns as "FAIL ...",
    then "WHAT at N levels, K failures"; returns the exit status."""
    if len(sys.argv) != 6:
        sys.exit(usage)
    clang, plugin, lib, commcost, work = sys.argv[1:]
    failures = []
    for level in LEVELS:
        failures += check_level(level, clang, plugin, lib, commcost, work)
    for f in failures:
        print("FAIL", f)
    print(f"{what} at {len(LEVELS)} levels, {len(failures)} failures")
    return 1 if failures else 0
