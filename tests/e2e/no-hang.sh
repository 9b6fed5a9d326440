#!/usr/bin/env bash
# pmpi never turns a program that completes natively into a hang (issue 21,
# item 8): the collectives MPI may complete without every rank
# (coll/skip-completes) and a fixed sample of the whole corpus (every Nth case
# by id), deadlocks excluded since they hang natively. --check fails on any
# outcome pmpi's expected-results does not allow, a TO first of all.
source "$(dirname "$0")/lib.sh"
mpi=$1 every=$2
ids() { "$ASSAY" list "$@" | awk '$1 ~ /\// { print $1 }' | LC_ALL=C sort; }
mapfile -t sample < <(LC_ALL=C comm -23 <(ids) <(ids --tag deadlock) | awk -v n="$every" 'NR % n == 1')
mapfile -t skips < <(ids --group coll/skip-completes)
# The sample may hold a skip shape too: count each case once.
mapfile -t cases < <(printf '%s\n' "${sample[@]}" "${skips[@]}" | LC_ALL=C sort -u)
(( ${#sample[@]} > 10 && ${#skips[@]} > 0 )) || fail "the sample is empty (${#sample[@]} cases, ${#skips[@]} skip shapes)"
run --check --backend pmpi --mpi "$mpi" --timeout 10 --journal "$work/results.jsonl" -- "${cases[@]}" > "$work/out" 2>&1
status=$?
cat "$work/out"
[[ $status == 0 ]] || fail "check failed (exit $status)"
runs=$(grep -c '"type":"result"' "$work/results.jsonl")
(( runs >= ${#cases[@]} )) || fail "$runs results for ${#cases[@]} cases"
grep -F '"case":"coll/skip-completes/' "$work/results.jsonl" | has '"outcome":"TO"' && fail "a skipped collective hung under pmpi"
no_strays
