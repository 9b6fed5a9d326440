#!/usr/bin/env bash
# The smoke cases under native and pmpi on one MPI, through mpirun/mpiexec and
# through srun: the same outcome for every (case, backend); no TF, no job left.
source "$(dirname "$0")/lib.sh"
mpi=$1
for launcher in local slurm; do
  run --launcher "$launcher" --backend native,pmpi --mpi "$mpi" --tag smoke --timeout 20 -j 2 --quiet \
    --journal "$work/$launcher.jsonl" >"$work/$launcher.out" 2>&1 ||
    { cat "$work/$launcher.out"; fail "run --launcher $launcher exited with $?"; }
  outcomes_of "$work/$launcher.jsonl" >"$work/$launcher.outcomes"
done
echo "local vs slurm, $mpi:"
paste -d' ' <(cut -d' ' -f1-4 "$work/local.outcomes") <(cut -d' ' -f4 "$work/slurm.outcomes") | column -t
echo "outcome counts (local | slurm):"
join -a1 -a2 -e0 -o 0,1.2,2.2 <(cut -d' ' -f4 "$work/local.outcomes" | sort | uniq -c | awk '{print $2, $1}') \
  <(cut -d' ' -f4 "$work/slurm.outcomes" | sort | uniq -c | awk '{print $2, $1}')
runs=$(wc -l <"$work/local.outcomes")
[[ $runs -ge 30 ]] || fail "only $runs local runs"
diff "$work/local.outcomes" "$work/slurm.outcomes" || fail "outcomes differ between local and slurm"
grep -q '"outcome":"TF"' "$work/slurm.jsonl" && fail "a tool failure under slurm"
echo "same $runs outcomes under local and slurm on $mpi"
no_jobs_left
no_strays
