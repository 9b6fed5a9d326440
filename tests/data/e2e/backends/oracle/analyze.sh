#!/usr/bin/env bash
# Reads a case's header and writes its expected errors as findings located at the
# EXPECT-AT markers; then a last line torn as by a kill (no newline), which the
# runner reports but does not take for garbage.
set -euo pipefail
src=$1 out=$2/oracle.jsonl
: > "$out"
class=""
flush() {
  [[ -n $class ]] || return 0
  accesses=""
  for m in $at; do
    line=$(grep -n "// .*@$m\b" "$src" | head -1 | cut -d: -f1)
    accesses+="${accesses:+,}{\"op\":\"call\",\"kind\":\"call\",\"file\":\"$src\",\"line\":$line}"
  done
  echo "{\"backend\":\"oracle\",\"class\":\"$class\",\"severity\":\"error\",\"rank\":0,\"message\":\"ground truth\",\"accesses\":[$accesses]}" >> "$out"
  class=""
}
at=""
while IFS= read -r l; do
  case $l in
    "// EXPECT: error "*) flush; class=${l#// EXPECT: error }; at="" ;;
    "// EXPECT-AT: "*) at=${l#// EXPECT-AT: } ;;
    //*) ;;
    *) break ;;
  esac
done < "$src"
flush
printf "%s" '{"backend":"oracle","class":' >> "$out"   # torn on purpose
