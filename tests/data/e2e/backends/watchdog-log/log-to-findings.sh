#!/usr/bin/env bash
# Test parse command: translates the watchdog's text logs in the run folder
# ("BLOCKED <rank> <seconds>") into findings JSONL on stdout.
set -euo pipefail
for log in "$1"/watchdog-*.log; do
  [[ -e $log ]] || continue
  while read -r word rank seconds; do
    [[ $word == BLOCKED ]] || { echo "$log: unexpected line '$word'" >&2; exit 3; }
    echo "{\"backend\":\"$ASSAY_BACKEND\",\"class\":\"nb.match.deadlock\",\"rank\":$rank,\"message\":\"rank $rank still blocked after $seconds s\"}"
  done < "$log"
done
