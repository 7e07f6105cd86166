#!/bin/bash
# Ctrl-C during `commcost calibrate`: the run must stop with status 130,
# leave the previous profile byte for byte as it was, and write nothing
# else: no raw-data folder, no report, no temporary file.
# Usage: interrupt.sh COMMCOST WORKDIR
set -u
Commcost=$1
Dir=$2
rm -rf "$Dir"
mkdir -p "$Dir"
Previous='{"schema": "commcost-profile/1", "note": "the previous profile"}'
printf '%s\n' "$Previous" > "$Dir/profile.json"

"$Commcost" calibrate --quick --out "$Dir/profile.json" \
  --report "$Dir/report" 2> "$Dir/stderr.txt" &
Pid=$!
# Into the measurements (the noise floor alone takes longer), then Ctrl-C.
sleep 1.5
kill -INT "$Pid"
wait "$Pid"
Status=$?

Fail=0
if [ "$Status" -ne 130 ]; then
  echo "FAIL: exit status $Status, expected 130"; Fail=1
fi
if [ "$(cat "$Dir/profile.json")" != "$Previous" ]; then
  echo "FAIL: the previous profile changed"; Fail=1
fi
if ! grep -q "interrupted: nothing written" "$Dir/stderr.txt"; then
  echo "FAIL: no word of the interruption on stderr"; Fail=1
fi
Extra=$(cd "$Dir" && ls -A | grep -v -x -e profile.json -e stderr.txt)
if [ -n "$Extra" ]; then
  echo "FAIL: files written despite Ctrl-C: $Extra"; Fail=1
fi
if [ "$Fail" -ne 0 ]; then
  cat "$Dir/stderr.txt"
  exit 1
fi
echo "ok: interrupted with status 130, previous profile intact, nothing written"
