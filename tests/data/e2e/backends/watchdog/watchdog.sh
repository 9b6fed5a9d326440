#!/usr/bin/env bash
# Test backend (a launch.rank wrapper): runs one rank of the case; if the rank
# still runs after $WATCHDOG_SECONDS, reports it as blocked (the runner's timeout
# ends the run; a finding made before it counts).
# Usage: watchdog.sh jsonl|text OUT RANK PROGRAM [ARGS...]
#   jsonl: a finding (docs/findings.md) appended to OUT; text: a line
#   "BLOCKED <rank> <seconds>" for a parse command to translate.
mode=$1 out=$2 rank=$3
shift 3
"$@" &
pid=$!
# Wall-clock seconds (bash's SECONDS), not a count of sleeps: on a loaded machine
# each sleep takes longer than asked and the report would come after the timeout.
until ((SECONDS >= WATCHDOG_SECONDS)); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
  if [[ $mode == jsonl ]]; then
    echo "{\"backend\":\"$ASSAY_BACKEND\",\"class\":\"nb.match.deadlock\",\"rank\":$rank,\"message\":\"rank $rank still blocked after $WATCHDOG_SECONDS s\"}" >> "$out"
  else
    echo "BLOCKED $rank $WATCHDOG_SECONDS" >> "$out"
  fi
  # Like the interposition layer: with ASSAY_ABORT_ON_ERROR=1 the run ends at its first finding.
  [[ ${ASSAY_ABORT_ON_ERROR:-} == 1 ]] && { kill -KILL "$pid"; exit 1; }
fi
wait "$pid"
