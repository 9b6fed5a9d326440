#!/usr/bin/env bash
# Unit tests of the static backend's analyses on small C inputs (inputs/*.c):
# each is compiled with the pass plugin on MPI $2 (openmpi | mpich); the
# findings (class and line of their first call) must be exactly the lines
# marked `// want: <class>`, no more, no fewer. $1 is the plugin.
set -uo pipefail
plugin=$1 mpi=$2
here=$(dirname "$0")
command -v "mpicc.$mpi" >/dev/null || { echo "SKIP: mpicc.$mpi not installed"; exit 125; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for input in "$here"/inputs/*.c; do
  mkdir -p "$work/$(basename "$input")"
  dir=$work/$(basename "$input")
  ASSAY_REPORT_DIR=$dir OMPI_CC=clang-14 MPICH_CC=clang-14 "mpicc.$mpi" -g -O0 -fpass-plugin="$plugin" \
    -c "$input" -o "$dir/out.o" 2>"$dir/stderr" || { cat "$dir/stderr"; echo "FAIL: $input does not compile"; exit 1; }
  grep -n '// want: ' "$input" | sed 's|^\([0-9]*\):.*// want: \([a-z.-]*\).*|\2 \1|' | sort >"$dir/want"
  touch "$dir/static.jsonl"
  sed -n 's|.*"class":"\([^"]*\)".*"accesses":\[{[^}]*"line":\([0-9]*\).*|\1 \2|p' "$dir/static.jsonl" | sort -u >"$dir/got"
  [[ $(grep -c . "$dir/static.jsonl") -eq $(grep -c . "$dir/got") ]] || { echo "FAIL: $input: a finding without a line"; status=1; }
  if ! diff -u "$dir/want" "$dir/got" >"$dir/diff"; then
    echo "FAIL: $input (- wanted, + found):"; cat "$dir/diff"; cat "$dir/stderr"; status=1
  fi
done
[[ $status -eq 0 ]] && echo PASS
exit $status
