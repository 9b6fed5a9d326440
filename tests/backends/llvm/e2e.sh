#!/usr/bin/env bash
# The llvm backend through the runner on MPI $1: one erroneous case and its
# correct twin per claimed class (copied from the corpus into a small cases
# folder), checked for TP located / TN in the journal, the per-rank
# statistics file, and the same outcomes with static filtering off
# (ASSAY_LLVM_FILTER=0 through a second manifest's build.env) and with selective
# instrumentation (the built-in llvm-selective backend).
source "$SOURCE/tests/e2e/lib.sh"
mpi=$1
command -v "mpicc.$mpi" >/dev/null || { echo "SKIP: mpicc.$mpi not installed"; exit 125; }
command -v clang-14 >/dev/null || { echo "SKIP: clang-14 not installed"; exit 125; }
pairs=(
  "rma/local-access/helper-store-origin-nok rma/local-access/helper-store-origin-after-fence-ok"
  "rma/local-access/rget-load-before-wait-nok rma/local-access/rget-load-after-wait-ok"
  "nb/local-access/isend-memset-nok nb/local-access/isend-memset-after-waitall-ok"
  "nb/local-access/irecv-struct-field-load-nok nb/local-access/irecv-struct-field-load-after-wait-ok"
  "coll/local-access/igatherv-displs-store-nok coll/local-access/igatherv-displs-store-after-wait-ok"
  "rma/local-access/put-vector-covered-store-nok rma/local-access/put-vector-hole-store-ok"
  # Two sends completed at once share one handle (both MPIs): completing the
  # second must not give back the first's buffer.
  "nb/local-access/isend-two-wait-second-store-first-nok nb/local-access/isend-two-wait-second-store-second-ok"
  # MPI_Request_get_status with flag = 1 ends the operation for its buffer
  # (the request stays active until MPI_Wait).
  "nb/local-access/irecv-get-status-unset-flag-load-nok nb/local-access/irecv-get-status-set-flag-load-ok"
)
# The target side (rma.local.target-access-during-remote): the owner's own
# accesses against other ranks' operations, one pair per synchronisation
# (llvm-selective does not claim the class: checked for llvm and llvm-nofilter).
target_pairs=(
  "rma/target-matrix/fence-put-store-nok rma/target-matrix/fence-put-store-after-ok"
  "rma/target-matrix/pscw-get-store-nok rma/target-matrix/pscw-get-store-after-ok"
  "rma/target-matrix/lock-shared-put-load-nok rma/target-matrix/lock-shared-put-load-after-ok"
  "rma/target-matrix/lock-flush-put-load-nok rma/target-matrix/lock-flush-put-load-after-ok"
  "rma/target-matrix/self-lock-put-load-shared-nok rma/target-matrix/self-lock-put-load-exclusive-ok"
  "rma/target-matrix/lockall-put-store-nok rma/target-matrix/lockall-put-store-disjoint-ok"
  # A message or an RMA flag issued before the flush that completes the put
  # orders nothing.
  "rma/hidden-race/message-before-flush-nok rma/hidden-race/message-before-flush-flush-first-ok"
  "rma/scenarios/notify-flag-unflushed-nok rma/scenarios/notify-flag-flushed-ok"
  # A region attached to a dynamic window.
  "rma/dynamic-window/owner-load-during-put-nok rma/dynamic-window/owner-load-during-put-after-barrier-ok"
)
# Shared-memory windows (rma.shared.load-store-race): loads and stores of two
# processes through MPI_Win_shared_query pointers (llvm and llvm-nofilter).
shared_pairs=(
  "rma/shared-window/store-load-nok rma/shared-window/store-load-synced-ok"
  "rma/shared-sync/halo-no-reader-sync-nok rma/shared-sync/halo-synced-ok"
)
# Received data (mem.recv.write-before-read, mem.recv.unused): a store before
# any load, data freed or left unread (llvm and llvm-nofilter; llvm-selective
# does not claim the classes, and its in-flight filter turns the tracking off:
# its correct twins stay TN).
recv_pairs=(
  "mem/buffer-semantics/wbr-recv-store-one-nok mem/buffer-semantics/wbr-recv-store-one-read-first-ok"
  "mem/buffer-semantics/unused-irecv-freed-nok mem/buffer-semantics/unused-irecv-freed-read-ok"
  "mem/buffer-semantics/unused-recv-partial-use-nok mem/buffer-semantics/unused-recv-partial-use-read-ok"
)
mkdir -p "$work/cases"
for pair in "${pairs[@]}" "${target_pairs[@]}" "${shared_pairs[@]}" "${recv_pairs[@]}"; do
  for id in $pair; do
    mkdir -p "$work/cases/$(dirname "$id")"
    cp "$SOURCE/cases/$id.c" "$work/cases/$id.c"
  done
