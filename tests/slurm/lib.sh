# Shared by the slurm tests: sourced with ASSAY, DATA, SOURCE and SLURM_STATE (the
# fixture's folder, tests/slurm/cluster.sh) set. Skips (125) when the fixture
# could not install Slurm.
source "$(dirname "$0")/../e2e/lib.sh"
if [[ -f $SLURM_STATE/skipped ]]; then
  cat "$SLURM_STATE/skipped"
  exit 125
fi
export SLURM_CONF=$SLURM_STATE/slurm.conf
[[ -s $SLURM_CONF ]] || fail "no cluster in $SLURM_STATE: the fixture test slurm-cluster-start did not run"

# Every record of JOURNAL as "case backend mpi outcome", sorted.
outcomes_of() {
  local line c b m o
  grep '"type":"result"' "$1" | while IFS= read -r line; do
    c=$(sed -n 's/.*"case":"\([^"]*\)".*/\1/p' <<<"$line")
    b=$(sed -n 's/.*"backend":"\([^"]*\)".*/\1/p' <<<"$line")
    m=$(sed -n 's/.*"mpi":"\([^"]*\)".*/\1/p' <<<"$line")
    o=$(sed -n 's/.*"outcome":"\([^"]*\)".*/\1/p' <<<"$line")
    echo "$c $b $m $o"
  done | sort
}

# Nothing of ours left in the cluster: no job, no step (waits up to 10 s for
# steps that are completing).
no_jobs_left() {
  local left
  for _ in $(seq 50); do
    left=$( { squeue -h -o '%i %j %T'; squeue -h -s -o '%i %j'; } 2>&1)
    [[ -z $left ]] && return 0
    sleep 0.2
  done
  echo "$left"
  fail "jobs or steps are left in the cluster"
}
