#!/usr/bin/env bash
# A broken toolchain is named before anything runs and nothing is recorded: a
# compiler that fails, a process manager that cannot start ranks. A tool
# failure is not final: a resume runs it again.
source "$(dirname "$0")/lib.sh"
mpi=mpich
fake=$work/fake-bin
mkdir -p "$fake"
expect_refusal() {  # WHAT-THE-MESSAGE-SAYS
  local j=$work/refused/results.jsonl
  PATH="$fake:$PATH" run --cases "$DATA/cases" --backend native --mpi "$mpi" --journal "$j" --quiet \
    'nb/demo/recv-cycle-ok' > "$work/out" 2>&1 && fail "a run started with a broken toolchain"
  grep -qF "$1" "$work/out" || { cat "$work/out"; fail "the error does not say: $1"; }
  [[ ! -s $j ]] || fail "something was recorded with a broken toolchain"
}

printf '#!/bin/sh\necho "gcc: fatal error: cannot execute cc1" >&2\nexit 1\n' > "$fake/mpicc.$mpi"
chmod +x "$fake/mpicc.$mpi"
expect_refusal "mpicc.mpich cannot compile an MPI program (exit status 1): gcc: fatal error: cannot execute cc1"
rm "$fake/mpicc.$mpi"

# The launcher answers --version, but cannot start ranks (its process manager is gone).
real=$(command -v mpiexec.mpich)
printf '#!/bin/sh\n[ "$1" = --version ] && exec %s --version\necho "execvp error on file hydra_pmi_proxy" >&2\nexit 255\n' "$real" \
  > "$fake/mpiexec.$mpi"
chmod +x "$fake/mpiexec.$mpi"
expect_refusal "mpiexec.mpich cannot run 2 ranks of an MPI program (exit status 255)"
expect_refusal "hydra_pmi_proxy"
rm "$fake/mpiexec.$mpi"

# TF is not final: once the tool is there, a resume runs the case again.
j=$work/tf/results.jsonl
run --cases "$DATA/cases" --backends-dir "$DATA/backends" --backend missing-tool --mpi "$mpi" --journal "$j" \
    --quiet 'rma/demo/put-then-store-nok' > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
expect_field "$j" rma/demo/put-then-store-nok missing-tool outcome TF
run --cases "$DATA/cases" --backends-dir "$DATA/backends" --backend missing-tool --mpi "$mpi" --journal "$j" \
    --quiet 'rma/demo/put-then-store-nok' > "$work/out" 2>&1 || { cat "$work/out"; fail "resume failed"; }
grep -q "ran 1 run(s), 0 already in the journal" "$work/out" || { cat "$work/out"; fail "the TF run was not run again"; }
echo "toolchain: ok"
