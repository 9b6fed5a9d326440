#!/usr/bin/env bash
# Item 5 of issue 20: a run that writes 200 MB to stderr leaves a bounded file
# (head + tail, `truncated` in its record) and the runner's memory stays bounded
# (peak RSS by /usr/bin/time; it was ~414 MB when the runner read stderr whole).
source "$(dirname "$0")/lib.sh"
mpi=$1
[[ -x /usr/bin/time ]] || { echo "SKIP: /usr/bin/time not installed"; exit 125; }
j=$work/results.jsonl
/usr/bin/time -f "%M" -o "$work/rss" "$ASSAY" run --cache "$cache" --cases "$DATA/cases-procs" --mpi "$mpi" \
  --journal "$j" --quiet -j 2 --timeout 600 --keep-output 1048576 proc/flood/stderr-ok > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "run failed"; }
rss_kb=$(tail -1 "$work/rss")
err=$work/runs/$mpi/native/proc/flood/stderr-ok/1/stderr
size=$(stat -c %s "$err")
(( size <= 2 * 1048576 + 200 )) || fail "stderr kept $size bytes, more than 2 × 1 MiB"
(( size >= 2 * 1048576 )) || fail "stderr kept $size bytes, less than head + tail"
grep -q "bytes dropped here; --keep-output" "$err" || fail "no note of what was dropped"
expect_field "$j" proc/flood/stderr-ok native truncated true
expect_field "$j" proc/flood/stderr-ok native outcome TN
(( rss_kb < 100 * 1024 )) || fail "runner peak RSS $rss_kb kB (bound: 100 MB)"
echo "flood on $mpi: kept $size of ~200000000 bytes of stderr; runner peak RSS $rss_kb kB"
