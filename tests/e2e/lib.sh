# Shared by the end-to-end tests: sourced with ASSAY (the binary) and DATA (tests/data/e2e) set.
set -uo pipefail
work=$(mktemp -d)
cache=$work/cache
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# grep that reads all of its input: `producer | grep -q` exits at the first match,
# and under pipefail the producer's SIGPIPE then fails the pipeline at random.
has() { grep "$@" >/dev/null; }
run() { "$ASSAY" run --cache "$cache" "$@"; }
# The outcome field of the last record of CASE under BACKEND in JOURNAL.
field_of() {  # JOURNAL CASE BACKEND FIELD
  grep -F "\"case\":\"$2\"" "$1" | grep -F "\"backend\":\"$3\"" | tail -1 |
    sed -n "s/.*\"$4\":\(\"[^\"]*\"\|[a-z0-9.]*\).*/\1/p" | tr -d '"'
}
expect_field() {  # JOURNAL CASE BACKEND FIELD VALUE
  local got
  got=$(field_of "$1" "$2" "$3" "$4")
  [[ $got == "$5" ]] || fail "$2 under $3: $4 is '$got', expected '$5'"
}
# Nothing compiled into this test's cache may still be running.
no_strays() {
  sleep 0.5
  if pgrep -af "$cache" >/dev/null; then
    pgrep -af "$cache"
    pkill -KILL -f "$cache"
    fail "processes of the run are still alive"
  fi
}
# Skips the test (exit 125) unless both MPI launchers are installed.
require_launchers() {
  local launcher
  for launcher in mpirun.openmpi mpiexec.mpich; do
    command -v "$launcher" >/dev/null || { echo "SKIP: $launcher not installed"; exit 125; }
  done
}
