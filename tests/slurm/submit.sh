#!/usr/bin/env bash
# run --submit end to end: the sbatch job runs the request inside its allocation,
# the journal appears and `mpi-assay report` renders it.
source "$(dirname "$0")/lib.sh"
"$ASSAY" run nb/request/isend-wait-ok nb/request/isend-no-wait-nok --submit --cache "$cache" -j 2 \
  --backend native,pmpi --mpi mpich --results "$work/results" >"$work/submit.out" 2>&1 ||
  { cat "$work/submit.out"; fail "run --submit exited with $?"; }
cat "$work/submit.out"
job=$(sed -n 's/^submitted job \([0-9]*\).*/\1/p' "$work/submit.out")
journal=$(sed -n 's/^journal: //p' "$work/submit.out")
[[ -n $job && -n $journal ]] || fail "no job id or journal path printed"
for _ in $(seq 300); do
  [[ -z $(squeue -h -j "$job" 2>/dev/null) ]] && break
  sleep 0.5
done
[[ -z $(squeue -h -j "$job" 2>/dev/null) ]] && echo "job $job ended" || fail "job $job still queued or running after 150 s"
dir=$(dirname "$journal")
cat "$dir/slurm-$job.out"
[[ -s $journal ]] || fail "no journal at $journal"
[[ $(grep -c '"type":"result"' "$journal") == 4 ]] || fail "expected 4 results in the journal"
grep -q '"argv":\[[^]]*"--launcher","slurm"' "$journal" || fail "the job did not run with --launcher slurm"
expect_field "$journal" nb/request/isend-no-wait-nok pmpi outcome TP
expect_field "$journal" nb/request/isend-wait-ok native outcome TN
[[ -s $dir/report.html && -s $dir/report.md ]] || fail "the job did not write its reports"
"$ASSAY" report "$journal" >"$work/report.out" 2>&1 || { cat "$work/report.out"; fail "report exited with $?"; }
grep -q pmpi "$work/report.out" || fail "the report does not show pmpi"
echo "submit: job $job ran 4 runs as steps; the report renders"
no_jobs_left
