#!/usr/bin/env bash
# Sanitizers (issue 8): builds everything again with clang-19
# -fsanitize=address,undefined (UBSan without recovery, so that any report
# fails) in build/asan, then runs the unit tests, the command-line tests and
# the plugin's lit suite against that build. The plugin is loaded into
# Debian's clang-19, which is not instrumented: its tests (lit, and the
# ctest tests of PluginTests below) run with the shared ASan runtime
# preloaded (every instrumented file is linked against that one runtime,
# -shared-libasan) and leak detection off (clang frees nothing on exit, by
# design). Ends with one line "sanitize: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || { echo "sanitize: 0 passed, 1 failed"; exit 1; }
Build=build/asan
Start=$(date +%s)
AsanRt=$(clang-19 -print-file-name=libclang_rt.asan-x86_64.so)
RtDir=$(dirname "$AsanRt")
Flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
LinkFlags="-shared-libasan -Wl,-rpath,$RtDir"

mkdir -p "$Build"
# Configured every time: unchanged settings rebuild nothing.
cmake -S . -B "$Build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_C_FLAGS="$Flags" -DCMAKE_CXX_FLAGS="$Flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$LinkFlags" \
  -DCMAKE_SHARED_LINKER_FLAGS="$LinkFlags" \
  -DCMAKE_MODULE_LINKER_FLAGS="$LinkFlags" >"$Build/configure.log" 2>&1 || {
  cat "$Build/configure.log" >&2; rm -f "$Build/CMakeCache.txt"
  echo "sanitize: 0 passed, 1 failed"; exit 1; }
# What the tests below run (not the benchmarks).
nice -n 5 cmake --build "$Build" -j2 --target commcost-unit-tests commcost-pass-unit-tests \
  commcost-calibrate-tests commcost-records-tests commcost-cli \
  commcost-check-calibration commcost-measure-tests commcost-measure-program \
  CommCost \
  >"$Build/build.log" 2>&1 || {
  grep -E "error|Error" "$Build/build.log" | head -30 >&2
  echo "sanitize: 0 passed, 1 failed"; exit 1; }
Built=$(date +%s)
echo "sanitize: built in $((Built - Start)) s"

# Unit and command-line tests; not the calibration runs (their timing
# budgets and MPI add nothing here) nor csmith (minutes of compiling), nor
# the kernel benchmark's script (it links programs built without the
# sanitizers against the measure library, tested here on its own), nor
# the 1500 random sites of SiteFeatures.ConstantSitesAgainstBruteForce-
# AndSymbolic (2 minutes in the normal build, over 20 under ASan; the same
# formulas run under ASan in SymbolicLinesRandom and the other Site tests).
Slow='^SiteFeatures\.ConstantSitesAgainstBruteForceAndSymbolic$'
# The tests that load the plugin into clang-19 (the differential test, the
# corpus driver, run and truth check, the install test's update script and
# consumer)
# cannot run as the others do: without the ASan runtime in clang the
# plugin does not load (every compile fails), and with it leak detection
# would report clang's. They run on their own, preloaded like lit.
PluginTests='^(differential|corpus\.driver|corpus\.run|corpus\.truth|install\.consumer)$'
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
Log="$Build/ctest.log"
(cd "$Build" && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
  ctest --output-on-failure -j2 -E "^(calibrate-|csmith|bench\.)|$PluginTests|$Slow") >"$Log" 2>&1
# The differential test looks for memory errors here, not for wrong values
# (the normal build runs all 5000 sites): 500 sites keep it to minutes.
PluginLog="$Build/ctest-plugin.log"
# The preload reaches every program those tests start (make, cmake, the
# shell), uninstrumented: strict string checks would report make's own
# strndup on unterminated buffers, which is legal.
(cd "$Build" && LD_PRELOAD="$AsanRt" COMMCOST_DIFFTEST_SITES=500 \
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
  ctest --output-on-failure -j2 -R "$PluginTests") >"$PluginLog" 2>&1
ct_failed=0 ct_total=0
for L in "$Log" "$PluginLog"; do
  read -r f t < <(sed -n 's/.*tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\).*/\1 \2/p' "$L" | tail -1)
  ct_failed=$((ct_failed + ${f:-1})) ct_total=$((ct_total + ${t:-1}))
  # Failed, timed out or aborted (a sanitizer report aborts).
  grep -E "^ *[0-9]+/[0-9]+ Test +#[0-9]+: .*\*\*\*|SUMMARY" "$L" | head -40
done

# lit: clang-19 with the instrumented plugin. Not the benchmark runs of
# variants/benchmarks.test: compiling Google Benchmark's templates, the
# plugin's instrumented copy of clang's inline AST containers reads memory
# that uninstrumented clang allocated, which ASan reports as
# use-after-poison (instrumented and uninstrumented halves of LLVM's
# allocator disagree); the normal build runs it.
Log="$Build/lit.log"
COMMCOST_LIT_PRELOAD="$AsanRt" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
  /usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv \
  --filter-out 'variants/benchmarks\.test' "$Build/test/lit" >"$Log" 2>&1
read -r lit_passed lit_failed < <(awk '
  /^ *(Passed|Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ {
    n = $0; sub(/^[^:]*: */, "", n); if ($1 ~ /^Passed/) p = n + 0; else f += n + 0 }
  END { print p + 0, f + 0 }' "$Log")
if [ "$lit_passed" -eq 0 ] && [ "$lit_failed" -eq 0 ]; then lit_failed=1; fi
grep -E "^(FAIL|UNRESOLVED|TIMEOUT):|SUMMARY|runtime error" "$Log" | head -40

echo "sanitize: ctest $((ct_total - ct_failed))/$ct_total, lit $lit_passed/$((lit_passed + lit_failed)), tests $(( $(date +%s) - Built )) s, total $(( $(date +%s) - Start )) s"
echo "sanitize: $((ct_total - ct_failed + lit_passed)) passed, $((ct_failed + lit_failed)) failed"
[ $((ct_failed + lit_failed)) -eq 0 ]
