#!/usr/bin/env bash
# The overhead study end to end on the smallest preset: every kernel and variant
# natively on 2 ranks under both MPI implementations. Asserts that every run
# produced times, that each kernel/variant printed one and the same checksum
# under Open MPI and MPICH, and that the report and plot were written.
# Needs ASSAY (an mpi-assay built with the overhead benchmarks); skips (125)
# when an MPI implementation is missing.
source "$(dirname "$0")/lib.sh"
require_launchers

out=$work/study
"$ASSAY" overhead --size S --np 2 --mpi openmpi,mpich --backend native \
  --iterations 2 --repetitions 2 --budget 0 --out "$out" >"$work/stdout" 2>"$work/stderr"
status=$?
[[ $status == 0 ]] || { cat "$work/stdout" "$work/stderr"; fail "overhead exited with $status"; }

journal=$out/overhead.jsonl
[[ -s $journal ]] || fail "no journal"
[[ -s $out/overhead.md ]] || fail "no Markdown report"
grep -q '^<svg' "$out/overhead.svg" || fail "no SVG plot"
grep -q 'MISMATCH' "$work/stdout" "$out/overhead.md" && fail "the driver reported a checksum mismatch"

# 5 cfd + 2 heat2d + 1 advect variants, on 2 MPIs.
records=$(grep -c . "$journal")
[[ $records == 16 ]] || fail "expected 16 records, got $records"
field() { sed -n "s/.*\"$2\":\"\([^\"]*\)\".*/\1/p" <<<"$1"; }
declare -A checksum_of
while IFS= read -r line; do
  [[ $(field "$line" status) == ok ]] || fail "a run failed: $line"
  grep -q '"times_s":\[[0-9.e-]*,[0-9.e-]*\]' <<<"$line" || fail "not 2 repetition times: $line"
  key="$(field "$line" kernel)/$(field "$line" variant)"
  sum=$(field "$line" checksum)
  [[ -n $sum ]] || fail "no checksum for $key"
  if [[ -n ${checksum_of[$key]:-} ]]; then
    [[ ${checksum_of[$key]} == "$sum" ]] || fail "$key: checksum ${checksum_of[$key]} vs $sum across MPIs"
  else
    checksum_of[$key]=$sum
  fi
done <"$journal"
[[ ${#checksum_of[@]} == 8 ]] || fail "expected 8 kernel/variant pairs, got ${#checksum_of[@]}"
echo "overhead e2e: 16 runs, checksums agree across Open MPI and MPICH"

# Ranks with two neighbours: the double-buffered RMA variants address each
# peer's receive area by the peer's own layout.
"$ASSAY" overhead --kernels cfd --variants passive,notified --np 3 --mpi openmpi,mpich \
  --iterations 2 --repetitions 1 --budget 0 --out "$work/np3" >"$work/stdout3" 2>"$work/stderr3" ||
  { cat "$work/stdout3" "$work/stderr3"; fail "cfd passive/notified on 3 ranks"; }
grep -q 'MISMATCH' "$work/stdout3" && fail "checksums differ on 3 ranks"
[[ $(grep -c '"status":"ok"' "$work/np3/overhead.jsonl") == 4 ]] || fail "expected 4 successful runs on 3 ranks"
echo "overhead e2e: 3-rank RMA variants agree"

# A backend whose launch fails: recorded as failed, exit status 1, native still timed.
mkdir -p "$work/backends/broken"
echo '{"manifest": 2, "name": "broken", "description": "a launch that fails", "kind": "dynamic", "supports": [],
       "launch": {"command": ["false", "${launch}"]}}' >"$work/backends/broken/backend.json"
"$ASSAY" overhead --kernels advect --backend native,broken --mpi mpich --iterations 1 --repetitions 1 --budget 0 \
  --backends-dir "$work/backends" --out "$work/broken" >"$work/stdout4" 2>"$work/stderr4"
status=$?
[[ $status == 1 ]] || { cat "$work/stdout4" "$work/stderr4"; fail "a failing backend must give exit status 1, got $status"; }
grep '"backend":"broken"' "$work/broken/overhead.jsonl" | has '"status":"failed"' || fail "broken run not recorded as failed"
grep '"backend":"native"' "$work/broken/overhead.jsonl" | has '"status":"ok"' || fail "native run not ok"
grep -q 'broken: failed' "$work/broken/overhead.md" || fail "the report does not list the failed run"
echo "overhead e2e: a failing backend is reported"
