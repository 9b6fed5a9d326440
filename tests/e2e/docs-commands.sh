#!/usr/bin/env bash
# Issue 20, item 15: every `mpi-assay …` command the docs show — in code blocks and
# in inline code of README.md, docs/*.md, overhead/README.md and campaigns/README.md — and every
# example of each subcommand's --help parses: the subcommand and each option exist
# and take the values given (`mpi-assay --parse-only …` parses and does nothing).
# Placeholders stay words: `<journal>` and `PATH` are values like any other,
# `a|b|c` is its first choice, `…` is dropped.
source "$(dirname "$0")/lib.sh"
cd "$SOURCE" || fail "no source tree"
checked=0 failed=0
check() {  # WHERE COMMAND-LINE (after "mpi-assay")
  local where=$1 line=$2 words=() w
  line=${line%%#*}        # a trailing comment
  line=${line%% >*}       # a redirection
  line=${line//…/}
  read -r -a words <<<"$line"
  for w in "${!words[@]}"; do
    [[ ${words[$w]} == *"|"* ]] && words[$w]=${words[$w]%%|*}
    words[$w]=${words[$w]//[<>\']/}
  done
  if ! "$ASSAY" --parse-only "${words[@]}" > "$work/parse" 2>&1; then
    echo "$where: mpi-assay $line"
    sed 's/^/    /' "$work/parse"
    failed=$((failed + 1))
  fi
  checked=$((checked + 1))
}
files=(README.md overhead/README.md campaigns/README.md)
for f in docs/*.md; do
  case $f in docs/CASES.md|docs/taxonomy.md) ;; *) files+=("$f") ;; esac
done
for f in "${files[@]}"; do
  n=0 fenced=0 pending="" start=0
  while IFS= read -r text; do
    n=$((n + 1))
    if [[ $text =~ ^[[:space:]]*\`\`\` ]]; then fenced=$((1 - fenced)); continue; fi
    if (( fenced )); then
      if [[ -n $pending ]]; then                 # a continued line
        pending+=" ${text%\\}"
        [[ $text == *\\ ]] || { check "$f:$start" "$pending"; pending=""; }
        continue
      fi
      if [[ $text =~ ^[[:space:]]*(\$[[:space:]]+)?(\./)?(build/cli/)?mpi-assay[[:space:]](.*)$ ]]; then
        start=$n
        rest=${BASH_REMATCH[4]}
        if [[ $rest == *\\ ]]; then pending=${rest%\\}; else check "$f:$n" "$rest"; fi
      fi
    else
      # Inline code: `mpi-assay …` spans of prose.
      while [[ $text =~ \`(build/cli/)?mpi-assay[[:space:]]([^\`]*)\`(.*)$ ]]; do
        check "$f:$n" "${BASH_REMATCH[2]}"
        text=${BASH_REMATCH[3]}
      done
    fi
  done < "$f"
done
# The examples of every subcommand's --help.
for sub in list show lint run report diff overhead backends taxonomy; do
  help=$("$ASSAY" "$sub" --help) || fail "$sub --help failed"
  grep -q '^Example' <<<"$help" || fail "$sub --help has no example"
  while IFS= read -r text; do
    check "mpi-assay $sub --help" "${text#*mpi-assay }"
  done < <(sed -n '/^Example/,$p' <<<"$help" | grep '^  mpi-assay ')
done
echo "$checked command example(s) checked, $failed do not parse"
(( checked >= 40 )) || fail "only $checked command examples found: the extraction is broken"
(( failed == 0 )) || fail "$failed command example(s) in the docs or --help do not parse"
echo "docs commands: ok"
