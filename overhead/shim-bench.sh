#!/usr/bin/env bash
# The per-call cost of the pmpi shims: runs assay_shim_bench_<mpi> natively and
# with libassay_pmpi_<mpi>.so preloaded into the ranks, on each MPI, and prints
# a Markdown table of the median ns per call (over --repetitions) and the
# difference. The raw Google Benchmark JSON of every run stays in OUT.
#
#   overhead/shim-bench.sh BUILD_DIR [OUT_DIR] [NP] [REPETITIONS] [MPIS]
#   e.g. overhead/shim-bench.sh build results/shim 2 5 "openmpi mpich"
set -euo pipefail
build=$(realpath "${1:?usage: shim-bench.sh BUILD_DIR [OUT_DIR] [NP] [REPETITIONS] [MPIS]}")
out=${2:-results/shim-bench-$(date +%Y%m%d-%H%M%S)}
np=${3:-2}
reps=${4:-5}
mpis=${5:-openmpi mpich}
mkdir -p "$out"
out=$(realpath "$out")

# launch MPI BACKEND: one run; rank environment as the runner passes it.
launch() {
  local mpi=$1 backend=$2 dir=$out/$1-$2
  local bin=$build/overhead/assay_shim_bench_$mpi lib=$build/backends/pmpi/libassay_pmpi_$mpi.so
  rm -rf "$dir" && mkdir -p "$dir"
  local env=(ASSAY_BACKEND "$backend" ASSAY_REPORT_DIR "$dir")
  [[ $backend == pmpi ]] && env+=(LD_PRELOAD "$lib")
  [[ -x $bin ]] || { echo "missing $bin (build target assay_shim_bench_$mpi)" >&2; exit 2; }
  [[ $backend == native || -f $lib ]] || { echo "missing $lib (build target assay_pmpi_$mpi)" >&2; exit 2; }
  local cmd
  if [[ $mpi == openmpi ]]; then
    cmd=(mpirun.openmpi -np "$np" --bind-to none --oversubscribe)
    for ((i = 0; i < ${#env[@]}; i += 2)); do cmd+=(-x "${env[i]}=${env[i + 1]}"); done
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  else
    cmd=(mpiexec.mpich -n "$np")
    for ((i = 0; i < ${#env[@]}; i += 2)); do cmd+=(-genv "${env[i]}" "${env[i + 1]}"); done
  fi
  "${cmd[@]}" "$bin" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
    --benchmark_out="$dir/benchmark.json" --benchmark_out_format=json >"$dir/stdout" 2>"$dir/stderr" ||
    { cat "$dir/stderr" >&2; echo "$mpi $backend: run failed (see $dir)" >&2; exit 1; }
  if [[ -n $(find "$dir" -name '*.jsonl' -size +0) ]]; then
    echo "$mpi $backend: the checker reported findings:" >&2
    cat "$dir"/*.jsonl >&2
    exit 1
  fi
}

# median NAME FILE: the median aggregate's real_time (ns) of one benchmark.
median() {
  awk -v want="^\"$1/.*_median\",$" '
    /"name":/ { name = $2 }
    /"real_time":/ && name ~ want { sub(/,$/, "", $2); printf "%.1f", $2; exit }' "$2"
}

echo "| MPI | call | native ns/call | pmpi ns/call | pmpi − native |"
echo "|---|---|---:|---:|---:|"
for mpi in $mpis; do
  launch "$mpi" native
  launch "$mpi" pmpi
  for call in comm_rank put barrier allreduce; do
    n=$(median "$call" "$out/$mpi-native/benchmark.json")
    p=$(median "$call" "$out/$mpi-pmpi/benchmark.json")
    echo "| $mpi | $call | $n | $p | $(awk -v a="$p" -v b="$n" 'BEGIN { printf "%+.1f", a - b }') |"
  done
done
