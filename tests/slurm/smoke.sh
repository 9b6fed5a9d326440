#!/usr/bin/env bash
# The smoke cases under pmpi on one MPI, through mpirun/mpiexec and
# through srun: the same outcome for every case; no TF, no job left. pmpi, not
# native too: its runs are native runs plus the preloaded checker that srun must
# pass to each rank (native on the smoke cases is e2e-smoke-<mpi>'s; running
# both here doubled the longest serial test of CI).
# One launcher after the other, each with -j 2 (the cluster has 2 CPUs; a
# 3-rank case gets srun --overcommit): side by side, the two runs of a crash
# case started at the same instant and competed for the CPUs, which changed
# how an abort raced the checker's report — not what is compared here.
source "$(dirname "$0")/lib.sh"
mpi=$1
for launcher in local slurm; do
  run --launcher "$launcher" --backend pmpi --mpi "$mpi" --tag smoke --timeout 20 -j 2 --quiet \
    --journal "$work/$launcher.jsonl" >"$work/$launcher.out" 2>&1 ||
    { cat "$work/$launcher.out"; fail "run --launcher $launcher failed"; }
done
for launcher in local slurm; do outcomes_of "$work/$launcher.jsonl" >"$work/$launcher.outcomes"; done
echo "local vs slurm, $mpi:"
paste -d' ' <(cut -d' ' -f1-4 "$work/local.outcomes") <(cut -d' ' -f4 "$work/slurm.outcomes") | column -t
echo "outcome counts (local | slurm):"
join -a1 -a2 -e0 -o 0,1.2,2.2 <(cut -d' ' -f4 "$work/local.outcomes" | sort | uniq -c | awk '{print $2, $1}') \
  <(cut -d' ' -f4 "$work/slurm.outcomes" | sort | uniq -c | awk '{print $2, $1}')
runs=$(wc -l <"$work/local.outcomes")
smoke=$("$ASSAY" list --tag smoke | grep -c " ok$\| error ")
[[ $runs -ge $smoke && $smoke -ge 15 ]] || fail "$runs local runs of $smoke smoke cases"
if ! diff "$work/local.outcomes" "$work/slurm.outcomes"; then
  # What each side said about the runs that differ.
  diff "$work/local.outcomes" "$work/slurm.outcomes" | awk '/^[<>]/ {print $2}' | sort -u |
    while read -r id; do grep -hF "\"case\":\"$id\"" "$work/local.jsonl" "$work/slurm.jsonl" |
      grep -o '"backend":"[^"]*"\|"reason":"[^"]*"\|"stderr_tail":"[^"]*"'; done
  fail "outcomes differ between local and slurm"
fi
grep -q '"outcome":"TF"' "$work/slurm.jsonl" && fail "a tool failure under slurm"
echo "same $runs outcomes under local and slurm on $mpi"
no_jobs_left
no_strays
