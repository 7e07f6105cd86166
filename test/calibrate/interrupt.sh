#!/bin/bash
# Ctrl-C or SIGTERM during `commcost calibrate`: the run must stop with
# status 128 + the signal (130, 143), leave the previous profile byte for
# byte as it was, and write nothing else: no raw-data folder, no report, no
# temporary file.
# Usage: interrupt.sh COMMCOST WORKDIR
set -u
Commcost=$1
Dir=$2
Fail=0

# interrupted SIGNAL STATUS: one run stopped by SIGNAL.
interrupted() {
  local Sig=$1 Want=$2 Work="$Dir/$1"
  rm -rf "$Work"
  mkdir -p "$Work"
  local Previous='{"schema": "commcost-profile/1", "note": "the previous profile"}'
  printf '%s\n' "$Previous" > "$Work/profile.json"

  "$Commcost" calibrate --quick --out "$Work/profile.json" \
    --report "$Work/report" 2> "$Work/stderr.txt" &
  local Pid=$!
  # Into the measurements (the noise floor alone takes longer), then the
  # signal.
  sleep 1.5
  kill -"$Sig" "$Pid"
  wait "$Pid"
  local Status=$? Bad=0

  if [ "$Status" -ne "$Want" ]; then
    echo "FAIL ($Sig): exit status $Status, expected $Want"; Bad=1
  fi
  if [ "$(cat "$Work/profile.json")" != "$Previous" ]; then
    echo "FAIL ($Sig): the previous profile changed"; Bad=1
  fi
  if ! grep -q "interrupted by SIG$Sig: nothing written" "$Work/stderr.txt"; then
    echo "FAIL ($Sig): no word of the interruption on stderr"; Bad=1
  fi
  local Extra
  Extra=$(cd "$Work" && ls -A | grep -v -x -e profile.json -e stderr.txt)
  if [ -n "$Extra" ]; then
    echo "FAIL ($Sig): files written despite the signal: $Extra"; Bad=1
  fi
  if [ "$Bad" -ne 0 ]; then
    cat "$Work/stderr.txt"
    Fail=1
  else
    echo "ok ($Sig): status $Want, previous profile intact, nothing written"
  fi
}

interrupted INT 130
interrupted TERM 143
exit "$Fail"
