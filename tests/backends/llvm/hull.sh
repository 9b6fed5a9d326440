#!/usr/bin/env bash
# hull.sh BUILD_DIR MPI: hull.c built like the llvm backend's compile template,
# run on one rank: the column send enters the range set as one range (peak
# segments < 8, not one per block), stores into its holes report nothing, one
# store into a block reports nb.buffer.send-write.
set -euo pipefail
build=$1 mpi=$2
here=$(dirname "$0")
command -v clang-14 >/dev/null || { echo "SKIP: clang-14 not installed"; exit 125; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
if [[ $mpi == openmpi ]]; then
  cc=mpicc.openmpi run=(mpirun.openmpi -np 1 --oversubscribe)
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_CC=clang-14
else
  cc=mpicc.mpich run=(mpiexec.mpich -n 1)
  export MPICH_CC=clang-14
fi
lib=$build/backends/llvm
"$cc" -O0 -g -gdwarf-aranges -fpass-plugin="$lib/AssayLLVM.so" "$here/hull.c" -o "$work/hull" \
  -Wl,--no-as-needed "$lib/libassay_llvm_$mpi.so" -Wl,-rpath,"$lib"
for arg in "" block; do
  dir=$work/run-${arg:-holes}
  mkdir -p "$dir"
  ASSAY_REPORT_DIR=$dir "${run[@]}" "$work/hull" $arg >"$dir/out" 2>&1 || { cat "$dir/out"; fail "run $arg"; }
  [[ -s $dir/llvm-stats-rank-0.json ]] || fail "no statistics ($arg)"
  segments=$(grep -o '"peak_segments": *[0-9]*' "$dir/llvm-stats-rank-0.json" | grep -o '[0-9]*$')
  (( segments < 8 )) || fail "the column send took $segments segments (one per block?)"
  findings=$(cat "$dir"/*.jsonl 2>/dev/null | grep -c '"class"' || true)
  if [[ -z $arg ]]; then
    (( findings == 0 )) || { cat "$dir"/*.jsonl; fail "stores into the holes reported"; }
  else
    (( findings == 1 )) && grep -q 'nb.buffer.send-write' "$dir"/*.jsonl || { cat "$dir"/*.jsonl 2>/dev/null; fail "the store into a block: $findings findings"; }
  fi
done
echo PASS
