#!/usr/bin/env bash
# The llvm backend's microbenchmarks (backends/llvm/bench/) run once with the
# fewest iterations; checks the counters they report, never their timing.
#   bench.sh inflight BINARY       the range lookup: every (where, n) run, with
#                                  n ranges and segments, 1 op found per hit, 0
#                                  per gap or outside lookup, a rate, a fit
#   bench.sh kernel BENCH_DIR MPI  kernel_bench_<variant>_<MPI> on 2 ranks: each
#                                  loop reports accesses/s; the escape filter
#                                  removes the local arrays' accesses; in flight,
#                                  loads of the send buffer call the runtime,
#                                  accesses between the buffers (in a gap) and
#                                  outside the bounds do not;
#                                  window memory: the open runs grow inline
#                                  (received-data tracking off: the loops never
#                                  read what the pending Irecv receives)
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# field FILE NAME-REGEX FIELD: a number of the first benchmark JSON object
# whose "name" (quoted, with its comma) matches, empty when absent.
field() {
  awk -v want="$2" -v key="\"$3\":" '
    /"name":/ { name = $2 }
    $1 == key && name ~ want { sub(/,$/, "", $2); print $2 + 0; exit }' "$1"
}

inflight() {
  local bin=$1 json=$work/inflight.json
  "$bin" --benchmark_min_time=0.001 --benchmark_out="$json" --benchmark_out_format=json >/dev/null
  for where in hit gap outside; do
    local want=0
    [[ $where == hit ]] && want=1
    for n in 1 16 256 4096; do
      local name=$where/$n re="^\"$where/$n\",$"
      [[ $(field "$json" "$re" ranges) == "$n" ]] || fail "$name: ranges $(field "$json" "$re" ranges), want $n"
      [[ $(field "$json" "$re" segments) == "$n" ]] || fail "$name: segments, want $n"
      [[ $(field "$json" "$re" found) == "$want" ]] || fail "$name: found $(field "$json" "$re" found) ops per lookup, want $want"
      awk -v r="$(field "$json" "$re" items_per_second)" 'BEGIN { exit !(r > 0) }' || fail "$name: no lookups per second"
    done
    grep -q "\"name\": \"${where}_BigO\"" "$json" || fail "$where: no complexity fit"
  done
  echo "inflight: 12 runs, counters as expected"
}

# kernel_run MPI VARIANT LOOP: one launch of one loop on 2 ranks into $work/VARIANT-LOOP.
kernel_run() {
  local mpi=$1 variant=$2 loop=$3 dir=$work/$2-${3//\//-}
  mkdir -p "$dir"
  local cmd
  if [[ $mpi == openmpi ]]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    cmd=(mpirun.openmpi -np 2 --bind-to none --oversubscribe -x "ASSAY_REPORT_DIR=$dir" -x ASSAY_LLVM_RECEIVED=0)
  else
    cmd=(mpiexec.mpich -n 2 -genv ASSAY_REPORT_DIR "$dir" -genv ASSAY_LLVM_RECEIVED 0)
  fi
  "${cmd[@]}" "$bench_dir/kernel_bench_${variant}_$mpi" --iterations=1 --benchmark_filter="^$loop/" \
    --benchmark_out="$dir/benchmark.json" --benchmark_out_format=json >"$dir/stdout" 2>"$dir/stderr" ||
    { cat "$dir/stderr" >&2; fail "$variant $loop: run failed"; }
  grep -q 'checksum [0-9]' "$dir/stdout" || fail "$variant $loop: no checksum"
  awk -v r="$(field "$dir/benchmark.json" "^\"$loop/.*manual_time\",$" accesses)" 'BEGIN { exit !(r > 0) }' ||
    fail "$variant $loop: no accesses counter"
  [[ -z $(find "$dir" -name '*.jsonl' -size +0) ]] || fail "$variant $loop: findings in a correct loop"
  if [[ $variant != plain ]]; then
    [[ -s $dir/llvm-stats-rank-0.json ]] || fail "$variant $loop: no runtime statistics"
  fi
}
# stat VARIANT LOOP FIELD: a top-level number of that run's rank-0 statistics.
stat() { grep -o "\"$3\":[0-9]*" "$work/$1-${2//\//-}/llvm-stats-rank-0.json" | head -1 | cut -d: -f2; }

kernel() {
  bench_dir=$1
  local mpi=$2 n=65536  # kN of kernel_bench.cpp
  for variant in plain unfiltered llvm selective; do
    for loop in local/idle local/in_flight mpi/idle mpi/in_flight send/in_flight window/epoch; do kernel_run "$mpi" "$variant" "$loop"; done
  done
  # The escape filter removes the local arrays' accesses (at least 3 per loop body).
  (( $(stat llvm local/idle instrumented) + 3 <= $(stat unfiltered local/idle instrumented) )) ||
    fail "llvm instruments $(stat llvm local/idle instrumented), unfiltered $(stat unfiltered local/idle instrumented): the filter removed nothing"
  (( $(stat llvm local/idle escape_filtered) >= 3 )) || fail "llvm: escape filter removed $(stat llvm local/idle escape_filtered)"
  for variant in unfiltered llvm selective; do
    local idle in_flight
    idle=$(stat "$variant" mpi/idle checks)
    # Between the pending buffers, inside the guard's bounds but in the gap
    # between them that the runtime exports: no call (the loop runs its
    # unchecked copy, or each access skips the call inline).
    in_flight=$(stat "$variant" mpi/in_flight checks)
    (( in_flight <= idle + 100 )) || fail "$variant mpi/in_flight: $in_flight checks against $idle idle: accesses in the gap between two ranges in flight called the runtime"
    # Reading the pending send buffer: each load calls the runtime (one check
    # per vector of at most 4 elements); the stores into y, in the gap, do not.
    in_flight=$(stat "$variant" send/in_flight checks)
    (( in_flight - idle >= n / 4 )) || fail "$variant send/in_flight: $in_flight checks against $idle idle, want at least $((n / 4)) more"
    (( $(stat "$variant" send/in_flight checks_with_ranges_in_flight) >= n / 4 )) || fail "$variant send/in_flight: no checks with ranges in flight"
    # Outside the bounds the guard skips the call: no more checks than idle (the harness's few).
    in_flight=$(stat "$variant" local/in_flight checks)
    (( in_flight <= $(stat "$variant" local/idle checks) + 100 )) || fail "$variant local/in_flight: $in_flight checks, the guard let them through"
    # Window memory in a fence epoch (2 x n/2 vector accesses): the open runs
    # grow inline, so the loop calls the runtime a few times, not per access.
    local extra=$(( $(stat "$variant" window/epoch checks) - $(stat "$variant" mpi/idle checks) ))
    (( extra <= 100 )) || fail "$variant window/epoch: $extra checks for the loop over window memory, want at most 100"
  done
  for variant in unfiltered llvm; do
    (( $(stat "$variant" window/epoch window_runs_grown_inline) >= 2 )) || fail "$variant window/epoch: no run grown inline"
  done
  echo "kernel $mpi: 24 runs, counters as expected"
}

case ${1:-} in
  inflight) inflight "$2" ;;
  kernel) kernel "$2" "$3" ;;
  *) echo "usage: bench.sh inflight BINARY | kernel BENCH_DIR MPI" >&2; exit 2 ;;
esac
