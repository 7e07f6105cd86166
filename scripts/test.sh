#!/usr/bin/env bash
# Set-up, build, then every test: the GoogleTest and end-to-end tests under
# ctest and the plugin's lit tests. Ends with one line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh || { echo "tests: 0 passed, 1 failed"; exit 1; }

ctest_log=build/ctest.log
(cd build && ctest --output-on-failure -j2) 2>&1 | tee "$ctest_log"
lit_log=build/lit.log
/usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test/lit 2>&1 | tee "$lit_log"

# ctest: "95% tests passed, 2 tests failed out of 40"; lit: "  Passed: 55 (...)".
read -r ct_failed ct_total < <(sed -n 's/.*tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\).*/\1 \2/p' "$ctest_log" | tail -1)
ct_failed=${ct_failed:-1} ct_total=${ct_total:-1}
read -r lit_passed lit_failed < <(awk '
  /^ *(Passed|Failed|Unresolved|Timed Out|Unexpectedly Passed) *:/ {
    n = $0; sub(/^[^:]*: */, "", n); if ($1 ~ /^Passed/) p = n + 0; else f += n + 0 }
  END { print p + 0, f + 0 }' "$lit_log")
lit_passed=${lit_passed:-0} lit_failed=${lit_failed:-0}
if [ "$lit_passed" -eq 0 ] && [ "$lit_failed" -eq 0 ]; then lit_failed=1; fi

passed=$((ct_total - ct_failed + lit_passed))
failed=$((ct_failed + lit_failed))

# Steps with builds of their own, each ending "STEP: N passed, N failed".
for step in fuzz sanitize; do
  step_log=build/$step.log
  scripts/$step.sh 2>&1 | tee "$step_log"
  read -r p f < <(sed -n "s/^$step: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p" "$step_log" | tail -1)
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
done

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
