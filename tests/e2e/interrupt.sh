#!/usr/bin/env bash
# A journal in use is refused; SIGTERM and SIGKILL of the runner leave a valid
# journal and no process of the run behind.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
sel=(--cases "$DATA/cases" --tag e2e --mpi "$mpi" --journal "$j" --quiet -j 1)
run "${sel[@]}" --timeout 60 nb/demo/recv-cycle-ok rma/demo/put-then-store-ok > /dev/null 2>&1 ||
  fail "warm-up failed"
"$ASSAY" run --cache "$cache" "${sel[@]}" --rerun nb/demo/recv-cycle-nok > "$work/first" 2>&1 &
first=$!
sleep 1.5
run "${sel[@]}" > "$work/second" 2>&1
status=$?
[[ $status == 2 ]] || fail "second runner on a busy journal exited $status, expected 2"
grep -q "in use by pid $first" "$work/second" || { cat "$work/second"; fail "no clear 'in use' error"; }
kill -TERM $first
wait $first
status=$?
[[ $status == 143 ]] || fail "runner exited $status after SIGTERM, expected 143"
no_strays
"$ASSAY" report "$j" > "$work/report" 2>&1 || fail "journal unreadable after SIGTERM"
! grep "results.jsonl:[0-9]*:" "$work/report" || fail "SIGTERM left a torn journal"
# SIGKILL: the runner cannot clean up; the launcher dies with it (parent-death signal).
"$ASSAY" run --cache "$cache" "${sel[@]}" --rerun nb/demo/recv-cycle-nok > /dev/null 2>&1 &
victim=$!
sleep 1.5
kill -KILL $victim
wait $victim 2>/dev/null
sleep 2
no_strays
run "${sel[@]}" --timeout 60 nb/demo/recv-cycle-ok > "$work/after" 2>&1 || { cat "$work/after"; fail "journal not resumable after SIGKILL"; }
echo "interrupt on $mpi: ok"
