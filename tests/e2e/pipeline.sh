#!/usr/bin/env bash
# Issue 20, item 11: compiles and runs overlap. A run starts as soon as its binary
# is built, not after every case has been compiled; the plan's first estimate says
# it is a guess from the toolchain check's times, a case tagged to hang counts at
# its timeout, and a resume estimates from the journal. A test backend's compile
# waits 2 s (sleep: no CPU) and logs when it ends; its ranks log when they start.
source "$(dirname "$0")/lib.sh"
mpi=$1
export PIPELINE_EVENTS=$work/events
mkdir -p "$work/backends/slow-build"
cat > "$work/backends/slow-build/slow-cc.sh" <<'SH'
#!/bin/sh
sleep 2
"$@" || exit
while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
echo "compiled $(basename "$out")" >> "$PIPELINE_EVENTS"
SH
cat > "$work/backends/slow-build/mark-run.sh" <<'SH'
#!/bin/sh
echo "ran $(basename "$1")" >> "$PIPELINE_EVENTS"
exec "$@"
SH
chmod +x "$work/backends/slow-build/"*.sh
cat > "$work/backends/slow-build/backend.json" <<'JSON'
{"manifest": 2, "name": "slow-build", "description": "Test backend: slow compiles, logged ranks",
 "kind": "dynamic", "supports": [],
 "build": {"compile": ["${backend_dir}/slow-cc.sh", "${mpicc}", "${base_cflags}", "${sources}", "-o", "${exe}"]},
 "launch": {"rank": ["${backend_dir}/mark-run.sh", "${program}", "${args}"]}}
JSON
ids=(nb/demo/recv-cycle-ok rma/demo/put-then-store-ok rma/demo/put-then-store-nok nb/demo/null-recv-nok
  nb/demo/recv-cycle-nok)  # the last one hangs (TAGS: deadlock, TIMEOUT: 3)
sel=(--cases "$DATA/cases" --backends-dir "$work/backends" --backend slow-build --mpi "$mpi" -j 2 --journal "$work/j.jsonl")
run "${sel[@]}" "${ids[@]}" > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
[[ $(grep -c '"type":"result"' "$work/j.jsonl") == 5 ]] || { cat "$work/out"; fail "expected 5 results"; }
[[ $(grep -c '^compiled' "$work/events") == 5 ]] || { cat "$work/events"; fail "expected 5 compiles"; }
first_run=$(grep -n '^ran' "$work/events" | head -1 | cut -d: -f1)
last_compile=$(grep -n '^compiled' "$work/events" | tail -1 | cut -d: -f1)
[[ -n $first_run ]] && (( first_run < last_compile )) ||
  { cat "$work/events"; fail "no run started before the last compile ended: build and run do not overlap"; }
grep -q "^plan: 5 case(s) x 1 backend(s) x 1 MPI(s): 5 run(s) to do, 0 already in the journal, 5 binaries to compile; about .*a guess for slow-build .*toolchain check's times ($mpi: compile [0-9.]* s, 2-rank launch [0-9.]* s)" "$work/out" ||
  { cat "$work/out"; fail "the first plan does not say its estimate is a guess from the toolchain check"; }
grep -q "^plan: .*; 1 run(s) of cases tagged to hang counted at their timeout$" "$work/out" ||
  { cat "$work/out"; fail "the plan does not count the deadlocking case at its timeout"; }
# A resume that reruns them estimates from the journal's own runs.
run "${sel[@]}" --rerun --quiet "${ids[@]}" > "$work/out2" 2>&1 || { cat "$work/out2"; fail "rerun failed"; }
grep -q "^plan: .*0 binaries to compile; about .*, from this journal's earlier runs; 1 run(s) of cases tagged" "$work/out2" ||
  { cat "$work/out2"; fail "the resumed plan does not estimate from the journal"; }
no_strays
echo "pipeline on $mpi: runs start while cases still compile"
