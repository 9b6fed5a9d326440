#!/bin/sh
# analyze.sh PLUGIN MPICC RUN_DIR NPROCS [FLAGS...] SOURCES...
# Compiles each source of the case with the MPI wrapper of the case's MPI and
# clang-14 behind it (OMPI_CC/MPICH_CC), loading the static backend's pass
# plugin; the plugin writes its findings to $ASSAY_REPORT_DIR/static.jsonl.
# Objects go to RUN_DIR and are not linked: the case never runs.
set -eu
plugin=$1 mpicc=$2 dir=$3
# The ranks the case runs on bound the ranks conditions can name (collectives.cpp).
export ASSAY_STATIC_NPROCS=$4
shift 4
export OMPI_CC=clang-14 MPICH_CC=clang-14 OMPI_CXX=clang++-14 MPICH_CXX=clang++-14
: "${ASSAY_REPORT_DIR:=$dir}"
export ASSAY_REPORT_DIR
flags=""
n=0
for arg in "$@"; do
  case $arg in
    -*) flags="$flags $arg" ;;
    *)
      n=$((n + 1))
      start=$(date +%s%N)
      # shellcheck disable=SC2086 # flags is a list of words
      "$mpicc" $flags -g -fpass-plugin="$plugin" -c "$arg" -o "$dir/object-$n.o"
      echo "analysed $arg in $((($(date +%s%N) - start) / 1000000)) ms" >&2
      ;;
  esac
done
[ "$n" -gt 0 ] || { echo "analyze.sh: no source" >&2; exit 2; }
