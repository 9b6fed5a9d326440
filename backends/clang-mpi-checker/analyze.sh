#!/bin/sh
# analyze.sh MPI MPICC RUN_DIR [FLAGS...] SOURCES...
# clang-14's static analyzer with optin.mpi.MPI-Checker over each source of the
# case, with the include path of the case's MPI (the checker needs that MPI's
# mpi.h), one plist per source in RUN_DIR. The case is never run.
set -eu
mpi=$1 mpicc=$2 dir=$3
shift 3
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
      clang-14 --analyze -Xclang -analyzer-checker=optin.mpi.MPI-Checker $includes $flags "$arg" \
        -o "$dir/analyzer-$n.plist"
      ;;
  esac
done
[ "$n" -gt 0 ] || { echo "analyze.sh: no source" >&2; exit 2; }
