#!/usr/bin/env bash
# Editing a file listed in a backend's build.inputs rebuilds exactly the cases
# built with that backend: their build key changes, other backends' do not.
source "$(dirname "$0")/lib.sh"
mpi=mpich
probe=$work/backends/probe
mkdir -p "$probe"
echo '#define PROBE_VERSION 1' > "$probe/probe.h"
cat > "$probe/backend.json" <<'JSON'
{
  "manifest": 2,
  "name": "probe",
  "description": "Test backend whose build includes a header of its own",
  "kind": "dynamic",
  "supports": [],
  "build": {"compile": ["${mpicc}", "${base_cflags}", "-include", "${backend_dir}/probe.h", "${sources}", "-o", "${exe}"],
            "inputs": ["probe.h"]}
}
JSON
case=rma/demo/put-then-store-ok
go() {  # JOURNAL
  run --cases "$DATA/cases" --backends-dir "$work/backends" --backend native,probe --mpi "$mpi" \
      --journal "$1" --rerun --quiet "$case" > "$work/out" 2>&1 || { cat "$work/out"; fail "run failed"; }
}
built() { awk -v s="$(field_of "$1" "$case" "$2" build_s)" 'BEGIN { exit !(s > 0) }'; }
go "$work/1/results.jsonl"
native1=$(field_of "$work/1/results.jsonl" "$case" native build_key)
probe1=$(field_of "$work/1/results.jsonl" "$case" probe build_key)
[[ -n $native1 && -n $probe1 && $native1 != "$probe1" ]] || fail "build keys '$native1' '$probe1'"
expect_field "$work/1/results.jsonl" "$case" probe outcome TN

go "$work/2/results.jsonl"  # nothing changed: both come from the cache
expect_field "$work/2/results.jsonl" "$case" probe build_key "$probe1"
built "$work/2/results.jsonl" probe && fail "probe was rebuilt although nothing changed"

echo '#define PROBE_VERSION 2' > "$probe/probe.h"
go "$work/3/results.jsonl"
expect_field "$work/3/results.jsonl" "$case" native build_key "$native1"
built "$work/3/results.jsonl" native && fail "native was rebuilt by an edit of probe's input"
probe3=$(field_of "$work/3/results.jsonl" "$case" probe build_key)
[[ $probe3 != "$probe1" ]] || fail "editing probe.h left probe's build key unchanged"
built "$work/3/results.jsonl" probe || fail "probe was not rebuilt after its input changed"
echo "build inputs: ok"
