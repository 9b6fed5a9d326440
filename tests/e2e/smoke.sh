#!/usr/bin/env bash
# The corpus's smoke cases under native: correct ones TN, deadlocks TO, crashes
# RE (the backend's expected-results), nothing left running; `report --check`
# agrees with `run --check` on the journal and catches a forged FP, naming its run.
source "$(dirname "$0")/lib.sh"
mpi=$1; shift
run --check --backend native --mpi "$mpi" --journal "$work/results.jsonl" "$@" > "$work/out" 2>&1
status=$?
cat "$work/out"
[[ $status == 0 ]] || fail "check failed (exit $status)"
grep -q '"outcome":"TN"' "$work/results.jsonl" || fail "no TN at all"
# `report --check` over the finished journal says the same without running anything,
"$ASSAY" report "$work/results.jsonl" --check --format md --out "$work/report.md" > "$work/check" 2>&1 ||
  fail "report --check failed on a journal run --check passed: $(cat "$work/check")"
grep -qx 'check: 0 unexpected outcome(s)' "$work/check" || fail "report --check: $(cat "$work/check")"
# and fails on a run that turned bad (a later record: a correct case FP).
tn=$(grep -m1 '"outcome":"TN"' "$work/results.jsonl")
forged=$(sed 's/.*"case":"\([^"]*\)".*/\1/' <<< "$tn")
{ cat "$work/results.jsonl"; sed 's/"outcome":"TN"/"outcome":"FP"/' <<< "$tn"; } > "$work/forged.jsonl"
"$ASSAY" report "$work/forged.jsonl" --check --format md --out "$work/forged.md" > "$work/check" 2>&1 &&
  fail "report --check passed a journal with an FP"
grep -q "^UNEXPECTED native $mpi $forged: FP is not a known miss of backend native" "$work/check" ||
  fail "report --check did not name the FP: $(cat "$work/check")"
grep -qx 'check: 1 unexpected outcome(s)' "$work/check" || fail "report --check: $(cat "$work/check")"
# A case of several runs: the line names the run that went wrong.
{ cat "$work/results.jsonl"; sed 's/"outcome":"TN"/"outcome":"FP"/; s/"run":1,/"run":2,/; s/"runs":1,/"runs":2,/' <<< "$tn"; } \
  > "$work/forged-run.jsonl"
"$ASSAY" report "$work/forged-run.jsonl" --check --format md --out "$work/forged.md" > "$work/check" 2>&1 &&
  fail "report --check passed a journal with an FP in a second run"
grep -q "^UNEXPECTED native $mpi $forged run 2: FP is not a known miss" "$work/check" ||
  fail "report --check did not name the run: $(cat "$work/check")"
no_strays
