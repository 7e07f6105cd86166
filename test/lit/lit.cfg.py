# lit configuration of the plugin's tests: substitutions named after the
# project, LLVM 19 tools first on PATH, and an environment in which no
# user-calibrated profile can be picked up.
import os

import lit.formats

config.name = "commcost"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.commcost_obj_root, "test", "lit")

clang = os.path.join(config.llvm_tools_dir, "clang")
# The plugin's compile line: %commcost -O2 %remarks %s compiles with the
# plugin and MPI's headers, to no output, showing the commcost remarks.
compile_tail = " -fplugin={} {} -c -o /dev/null".format(
    config.commcost_plugin, config.mpi_cflags)
config.substitutions.append(("%commcostxx", clang + "++" + compile_tail))
config.substitutions.append(("%commcost", clang + compile_tail))
config.substitutions.append(
    ("%remarks", "-Rpass-analysis=commcost -Rpass-missed=commcost"))
config.substitutions.append(("%clangxx", clang + "++"))
# The analysis result of every function of an IR file, as print<commcost>
# prints it.
config.substitutions.append(
    ("%print", "{} -load-pass-plugin={} -passes='print<commcost>' "
     "-disable-output".format(os.path.join(config.llvm_tools_dir, "opt"),
                              config.commcost_plugin)))
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%plugin", config.commcost_plugin))
# The measure option's library (docs/measure.md) and the command line.
config.substitutions.append(("%measure_lib", config.commcost_measure_lib))
config.substitutions.append(("%cli", config.commcost_cli))
config.substitutions.append(("%mpi_cflags", config.mpi_cflags))
config.substitutions.append(("%opt", os.path.join(config.llvm_tools_dir, "opt")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.commcost_src_root))

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# Tests must never see a profile from the user's configuration: they price
# sites with fixed coefficients (test/profiles/fixed.json), so that a new
# embedded reference calibration changes no expected cost. The tests of the
# embedded default itself run without COMMCOST_PROFILE (env -u).
config.environment["XDG_CONFIG_HOME"] = os.path.join(config.test_exec_root,
                                                     "no-user-config")
config.environment["COMMCOST_PROFILE"] = os.path.join(
    config.commcost_src_root, "test", "profiles", "fixed.json")

# scripts/sanitize.sh: the plugin of the ASan build needs the ASan runtime
# in clang, which is not instrumented; only the tests' processes get it,
# not lit itself.
if os.environ.get("COMMCOST_LIT_PRELOAD"):
    config.environment["LD_PRELOAD"] = os.environ["COMMCOST_LIT_PRELOAD"]
    # Its libraries are instrumented: programs built without the
    # sanitizers cannot link them (e2e/measure.test).
    config.available_features.add("asan")
