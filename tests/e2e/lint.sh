#!/usr/bin/env bash
# The corpus passes `mpi-assay lint` (headers, markers, twins, -ok/-nok names).
source "$(dirname "$0")/lib.sh"
"$ASSAY" lint || fail "the corpus has lint problems"
