#!/usr/bin/env bash
# Every outcome path on the demo cases: TN, TP located (static oracle), FP and WC
# (noisy), TF (missing tool, crashing analysis), TO (deadlock, killed in time), RE (crash), NS.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
run --cases "$DATA/cases" --backends-dir "$DATA/backends" --backends-dir "$BACKENDS" \
    --backend native,oracle,noisy,missing-tool,crashing-analyzer --mpi "$mpi" --journal "$j" --quiet > "$work/out" 2>&1
cat "$work/out"
expect_field "$j" rma/demo/put-then-store-ok native outcome TN
expect_field "$j" rma/demo/put-then-store-nok native outcome NS
expect_field "$j" rma/demo/put-then-store-nok oracle outcome TP
expect_field "$j" rma/demo/put-then-store-nok oracle located true
expect_field "$j" rma/demo/put-then-store-ok oracle outcome TN
expect_field "$j" rma/demo/put-then-store-ok noisy outcome FP
expect_field "$j" rma/demo/put-then-store-nok noisy outcome WC
expect_field "$j" rma/demo/put-then-store-nok missing-tool outcome TF
grep -F '"case":"rma/demo/put-then-store-nok"' "$j" | grep -F '"backend":"missing-tool"' |
  grep -q 'not installed: assay-no-such-checker' || fail "TF does not say which tool is missing"
# A static analysis that crashed says so, before its parser's complaint that follows from it.
expect_field "$j" rma/demo/put-then-store-ok crashing-analyzer outcome TF
reason=$(field_of "$j" rma/demo/put-then-store-ok crashing-analyzer reason)
for part in 'analysis exited with status 139 (128 + 11: a command it ran died of Segmentation fault)' \
    'its stderr ends: PLEASE submit a bug report (the analyzer crashed) | Segmentation fault' 'then ' 'no .plist'; do
  [[ $reason == *"$part"* ]] || fail "the crashed analysis's TF reason lacks '$part': $reason"
done
expect_field "$j" nb/demo/recv-cycle-nok native outcome TO
expect_field "$j" nb/demo/recv-cycle-ok native outcome TN
expect_field "$j" nb/demo/null-recv-nok native outcome RE
# The torn line the oracle writes is reported in the record, not fatal.
grep -F '"backend":"oracle"' "$j" | grep -F 'rma/demo/put-then-store-nok' | has 'oracle.jsonl:2' ||
  fail "the oracle's torn findings line is not reported with file:line"
# The deadlock ran no longer than its 3 s timeout plus the kill grace.
secs=$(field_of "$j" nb/demo/recv-cycle-nok native run_s)
awk -v s="$secs" 'BEGIN { exit !(s > 2.9 && s < 7) }' || fail "deadlock run took $secs s"
no_strays
echo "outcomes on $mpi: ok"
