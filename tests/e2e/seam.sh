#!/usr/bin/env bash
# The backend seam (manifest v2), through test backends made only of manifests
# and scripts: a launch template around each rank (watchdog, using ${rank}), a
# parse-command adapter (watchdog-log) and a PMPI checker on the interposition
# layer (tiny-pmpi), each beside broken twins that must end
# TF with a message saying why; a missing program; manifest errors (an unknown
# parser, a list variable inside a string) stop everything before any case runs.
source "$(dirname "$0")/lib.sh"
mpi=$1
j=$work/results.jsonl
backends=watchdog,watchdog-unrunnable,watchdog-log,watchdog-log-garbage,watchdog-log-crash,missing-tool
run --cases "$DATA/cases" --backends-dir "$DATA/backends" --backend "$backends" --mpi "$mpi" \
    --journal "$j" --quiet 'nb/demo/recv-cycle-*' > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
cat "$work/out"
reason_of() { grep -F "\"case\":\"$1\"" "$j" | grep -F "\"backend\":\"$2\"" | tail -1 | sed -n 's/.*"reason":"\([^"]*\)".*/\1/p'; }
expect_reason() {  # CASE BACKEND TEXT
  [[ $(reason_of "$1" "$2") == *"$3"* ]] || fail "$1 under $2: reason '$(reason_of "$1" "$2")' lacks '$3'"
}
for b in watchdog watchdog-log; do
  expect_field "$j" nb/demo/recv-cycle-nok "$b" outcome TP
  expect_field "$j" nb/demo/recv-cycle-ok "$b" outcome TN
  # The finding came before the kill at the timeout (3 s x timeout_factor 3).
  expect_field "$j" nb/demo/recv-cycle-nok "$b" timed_out true
done
# ${rank} made the launch MPMD: each rank wrote its own findings file, with the
# rank environment (Open MPI gives -x per application context).
grep -F '"backend":"watchdog"' "$j" | grep -F 'recv-cycle-nok' | has '"rank":1' || fail "no finding of rank 1"
for outcome_case in recv-cycle-nok recv-cycle-ok; do
  expect_field "$j" "nb/demo/$outcome_case" watchdog-unrunnable outcome TF
  expect_reason "nb/demo/$outcome_case" watchdog-unrunnable "not installed: $DATA/backends/watchdog-unrunnable/watchdog.sh (the program launch.rank starts)"
  expect_field "$j" "nb/demo/$outcome_case" watchdog-log-garbage outcome TF
  expect_reason "nb/demo/$outcome_case" watchdog-log-garbage "parse command echo wrote garbage: "
  expect_field "$j" "nb/demo/$outcome_case" watchdog-log-crash outcome TF
  expect_reason "nb/demo/$outcome_case" watchdog-log-crash "crashed (signal 11): parser: cannot make sense of"
  expect_field "$j" "nb/demo/$outcome_case" missing-tool outcome TF
  expect_reason "nb/demo/$outcome_case" missing-tool "not installed: assay-no-such-checker"
done
# The plan counts what it can time: the hanging case (TAGS: deadlock) at its
# timeout under each installed backend, and runs of the unusable ones as nothing.
grep -q "^plan: .*; 4 run(s) of cases tagged to hang counted at their timeout; 4 run(s) end at once (TF: backend not usable)$" "$work/out" ||
  fail "the plan does not say how it counted hanging runs and unusable backends"
# One summary line per unusable backend, not one per case.
[[ $(grep -c "backend missing-tool on $mpi: not installed: assay-no-such-checker" "$work/out") == 1 ]] ||
  fail "no single summary line for the missing tool"
# Every record says which version of which manifest it measured.
grep -F '"type":"result"' "$j" | grep -v '"backend_version":"' && fail "a record without backend_version"
grep -F '"type":"result"' "$j" | grep -v '"manifest_hash":"[0-9a-f]\{16\}"' && fail "a record without manifest_hash"
# A PMPI checker of a few lines on the interposition layer (tests/backends/tiny-pmpi)
# and its broken twin; the findings writer takes the backend name from the manifest.
tiny=$work/tiny/results.jsonl
run --cases "$SOURCE/tests/backends/tiny-pmpi/cases" --backends-dir "$DATA/backends" \
    --backend tiny-pmpi,tiny-pmpi-broken --mpi "$mpi" --journal "$tiny" --quiet > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "tiny run failed"; }
expect_field "$tiny" coll/tiny/bcast-roots-nok tiny-pmpi outcome TP
expect_field "$tiny" coll/tiny/bcast-roots-nok tiny-pmpi located true
expect_field "$tiny" coll/tiny/bcast-roots-ok tiny-pmpi outcome TN
grep -F '"case":"coll/tiny/bcast-roots-nok"' "$tiny" | has -F '"backend":"tiny-pmpi","class":"coll.arg.root-mismatch"' ||
  fail "the tiny checker's finding does not carry its manifest's name"
j=$tiny  # expect_reason reads $j
for c in bcast-roots-nok bcast-roots-ok; do
  expect_field "$tiny" "coll/tiny/$c" tiny-pmpi-broken outcome TF
  expect_reason "coll/tiny/$c" tiny-pmpi-broken "backend failure: tiny-pmpi-broken (rank "
  expect_reason "coll/tiny/$c" tiny-pmpi-broken "): tiny-pmpi-broken refuses to start"
done
no_strays

# Manifest errors name the file and the key, and nothing runs.
bad=$work/bad-backends
mkdir -p "$bad/xml-parser"
echo '{"manifest": 2, "name": "xml-parser", "description": "d", "kind": "dynamic", "supports": [],
  "parse": {"builtin": "valgrind-xml-someday"}}' > "$bad/xml-parser/backend.json"
if "$ASSAY" run --cases "$DATA/cases" --backends-dir "$bad" --backend native --mpi "$mpi" \
     --journal "$work/never/results.jsonl" > "$work/bad.out" 2>&1; then
  fail "a run started with a bad manifest"
fi
grep -qF "$bad/xml-parser/backend.json: parse.builtin: \"valgrind-xml-someday\" is not one of \"jsonl\"" "$work/bad.out" ||
  { cat "$work/bad.out"; fail "the unknown parser is not named with file and key"; }
[[ ! -e $work/never/results.jsonl ]] || fail "a journal was written despite the bad manifest"
rm -r "$bad/xml-parser"
mkdir -p "$bad/wrap"
echo '{"manifest": 2, "name": "wrap", "description": "d", "kind": "dynamic", "supports": [],
  "launch": {"rank": ["strace", "-o${args}", "${program}"]}}' > "$bad/wrap/backend.json"
"$ASSAY" backends --backends-dir "$bad" > "$work/bad.out" 2>&1 && fail "backends accepted a list variable inside a string"
grep -qF "$bad/wrap/backend.json: launch.rank: \${args} is a list" "$work/bad.out" || { cat "$work/bad.out"; fail "no clear message"; }
echo "seam on $mpi: ok"
