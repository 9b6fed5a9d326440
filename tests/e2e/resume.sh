#!/usr/bin/env bash
# A journal cut in the middle of a line stays readable and resumable: only the
# torn run is redone.
source "$(dirname "$0")/lib.sh"
j=$work/results.jsonl
sel=(--cases "$DATA/cases" --tag e2e --class ok --mpi mpich --journal "$j" --quiet)
run "${sel[@]}" > /dev/null 2>&1 || fail "first run failed"
results=$(grep -c '"type":"result"' "$j")
[[ $results == 2 ]] || fail "expected 2 results, found $results"
size=$(stat -c %s "$j")
truncate -s $((size - 40)) "$j"      # SIGKILL in the middle of the last write
run "${sel[@]}" > "$work/out" 2>&1 || { cat "$work/out"; fail "resume failed"; }
cat "$work/out"
grep -q "ran 1 run(s), 1 already in the journal" "$work/out" || fail "resume did not redo exactly the torn run"
"$ASSAY" report "$j" > "$work/report" 2>&1 || fail "report failed on a torn journal"
grep -q "results.jsonl:3:" "$work/report" || fail "the torn line is not reported with its line number"
grep -q "native/mpich" "$work/report" || fail "report has no column for native on MPICH"
run "${sel[@]}" > "$work/out2" 2>&1
grep -q "ran 0 run(s), 2 already in the journal" "$work/out2" || fail "finished runs were recomputed"
# A result stands only for the backend that produced it: a changed manifest
# (here a copy of native's whose description changes) reruns every run.
mkdir -p "$work/backends/plain"
sed 's/"name": "native"/"name": "plain"/' "$SOURCE/backends/native/backend.json" > "$work/backends/plain/backend.json"
plain=("${sel[@]}" --backends-dir "$work/backends" --backend plain)
run "${plain[@]}" > /dev/null 2>&1 || fail "the run with a second manifest failed"
run "${plain[@]}" > "$work/out-same" 2>&1
grep -q "ran 0 run(s), 2 already in the journal" "$work/out-same" || { cat "$work/out-same"; fail "an unchanged manifest reran"; }
sed -i 's/"No checker/"Still no checker/' "$work/backends/plain/backend.json"
run "${plain[@]}" > "$work/out-changed" 2>&1
grep -q "ran 2 run(s), 0 already in the journal" "$work/out-changed" ||
  { cat "$work/out-changed"; fail "a changed manifest resumed its old results"; }
# So does a rebuilt checker whose manifest and case binaries stay the same: the
# contents of a backend's required files (what it built) are in every record.
mkdir -p "$work/backends/built"
echo "checker 1" > "$work/backends/built/checker.so"
cat > "$work/backends/built/backend.json" <<'JSON'
{"manifest": 2, "name": "built", "description": "A checker built into checker.so", "kind": "dynamic",
 "supports": [], "requires": {"files": ["${backend_dir}/checker.so"]}}
JSON
built=("${sel[@]}" --backends-dir "$work/backends" --backend built)
run "${built[@]}" > /dev/null 2>&1 || fail "the run with a built checker failed"
grep -F '"backend":"built"' "$j" | grep -q '"installation_hash":"[0-9a-f]\{16\}"' || fail "no installation_hash recorded"
echo "checker 1" > "$work/backends/built/checker.so"  # rebuilt to the same bytes
run "${built[@]}" > "$work/out-rebuilt" 2>&1
grep -q "ran 0 run(s), 2 already in the journal" "$work/out-rebuilt" ||
  { cat "$work/out-rebuilt"; fail "a checker rebuilt to the same bytes reran"; }
echo "checker 2" > "$work/backends/built/checker.so"
run "${built[@]}" > "$work/out-rebuilt" 2>&1
grep -q "ran 2 run(s), 0 already in the journal" "$work/out-rebuilt" ||
  { cat "$work/out-rebuilt"; fail "a changed checker resumed its old results"; }
# A record whose field has the wrong type (valid JSON): run refuses to resume,
# naming file, line and field, and writes nothing; report skips it with a warning.
line=$(grep -n '"type":"result"' "$j" | head -1 | cut -d: -f1)
sed -i "${line}s/\"np\":2/\"np\":\"2\"/" "$j"
before=$(md5sum < "$j")
if run "${sel[@]}" > "$work/out3" 2>&1; then cat "$work/out3"; fail "run resumed a journal with a wrongly typed field"; fi
cat "$work/out3"
grep -q "cannot resume journal .*results.jsonl:$line: field 'np': expected an integer, found string" "$work/out3" ||
  fail "the refusal does not name file, line and field"
[[ $(md5sum < "$j") == "$before" ]] || fail "the refused run wrote to the journal"
"$ASSAY" report "$j" > "$work/report2" 2> "$work/report2.err" || fail "report failed on a wrongly typed field"
# The torn line of the first part is skipped too.
grep -q "2 line(s) skipped (1 unreadable, 1 with a wrongly typed field)" "$work/report2.err" ||
  fail "report does not warn with a count: $(cat "$work/report2.err")"
grep -q "results.jsonl:$line: field 'np'" "$work/report2" || fail "report does not list the skipped record"
echo "resume: ok"
