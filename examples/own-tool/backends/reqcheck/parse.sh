#!/bin/sh
# parse.sh RUN_DIR EXE: reqcheck's reports (RUN_DIR/reqcheck-<rank>.txt) as
# MPI-Assay findings, one JSON line each, on stdout (docs/findings.md). The
# call site "EXE+0xOFFSET" becomes file:line with addr2line. A line that is not
# reqcheck's is an error: exit 2 with the reason, and the run is TF (the tool's
# output cannot be trusted). A rank that never reached MPI_Finalize (a hang, a
# crash) wrote no report: nothing to read.
set -eu
dir=$1 exe=$2
status=0
for report in "$dir"/reqcheck-*.txt; do
  [ -e "$report" ] || continue
  done_seen=no
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in
      "reqcheck: rank "*": done, "*" problem(s)") done_seen=yes ;;
      "reqcheck: rank "*": MPI_"*" request never completed, started at "*)
        rank=$(echo "$line" | sed -n 's/^reqcheck: rank \([0-9-]*\): .*/\1/p')
        call=$(echo "$line" | sed -n 's/^reqcheck: rank [0-9-]*: \(MPI_[A-Za-z_]*\) .*/\1/p')
        site=$(echo "$line" | sed -n 's/.*started at \(.*\)$/\1/p')
        module=${site%+0x*} offset=${site##*+}
        file="" lineno=0
        if [ "$module" = "$exe" ]; then
          # addr2line prints "file:line" or "file:line (discriminator n)", "??:0" when unknown.
          where=$(addr2line -e "$exe" "$offset" | head -1 | sed 's/ (discriminator [0-9]*)$//')
          file=${where%:*} lineno=${where##*:}
          case $lineno in ''|*[!0-9]*) file="" lineno=0 ;; esac
          [ "$file" = "??" ] && file=""
        fi
        [ -n "$rank" ] && [ -n "$call" ] || { echo "parse.sh: $report: unreadable line: $line" >&2; exit 2; }
        printf '{"backend":"reqcheck","class":"nb.request.missing-completion","rank":%s,' "$rank"
        printf '"message":"%s request never completed","accesses":[{"op":"%s","kind":"call","rank":%s' "$call" "$call" "$rank"
        [ -n "$file" ] && printf ',"file":"%s","line":%s' "$file" "$lineno"
        printf '}]}\n'
        ;;
      *) echo "parse.sh: $report: not a reqcheck line: $line" >&2; exit 2 ;;
    esac
  done <"$report"
  [ "$done_seen" = yes ] || { echo "parse.sh: $report: truncated (no 'done' line)" >&2; status=2; }
done
exit $status
