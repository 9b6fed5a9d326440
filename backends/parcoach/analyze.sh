#!/bin/sh
# analyze.sh MPI MPICC RUN_DIR PARCOACH [FLAGS...] SOURCES...
# PARCOACH's static checks on the LLVM IR of each source: -check=mpi (collectives
# possibly not called by all ranks) into RUN_DIR/parcoach-db-N.json, and
# -check=rma (local concurrency in RMA epochs) into RUN_DIR/check-rma-N.txt.
# The IR comes from ASSAY_PARCOACH_CLANG (default clang-15: the LLVM PARCOACH
# is built on). The case is never run.
set -eu
mpi=$1 mpicc=$2 dir=$3 parcoach=$4
shift 4
clang=${ASSAY_PARCOACH_CLANG:-clang-15}
case $mpi in
  openmpi) includes=$("$mpicc" --showme:compile) ;;
  mpich) includes=$("$mpicc" -compile-info | tr ' ' '\n' | grep '^-I' | tr '\n' ' ') ;;
  *) echo "analyze.sh: unknown MPI $mpi" >&2; exit 2 ;;
esac
flags=""
n=0
for arg in "$@"; do
  case $arg in
    -*) flags="$flags $arg" ;;
    *)
      n=$((n + 1))
      # shellcheck disable=SC2086 # flags and includes are lists of words
      "$clang" -g -S -emit-llvm $includes $flags "$arg" -o "$dir/source-$n.ll"
      "$parcoach" -check=mpi --analysis-db="$dir/parcoach-db-$n.json" "$dir/source-$n.ll"
      "$parcoach" -check=rma "$dir/source-$n.ll" -o "$dir/source-$n.rma.bc" >"$dir/check-rma-$n.txt" 2>&1
      ;;
  esac
done
[ "$n" -gt 0 ] || { echo "analyze.sh: no source" >&2; exit 2; }
