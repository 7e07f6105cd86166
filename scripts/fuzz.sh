#!/usr/bin/env bash
# Fuzzing (issue 8): builds the libFuzzer targets of test/fuzz with clang-19
# (-fsanitize=fuzzer,address,undefined) in their own build, build/fuzz, and
# runs each for FUZZ_SECONDS (default 45) from its seed corpus in
# test/fuzz/corpus/<target>. Any crash, sanitizer report, leak or input
# slower than 10 s fails the target; the input is kept in
# build/fuzz/artifacts/ and the libFuzzer seed is printed, so a failure
# can be replayed: build/fuzz/bin/fuzz-<target> <artifact>.
# Ends with one line "fuzz: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || { echo "fuzz: 0 passed, 1 failed"; exit 1; }
Seconds=${FUZZ_SECONDS:-45}
Build=build/fuzz
Flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g -O1"

mkdir -p "$Build"
if [ ! -f "$Build/CMakeCache.txt" ]; then
  cmake -S . -B "$Build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DCMAKE_C_FLAGS="$Flags" -DCMAKE_CXX_FLAGS="$Flags" \
    -DCOMMCOST_FUZZ=ON >"$Build/configure.log" 2>&1 || {
    cat "$Build/configure.log" >&2; rm -f "$Build/CMakeCache.txt"
    echo "fuzz: 0 passed, 1 failed"; exit 1; }
fi
Targets=(profile expr)
cmake --build "$Build" -j2 --target "${Targets[@]/#/fuzz-}" >"$Build/build.log" 2>&1 || {
  tail -40 "$Build/build.log" >&2; echo "fuzz: 0 passed, 1 failed"; exit 1; }

passed=0 failed=0
for T in "${Targets[@]}"; do
  Work="$Build/corpus/$T" Artifacts="$Build/artifacts/$T/"
  mkdir -p "$Work" "$Artifacts"
  Log="$Build/$T.log"
  # New inputs go to the scratch corpus (first folder); the seeds are read
  # only. Deep nesting needs inputs of a few hundred bytes.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$Build/bin/fuzz-$T" -max_total_time="$Seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$Artifacts" "$Work" "test/fuzz/corpus/$T" >"$Log" 2>&1
  Status=$?
  Seed=$(sed -n 's/^INFO: Seed: \([0-9]*\).*/\1/p' "$Log" | head -1)
  Runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$Log" | tail -1)
  Rate=$(awk -v r="${Runs:-0}" -v s="$Seconds" 'BEGIN { printf "%d", r / s }')
  Cov=$(grep -o 'cov: [0-9]*' "$Log" | tail -1)
  if [ "$Status" -eq 0 ]; then
    passed=$((passed + 1))
    echo "fuzz-$T: ok, ${Runs:-0} runs in ${Seconds} s (${Rate} exec/s), $Cov, seed $Seed"
  else
    failed=$((failed + 1))
    echo "fuzz-$T: FAILED (status $Status, seed $Seed); input in $Artifacts, log $Log:"
    grep -E "ERROR|SUMMARY|runtime error|==[0-9]+==|Test unit written" "$Log" | head -20
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
