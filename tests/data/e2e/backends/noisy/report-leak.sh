#!/usr/bin/env bash
# Writes one finding for this rank, then becomes the rank's program.
rank=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}
echo "{\"backend\":\"noisy\",\"class\":\"nb.request.missing-completion\",\"rank\":$rank,\"message\":\"always\"}" \
  >> "$ASSAY_REPORT_DIR/rank-$rank.jsonl"
exec "$@"
