#!/usr/bin/env bash
# The assaygrind backend (our Valgrind tool + its protect-protocol shim)
# through the runner on MPI $1: one erroneous case and its correct twin per
# claimed class, each erroneous one TP and located, each twin TN; then a
# garbled findings file is TF with a reason, not a crash. Skips when valgrind
# or the built tool is missing.
source "$SOURCE/tests/e2e/lib.sh"
mpi=$1
command -v valgrind >/dev/null || { echo "SKIP: valgrind not installed"; exit 125; }
command -v "mpicc.$mpi" >/dev/null || { echo "SKIP: mpicc.$mpi not installed"; exit 125; }
tool=$(dirname "$(dirname "$ASSAY")")/backends/assaygrind/lib/assaygrind-amd64-linux
[[ -x $tool ]] || { echo "SKIP: the assaygrind tool is not built ($tool)"; exit 125; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
pairs=(
  "nb/buffer/isend-store-nok nb/buffer/isend-wait-store-ok"
  "nb/buffer/irecv-load-nok nb/buffer/irecv-wait-load-ok"
  # MPI_Request_get_status with flag = 1 ends the operation for its buffer.
  "nb/local-access/issend-get-status-unset-flag-store-nok nb/local-access/issend-get-status-set-flag-store-ok"
  "rma/local-access/put-store-before-flush-local-nok rma/local-access/put-store-after-flush-local-ok"
  "rma/local-access/memset-get-buffer-nok rma/local-access/memset-get-buffer-after-unlock-ok"
  "rma/origin-matrix/fence-buffer-put-then-get-nok rma/origin-matrix/fence-buffer-put-then-get-completed-ok"
  "coll/nbc-matrix/ialltoallv-counts-write-nok coll/nbc-matrix/ialltoallv-counts-write-after-wait-ok"
  "mem/buffer-semantics/wbr-irecv-store-one-nok mem/buffer-semantics/wbr-irecv-store-one-read-first-ok"
  "mem/buffer-semantics/unused-recv-freed-nok mem/buffer-semantics/unused-recv-freed-read-ok"
  "mem/buffer-semantics/unused-irecv-received-twice-nok mem/buffer-semantics/unused-irecv-received-twice-read-ok"
)
ids=()
for pair in "${pairs[@]}"; do
  for id in $pair; do ids+=("$id"); done
done
journal=$work/results.jsonl
run --backend assaygrind --mpi "$mpi" --oversubscribe -j 2 --journal "$journal" --quiet "${ids[@]}" >"$work/run.log" 2>&1 ||
  { cat "$work/run.log"; fail "the run failed"; }
for pair in "${pairs[@]}"; do
  read -r bad good <<<"$pair"
  expect_field "$journal" "$bad" assaygrind outcome TP
  expect_field "$journal" "$bad" assaygrind located true
  expect_field "$journal" "$good" assaygrind outcome TN
done
# Garbage in the tool's output: TF with the reason, through a tool that
# writes a line that is not JSON beside its findings (a second manifest whose
# launch writes one first).
mkdir -p "$work/backends/assaygrind-garbled"
sed -e 's/"name": "assaygrind"/"name": "assaygrind-garbled"/' \
    -e 's|"inputs": \[[^]]*\]|"inputs": []|' \
    -e 's|"rank": \["valgrind"|"rank": ["sh", "-c", "echo \\"{not json\\" >${run_dir}/assaygrind-garbage-${rank}.jsonl; exec \\"$@\\"", "sh", "valgrind"|' \
    "$SOURCE/backends/assaygrind/backend.json" >"$work/backends/assaygrind-garbled/backend.json"
run --backend assaygrind-garbled --backends-dir "$work/backends" --mpi "$mpi" --oversubscribe --journal "$work/garbled.jsonl" \
  --quiet nb/buffer/isend-wait-store-ok >"$work/garbled.log" 2>&1
expect_field "$work/garbled.jsonl" nb/buffer/isend-wait-store-ok assaygrind-garbled outcome TF
has -F "garbage" "$work/garbled.jsonl" || { cat "$work/garbled.jsonl"; fail "the TF names no garbage"; }
echo PASS