done
# The same backend with every access instrumented: a second manifest.
mkdir -p "$work/backends/llvm-nofilter"
sed -e 's/"name": "llvm"/"name": "llvm-nofilter"/' \
    -e 's/"env": {/"env": {"ASSAY_LLVM_FILTER": "0", /' \
    -e 's|"inputs": \[[^]]*\]|"inputs": []|' "$SOURCE/backends/llvm/backend.json" >"$work/backends/llvm-nofilter/backend.json"
journal=$work/j/results.jsonl
run --cases "$work/cases" --backend llvm,llvm-nofilter,llvm-selective --backends-dir "$work/backends" --mpi "$mpi" \
  --journal "$journal" >"$work/run.log" 2>&1 || { cat "$work/run.log"; fail "the run failed"; }
for pair in "${pairs[@]}"; do
  read -r bad good <<<"$pair"
  for backend in llvm llvm-nofilter llvm-selective; do
    expect_field "$journal" "$bad" "$backend" outcome TP
    expect_field "$journal" "$bad" "$backend" located true
    expect_field "$journal" "$good" "$backend" outcome TN
  done
done
for pair in "${target_pairs[@]}" "${shared_pairs[@]}"; do
  read -r bad good <<<"$pair"
  for backend in llvm llvm-nofilter; do
    expect_field "$journal" "$bad" "$backend" outcome TP
    expect_field "$journal" "$bad" "$backend" located true
    expect_field "$journal" "$good" "$backend" outcome TN
  done
done
for pair in "${recv_pairs[@]}"; do
  read -r bad good <<<"$pair"
  for backend in llvm llvm-nofilter; do
    expect_field "$journal" "$bad" "$backend" outcome TP
    expect_field "$journal" "$bad" "$backend" located true
    expect_field "$journal" "$good" "$backend" outcome TN
  done
  expect_field "$journal" "$good" llvm-selective outcome TN
done
for class in rma.local.origin-write-during-put rma.local.origin-access-during-get nb.buffer.send-write \
             nb.buffer.recv-access coll.buffer.access-during-nbc rma.local.target-access-during-remote \
             rma.shared.load-store-race mem.recv.write-before-read mem.recv.unused; do
  grep -q "\"class\":\"$class\"" "$journal" || fail "no $class finding in the journal"
done
# Statistics: every rank writes what the pass instrumented; filtering leaves out
# some accesses with the filter on, none with it off.
stats=$(find "$work/j" -path '*llvm*' -name 'llvm-stats-rank-0.json' | head -1)
[[ -n $stats ]] || fail "no llvm-stats-rank-0.json in the run folders"
grep -q '"instrumented":[0-9]' "$stats" || fail "no instrumented count in $stats"
# Selective instrumentation leaves out accesses of these cases (in_flight_filtered > 0).
selective=$(find "$work/j" -path '*llvm-selective*' -name 'llvm-stats-rank-0.json' -exec cat {} + | grep -o '"in_flight_filtered":[0-9]*,"modules"' | grep -vc ':0,' || true)
[[ $selective -gt 0 ]] || fail "no llvm-selective run left out an access (in_flight_filtered)"
echo PASS
