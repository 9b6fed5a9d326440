// The overhead report: per run, median(backend) / median(native) of the
// repetition times with a bootstrap 95 % interval, against the native run of the
// same kernel, variant, np and MPI; rendered as Markdown and as an SVG bar plot.
#pragma once
#include <string>
#include <vector>

#include "overhead/record.hpp"
#include "overhead/stats.hpp"

namespace assay::overhead {

struct OverheadRow {
  RunSpec spec;
  double median_s = 0, min_s = 0, max_s = 0;
  bool has_baseline = false;  // a successful native run to compare with
  RatioEstimate overhead;     // valid when has_baseline
};

// One row per successful run, in record order.
std::vector<OverheadRow> overhead_rows(const std::vector<RunRecord>& records);

std::string markdown_report(const std::vector<RunRecord>& records, const std::vector<OverheadRow>& rows,
                            const std::vector<std::string>& mismatches, const std::string& plot_file);
// Horizontal bars per (kernel, variant, np, MPI), one per backend, with the
// interval as whiskers and a line at 1 (no overhead).
std::string svg_plot(const std::vector<OverheadRow>& rows);

void write_text(const std::string& path, const std::string& text);  // throws std::runtime_error

}  // namespace assay::overhead
