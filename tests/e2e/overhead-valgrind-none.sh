#!/usr/bin/env bash
# The valgrind-none row of the overhead study (overhead/flavours/valgrind-none)
# runs each rank under `valgrind --tool=none`, launched as assaygrind launches
# its ranks, so that assaygrind / valgrind-none is our tool's own cost. Valgrind
# itself tells: VALGRIND_OPTS (read by every valgrind before its command line)
# asks each one for a verbose log naming its tool, options and library folder.
# Asserts: np ranks of the row ran under Nulgrind with the same core options,
# library folder as assaygrind's ranks, without the shim,
# native's checksum; valgrind-none is listed by no coverage command.
# Args: MPI. Skips (125) without valgrind, the assaygrind tool or the launcher.
source "$(dirname "$0")/lib.sh"
mpi=${1:?usage: overhead-valgrind-none.sh MPI}
command -v valgrind >/dev/null || { echo "SKIP: valgrind not installed"; exit 125; }
launcher=$([[ $mpi == openmpi ]] && echo mpirun.openmpi || echo mpiexec.mpich)
command -v "$launcher" >/dev/null || { echo "SKIP: $launcher not installed"; exit 125; }
build_dir=$(cd "$(dirname "$ASSAY")/.." && pwd)
[[ -x $build_dir/backends/assaygrind/lib/assaygrind-amd64-linux ]] ||
  { echo "SKIP: the assaygrind tool is not built"; exit 125; }

mkdir -p "$work/vg"
VALGRIND_OPTS="-v -v --log-file=$work/vg/%p.log" \
  "$ASSAY" overhead --backend native,valgrind-none,assaygrind --kernels advect --size S --np 2 --mpi "$mpi" \
  --iterations 1 --repetitions 1 --budget 0 --cache "$cache" --out "$work/study" >"$work/stdout" 2>"$work/stderr" ||
  { cat "$work/stdout" "$work/stderr"; fail "overhead exited with $?"; }

journal=$work/study/overhead.jsonl
field() { sed -n "s/.*\"$2\":\"\([^\"]*\)\".*/\1/p" <<<"$1"; }
none=$(grep '"backend":"valgrind-none"' "$journal")
[[ $(field "$none" status) == ok ]] || fail "the valgrind-none run was not timed: $none"
sum=$(field "$(grep '"backend":"native"' "$journal")" checksum)
[[ -n $sum && $(field "$none" checksum) == "$sum" ]] || fail "checksums differ: native '$sum', valgrind-none '$(field "$none" checksum)'"

# The logs of one backend's ranks: valgrind names the command, whose output goes to the run's folder.
logs_of() { grep -l -- "Command: .*/runs/$mpi/$1/" "$work"/vg/*.log; }
mapfile -t none_logs < <(logs_of valgrind-none)
mapfile -t grind_logs < <(logs_of assaygrind)
[[ ${#none_logs[@]} == 2 ]] || fail "${#none_logs[@]} valgrind-none ranks ran under valgrind, expected 2"
[[ ${#grind_logs[@]} == 2 ]] || fail "${#grind_logs[@]} assaygrind ranks ran under valgrind, expected 2"
[[ $(grep -l -- "Command: .*/runs/$mpi/native/" "$work"/vg/*.log) == "" ]] || fail "a native rank ran under valgrind"
for log in "${none_logs[@]}"; do
  has 'Nulgrind, the minimal Valgrind tool' "$log" || fail "$log: not the none tool"
  ! has 'libassay_assaygrind' "$log" || fail "$log: the assaygrind shim was loaded"
done
# What valgrind reports of its options (the tool's own ones aside) and library folder, per rank.
core() {  # LOG
  sed -n '/^--[0-9]*-- Valgrind options:/,/^--[0-9]*-- Contents of/p' "$1" | grep -v -e '--tool=' -e '--assay-' |
    sed 's/^--[0-9]*--//'
  grep -o 'Valgrind library directory: .*' "$1"
}
[[ $(core "${none_logs[0]}") == "$(core "${grind_logs[0]}")" ]] ||
  fail "valgrind-none's options differ from assaygrind's: $(diff <(core "${none_logs[0]}") <(core "${grind_logs[0]}"))"
has "Valgrind library directory: $build_dir/backends/assaygrind/lib" "${none_logs[0]}" ||
  fail "valgrind-none does not use assaygrind's VALGRIND_LIB"

# A build flavour, not a checker: the coverage commands do not know it.
! "$ASSAY" backends | has valgrind-none || fail "mpi-assay backends lists valgrind-none"
echo "overhead valgrind-none e2e ($mpi): 2 ranks under Nulgrind with assaygrind's core options, checksum $sum"
