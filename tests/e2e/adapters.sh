#!/usr/bin/env bash
# The external-tool adapters on MPI $1: clang-mpi-checker and mpi-errcheck on the
# smoke set, libmpiwrap on the mem/send cases (Open MPI: Debian's wrappers are
# built for it only), all gated by their expected-results (--check); the TPs
# they claim; must and parcoach without their tools: every run TF "not
# installed", nothing launched.
source "$(dirname "$0")/lib.sh"
mpi=$1
journal=$work/j/results.jsonl

# The mpi-errcheck parser reads the ranks' own stderr files too (MPICH's manifest has
# each rank write stderr-rank-N itself: Hydra may drop an aborting rank's message).
console=$work/console
mkdir -p "$console" && : >"$console/stdout" && : >"$console/stderr"
cp "$SOURCE/tests/data/tools/mpi-errcheck/mpich-truncation.txt" "$console/stderr-rank-1"
"$(dirname "$ASSAY")/../backends/adapter-kit/assay-parse" mpi-errcheck "$console" "$SOURCE/cases/nb/buffer/truncation-nok.c" |
  has nb.buffer.truncation || fail "assay-parse mpi-errcheck does not read stderr-rank-N"

run --backend clang-mpi-checker,mpi-errcheck --mpi "$mpi" --tag smoke --journal "$journal" --timeout 10 --check \
  >"$work/live.log" 2>&1 || { cat "$work/live.log"; fail "clang-mpi-checker/mpi-errcheck: unexpected outcomes"; }
grep -q '"outcome":"TF"' "$journal" && fail "a live adapter failed: $(grep '"outcome":"TF"' "$journal" | head -1)"
expect_field "$journal" nb/request/isend-no-wait-nok clang-mpi-checker outcome TP
expect_field "$journal" nb/request/isend-no-wait-nok clang-mpi-checker located true
if [[ $mpi == mpich ]]; then
  expect_field "$journal" coll/arg/invalid-root-nok mpi-errcheck outcome TP
  has -i truncated "$work/j/runs/mpich/mpi-errcheck/nb/buffer/truncation-nok/1/stderr-rank-1" ||
    fail "the aborting rank's own stderr file does not hold its message"
else  # Open MPI's runtime sometimes drops the message (backends/mpi-errcheck/expected-results)
  got=$(field_of "$journal" coll/arg/invalid-root-nok mpi-errcheck outcome)
  [[ $got == TP || $got == RE ]] || fail "invalid-root-nok under mpi-errcheck: $got"
fi

if [[ $mpi == openmpi ]] && command -v valgrind >/dev/null; then
  run --backend libmpiwrap --mpi openmpi --group mem/send --journal "$journal" --timeout 10 --check \
    >"$work/vg.log" 2>&1 || { cat "$work/vg.log"; fail "libmpiwrap: unexpected outcomes"; }
  expect_field "$journal" mem/send/overrun-nok libmpiwrap outcome TP
  expect_field "$journal" mem/send/overrun-nok libmpiwrap located true
  expect_field "$journal" mem/send/count-fits-ok libmpiwrap outcome TN
fi

absent=$work/absent/results.jsonl
env -u ASSAY_MUST_RUN -u ASSAY_MUST_RUN_MPICH -u ASSAY_PARCOACH "$ASSAY" run --cache "$cache" \
  --backend must,parcoach --mpi "$mpi" --tag smoke --journal "$absent" >"$work/absent.log" 2>&1
[[ $(grep -c '"type":"result"' "$absent") -gt 0 ]] || fail "no records for the absent tools"
bad=$(grep '"type":"result"' "$absent" | grep -v '"outcome":"TF"'; grep '"type":"result"' "$absent" | grep -v '"reason":"not installed: environment variable ASSAY_')
[[ -z $bad ]] || fail "an absent tool's run is not TF not installed: ${bad%%$'\n'*}"
[[ $(grep -c "its runs are TF" "$work/absent.log") -eq 2 ]] || fail "expected one summary line per absent tool"
[[ ! -d $work/absent/runs ]] || [[ -z $(find "$work/absent/runs" -name stdout) ]] || fail "an absent tool was launched"
echo "PASS"
