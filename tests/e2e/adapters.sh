#!/usr/bin/env bash
# The external-tool adapters on MPI $1: clang-mpi-checker and mpi-errcheck on the
# smoke set, libmpiwrap on the mem/send cases (Open MPI: Debian's wrappers are
# built for it only), all gated by their expected-results (--check); the TPs
# they claim; must and parcoach without their tools: every run TF "not
# installed", nothing launched.
source "$(dirname "$0")/lib.sh"
mpi=$1
journal=$work/j/results.jsonl

run --backend clang-mpi-checker,mpi-errcheck --mpi "$mpi" --tag smoke --journal "$journal" --timeout 10 --check \
  >"$work/live.log" 2>&1 || { cat "$work/live.log"; fail "clang-mpi-checker/mpi-errcheck: unexpected outcomes"; }
grep -q '"outcome":"TF"' "$journal" && fail "a live adapter failed: $(grep '"outcome":"TF"' "$journal" | head -1)"
expect_field "$journal" nb/request/isend-no-wait-nok clang-mpi-checker outcome TP
expect_field "$journal" nb/request/isend-no-wait-nok clang-mpi-checker located true
if [[ $mpi == mpich ]]; then
  expect_field "$journal" coll/arg/invalid-root-nok mpi-errcheck outcome TP
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
