#!/usr/bin/env bash
# docs/CASES.md is the output of `mpi-assay list --format md` for the corpus.
source "$(dirname "$0")/lib.sh"
"$ASSAY" list --format md > "$work/CASES.md" || fail "list failed"
diff -u "$SOURCE/docs/CASES.md" "$work/CASES.md" > "$work/diff" ||
  { head -40 "$work/diff"; fail "docs/CASES.md is stale: run 'mpi-assay list --format md > docs/CASES.md'"; }
echo "catalogue: up to date"
