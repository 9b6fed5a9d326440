#!/usr/bin/env bash
# Pass tests of the vclock backend's order plugin ($1), as the llvm backend's
# (tests/backends/llvm/run-pass-tests.sh): each tests/backends/vclock/order/*.c
# is compiled by clang-14 at -O0 -g (value names kept) with the plugin to LLVM
# IR, verified by opt and checked with FileCheck against its CHECK lines; the
# plugin's summary line (ASSAY_ORDER_VERBOSE=1) is checked against the file's
# SUMMARY line. No MPI needed.
set -uo pipefail
plugin=$1
here=$(dirname "$0")
filecheck=$(command -v FileCheck-14 || echo /usr/lib/llvm-14/bin/FileCheck)
opt=$(command -v opt-14 || echo /usr/lib/llvm-14/bin/opt)
[[ -x $filecheck && -x $opt ]] || { echo "SKIP: FileCheck or opt (llvm-14-tools, llvm-14) not installed"; exit 125; }
command -v clang-14 >/dev/null || { echo "SKIP: clang-14 not installed"; exit 125; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for input in "$here"/order/*.c; do
  name=$(basename "$input" .c)
  if ! ASSAY_ORDER_VERBOSE=1 clang-14 -O0 -g -fno-discard-value-names -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.ll" 2>"$work/$name.err"; then
    cat "$work/$name.err"; echo "FAIL: $input does not compile"; status=1; continue
  fi
  "$opt" -verify -disable-output "$work/$name.ll" || { echo "FAIL: $input: the marked IR does not verify"; status=1; }
  "$filecheck" "$input" --input-file "$work/$name.ll" || { echo "FAIL: $input"; status=1; }
  "$filecheck" "$input" --check-prefix=SUMMARY --input-file "$work/$name.err" || { echo "FAIL: $input (summary)"; status=1; }
done
[[ $status -eq 0 ]] && echo PASS
exit $status
