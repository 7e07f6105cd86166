#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` builds it, it holds the command line,
# the plugin, the library, the headers and the CMake package under /usr,
# depends on clang-19, and its unpacked command line finds its plugin.
#   deb.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
die() { echo "FAILED: $*" >&2; exit 1; }
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake") >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; die "cpack -G DEB failed"; }
deb=$(ls "$work"/commcost_*.deb)
dpkg-deb -c "$deb" >"$work/contents"
for f in ./usr/bin/commcost ./usr/lib/libcommcost.so ./usr/lib/commcost/CommCost.so \
         ./usr/include/commcost/budget.h ./usr/lib/cmake/commcost/commcostConfig.cmake \
         ./usr/share/commcost/update_commcost_test_checks.py; do
  grep -q " $f\$" "$work/contents" || die "$f is not in $deb"
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case "$depends" in *clang-19*) ;; *) die "the package does not depend on clang-19" ;; esac
case "$depends" in *libllvm19*) ;; *) die "the package does not depend on libllvm19" ;; esac
dpkg-deb -x "$deb" "$work/root"
plugin=$("$work/root/usr/bin/commcost" --plugin-path)
[ "$plugin" = "$work/root/usr/lib/commcost/CommCost.so" ] ||
  die "the unpacked commcost --plugin-path printed $plugin"
echo "deb test: passed ($(basename "$deb"))"
