#!/usr/bin/env bash
# Issue 20, item 17: `overhead` repeats a run until its median is precise or its
# budget ends, and says so; every run carries the 95 % interval of its median; a
# busy machine makes a warning in the output and the report. The load is simulated
# (ASSAY_LOADAVG), never made: one tiny kernel, a budget of a few seconds.
source "$(dirname "$0")/lib.sh"
command -v mpiexec.mpich >/dev/null || { echo "SKIP: mpiexec.mpich not installed"; exit 125; }

# --timeout is checked as `run --timeout` is: 0 would mean no timeout at all.
for t in 0 -3; do
  "$ASSAY" overhead --timeout "$t" --kernels advect > "$work/t" 2>&1 && fail "overhead --timeout $t accepted"
  grep -q "at least 1" "$work/t" || { cat "$work/t"; fail "overhead --timeout $t: no clear error"; }
done

out=$work/study
ASSAY_LOADAVG=99 "$ASSAY" overhead --kernels advect --np 2 --mpi mpich --backend native \
  --iterations 1 --repetitions 2 --precision 0.001 --budget 3 --max-launches 100000 --out "$out" >"$work/stdout" 2>"$work/stderr" ||
  { cat "$work/stdout" "$work/stderr"; fail "overhead failed"; }
rec=$(grep '"backend":"native"' "$out/overhead.jsonl")
# ±0.1 % is out of reach in 3 s, and the launch cap is lifted (50 launches of this kernel
# took under 3 s on an idle machine): launched again until the budget ended.
launches=$(sed -n 's/.*"launches":\([0-9]*\).*/\1/p' <<<"$rec")
(( launches >= 2 )) || fail "expected several launches before the budget ended, got '$launches': $rec"
grep -q '"stopped":"budget"' <<<"$rec" || fail "the record does not say the budget stopped it: $rec"
times=$(sed -n 's/.*"times_s":\[\([^]]*\)\].*/\1/p' <<<"$rec" | tr ',' '\n' | grep -c .)
(( times == 2 * launches )) || fail "expected the $launches launches' times pooled ($((2 * launches))), got $times"
grep -q '"median_ci_s":\[[0-9.e-]*,[0-9.e-]*\]' <<<"$rec" || fail "no interval of the median in the record: $rec"
grep -q '"load1":99' <<<"$rec" || fail "the record does not keep the load it saw: $rec"
grep -q 'median 95 % CI' "$out/overhead.md" || fail "the report has no column for the interval of the median"
grep -Eq '\| native \| [0-9.]+ \| \[[0-9.]+, [0-9.]+\] ±[0-9.]+ % \| [0-9]+ \(budget\) \|' "$out/overhead.md" ||
  { cat "$out/overhead.md"; fail "the run's row does not carry its interval and why it stopped"; }
grep -q 'Warning: 1 of 1 runs were timed on a busy machine' "$out/overhead.md" || fail "no warning in the report"
grep -q 'load average 99.0 on [0-9]* CPUs' "$out/overhead.md" || fail "the report does not say why"
grep -q 'warning: 1 run(s) were timed on a busy machine' "$work/stdout" || { cat "$work/stdout"; fail "no warning on the output"; }

# --max-launches stops a run short of both --precision and --budget.
capped=$work/capped
"$ASSAY" overhead --kernels advect --np 2 --mpi mpich --backend native --iterations 1 --repetitions 2 \
  --precision 0.001 --budget 600 --max-launches 3 --out "$capped" >"$work/stdout" 2>"$work/stderr" ||
  { cat "$work/stdout" "$work/stderr"; fail "overhead --max-launches 3 failed"; }
rec=$(grep '"backend":"native"' "$capped/overhead.jsonl")
grep -q '"launches":3,' <<<"$rec" && grep -q '"stopped":"launches"' <<<"$rec" ||
  fail "expected 3 launches, stopped by the cap: $rec"
"$ASSAY" overhead --max-launches 0 --kernels advect > "$work/t" 2>&1 && fail "overhead --max-launches 0 accepted"

echo "overhead CI: adaptive launches, the interval and the busy-machine warning are reported"
