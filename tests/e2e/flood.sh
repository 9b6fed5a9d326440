#!/usr/bin/env bash
# Item 5 of issue 20: a run that writes 200 MB to stderr leaves a bounded file
# (head + tail, `truncated` in its record) and the runner's memory stays bounded.
# The runner's own peak RSS is its VmHWM, sampled while it runs (it only grows, so
# the last sample is the peak): /usr/bin/time would report the largest descendant
# instead (mpirun.openmpi, ~87 MB). It was ~414 MB when the runner read stderr whole.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
"$ASSAY" run --cache "$cache" --cases "$DATA/cases-procs" --mpi "$mpi" \
  --journal "$j" --quiet -j 2 --timeout 600 --keep-output 1048576 proc/flood/stderr-ok > "$work/out" 2>&1 &
runner=$!
rss_kb=0
while kb=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$runner/status" 2>/dev/null) && [[ -n $kb ]]; do
  rss_kb=$kb
  sleep 0.05
done
wait "$runner" || { cat "$work/out"; fail "run failed"; }
(( rss_kb > 0 )) || fail "no sample of the runner's memory"
err=$work/runs/$mpi/native/proc/flood/stderr-ok/1/stderr
size=$(stat -c %s "$err")
(( size <= 2 * 1048576 + 200 )) || fail "stderr kept $size bytes, more than 2 × 1 MiB"
(( size >= 2 * 1048576 )) || fail "stderr kept $size bytes, less than head + tail"
grep -q "bytes dropped here; --keep-output" "$err" || fail "no note of what was dropped"
expect_field "$j" proc/flood/stderr-ok native truncated true
expect_field "$j" proc/flood/stderr-ok native outcome TN
(( rss_kb < 100 * 1024 )) || fail "runner peak RSS $rss_kb kB (bound: 100 MB)"
echo "flood on $mpi: kept $size of ~200000000 bytes of stderr; runner peak RSS $rss_kb kB"
