#!/usr/bin/env bash
# A journal cut in the middle of a line stays readable and resumable: only the
# torn run is redone.
source "$(dirname "$0")/lib.sh"
j=$work/results.jsonl
sel=(--cases "$DATA/cases" --tag e2e --class ok --mpi mpich --journal "$j" --quiet)
run "${sel[@]}" > /dev/null 2>&1 || fail "first run failed"
results=$(grep -c '"type":"result"' "$j")
[[ $results == 2 ]] || fail "expected 2 results, found $results"
size=$(stat -c %s "$j")
truncate -s $((size - 40)) "$j"      # SIGKILL in the middle of the last write
run "${sel[@]}" > "$work/out" 2>&1 || { cat "$work/out"; fail "resume failed"; }
cat "$work/out"
grep -q "ran 1 run(s), 1 already in the journal" "$work/out" || fail "resume did not redo exactly the torn run"
"$ASSAY" report "$j" > "$work/report" 2>&1 || fail "report failed on a torn journal"
grep -q "results.jsonl:3:" "$work/report" || fail "the torn line is not reported with its line number"
grep -q "native/mpich" "$work/report" || fail "report has no column for native on MPICH"
run "${sel[@]}" > "$work/out2" 2>&1
grep -q "ran 0 run(s), 2 already in the journal" "$work/out2" || fail "finished runs were recomputed"
echo "resume: ok"
