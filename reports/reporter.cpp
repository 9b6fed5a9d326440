#include "reports/reporter.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/formats.hpp"

namespace assay {

namespace {

using RenderFn = void (*)(const ReportModel&, const ReportOptions&, std::ostream&);

class FormatReporter final : public Reporter {
 public:
  FormatReporter(RenderFn render, ReportOptions options) : render_(render), options_(std::move(options)) {}
  void report(const ReportModel& model, std::ostream& out) const override { render_(model, options_, out); }

 private:
  RenderFn render_;
  ReportOptions options_;
};

struct FormatEntry {
  const char* name;
  RenderFn render;
};
constexpr FormatEntry kFormats[] = {
    {"terminal", render_terminal}, {"md", render_markdown}, {"html", render_html},  {"csv", render_csv},
    {"csv-summary", render_csv_summary}, {"json", render_json}, {"latex", render_latex}, {"junit", render_junit},
};

}  // namespace

const std::vector<std::string>& report_formats() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& f : kFormats) v.push_back(f.name);
    return v;
  }();
  return names;
}

std::unique_ptr<Reporter> make_reporter(std::string_view format, const ReportOptions& options) {
  for (const auto& f : kFormats)
    if (format == f.name) return std::make_unique<FormatReporter>(f.render, options);
  throw std::invalid_argument(fmt::format("unknown report format '{}' (one of: {})", format,
                                          fmt::join(report_formats(), ", ")));
}

std::string cell_text(const CoverageCell& cell) {
  if (cell.cases == 0) return "-";
  if (cell.all_not_supported()) return "NS";
  return fmt::format("{}/{}", cell.classified, cell.cases);
}

std::string cell_detail(const CoverageCell& cell) {
  if (cell.cases == 0) return "no case run";
  return fmt::format("detected {}, classified {}, located {}, not supported {} of {} case(s)", cell.detected,
                     cell.classified, cell.located, cell.not_supported, cell.cases);
}

std::string runs_text(const std::vector<CaseRun>& runs) {
  if (runs.empty()) return "-";
  std::string s;
  for (const auto& r : runs) s += (s.empty() ? "" : " ") + std::string(outcome_name(r.outcome));
  return s;
}

std::string expect_text(const std::vector<std::string>& expect) {
  return fmt::format("{}", fmt::join(expect, " "));
}

std::string attention_line(const Attention& a) {
  std::string s = fmt::format("{} {} run {}: {} - {}", a.case_id, a.column, a.run, outcome_name(a.outcome), a.reason);
  for (const auto& msg : a.messages) s += " | " + msg;
  return s;
}

std::vector<std::string> metric_values(const Metrics& m) {
  return {format_ratio(m.recall),   format_ratio(m.precision),      format_ratio(m.specificity),
          format_ratio(m.f1),       format_ratio(m.accuracy),       format_ratio(m.conclusiveness),
          format_ratio(m.coverage), format_ratio(m.localisation)};
}


const std::vector<std::string>& comparison_heads() {
  static const std::vector<std::string> heads = {"TP", "FN", "FP", "TN", "precision", "recall", "F1", "located"};
  return heads;
}

std::vector<std::string> comparison_values(const ComparisonCell& c) {
  return {std::to_string(c.tp),    std::to_string(c.fn),   std::to_string(c.fp), std::to_string(c.tn),
          format_ratio(c.precision()), format_ratio(c.recall()), format_ratio(c.f1()), format_ratio(c.located_rate())};
}

std::vector<std::vector<std::string>> provenance_rows(const ReportModel& m) {
  auto text = [](const std::set<std::string>& values) {
    if (values.size() == 1) return *values.begin();
    return fmt::format("{} values: {}", values.size(), fmt::join(values, ", "));
  };
  using Item = std::set<std::string> Provenance::*;
  const std::pair<const char*, Item> items[] = {{"backend version", &Provenance::backend_versions},
                                                {"manifest", &Provenance::manifest_hashes},
                                                {"MPI version", &Provenance::mpi_versions},
                                                {"runner", &Provenance::runner_versions},
                                                {"date", &Provenance::dates}};
  std::vector<std::vector<std::string>> rows;
  for (const auto& [name, item] : items) {
    std::vector<std::string> row{name};
    for (const auto& c : m.columns) row.push_back(text(c.provenance.*item));
    rows.push_back(row);
  }
  return rows;
}

}  // namespace assay
