#!/usr/bin/env bash
# The correct proxy kernels under the pmpi checker on a tiny run (size S, one
# iteration, one repetition, 2 ranks), every kernel and variant on both MPI
# implementations. Asserts that every run completed, that each kernel/variant
# printed one checksum under native and pmpi on Open MPI and MPICH alike, and
# that pmpi reported no finding and no tool failure: the kernels are correct, so
# any finding is a false alarm (the journal's finding_lines say which). Then a
# kernel with an injected bug checks that findings are counted at all.
# Needs ASSAY (an mpi-assay built with the overhead benchmarks and the pmpi
# libraries); skips (125) when an MPI implementation is missing.
source "$(dirname "$0")/lib.sh"
require_launchers

out=$work/study
"$ASSAY" overhead --size S --np 2 --mpi openmpi,mpich --backend native,pmpi \
  --iterations 1 --repetitions 1 --budget 0 --out "$out" >"$work/stdout" 2>"$work/stderr"
status=$?
journal=$out/overhead.jsonl
[[ $status == 0 ]] || { cat "$work/stdout" "$work/stderr"; fail "overhead exited with $status"; }
[[ -s $journal ]] || fail "no journal"
grep -q 'MISMATCH' "$work/stdout" && fail "checksums differ: $(grep MISMATCH "$work/stdout")"

# 8 kernel/variant pairs x 2 backends x 2 MPIs.
records=$(grep -c . "$journal")
[[ $records == 32 ]] || fail "expected 32 records, got $records"
field() { sed -n "s/.*\"$2\":\"\([^\"]*\)\".*/\1/p" <<<"$1"; }
declare -A checksum_of
alarms=0
while IFS= read -r line; do
  key="$(field "$line" kernel)/$(field "$line" variant)"
  run="$key $(field "$line" backend) $(field "$line" mpi)"
  [[ $(field "$line" status) == ok ]] || fail "$run did not complete: $line"
  sum=$(field "$line" checksum)
  [[ -n $sum ]] || fail "$run: no checksum"
  if [[ -n ${checksum_of[$key]:-} ]]; then
    [[ ${checksum_of[$key]} == "$sum" ]] || fail "$run: checksum $sum, expected ${checksum_of[$key]}"
  else
    checksum_of[$key]=$sum
  fi
  grep -q '"findings":0,' <<<"$line" || {
    echo "FALSE ALARM in $run: $(sed -n 's/.*"finding_lines":\(\[[^]]*\]\).*/\1/p' <<<"$line")"
    alarms=$((alarms + 1))
  }
  grep -q '"tool_failure":""' <<<"$line" || fail "$run: tool failure: $line"
done <"$journal"
[[ ${#checksum_of[@]} == 8 ]] || fail "expected 8 kernel/variant pairs, got ${#checksum_of[@]}"
[[ $alarms == 0 ]] || fail "$alarms runs with findings on correct kernels"
echo "overhead pmpi e2e: 32 runs, one checksum per kernel/variant, no findings"

# The findings count is real: a kernel with a bug pmpi supports (send requests
# never completed) gives findings under pmpi and none natively.
"$ASSAY" overhead --kernels cfd --variants two-sided --inject missing-wait --np 2 --mpi mpich \
  --backend native,pmpi --iterations 1 --repetitions 1 --budget 0 --out "$work/inject" >"$work/stdout2" 2>"$work/stderr2"
grep '"backend":"pmpi"' "$work/inject/overhead.jsonl" | has '"findings":[1-9]' ||
  { cat "$work/stderr2"; fail "no finding under pmpi for cfd two-sided --inject=missing-wait"; }
grep '"backend":"pmpi"' "$work/inject/overhead.jsonl" | has 'nb.request.missing-completion' ||
  fail "pmpi's finding for the injected bug is not nb.request.missing-completion"
grep '"backend":"native"' "$work/inject/overhead.jsonl" | has '"findings":0,' || fail "findings without a checker"
echo "overhead pmpi e2e: an injected bug is counted"
