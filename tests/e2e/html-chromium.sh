#!/usr/bin/env bash
# The HTML report renders in headless Chromium (Debian's `chromium`) without a
# console message: a fixture journal with timed findings is rendered, then
# screenshot and DOM are taken. Exit 125 (skipped) when chromium is missing.
# Chromium 156 logs console output, uncaught exceptions included, as
# `INFO:CONSOLE:<line>] "<message>", source: <url>`; the report has no script,
# so any console line is a failure.
set -uo pipefail
command -v chromium >/dev/null || { echo "SKIP: chromium is not installed (scripts/install-deps)"; exit 125; }
work=$(mktemp -d)
pid=""
cleanup() {
  # `timeout` leads its own process group: kill whatever of Chromium is left in it.
  [[ -n $pid ]] && kill -KILL -- "-$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

cp -r "$SOURCE/tests/data/reports/diagrams" "$work/journal"
report=$work/journal/report.html
"$ASSAY" report "$work/journal/results.jsonl" --format html --out "$report" || fail "mpi-assay report failed"

# Runs chromium headless on the report with a throw-away profile and HOME;
# stdout to $work/$1.out, stderr (the log) to $work/$1.log.
browse() {
  local name=$1
  shift
  HOME=$work/home timeout -k 5 90 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-dev-shm-usage --disable-extensions \
    --user-data-dir="$work/profile-$name" --enable-logging=stderr --v=0 "$@" "file://$report" \
    >"$work/$name.out" 2>"$work/$name.log" &
  pid=$!
  wait "$pid"
  local rc=$?
  kill -KILL -- "-$pid" 2>/dev/null
  pid=""
  [[ $rc -eq 0 ]] || { cat "$work/$name.log"; fail "chromium ($name) exited with $rc"; }
  if grep -E ':CONSOLE[:(]|Uncaught' "$work/$name.log"; then fail "console messages while rendering ($name)"; fi
}

start=$SECONDS
browse shot --window-size=1280,2400 --screenshot="$work/shot.png"
png=$work/shot.png
[[ -s $png ]] || fail "no screenshot"
[[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "screenshot is not a PNG"
# IHDR: width and height, big-endian, at bytes 16..23.
read -r w h < <(od -An -tu1 -j16 -N8 "$png" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
[[ $w -eq 1280 && $h -eq 2400 ]] || fail "screenshot is ${w}x$h, expected 1280x2400"
# A blank page of that size compresses to a few KB; tables, plot and diagrams do not.
size=$(stat -c %s "$png")
[[ $size -gt 40000 ]] || fail "screenshot is only $size bytes: nothing rendered?"

browse dom --dump-dom
dom=$work/dom.out
count() { grep -o -- "$1" "$dom" | wc -l; }
for element in '<table class="coverage">' '<table class="metrics">' '<table class="cases">' \
  '<h2>Memory-access diagrams</h2>'; do
  [[ $(count "$element") -eq 1 ]] || fail "the DOM lacks $element"
done
[[ $(count '<svg class="mad"') -eq 3 ]] || fail "expected 3 memory-access diagrams, got $(count '<svg class="mad"')"
[[ $(count '<rect class="async ') -eq 4 ]] || fail "expected 4 asynchronous rectangles, got $(count '<rect class="async ')"
[[ $(count '<line class="direct ') -eq 5 ]] || fail "expected 5 load/store lines, got $(count '<line class="direct ')"
[[ $(count '<a class="mad-link" href="#mad-') -eq 3 ]] || fail "the case matrix lacks its diagram links"
# The fixture's function name holds <script>: it must stay text.
[[ $(count '<script') -eq 0 ]] || fail "a <script> element made it into the DOM"
grep -q 'f&lt;script&gt;alert' "$dom" || fail "the escaped function name is missing from the tooltip"
echo "ok: ${w}x$h screenshot of $size bytes, DOM checked, no console messages ($((SECONDS - start)) s in chromium)"
