"""Compiles every C/C++ file of an examples folder with and without the
plugin at several optimisation levels and fails unless the objects are
byte-identical. Usage: objects_identical.py CLANG PLUGIN MPI_CFLAGS DIR TMP"""
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
    compiler = clang + "++" if src.suffix == ".cpp" else clang
    for level in ("-O0", "-O2"):
        objs = []
        for extra in ([], [f"-fplugin={plugin}"]):
            obj = os.path.join(tmp, f"{src.stem}{level}{len(extra)}.o")
            cmd = [compiler, level, "-fopenmp", *shlex.split(mpi_cflags),
                   *extra, "-c", str(src), "-o", obj]
            subprocess.run(cmd, check=True)
            objs.append(obj)
        if not filecmp.cmp(objs[0], objs[1], shallow=False):
            print(f"{src} {level}: objects differ with the plugin")
            failures += 1
        else:
            print(f"{src} {level}: identical")
sys.exit(1 if failures else 0)
