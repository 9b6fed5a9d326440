#!/usr/bin/env bash
# The vclock backend on its own cases (cases/nb/vclock), one pair per class it
# checks (message races: the send chain and a persistent receive vs a send
# ordered after the receive and a program that reads the status): the
# erroneous case is TP and located, its correct twin TN. The
# deadlock is reported before the timeout (the run ends by the watchdog's
# abort, not the runner's kill), and the watchdog stays silent while a rank
# sleeps 3 s in compute before sending. A receive that MPI_Wait blocks on is
# named where MPI_Irecv (or MPI_Start) posted it, in a tag mismatch as in a
# deadlock cycle. Racing messages one MPI_Recv only folds into an
# order-independent reduction (the order pass, backends/vclock/order) are not
# a race, in every run: a sum, a sum per round with a tag per round; an
# order-dependent use of the same receives still is (digits, one tag for two
# rounds). MPI_Request_get_status with flag = 1 completes a receive (a send
# ordered after it does not race); a loop of it is a wait the watchdog sees.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
cases='nb/vclock/recv-from-finished-rank-nok nb/vclock/slow-sender-recv-ok nb/vclock/send-send-small-nok nb/vclock/send-recv-ordered-ok nb/vclock/isend-never-received-nok nb/vclock/isend-received-ok nb/vclock/sendrecv-type-nok nb/vclock/sendrecv-type-ok nb/vclock/race-send-chain-np3-nok nb/vclock/race-persistent-recv-any-np3-nok nb/vclock/race-recv-any-ordered-np3-ok nb/vclock/race-irecv-waitany-status-np4-ok nb/match-matrix/match-irecv-wait-wrong-tag-nok nb/match-matrix/cycle-wait-first-np2-nok nb/vclock/persistent-recv-wrong-tag-nok nb/vclock/persistent-recv-right-tag-ok nb/match-matrix/race-sum-np3-any-source-ok nb/match-matrix/race-digits-np3-any-source-nok nb/vclock/race-rounds-tag-per-round-np3-ok nb/vclock/race-rounds-one-tag-np3-nok nb/vclock/race-get-status-after-go-np3-nok nb/vclock/race-get-status-before-go-np3-ok nb/vclock/race-get-status-persistent-after-go-np3-nok nb/vclock/race-get-status-persistent-before-go-np3-ok nb/vclock/get-status-loop-wrong-tag-nok nb/vclock/get-status-loop-right-tag-ok'
# shellcheck disable=SC2086
run --backend vclock --mpi "$mpi" --journal "$j" --quiet $cases > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
cat "$work/out"
for c in recv-from-finished-rank-nok send-send-small-nok; do
  expect_field "$j" "nb/vclock/$c" vclock outcome TP
  expect_field "$j" "nb/vclock/$c" vclock timed_out false
  grep -F "\"case\":\"nb/vclock/$c\"" "$j" | has -F '"class":"nb.match.deadlock"' || fail "$c: no nb.match.deadlock finding"
done
expect_field "$j" nb/vclock/send-send-small-nok vclock located true
expect_field "$j" nb/vclock/isend-never-received-nok vclock outcome TP
expect_field "$j" nb/vclock/isend-never-received-nok vclock located true
expect_field "$j" nb/vclock/sendrecv-type-nok vclock outcome TP
expect_field "$j" nb/vclock/sendrecv-type-nok vclock located true
for c in match-matrix/match-irecv-wait-wrong-tag-nok match-matrix/cycle-wait-first-np2-nok vclock/persistent-recv-wrong-tag-nok vclock/get-status-loop-wrong-tag-nok; do
  expect_field "$j" "nb/$c" vclock outcome TP
  expect_field "$j" "nb/$c" vclock located true
done
# A loop of MPI_Request_get_status on a receive that never matches is a wait
# the watchdog sees: reported before the timeout.
expect_field "$j" nb/vclock/get-status-loop-wrong-tag-nok vclock timed_out false
# Message races: a send ordered after the matched one through a third rank
# still races (only a send after the receive is ordered); both sends named. A
# receive is complete when MPI_Request_get_status says so (flag = 1), not
# only at the MPI_Wait that follows: a send ordered after that does not race.
for c in race-send-chain-np3-nok race-persistent-recv-any-np3-nok race-get-status-after-go-np3-nok race-get-status-persistent-after-go-np3-nok; do
  expect_field "$j" "nb/vclock/$c" vclock outcome TP
  expect_field "$j" "nb/vclock/$c" vclock located true
done
for c in slow-sender-recv-ok send-recv-ordered-ok persistent-recv-right-tag-ok isend-received-ok sendrecv-type-ok race-recv-any-ordered-np3-ok race-irecv-waitany-status-np4-ok race-get-status-before-go-np3-ok race-get-status-persistent-before-go-np3-ok get-status-loop-right-tag-ok; do
  expect_field "$j" "nb/vclock/$c" vclock outcome TN
done
# Order-insensitive receives: every run (the cases have RUNS > 1).
every_run() {  # CASE OUTCOME [located]
  local records
  records=$(grep -F "\"case\":\"$1\"" "$j" | grep -F '"backend":"vclock"')
  [[ -n $records ]] || fail "$1: no record"
  if grep -v -F "\"outcome\":\"$2\"" <<<"$records" | has .; then fail "$1: a run is not $2"; fi
  if [[ ${3:-} == located ]] && grep -v -F '"located":true' <<<"$records" | has .; then fail "$1: a run is not located"; fi
}
every_run nb/match-matrix/race-sum-np3-any-source-ok TN
every_run nb/vclock/race-rounds-tag-per-round-np3-ok TN
every_run nb/match-matrix/race-digits-np3-any-source-nok TP located
every_run nb/vclock/race-rounds-one-tag-np3-nok TP located
echo "PASS"
