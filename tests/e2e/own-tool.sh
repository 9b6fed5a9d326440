#!/usr/bin/env bash
# docs/own-tool.md followed end to end on MPI $1: the example tool's project
# (examples/own-tool) is configured and built like a tool developer's, its parse
# program refuses garbage, mpi-assay lists the adapter from --backends-dir, and
# the project's CTest test (the smoke set with --check) passes; the case the tool
# can see is TP and located.
source "$(dirname "$0")/lib.sh"
mpi=$1
example=$SOURCE/examples/own-tool
command -v "mpicc.$mpi" >/dev/null || { echo "SKIP: mpicc.$mpi not installed"; exit 125; }

# Step 1: build the tool, and its CTest test (steps 7 and 8).
cmake -S "$example" -B "$work/b" -DMPI_ASSAY="$ASSAY" -DREQCHECK_MPIS="$mpi" >"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; fail "the example does not configure"; }
cmake --build "$work/b" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the example does not build"; }
[[ -f $work/b/libreqcheck-$mpi.so ]] || fail "no libreqcheck-$mpi.so"

# Step 4: the parse program on a report it cannot trust.
mkdir -p "$work/run"
echo "reqcheck: rank 0: MPI_Isend request never completed, started at /x+0x10" >"$work/run/reqcheck-0.txt"
echo "segfault garbage" >>"$work/run/reqcheck-0.txt"
if "$example/backends/reqcheck/parse.sh" "$work/run" /x >"$work/parse.out" 2>"$work/parse.err"; then
  fail "parse.sh accepted garbage"
fi
grep -q "not a reqcheck line" "$work/parse.err" || fail "parse.sh did not say why: $(cat "$work/parse.err")"
echo "reqcheck: rank 0: done, 1 problem(s)" >"$work/run/reqcheck-0.txt"
"$example/backends/reqcheck/parse.sh" "$work/run" /x >"$work/parse.out" || fail "parse.sh refused a clean report"
[[ ! -s $work/parse.out ]] || fail "parse.sh invented a finding: $(cat "$work/parse.out")"

# Step 5: mpi-assay sees the adapter.
REQCHECK_DIR=$work/b "$ASSAY" backends --backends-dir "$example/backends" | has "^reqcheck " ||
  fail "mpi-assay backends does not list reqcheck"

# Step 8: the developer's CI.
(cd "$work/b" && ctest --output-on-failure) || fail "the example's CTest test failed"
journal=$work/b/assay/results.jsonl
expect_field "$journal" nb/request/isend-no-wait-nok reqcheck outcome TP
expect_field "$journal" nb/request/isend-no-wait-nok reqcheck located true
expect_field "$journal" nb/request/isend-wait-ok reqcheck outcome TN

# `report --check` on that journal applies reqcheck's expected-results when told
# where the backend is; without it the known misses (TO, RE) are unexpected.
has '"outcome":"\(TO\|RE\)"' "$journal" || fail "the smoke set gave reqcheck no known miss to check"
"$ASSAY" report "$journal" --check --backends-dir "$example/backends" --format md --out "$work/report.md" \
  >"$work/check" 2>&1 || fail "report --check --backends-dir: $(cat "$work/check")"
has -x 'check: 0 unexpected outcome(s)' "$work/check" || fail "report --check --backends-dir: $(cat "$work/check")"
"$ASSAY" report "$journal" --check --format md --out "$work/report.md" >"$work/check" 2>&1 &&
  fail "report --check without the backend's folder passed its known misses"
has "^UNEXPECTED reqcheck $mpi .*is not a known miss of backend reqcheck" "$work/check" ||
  fail "report --check without the backend's folder: $(cat "$work/check")"
echo "PASS"
