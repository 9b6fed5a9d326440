#!/usr/bin/env bash
# A case that hangs, as a job of its own and as a step of an allocation: TO,
# its job or step cancelled (scancel ran), nothing left in squeue or running.
source "$(dirname "$0")/lib.sh"
case_id=nb/match/ssend-cycle-nok   # deadlocks; TIMEOUT: 5
check_run() {  # JOURNAL WHAT
  expect_field "$1" "$case_id" native outcome TO
  local log
  log=$(dirname "$1")/runs/mpich/native/$case_id/1/scancel.log
  [[ -f $log ]] || fail "$2: the launcher did not run its cancel command"
  no_jobs_left
  no_strays
  echo "$2: TO, cancelled, nothing left"
}
run "$case_id" --launcher slurm --backend native --mpi=mpich --journal "$work/job/results.jsonl" --quiet \
  >"$work/job.out" 2>&1 || { cat "$work/job.out"; fail "run exited with $?"; }
check_run "$work/job/results.jsonl" "own job"
# Inside an allocation the run is a step packed into it (-j = its tasks).
salloc --ntasks=2 --quiet "$ASSAY" run "$case_id" --cache "$cache" --launcher slurm --backend native --mpi=mpich \
  --journal "$work/step/results.jsonl" --quiet >"$work/step.out" 2>&1 || { cat "$work/step.out"; fail "salloc run exited with $?"; }
check_run "$work/step/results.jsonl" "step of an allocation"
