// The renderers behind the reporters, and the few helpers they share
// (private to reports/).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "reports/reporter.hpp"

namespace assay {

void render_terminal(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_markdown(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_html(const ReportModel& m, const ReportOptions& o, std::ostream& out);
// CSV: one tidy table per format: every run (csv), counts per class and column (csv-summary).
void render_csv(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_csv_summary(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_json(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_latex(const ReportModel& m, const ReportOptions& o, std::ostream& out);
void render_junit(const ReportModel& m, const ReportOptions& o, std::ostream& out);

// "3/4" (classified of cases), "NS" when every case is not supported, "-" without cases.
std::string cell_text(const CoverageCell& cell);
// "detected 3, classified 3, located 2 of 4 case(s)".
std::string cell_detail(const CoverageCell& cell);
// The outcomes of a case's runs in one column: "TP", "TP TP FN", or "-".
std::string runs_text(const std::vector<CaseRun>& runs);
std::string expect_text(const std::vector<std::string>& expect);
std::string attention_line(const Attention& a);  // one line, unescaped
// The metric values of one column, in metric_definitions() order.
std::vector<std::string> metric_values(const Metrics& m);

// What measured each column, one row per item ("backend version", "manifest",
// "MPI version", "runner"): first the item, then one cell per column, each the
// value, or "N values: a, b" when the column's records disagree.
std::vector<std::vector<std::string>> provenance_rows(const ReportModel& m);

// The side-by-side comparison (ComparisonRow): its value columns, one cell's
// values in that order ("n/a" for an undefined ratio), and what they mean.
const std::vector<std::string>& comparison_heads();
std::vector<std::string> comparison_values(const ComparisonCell& c);
inline constexpr const char* kComparisonNote =
    "runs per family and per class, each column one tool on one MPI. Erroneous runs: TP when a finding of "
    "the class (or its group) was reported; FN also counts TO and RE. Correct runs of the same family that "
    "completed: FP when a finding of the class (family rows: any finding) was reported, else TN. NS, WC, CE "
    "and TF count in neither. located = located TP / TP";

}  // namespace assay
