#!/usr/bin/env bash
# Item 3 of issue 20: a rank's double-forked `setsid` daemon with an empty
# environment does not outlive its run; and when the runner itself is SIGKILLed
# (it cannot clean up), resuming the journal kills what the run left.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
sel=(--cases "$DATA/cases-procs" --mpi "$mpi" --journal "$j" --quiet -j 2 --timeout 60)
pid_file() { echo "$work/runs/$mpi/native/proc/escape/$1/1/daemon.pid"; }
alive() { [[ -e /proc/$1 ]] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }

run "${sel[@]}" proc/escape/daemon-ok > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
daemon=$(cat "$(pid_file daemon-ok)") || fail "the case did not start its daemon"
alive "$daemon" && { kill -KILL "$daemon"; fail "daemon $daemon outlived its run"; }
expect_field "$j" proc/escape/daemon-ok native leftover_processes 1
no_strays

"$ASSAY" run --cache "$cache" "${sel[@]}" proc/escape/daemon-hold-ok > "$work/killed" 2>&1 &
runner=$!
for _ in $(seq 600); do
  [[ -f $(pid_file daemon-hold-ok) ]] && break
  sleep 0.1
done
daemon=$(cat "$(pid_file daemon-hold-ok)") || { kill -KILL $runner; fail "the case did not start its daemon"; }
# Wait until the runner's process log names the daemon, then kill the runner.
for _ in $(seq 100); do
  grep -q "^$daemon " "$j.processes" 2>/dev/null && break
  sleep 0.1
done
grep -q "^$daemon " "$j.processes" || { kill -KILL $runner; fail "the process log never named the daemon"; }
kill -KILL $runner
wait $runner 2>/dev/null
alive "$daemon" || fail "the daemon died with the runner: this test no longer tests the resume"
run "${sel[@]}" proc/escape/daemon-ok > "$work/resume" 2>&1 || { cat "$work/resume"; fail "resume failed"; }
grep -q "killed [0-9]* process(es) left running by an earlier runner" "$work/resume" ||
  { cat "$work/resume"; fail "the resume did not say what it killed"; }
alive "$daemon" && { kill -KILL "$daemon"; fail "daemon $daemon of the SIGKILLed runner survived the resume"; }
[[ ! -e $j.processes ]] || fail "$j.processes left after a finished run"
no_strays
echo "escape on $mpi: ok"
