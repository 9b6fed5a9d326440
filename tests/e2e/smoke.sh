#!/usr/bin/env bash
# The corpus's smoke cases under native: correct ones TN, deadlocks TO, crashes
# RE (the backend's expected-results), nothing left running.
source "$(dirname "$0")/lib.sh"
mpi=$1; shift
run --check --backend native --mpi "$mpi" --journal "$work/results.jsonl" "$@" > "$work/out" 2>&1
status=$?
cat "$work/out"
[[ $status == 0 ]] || fail "check failed (exit $status)"
grep -q '"outcome":"TN"' "$work/results.jsonl" || fail "no TN at all"
no_strays
