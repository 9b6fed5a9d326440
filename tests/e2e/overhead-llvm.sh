#!/usr/bin/env bash
# A backend with its own build flavour is timed, not skipped: for llvm the
# overhead study compiles the benchmark through llvm's compile template
# (clang-14 with the pass, the runtime linked) before any timing, caches it, and
# times it beside native. Asserts the llvm run is ok with native's checksum, that
# its binary is the pass's output (calls into the runtime, the runtime linked),
# that the record and report name the flavour, and that a second study reuses
# the build. Args: MPI. Skips (125) without clang++-14 or the MPI's launcher.
source "$(dirname "$0")/lib.sh"
mpi=${1:?usage: overhead-llvm.sh MPI}
command -v clang++-14 >/dev/null || { echo "SKIP: clang++-14 not installed"; exit 125; }
launcher=$([[ $mpi == openmpi ]] && echo mpirun.openmpi || echo mpiexec.mpich)
command -v "$launcher" >/dev/null || { echo "SKIP: $launcher not installed"; exit 125; }

study() {  # OUT
  "$ASSAY" overhead --backend native,llvm --kernels advect --size S --np 2 --mpi "$mpi" \
    --iterations 1 --repetitions 1 --budget 0 --cache "$cache" --out "$1" >"$1.stdout" 2>"$1.stderr"
}
study "$work/first"
status=$?
[[ $status == 0 ]] || { cat "$work/first.stdout" "$work/first.stderr"; fail "overhead exited with $status"; }

journal=$work/first/overhead.jsonl
native=$(grep '"backend":"native"' "$journal")
llvm=$(grep '"backend":"llvm"' "$journal")
field() { sed -n "s/.*\"$2\":\"\([^\"]*\)\".*/\1/p" <<<"$1"; }
[[ $(field "$llvm" status) == ok ]] || fail "the llvm run was not timed: $llvm"
[[ $(field "$llvm" flavour) == "llvm build" ]] || fail "the llvm record does not name its flavour: $llvm"
[[ $(field "$native" flavour) == prebuilt ]] || fail "native should time the prebuilt binary: $native"
sum=$(field "$native" checksum)
[[ -n $sum && $(field "$llvm" checksum) == "$sum" ]] || fail "checksums differ: native '$sum', llvm '$(field "$llvm" checksum)'"

# Built through the template: the pass's calls into the runtime, the runtime linked, by clang.
binary=$(field "$llvm" binary)
[[ $binary == "$cache"/* && -x $binary ]] || fail "the llvm binary '$binary' is not in the build cache"
nm -D --undefined-only "$binary" | has '__assay_llvm_access' || fail "$binary has no instrumented accesses"
readelf -d "$binary" | has "NEEDED.*libassay_llvm_$mpi.so" || fail "$binary does not link the llvm runtime"
readelf -p .comment "$binary" | has 'clang version 14' || fail "$binary was not compiled by clang 14"
grep -q 'clang++-14' <<<"$(field "$llvm" compile_command)" || fail "no compile command in the llvm record"
grep -q '"backend_stats":{[^}]*"instrumented":[1-9]' <<<"$llvm" || fail "no instrumentation statistics in the llvm record"
grep -q 'llvm build' "$work/first/overhead.md" || fail "the report does not name the llvm binary's flavour"
grep -q 'memory accesses instrumented' "$work/first/overhead.md" || fail "the report does not give the instrumented share"

# Once per (backend, MPI): the second study finds it in the cache and times the same binary.
study "$work/second" || { cat "$work/second.stdout" "$work/second.stderr"; fail "second study failed"; }
grep -q "benchmark for llvm on $mpi: .*(cached)" "$work/second.stderr" || fail "the llvm benchmark was built again"
[[ $(field "$(grep '"backend":"llvm"' "$work/second/overhead.jsonl")" binary) == "$binary" ]] ||
  fail "the second study timed another binary"
echo "overhead llvm e2e ($mpi): built through llvm's template, timed, checksum $sum as native"
