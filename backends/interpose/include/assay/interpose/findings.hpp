#pragma once
// The one findings writer of PMPI-based checkers (docs/findings.md): each
// finding becomes a JSON line in $ASSAY_REPORT_DIR/rank-<N>.jsonl, flushed at
// once so it survives a later hang or crash, and a human report on stderr.
// The backend name is $ASSAY_BACKEND (set by the runner on every rank), else
// the first registered checker's name.
#include "assay/core/finding.hpp"

namespace assay::interpose {

// Writes the finding; with ASSAY_ABORT_ON_ERROR=1 then aborts the program.
// Outside MPI's lifetime the file is opened for this finding alone.
void report(const core::Finding& f) noexcept;
// The checker itself failed (not the program): a line in
// $ASSAY_REPORT_DIR/tool-failure, which makes the run TF.
void tool_failure(const char* reason) noexcept;

// Used by the layer around MPI's lifetime.
void open_findings(int rank) noexcept;
void close_findings() noexcept;

}  // namespace assay::interpose
