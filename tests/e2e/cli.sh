#!/usr/bin/env bash
# Issue 20, items 8, 12, 16 and 19 on the command line: multi-value options never
# swallow the case ids after them; --timeout 0 is refused; the effective timeout
# (x timeout_factor) is said in --help and in the record; --abort-on-first-finding
# ends a run at the checker's first finding; Ctrl-C prints the exact resume
# command; no .lock is left beside a journal after a run.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl

# A multi-value option followed by a case id: the id stays a case id.
out=$("$ASSAY" list --cases "$DATA/cases" --family nb nb/demo/recv-cycle-ok) || fail "list failed"
[[ $(grep -c '^nb/' <<<"$out") == 1 ]] || { echo "$out"; fail "list --family nb <id>: expected that one case"; }
out=$("$ASSAY" list --cases "$DATA/cases" --tag e2e,deadlock --family rma,nb nb/demo/recv-cycle-ok) || fail "list failed"
[[ $(grep -c '^nb/' <<<"$out") == 1 ]] || { echo "$out"; fail "comma lists before an id: expected that one case"; }

# --timeout 0 or negative would disable timeouts.
for t in 0 -5; do
  "$ASSAY" run --cases "$DATA/cases" --timeout "$t" nb/demo/recv-cycle-ok > "$work/t" 2>&1 && fail "--timeout $t accepted"
  grep -q "at least 1" "$work/t" || { cat "$work/t"; fail "--timeout $t: no clear error"; }
done
help=$("$ASSAY" run --help)
for word in timeout_factor --oversubscribe --abort-on-first-finding "2-rank cases one at a time" Examples; do
  grep -qF -- "$word" <<<"$help" || fail "run --help does not mention '$word'"
done
for sub in list show lint run report diff overhead backends taxonomy; do
  "$ASSAY" $sub --help | has Example || fail "$sub --help has no example"
done
# One spelling for the backends of `run` and `overhead`: --backend (comma list); --backends
# is a hidden alias of it, and giving both is an error.
for sub in run overhead; do
  help=$("$ASSAY" $sub --help)
  grep -q -- "--backend " <<<"$help" || fail "$sub --help does not offer --backend"
  grep -q -- "--backends " <<<"$help" && fail "$sub --help shows the alias --backends"
  "$ASSAY" --parse-only $sub --backends native,pmpi > /dev/null || fail "$sub --backends (the alias) is refused"
  "$ASSAY" --parse-only $sub --backend native --backends pmpi > "$work/both" 2>&1 && fail "$sub: --backend and --backends together accepted"
  grep -q "excludes" "$work/both" || { cat "$work/both"; fail "$sub: no clear error for --backend with --backends"; }
done
# A list option takes one comma-separated word in `overhead` too: a second word is not a value.
"$ASSAY" --parse-only overhead --kernels cfd heat2d > "$work/two" 2>&1 && fail "overhead --kernels cfd heat2d accepted"

# `run --mpi M <id>` runs that case on M, under `--backends` (the hidden alias) too;
# the watchdog test backend reports the deadlock after 5 s and, asked to, aborts at once.
run --cases "$DATA/cases" --backends-dir "$DATA/backends" --backends watchdog --mpi "$mpi" --journal "$j" \
    --quiet --timeout 20 --abort-on-first-finding nb/demo/recv-cycle-nok > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "run failed"; }
[[ $(grep -c '"type":"result"' "$j") == 1 ]] || fail "expected exactly one result"
grep -q "^plan: 1 case(s) x 1 backend(s) x 1 MPI(s): 1 run(s) to do, 0 already in the journal, .*; about " "$work/out" ||
  { cat "$work/out"; fail "no plan with an estimate before the run"; }
expect_field "$j" nb/demo/recv-cycle-nok watchdog mpi "$mpi"
expect_field "$j" nb/demo/recv-cycle-nok watchdog outcome TP
expect_field "$j" nb/demo/recv-cycle-nok watchdog timed_out false
expect_field "$j" nb/demo/recv-cycle-nok watchdog timeout_s 9.0  # the case's TIMEOUT 3 x timeout_factor 3
[[ ! -e $j.lock ]] || fail "$j.lock left after the run"

# Every result carries the commands that reproduce it; `show --commands` prints them to paste.
"$ASSAY" show nb/demo/recv-cycle-nok --commands --journal "$j" --backend watchdog --mpi "$mpi" > "$work/cmds" ||
  fail "show --commands failed"
grep -q "^# launch$" "$work/cmds" && grep -q "watchdog.sh" "$work/cmds" || { cat "$work/cmds"; fail "no launch command"; }
compile=$(sed -n '/^# compile$/{n;p}' "$work/cmds")
[[ -n $compile ]] || fail "no compile command"
bash -c "$compile" > "$work/recompile" 2>&1 || { cat "$work/recompile"; fail "the compile command does not run as printed: $compile"; }
"$ASSAY" show nb/demo/recv-cycle-nok --commands > "$work/nojournal" 2>&1 && fail "show --commands without a journal succeeded"
grep -q "needs --journal" "$work/nojournal" || fail "show --commands without a journal: no clear error"

# Ctrl-C: the message gives the command that resumes this journal.
"$ASSAY" run --cache "$cache" --cases "$DATA/cases" --mpi "$mpi" --quiet --results "$work/res" --timeout 60 \
  nb/demo/recv-cycle-nok > "$work/int" 2>&1 &
runner=$!
for _ in $(seq 300); do
  compgen -G "$work/res/*/results.jsonl.processes" > /dev/null && break
  sleep 0.1
done
sleep 1
kill -INT $runner
wait $runner
journal=$(ls "$work"/res/*/results.jsonl)
grep -qF -- "--journal $journal" "$work/int" || { cat "$work/int"; fail "no resume command naming $journal"; }
resume=$(sed -n '/To resume:/{n;p}' "$work/int")
[[ $resume == *"run --cache $cache --cases $DATA/cases --mpi $mpi"* ]] || fail "resume command '$resume' is not this run's"
no_strays
echo "cli on $mpi: ok"
