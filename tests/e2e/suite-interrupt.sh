#!/usr/bin/env bash
# Issue 20, item 12: Ctrl-C on ./scripts/run-suite prints the exact command that
# resumes the same journal, and that command does: the run recorded before the
# interrupt is not redone, the interrupted one is, then the reports are written.
# A tiny sample: two cases of the test corpus under a test backend whose ranks of
# one case sleep while a marker file exists (sleep: no CPU). The build folder is
# the one of this test binary, used as it is (ASSAY_SKIP_BUILD=1).
source "$(dirname "$0")/lib.sh"
mpi=$1
export ASSAY_BUILD_DIR ASSAY_SKIP_BUILD=1 ASSAY_JOURNAL=$work/res/results.jsonl
ASSAY_BUILD_DIR=$(cd "$(dirname "$ASSAY")/.." && pwd)
[[ -x $ASSAY_BUILD_DIR/cli/mpi-assay ]] || fail "no mpi-assay in $ASSAY_BUILD_DIR/cli"
export SLOW_MARKER=$work/slow
touch "$SLOW_MARKER"
mkdir -p "$work/backends/sleepy"
cat > "$work/backends/sleepy/rank.sh" <<'SH'
#!/bin/sh
case $1 in *put-then-store-ok) [ -e "$SLOW_MARKER" ] && sleep 60 ;; esac
exec "$@"
SH
chmod +x "$work/backends/sleepy/rank.sh"
echo '{"manifest": 2, "name": "sleepy", "description": "Test backend: one case sleeps", "kind": "dynamic",
       "supports": [], "launch": {"rank": ["${backend_dir}/rank.sh", "${program}", "${args}"]}}' \
  > "$work/backends/sleepy/backend.json"
args=(--cases "$DATA/cases" --backends-dir "$work/backends" --backend sleepy --mpi "$mpi" --cache "$cache"
      nb/demo/recv-cycle-ok rma/demo/put-then-store-ok)

# Ctrl-C reaches the whole foreground process group: the script and the runner.
setsid "$SOURCE/scripts/run-suite" "${args[@]}" > "$work/out" 2>&1 &
suite=$!
for _ in $(seq 600); do
  [[ $(grep -c '"type":"result"' "$ASSAY_JOURNAL" 2>/dev/null) == 1 ]] && break
  sleep 0.1
done
[[ $(grep -c '"type":"result"' "$ASSAY_JOURNAL") == 1 ]] || { cat "$work/out"; kill -KILL -- -$suite; fail "no first result"; }
sleep 1  # the sleeping case is in flight
kill -INT -- -$suite
wait $suite
status=$?
[[ $status == 130 ]] || { cat "$work/out"; fail "run-suite exited $status after SIGINT, expected 130"; }
resume=$(sed -n '/^To resume the suite/{n;p}' "$work/out")
[[ $resume == *"ASSAY_JOURNAL=$ASSAY_JOURNAL "*"/scripts/run-suite "* ]] ||
  { cat "$work/out"; fail "no resume command naming the journal: '$resume'"; }
[[ ! -e $(dirname "$ASSAY_JOURNAL")/report.html ]] || fail "reports written for an interrupted run"

# The printed command, run as printed (from a shell without the test's settings).
rm "$SLOW_MARKER"
env -u ASSAY_JOURNAL -u ASSAY_BUILD_DIR -u ASSAY_SKIP_BUILD bash -c "$resume" > "$work/out2" 2>&1 ||
  { cat "$work/out2"; fail "the resume command failed: $resume"; }
grep -q "ran 1 run(s), 1 already in the journal" "$work/out2" || { cat "$work/out2"; fail "the resume did not redo exactly the interrupted run"; }
[[ $(grep -c '"case":"nb/demo/recv-cycle-ok"' "$ASSAY_JOURNAL") == 1 ]] || fail "the recorded run was redone"
[[ $(grep -c '"case":"rma/demo/put-then-store-ok"' "$ASSAY_JOURNAL") == 1 ]] || fail "the interrupted run was not recorded once"
[[ -s $(dirname "$ASSAY_JOURNAL")/report.html && -s $(dirname "$ASSAY_JOURNAL")/report.md ]] || fail "no reports after the resume"
no_strays
echo "run-suite interrupt on $mpi: the printed command resumes the same journal"
