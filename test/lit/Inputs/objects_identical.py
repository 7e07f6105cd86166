"""Compiles every C/C++ file of an examples folder with and without the
plugin (with its remarks on) at -O0 and -O2 and fails unless the objects
are byte-identical. Files that include commcost/variants.h are skipped:
the plugin's choices are meant to change their code.
Usage: objects_identical.py CLANG PLUGIN MPI_CFLAGS DIR TMP"""
import filecmp
import os
import pathlib
import shlex
import subprocess
import sys

clang, plugin, mpi_cflags, examples, tmp = sys.argv[1:6]
os.makedirs(tmp, exist_ok=True)
sources = sorted(p for p in pathlib.Path(examples).iterdir()
                 if p.suffix in (".c", ".cpp"))
if not sources:
    sys.exit(f"{examples}: no C or C++ sources")
failures = 0
for src in sources:
    if "commcost/variants.h" in src.read_text():
        print(f"{src.name}: uses commcost/variants.h, not compared")
        continue
    compiler = clang + "++" if src.suffix == ".cpp" else clang
    for level in ("-O0", "-O2", "-O2 -g"):
        objs = []
        remarks = 0
        # Remarks asked for in both, so that the analysis really runs (it
        # does nothing when no one reads its output); -R flags alone change
        # the object of OpenMP code, so both builds have them.
        remark_flags = ["-Rpass-analysis=commcost", "-Rpass-missed=commcost"]
        for extra in (remark_flags, [f"-fplugin={plugin}", *remark_flags]):
            obj = os.path.join(tmp, f"{src.stem}{level.replace(' ', '')}"
                                    f"{len(extra)}.o")
            cmd = [compiler, *level.split(), "-fopenmp",
                   *shlex.split(mpi_cflags), *extra, "-c", str(src), "-o", obj]
            err = subprocess.run(cmd, check=True, stderr=subprocess.PIPE,
                                 text=True).stderr
            remarks += err.count("remark:")
            objs.append(obj)
        if not filecmp.cmp(objs[0], objs[1], shallow=False):
            print(f"{src.name} {level}: objects differ with the plugin")
            failures += 1
        else:
            print(f"{src.name} {level}: identical ({remarks} remarks)")
sys.exit(1 if failures else 0)
