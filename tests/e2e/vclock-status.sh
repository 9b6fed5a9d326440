#!/usr/bin/env bash
# vclock's status watches (backends/vclock/status_watch.cpp): a wildcard
# receive that asks for its status and never reads it races (TP, the finding
# says the status is never read); its twin that reads MPI_SOURCE (or only
# MPI_TAG, or a copy of the status, or the status after other MPI calls, or
# only the statuses of a Waitall it needs) is TN. With the watchpoints off
# (ASSAY_VCLOCK_WATCHPOINTS=off, the fallback of a failed perf_event_open)
# the run says so once on stderr and ends with vclock's outcome without
# them: the unread status is taken as read (FN), the twin stays TN; so too
# when another tool holds the four debug registers (a preloaded library,
# tests/data/e2e/debug-registers, takes them before main: perf_event_open
# fails with ENOSPC). Skips (125) where this machine gives no watchpoints.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
nok='nb/match-matrix/race-recv-np3-any-source-nok nb/vclock/race-any-tag-status-unread-np3-nok nb/vclock/race-status-record-unread-np3-nok nb/vclock/race-waitall-one-status-read-np4-nok nb/vclock/race-status-unread-late-np3-nok nb/vclock/race-status-helper-unread-np3-nok'
ok='nb/match-matrix/race-recv-np3-status-source-ok nb/vclock/race-any-tag-status-tag-np3-ok nb/vclock/race-status-record-np3-ok nb/vclock/race-waitall-two-statuses-read-np4-ok nb/vclock/race-status-read-late-np3-ok nb/vclock/race-status-helper-np3-ok'
# shellcheck disable=SC2086
run --backend vclock --mpi "$mpi" --journal "$j" --quiet $nok $ok > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
if has -F 'no hardware watchpoints' "$j"; then
  echo "SKIP: no hardware watchpoints here"
  exit 125
fi
for c in $nok; do
  expect_field "$j" "$c" vclock outcome TP
  expect_field "$j" "$c" vclock located true
  grep -F "\"case\":\"$c\"" "$j" | has -F "the receive's status is never read" || fail "$c: the finding does not say the status is never read"
done
for c in $ok; do expect_field "$j" "$c" vclock outcome TN; done

# The fallback: no watchpoints, today's outcome, said once per rank that wanted one.
j2=$work/off.jsonl
# shellcheck disable=SC2086
ASSAY_VCLOCK_WATCHPOINTS=off run --backend vclock --mpi "$mpi" --journal "$j2" --quiet $nok $ok > "$work/out2" 2>&1 ||
  { cat "$work/out2"; fail "run without watchpoints failed"; }
c=nb/match-matrix/race-recv-np3-any-source-nok
expect_field "$j2" "$c" vclock outcome FN
expect_field "$j2" nb/match-matrix/race-recv-np3-status-source-ok vclock outcome TN
grep -F "\"case\":\"$c\"" "$j2" | tail -1 | has -F 'no hardware watchpoints (ASSAY_VCLOCK_WATCHPOINTS=off)' ||
  fail "$c: the run without watchpoints does not say so"

# The real failure: another tool holds the four debug registers (a preloaded
# library takes them before main), perf_event_open fails with ENOSPC, and the
# run ends as without watchpoints, saying why.
cc -shared -fPIC -o "$work/hold-debug-registers.so" "$DATA/debug-registers/hold-debug-registers.c" || fail "cannot build the holder"
mkdir -p "$work/backends/vclock-held"
sed -e 's/"name": "vclock"/"name": "vclock-held"/' \
    -e "/LD_PRELOAD/s|libassay_vclock_\${mpi}.so\"|libassay_vclock_\${mpi}.so $work/hold-debug-registers.so\"|" \
    "$BACKENDS/vclock/backend.json" > "$work/backends/vclock-held/backend.json"
has -F hold-debug-registers "$work/backends/vclock-held/backend.json" || fail "the held manifest does not preload the holder"
# The copy builds as vclock does: its build inputs (the order pass's sources) beside it.
ln -s "$BACKENDS/vclock/order" "$work/backends/vclock-held/order"
j3=$work/held.jsonl
run --backends-dir "$work/backends" --backend vclock-held --mpi "$mpi" --journal "$j3" --quiet \
  "$c" nb/match-matrix/race-recv-np3-status-source-ok > "$work/out3" 2>&1 || { cat "$work/out3"; fail "run with the registers held failed"; }
expect_field "$j3" "$c" vclock-held outcome FN
expect_field "$j3" nb/match-matrix/race-recv-np3-status-source-ok vclock-held outcome TN
grep -F "\"case\":\"$c\"" "$j3" | tail -1 | has -F 'no hardware watchpoints (perf_event_open: No space left on device)' ||
  fail "$c: the run with the registers held does not say why it has no watchpoints"
echo "PASS"
