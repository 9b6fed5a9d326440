#!/usr/bin/env bash
# Instrumented accesses per second: runs kernel_bench_<variant>_<mpi>
# (kernel_bench.cpp, built by the target assay_llvm_kernel_bench) on NP ranks,
# one launch per (MPI, variant, loop), and prints Markdown tables: the median
# over REPETITIONS of the loop's element accesses per second (slowest rank),
# with the run-time checks per iteration (calls into the runtime that passed
# the inline guard, rank 0), and what the pass instrumented per variant.
# Each launch's Google Benchmark JSON, output and runtime statistics stay in
# OUT/<mpi>/<variant>/<loop>/. Fails when a run fails or the runtime reports
# a finding (every loop is correct).
#
#   backends/llvm/bench/kernel-bench.sh BUILD_DIR [OUT_DIR] [NP] [REPETITIONS] [MPIS] [ITERATIONS]
#   e.g. backends/llvm/bench/kernel-bench.sh build /work/measure-llvm-bench/run 2 5 "openmpi mpich" 20
set -euo pipefail
build=$(realpath "${1:?usage: kernel-bench.sh BUILD_DIR [OUT_DIR] [NP] [REPETITIONS] [MPIS] [ITERATIONS]}")
out=${2:-results/llvm-kernel-bench-$(date +%Y%m%d-%H%M%S)}
np=${3:-2}
reps=${4:-5}
mpis=${5:-openmpi mpich}
iterations=${6:-20}
variants=(plain unfiltered llvm selective)
loops=(local/idle local/in_flight mpi/idle mpi/in_flight send/in_flight)
# An odd count: the median of an even one averages two rates, not two times.
(( reps % 2 == 1 )) || { echo "REPETITIONS must be odd" >&2; exit 2; }
mkdir -p "$out"
out=$(realpath "$out")

# launch MPI VARIANT LOOP: one run of one loop.
launch() {
  local mpi=$1 variant=$2 loop=$3 dir=$out/$1/$2/${3//\//-}
  local bin=$build/backends/llvm/bench/kernel_bench_${variant}_$mpi
  [[ -x $bin ]] || { echo "missing $bin (build target assay_llvm_kernel_bench)" >&2; exit 2; }
  rm -rf "$dir" && mkdir -p "$dir"
  local cmd
  if [[ $mpi == openmpi ]]; then
    cmd=(mpirun.openmpi -np "$np" --bind-to none --oversubscribe -x "ASSAY_REPORT_DIR=$dir")
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  else
    cmd=(mpiexec.mpich -n "$np" -genv ASSAY_REPORT_DIR "$dir")
  fi
  "${cmd[@]}" "$bin" --iterations="$iterations" --benchmark_filter="^$loop/" --benchmark_repetitions="$reps" \
    --benchmark_report_aggregates_only=true --benchmark_out="$dir/benchmark.json" --benchmark_out_format=json \
    >"$dir/stdout" 2>"$dir/stderr" || { cat "$dir/stderr" >&2; echo "$mpi $variant $loop: run failed (see $dir)" >&2; exit 1; }
  if [[ -n $(find "$dir" -name '*.jsonl' -size +0) ]]; then
    echo "$mpi $variant $loop: the runtime reported findings:" >&2
    cat "$dir"/*.jsonl >&2
    exit 1
  fi
  if [[ $variant != plain && ! -s $dir/llvm-stats-rank-0.json ]]; then
    echo "$mpi $variant $loop: no runtime statistics in $dir" >&2
    exit 1
  fi
}

# median FIELD LOOP FILE: a field of the median aggregate of one benchmark.
median() {
  awk -v field="\"$1\":" -v want="^\"$2/.*_median\",$" '
    /"name":/ { name = $2 }
    $1 == field && name ~ want { sub(/,$/, "", $2); print $2; exit }' "$3"
}

# stat FIELD FILE: a top-level number of the runtime's statistics (the first occurrence).
stat() { grep -o "\"$1\":[0-9]*" "$2" | head -1 | cut -d: -f2; }

for mpi in $mpis; do
  for variant in "${variants[@]}"; do
    for loop in "${loops[@]}"; do launch "$mpi" "$variant" "$loop"; done
  done
done

echo "Element accesses per second (millions, median of $reps repetitions × $iterations iterations, slowest of $np ranks);"
echo "in parentheses: run-time checks per iteration (rank 0, the launch's checks / $((reps * iterations)))."
echo
echo "| MPI | loop | plain | unfiltered | llvm | selective |"
echo "|---|---|---:|---:|---:|---:|"
for mpi in $mpis; do
  for loop in "${loops[@]}"; do
    row="| $mpi | \`$loop\` |"
    for variant in "${variants[@]}"; do
      dir=$out/$mpi/$variant/${loop//\//-}
      rate=$(median accesses "$loop" "$dir/benchmark.json")
      cell=$(awk -v r="$rate" 'BEGIN { printf "%.0f", r / 1e6 }')
      if [[ $variant != plain ]]; then
        checks=$(stat checks "$dir/llvm-stats-rank-0.json")
        cell+=" ($(awk -v c="$checks" -v n=$((reps * iterations)) 'BEGIN { printf "%.0f", c / n }'))"
      fi
      row+=" $cell |"
    done
    echo "$row"
  done
done
echo
echo "What the pass instrumented (rank 0's statistics: the one instrumented module, kernel_bench.cpp):"
echo
echo "| MPI | variant | accesses | instrumented | escape filter removed | in-flight filter removed |"
echo "|---|---|---:|---:|---:|---:|"
for mpi in $mpis; do
  for variant in "${variants[@]:1}"; do
    f=$out/$mpi/$variant/local-idle/llvm-stats-rank-0.json
    echo "| $mpi | $variant | $(stat accesses "$f") | $(stat instrumented "$f") | $(stat escape_filtered "$f") | $(stat in_flight_filtered "$f") |"
  done
done
