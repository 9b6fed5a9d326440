#!/usr/bin/env bash
# vclock's RMA races as happens-before, one pair per kind of edge
# (cases/rma/hb-order, rma/passive-order): two passive-target epochs ordered by
# a chain of messages through a third rank (TN) against the same chain before
# both epochs (TP, both accesses located); MPI_Win_flush against
# MPI_Win_flush_local before the message; exclusive against shared locks; two
# PSCW exposure epochs against one; two fence epochs against one; an MPI_Rget
# whose MPI_Wait precedes the message against one whose wait follows it (the
# wait completes the read at the target), and an MPI_Rput completed by
# MPI_Wait + MPI_Win_flush before the message against MPI_Wait alone.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
nok='rma/passive-order/put-put-third-rank-before-nok rma/hb-order/put-flush-local-message-nok rma/hb-order/acc-shared-locks-nok rma/hb-order/get-pscw-one-exposure-nok rma/hb-order/put-fence-one-epoch-nok rma/hb-order/rget-put-message-before-wait-nok rma/hb-order/rput-put-wait-message-nok'
ok='rma/passive-order/put-put-third-rank-after-ok rma/hb-order/put-flush-message-ok rma/hb-order/acc-exclusive-locks-ok rma/hb-order/get-pscw-two-exposures-ok rma/hb-order/put-fence-two-epochs-ok rma/hb-order/rget-put-wait-before-message-ok rma/hb-order/rput-put-wait-flush-message-ok'
# shellcheck disable=SC2086
run --backend vclock --mpi "$mpi" --journal "$j" --quiet $nok $ok > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
cat "$work/out"
for c in $nok; do
  expect_field "$j" "$c" vclock outcome TP
  expect_field "$j" "$c" vclock located true
done
for c in $ok; do
  expect_field "$j" "$c" vclock outcome TN
done
echo "PASS"
