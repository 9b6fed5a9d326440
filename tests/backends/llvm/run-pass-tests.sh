#!/usr/bin/env bash
# Pass tests of the llvm backend's plugin ($1): each tests/backends/llvm/pass/*.c
# is compiled by clang-14 at -O0 -g with the plugin to LLVM IR and checked with
# FileCheck against its CHECK lines; files with NOFILTER lines are compiled
# again with ASSAY_LLVM_FILTER=0 and checked against those, files with
# SELECTIVE lines with ASSAY_LLVM_SELECTIVE=1 (the in-flight filter). These
# say what is instrumented, so they are compiled with ASSAY_LLVM_GUARD=0 (the
# call right before its access, no inline guard around it); files with GUARD
# lines are compiled again with the default (the guard on) and checked against
# those; files with HOIST lines are compiled again at -O2 with the guard (no
# vectorising or unrolling, for a fixed shape: the loops checked once) and
# checked against those. No MPI needed.
set -uo pipefail
plugin=$1
here=$(dirname "$0")
filecheck=$(command -v FileCheck-14 || echo /usr/lib/llvm-14/bin/FileCheck)
[[ -x $filecheck ]] || { echo "SKIP: FileCheck (llvm-14-tools) not installed"; exit 125; }
command -v clang-14 >/dev/null || { echo "SKIP: clang-14 not installed"; exit 125; }
work=$(mktemp -d)
export ASSAY_LLVM_GUARD=0
trap 'rm -rf "$work"' EXIT
status=0
for input in "$here"/pass/*.c; do
  name=$(basename "$input" .c)
  if ! clang-14 -O0 -g -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.ll" 2>"$work/$name.err"; then
    cat "$work/$name.err"; echo "FAIL: $input does not compile"; status=1; continue
  fi
  "$filecheck" "$input" --input-file "$work/$name.ll" || { echo "FAIL: $input"; status=1; }
  if grep -q 'SELECTIVE' "$input"; then
    ASSAY_LLVM_SELECTIVE=1 clang-14 -O0 -g -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.selective.ll" 2>"$work/$name.err" ||
      { cat "$work/$name.err"; echo "FAIL: $input does not compile with ASSAY_LLVM_SELECTIVE=1"; status=1; continue; }
    "$filecheck" "$input" --check-prefix=SELECTIVE --input-file "$work/$name.selective.ll" ||
      { echo "FAIL: $input (ASSAY_LLVM_SELECTIVE=1)"; status=1; }
  fi
  if grep -q 'GUARD' "$input"; then
    ASSAY_LLVM_GUARD=1 clang-14 -O0 -g -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.guard.ll" 2>"$work/$name.err" ||
      { cat "$work/$name.err"; echo "FAIL: $input does not compile with the guard"; status=1; continue; }
    "$filecheck" "$input" --check-prefix=GUARD --input-file "$work/$name.guard.ll" ||
      { echo "FAIL: $input (guard)"; status=1; }
  fi
  if grep -q 'HOIST' "$input"; then
    ASSAY_LLVM_GUARD=1 clang-14 -O2 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -fno-discard-value-names -g -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.hoist.ll" 2>"$work/$name.err" ||
      { cat "$work/$name.err"; echo "FAIL: $input does not compile at -O2 with the guard"; status=1; continue; }
    "$filecheck" "$input" --check-prefix=HOIST --input-file "$work/$name.hoist.ll" ||
      { echo "FAIL: $input (loops checked once)"; status=1; }
  fi
  if grep -q 'NOFILTER' "$input"; then
    ASSAY_LLVM_FILTER=0 clang-14 -O0 -g -S -emit-llvm -fpass-plugin="$plugin" "$input" -o "$work/$name.nofilter.ll" 2>/dev/null ||
      { echo "FAIL: $input does not compile without filtering"; status=1; continue; }
    "$filecheck" "$input" --check-prefix=NOFILTER --input-file "$work/$name.nofilter.ll" ||
      { echo "FAIL: $input (ASSAY_LLVM_FILTER=0)"; status=1; }
  fi
done
[[ $status -eq 0 ]] && echo PASS
exit $status
