#!/usr/bin/env bash
# The install test: install commcost to a temporary prefix, check that the
# installed `commcost --plugin-path` (and the installed update script of
# pinned checks) finds the installed plugin, build the
# consumer project (test/install/consumer) with find_package(commcost) and
# clang-19, make its cost baselines, pass its cost checks, then turn its
# row exchange into a column exchange and see both checks fail with the
# rise named. Also: a project whose C compiler is not clang 19 is refused.
#   run.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
# Only the embedded default profile, as in every test.
export XDG_CONFIG_HOME=$work/no-config
unset COMMCOST_PROFILE
step() { echo "== $*"; }
die() { echo "FAILED: $*" >&2; exit 1; }

step "install to $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
for f in bin/commcost lib/libcommcost.so lib/commcost/CommCost.so \
         include/commcost/budget.h include/commcost/Lines.h \
         lib/cmake/commcost/commcostConfig.cmake \
         lib/cmake/commcost/commcostConfigVersion.cmake \
         share/commcost/update_commcost_test_checks.py; do
  [ -e "$work/prefix/$f" ] || die "$f is not installed"
done
plugin=$("$work/prefix/bin/commcost" --plugin-path)
[ "$plugin" = "$work/prefix/lib/commcost/CommCost.so" ] ||
  die "installed commcost --plugin-path printed $plugin"

step "the installed update script uses the installed plugin"
cp "$src/test/lit/regress/Inputs/pinned.c" "$work/pinned.c"
PATH=/usr/bin:/bin python3 "$work/prefix/share/commcost/update_commcost_test_checks.py" \
  "$work/pinned.c" 2>"$work/update.log" || { cat "$work/update.log"; die "the update script fails"; }
grep -q "pinned.c: updated (4 CHECK lines)" "$work/update.log" || die "no CHECK lines written"

step "configure, build and baseline the consumer"
cp -r "$src/test/install/consumer" "$work/consumer"
cp "$src/test/lit/Inputs/pages-runs-profile.json" "$work/consumer/profile.json"
cmake -S "$work/consumer" -B "$work/build" -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; die "the consumer does not configure"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log"; die "the consumer does not build"; }
[ -s "$work/build/CMakeFiles/halo.dir/halo.c.opt.yaml" ] ||
  die "no records next to the objects"
[ -s "$work/build/records/halo.c.opt.yaml" ] || die "no records in RECORDS_DIR"
grep -q "Name: *CommunicationCost" "$work/build/records/halo.c.opt.yaml" ||
  die "the records have no analysed site"
grep -q "profile.json" "$work/build/records/halo.c.opt.yaml" ||
  die "PROFILE did not price the sites"
grep -q "embedded default profile" "$work/build/CMakeFiles/halo.dir/halo.c.opt.yaml" ||
  die "the sites without PROFILE are not priced by the default"
for t in halo halo_records; do
  cmake --build "$work/build" --target "commcost-update-baseline-$t" >/dev/null
done
[ -s "$work/consumer/cost-baseline/halo/halo.c.opt.yaml" ] || die "no baseline"

step "the cost checks pass"
(cd "$work/build" && ctest -V) >"$work/ctest-pass.log" 2>&1 ||
  { cat "$work/ctest-pass.log"; die "the cost checks fail on the baseline"; }
grep -q "OK: no cost rose more than 5%" "$work/ctest-pass.log" ||
  { cat "$work/ctest-pass.log"; die "no OK line"; }

step "a row exchange turned into a column exchange fails them"
sed -i 's|MPI_Send(&grid\[1\]\[0\], N, MPI_DOUBLE, up, 0, MPI_COMM_WORLD); /\* ROW \*/|MPI_Send(\&grid[0][1], 1, column, up, 0, MPI_COMM_WORLD);|' \
  "$work/consumer/halo.c"
grep -q "MPI_Send(&grid\[0\]\[1\], 1, column" "$work/consumer/halo.c" ||
  die "the change was not made"
cmake --build "$work/build" >"$work/build2.log" 2>&1 ||
  { cat "$work/build2.log"; die "the changed consumer does not build"; }
if (cd "$work/build" && ctest --output-on-failure) >"$work/ctest-fail.log" 2>&1; then
  cat "$work/ctest-fail.log"; die "the cost checks pass after the change"
fi
cat "$work/ctest-fail.log"
grep -q "0% tests passed, 2 tests failed out of 2" "$work/ctest-fail.log" ||
  die "not both checks failed"
grep -Eq "exchange +MPI_Send #1 \(send\) +halo.c:[0-9]+ +[0-9.]+ +[0-9.]+ +\+[0-9.]+% +above 5%" \
  "$work/ctest-fail.log" || die "the rise of the send is not in the table"
grep -q "FAIL: .* rose more than 5%" "$work/ctest-fail.log" || die "no FAIL line"

step "a compiler other than clang 19 is refused"
mkdir -p "$work/gcc"
cat >"$work/gcc/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(gcc_consumer C)
find_package(commcost REQUIRED CONFIG)
add_library(x STATIC x.c)
commcost_enable_plugin(x)
CMAKE
echo "int x;" >"$work/gcc/x.c"
if cmake -S "$work/gcc" -B "$work/gcc/build" -DCMAKE_C_COMPILER=gcc \
     -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/gcc.log" 2>&1; then
  die "a gcc project configures with the plugin"
fi
grep -q "the commcost plugin runs inside clang 19" "$work/gcc.log" ||
  { cat "$work/gcc.log"; die "no message naming clang 19"; }
grep -q "Configure with -DCMAKE_C_COMPILER=clang-19" "$work/gcc.log" ||
  die "no advice in the message"
echo "install test: passed"
