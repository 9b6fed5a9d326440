#!/usr/bin/env bash
# A broken header stops the run before anything runs, with every problem as file:line.
source "$(dirname "$0")/lib.sh"
j=$work/results.jsonl
run --cases "$DATA/cases-bad" --journal "$j" > "$work/out" 2>&1
status=$?
cat "$work/out"
[[ $status == 2 ]] || fail "exit status $status, expected 2"
f=bad-header-nok.c
grep -q "$f:2: .*rma.no-such-class" "$work/out" || fail "unknown class not reported at line 2"
grep -q "$f:3: .*missing-marker" "$work/out" || fail "missing marker not reported at line 3"
grep -q "$f:4: .*NPROCS" "$work/out" || fail "bad NPROCS not reported at line 4"
grep -q "$f:5: .*COLOUR" "$work/out" || fail "unknown key not reported at line 5"
[[ ! -e $j ]] || fail "a journal was written although nothing may run"
"$ASSAY" lint --cases "$DATA/cases-bad" > /dev/null && fail "lint passed a broken header"
echo "bad header: ok"
