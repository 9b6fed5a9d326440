#!/usr/bin/env bash
# A wrong srun --mpi= plugin: the world-size probe catches it, every run is TF
# (not final) with a hint naming the right plugin; a resume with the right one
# redoes those runs.
source "$(dirname "$0")/lib.sh"
case_id=nb/request/isend-wait-ok
declare -A wrong=([mpich]=pmix [openmpi]=pmi2) right=([mpich]=pmi2 [openmpi]=pmix)
for mpi in mpich openmpi; do
  journal=$work/$mpi/results.jsonl
  run "$case_id" --launcher slurm --srun-option=--mpi=${wrong[$mpi]} --backend native --mpi=$mpi \
    --journal "$journal" >"$work/$mpi.out" 2>&1 || { cat "$work/$mpi.out"; fail "run exited with $?"; }
  expect_field "$journal" "$case_id" native outcome TF
  reason=$(field_of "$journal" "$case_id" native reason)
  [[ $reason == *"--mpi=${right[$mpi]}"* ]] || fail "$mpi: the reason does not name --mpi=${right[$mpi]}: $reason"
  echo "$mpi under srun --mpi=${wrong[$mpi]}: TF: $reason"
  run "$case_id" --launcher slurm --backend native --mpi=$mpi --journal "$journal" --quiet >"$work/$mpi.resume" 2>&1 ||
    { cat "$work/$mpi.resume"; fail "resume exited with $?"; }
  expect_field "$journal" "$case_id" native outcome TN
  grep -q 'ran 1 run(s), 0 already in the journal' "$work/$mpi.resume" || { cat "$work/$mpi.resume"; fail "the resume did not redo the TF run"; }
  echo "$mpi: the resume with --mpi=${right[$mpi]} redid it: TN"
done
no_jobs_left
