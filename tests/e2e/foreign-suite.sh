#!/usr/bin/env bash
# A user's folder of foreign programs (issue 20, items 8 and 18): a header after
# the file's own comment block, cases at any depth, corpus rules only on opt-in;
# a symlink loop and a non-UTF-8 name are skipped with a warning, once, and
# never break `list --format json`; an unknown --family/--tag/--class is an
# error that lists the valid values. No MPI needed.
source "$(dirname "$0")/lib.sh"
suite=$work/suite
mkdir -p "$suite/p2p"
cat > "$suite/leak.c" <<'CASE'
/* Copyright (c) 2021 The Other Suite.
 * Licensed under the Apache License 2.0.
 */

// ORIGIN-LABEL is not ours and not a key line: (part of the file's own comments)
// DESCRIPTION: A communicator is never freed.
// EXPECT: error res.leak.communicator
// TAGS: imported
#include <mpi.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm c;
  MPI_Comm_dup(MPI_COMM_WORLD, &c);
  MPI_Finalize();
  return 0;
}
CASE
cat > "$suite/p2p/fine.c" <<'CASE'
// DESCRIPTION: Nothing wrong.
// EXPECT: ok
int main(void) { return 0; }
CASE
ln -s loop-b.c "$suite/p2p/loop-a.c"
ln -s loop-a.c "$suite/p2p/loop-b.c"
printf '// DESCRIPTION: d\n// EXPECT: ok\nint main(void) { return 0; }\n' > "$suite/p2p/caf$(printf '\xe9')-ok.c"

"$ASSAY" lint --cases "$suite" > "$work/lint" 2> "$work/lint.err" || { cat "$work/lint" "$work/lint.err"; fail "lint of a foreign folder failed"; }
cat "$work/lint" "$work/lint.err"
grep -q "^2 cases, 0 problem(s)" "$work/lint" || fail "expected 2 cases and no problem"
grep -q "has no .assay-corpus: the corpus rules" "$work/lint" || fail "lint does not say the corpus rules are off"
[[ $(grep -c "loop-a.c: skipped: Too many levels of symbolic links" "$work/lint.err") == 1 ]] || fail "the symlink loop is not warned about once"
[[ $(grep -c 'caf\\xe9-ok.c: skipped: the name is not printable UTF-8' "$work/lint.err") == 1 ]] || fail "the non-UTF-8 name is not warned about once"

"$ASSAY" list --cases "$suite" --format json > "$work/list.json" 2> /dev/null || fail "list --format json failed"
grep -q '"id": "leak"' "$work/list.json" || fail "a case directly under --cases has no id 'leak'"
grep -q '"id": "p2p/fine"' "$work/list.json" || fail "a two-level case has no id 'p2p/fine'"
grep -q '"family": "suite"' "$work/list.json" || fail "the top-level case's family is not the folder's name"

# Opting in applies the corpus rules: names and twins.
touch "$suite/.assay-corpus"
"$ASSAY" lint --cases "$suite" > "$work/lint2" 2> /dev/null && fail "lint passed a corpus without twins"
grep -q "case id 'leak' must be at least family/group/name" "$work/lint2" || { cat "$work/lint2"; fail "the corpus depth rule is not applied"; }
rm "$suite/.assay-corpus"

# Unknown selection values: an error naming the valid ones.
"$ASSAY" list --cases "$suite" --family foo > /dev/null 2> "$work/err" && fail "list --family foo succeeded"
grep -qF -- "--family 'foo' is not a known value (valid: p2p, suite)" "$work/err" || { cat "$work/err"; fail "no list of valid families"; }
"$ASSAY" list --cases "$suite" --tag nope > /dev/null 2> "$work/err" && fail "list --tag nope succeeded"
grep -q "(valid: imported)" "$work/err" || { cat "$work/err"; fail "no list of valid tags"; }
"$ASSAY" list --cases "$suite" --class 'rma.nope*' > /dev/null 2> "$work/err" && fail "list --class rma.nope* succeeded"
grep -qF -- "--class 'rma.nope*' matches no value (valid: coll" "$work/err" || { cat "$work/err"; fail "no list of valid classes"; }
"$ASSAY" list --cases "$suite" --class 'res.*' > /dev/null 2>&1 || fail "a class glob that matches was refused"
# An id or glob that matches no case, e.g. a second family given with a space.
"$ASSAY" list --cases "$suite" --family p2p suite > /dev/null 2> "$work/err" && fail "list --family p2p suite succeeded"
grep -qF -- "case id 'suite' matches no case" "$work/err" || { cat "$work/err"; fail "an id that matches nothing was not named"; }
"$ASSAY" list --cases "$suite" --family p2p,suite > /dev/null 2>&1 || fail "two comma-separated families were refused"
"$ASSAY" list --cases "$suite" 'p2p/*' leak > /dev/null 2>&1 || fail "an id and a glob that match were refused"
echo "foreign-suite: ok"
