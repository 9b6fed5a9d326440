#!/bin/sh
# launch.sh PROGRAM ARGS...: what each rank runs (launch.rank). reqcheck is
# already preloaded (launch.rank_env); this wrapper only tells it where to write:
# one report per rank in the run folder, where parse.sh reads them.
rank=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}
REQCHECK_OUT="$ASSAY_REPORT_DIR/reqcheck-$rank.txt"
export REQCHECK_OUT
exec "$@"
