#!/usr/bin/env bash
# The overhead study through srun: heat2d at size S on 2 ranks, native and pmpi,
# on both MPIs; pinned alike, nodes and tasks in the records and the report.
source "$(dirname "$0")/lib.sh"
out=$work/study
"$ASSAY" overhead --launcher slurm --size S --np 2 --kernels heat2d --backend native,pmpi --mpi openmpi,mpich \
  --iterations 2 --repetitions 2 --budget 0 --out "$out" >"$work/stdout" 2>"$work/stderr" ||
  { cat "$work/stdout" "$work/stderr"; fail "overhead exited with $?"; }
cat "$work/stderr"
journal=$out/overhead.jsonl
records=$(grep -c . "$journal")
[[ $records == 8 ]] || fail "expected 8 records (2 variants x 2 backends x 2 MPIs), got $records"
[[ $(grep -c '"status":"ok"' "$journal") == 8 ]] || fail "not every run is ok"
[[ $(grep '"launcher":"slurm"' "$journal" | grep '"cpu_bind":"cores"' | grep '"nodes":1' | grep -c '"tasks":2') == 8 ]] ||
  fail "launcher, binding, nodes or tasks missing in the records"
grep -q 'launched by slurm (srun --cpu-bind=cores), 1 node, 2 tasks: 8 runs' "$out/overhead.md" ||
  fail "the report does not show how the runs were launched"
grep -q MISMATCH "$work/stdout" && fail "checksums differ"
echo "overhead under slurm: 8 runs ok, 1 node x 2 tasks, --cpu-bind=cores"
no_jobs_left
