#!/usr/bin/env bash
# The static backend through the runner on MPI $1, one class at a time: a
# finding reaches the journal with its class and lines (TP located), the
# correct twins stay clean (TN), nothing is launched, and every outcome is good
# or listed in backends/static/expected-results (--check).
source "$SOURCE/tests/e2e/lib.sh"
mpi=$1
command -v "mpicc.$mpi" >/dev/null || { echo "SKIP: mpicc.$mpi not installed"; exit 125; }
journal=$work/j/results.jsonl
run --backend static --mpi "$mpi" --group nb/request,coll/request,coll/order,nb/static-precision --journal "$journal" --check \
  >"$work/run.log" 2>&1 || { cat "$work/run.log"; fail "unexpected outcomes"; }
expect_field "$journal" nb/request/isend-no-wait-nok static outcome TP
expect_field "$journal" nb/request/isend-no-wait-nok static located true
expect_field "$journal" nb/request/isend-wait-ok static outcome TN
expect_field "$journal" coll/request/ibarrier-no-wait-nok static outcome TP
expect_field "$journal" coll/request/ibarrier-no-wait-nok static located true
expect_field "$journal" coll/request/ibarrier-wait-ok static outcome TN
expect_field "$journal" coll/order/barrier-bcast-swap-nok static outcome TP
expect_field "$journal" coll/order/barrier-bcast-swap-nok static located true
expect_field "$journal" coll/order/bcast-barrier-same-order-ok static outcome TN
grep -q '"class":"coll.order.mismatch"' "$journal" || fail "no coll.order.mismatch finding in the journal"
# The case's TIMEOUT (5 s) bounds its run, and nothing runs: the analysis has --timeout
# (30 s by default) times the backend's timeout_factor.
factor=$(sed -n 's/.*"timeout_factor": *\([0-9]*\).*/\1/p' "$SOURCE/backends/static/backend.json")
expect_field "$journal" coll/order/barrier-bcast-swap-nok static timeout_s "$((30 * factor)).0"
# Buffer accesses of pending operations: a store into a pending send buffer and
# a load of a pending receive buffer are found at both lines; the same accesses
# after the completion, and next to the buffer, are not.
expect_field "$journal" nb/static-precision/isend-store-before-wait-nok static outcome TP
expect_field "$journal" nb/static-precision/isend-store-before-wait-nok static located true
expect_field "$journal" nb/static-precision/isend-store-after-wait-ok static outcome TN
expect_field "$journal" nb/static-precision/irecv-load-before-wait-nok static outcome TP
expect_field "$journal" nb/static-precision/irecv-load-before-wait-nok static located true
expect_field "$journal" nb/static-precision/irecv-load-after-wait-ok static outcome TN
expect_field "$journal" nb/static-precision/irecv-store-neighbour-ok static outcome TN
expect_field "$journal" nb/static-precision/isend-store-outside-waitall-nok static outcome TP
expect_field "$journal" nb/static-precision/isend-store-inside-waitall-ok static outcome TN
# RUNS repeats a run whose result depends on timing; an analysis is done once.
grep -q '^// RUNS: 3' "$SOURCE/cases/rma/scenarios/get-then-branch-nok.c" || fail "the RUNS case changed"
run --backend static --mpi "$mpi" rma/scenarios/get-then-branch-nok --journal "$journal" >"$work/runs.log" 2>&1 ||
  { cat "$work/runs.log"; fail "static on a RUNS: 3 case"; }
n=$(grep -cF '"case":"rma/scenarios/get-then-branch-nok"' "$journal")
[[ $n == 1 ]] || fail "a static analysis of a RUNS: 3 case made $n records, expected 1"
expect_field "$journal" rma/scenarios/get-then-branch-nok static runs 1
# Static: the case is analysed, never started (no launcher in the run folders).
[[ -z $(find "$work/j" -name 'rank-*.jsonl') ]] || fail "a case ran under the static backend"
echo PASS
