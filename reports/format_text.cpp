// The two plain-text formats: terminal and Markdown.
#include <algorithm>

#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/formats.hpp"

namespace assay {

namespace {

// A left-aligned table with a header, for the terminal.
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) { rows_.push_back(std::move(header)); }
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::ostream& out) const {
    std::vector<std::size_t> width;
    for (const auto& r : rows_)
      for (std::size_t i = 0; i < r.size(); ++i) {
        if (width.size() <= i) width.push_back(0);
        width[i] = std::max(width[i], r[i].size());
      }
    for (std::size_t r = 0; r < rows_.size(); ++r) {
      std::string line;
      for (std::size_t i = 0; i < rows_[r].size(); ++i) line += fmt::format("{:<{}}  ", rows_[r][i], width[i]);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << "\n";
      if (r == 0) out << std::string(line.size(), '-') << "\n";
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
};

std::vector<std::string> column_names(const ReportModel& m) {
  std::vector<std::string> names;
  for (const auto& c : m.columns) names.push_back(c.name());
  return names;
}

std::vector<std::string> with_head(std::vector<std::string> head, const std::vector<std::string>& rest) {
  head.insert(head.end(), rest.begin(), rest.end());
  return head;
}

// Rows of the metric table: outcome counts, then the metrics, then RUNS>1 detection.
std::vector<std::vector<std::string>> metric_rows(const ReportModel& m) {
  std::vector<std::vector<std::string>> rows;
  for (Outcome o : kAllOutcomes) {
    std::vector<std::string> row{outcome_name(o)};
    for (const auto& mt : m.metrics) row.push_back(std::to_string(mt.counts[o]));
    rows.push_back(row);
  }
  const auto& defs = metric_definitions();
  for (std::size_t d = 0; d < defs.size(); ++d) {
    std::vector<std::string> row{defs[d].name};
    for (const auto& mt : m.metrics) row.push_back(metric_values(mt)[d]);
    rows.push_back(row);
  }
  std::vector<std::string> sys{"systematic"}, occ{"occasional"};
  for (const auto& mt : m.metrics) {
    sys.push_back(std::to_string(mt.systematic));
    occ.push_back(std::to_string(mt.occasional));
  }
  rows.push_back(sys);
  rows.push_back(occ);
  return rows;
}

constexpr const char* kRunsNote =
    "systematic / occasional: cases with RUNS > 1 classified (TP) in every run / in some runs only";
constexpr const char* kCoverageNote =
    "cells: classified/cases of each class (detected and located in the details); NS: not supported "
    "by the backend; -: not run";

}  // namespace

void render_terminal(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  out << "MPI-Assay report of " << one_line(fmt::format("{}", fmt::join(m.journals, ", "))) << "\n";
  if (!m.sessions.empty()) {
    out << "Made by (when, where, command):\n";
    for (const auto& s : m.sessions) out << "  " << one_line(s.journal + ": " + s.text()) << "\n";
  }
  if (m.empty()) {
    out << "no results in this journal\n";
  } else {
    out << "\nCoverage (" << kCoverageNote << ")\n\n";
    TextTable cov(with_head({"class"}, column_names(m)));
    std::string family, group;
    for (const auto& row : m.coverage) {
      if (row.family != family) cov.add({family = row.family});
      if (row.group != group) cov.add({"  " + (group = row.group)});
      std::vector<std::string> r{"    " + row.class_id};
      for (const auto& cell : row.cells) r.push_back(cell_text(cell));
      cov.add(r);
    }
    cov.print(out);

    out << "\nMetrics\n\n";
    TextTable met(with_head({"metric"}, column_names(m)));
    for (auto& r : metric_rows(m)) met.add(r);
    met.print(out);
    out << "\n";
    for (const auto& d : metric_definitions()) out << fmt::format("  {:<15} = {}\n", d.name, d.formula);
    out << "  " << kRunsNote << "\n";

    out << "\nComparison (" << kComparisonNote << ")\n\n";
    std::vector<std::string> head{"family / class", "column"};
    head.insert(head.end(), comparison_heads().begin(), comparison_heads().end());
    TextTable cmp(head);
    for (const auto& row : m.comparison)
      for (std::size_t c = 0; c < m.columns.size(); ++c) {
        std::vector<std::string> r{row.is_family ? row.id : "  " + row.id, m.columns[c].name()};
        for (auto& v : comparison_values(row.cells[c])) r.push_back(v);
        cmp.add(r);
      }
    cmp.print(out);

    out << "\nProvenance\n\n";
    TextTable prov(with_head({"measured with"}, column_names(m)));
    for (auto& r : provenance_rows(m)) prov.add(r);
    prov.print(out);

    out << "\nPer case\n\n";
    TextTable cases(with_head({"case", "expect"}, column_names(m)));
    for (const auto& row : m.cases) {
      std::vector<std::string> r{one_line(row.case_id), one_line(expect_text(row.expect))};
      for (const auto& cell : row.cells) r.push_back(runs_text(cell));
      cases.add(r);
    }
    cases.print(out);
  }
  if (!m.attention.empty()) {
    out << "\nNeeds attention (" << m.attention.size() << " run(s) not TP/TN/NS)\n";
    for (const auto& a : m.attention) out << "  " << one_line(attention_line(a)) << "\n";
  }
  if (!m.problems.empty()) {
    out << "\nProblems\n";
    for (const auto& p : m.problems) out << "  " << one_line(p) << "\n";
  }
}

namespace {

void markdown_row(std::ostream& out, const std::vector<std::string>& cells) {
  out << "|";
  for (const auto& c : cells) out << " " << c << " |";
  out << "\n";
}

// A header row and its separator: the first `text_columns` are left-aligned, the rest (numbers) right.
void markdown_table(std::ostream& out, const std::vector<std::string>& header, std::size_t text_columns = 1) {
  markdown_row(out, header);
  out << "|";
  for (std::size_t i = 0; i < header.size(); ++i) out << (i < text_columns ? "---|" : "---:|");
  out << "\n";
}

std::vector<std::string> escaped_columns(const ReportModel& m) {
  std::vector<std::string> v;
  for (const auto& c : m.columns) v.push_back(escape_markdown(c.name()));
  return v;
}

}  // namespace

void render_markdown(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  std::vector<std::string> journals;
  for (const auto& j : m.journals) journals.push_back(escape_markdown(j));
  out << "# MPI-Assay report\n\nJournal(s): " << fmt::format("{}", fmt::join(journals, ", ")) << "\n";
  if (!m.sessions.empty()) {
    out << "\nMade by (when, where, command):\n\n";
    for (const auto& s : m.sessions) out << "- " << escape_markdown(s.journal + ": " + s.text()) << "\n";
  }
  if (m.empty()) out << "\nNo results in this journal.\n";
  if (!m.empty()) {
    out << "\n## Coverage\n\n" << escape_markdown(kCoverageNote) << ".\n\n";
    markdown_table(out, with_head({"class"}, escaped_columns(m)));
    std::string family, group;
    for (const auto& row : m.coverage) {
      if (row.family != family) markdown_row(out, {"**" + escape_markdown(family = row.family) + "**"});
      if (row.group != group) markdown_row(out, {"*" + escape_markdown(group = row.group) + "*"});
      std::vector<std::string> r{"`" + row.class_id + "`"};
      for (const auto& cell : row.cells) r.push_back(cell_text(cell));
      markdown_row(out, r);
    }
    out << "\n## Metrics\n\n";
    markdown_table(out, with_head({"metric"}, escaped_columns(m)));
    for (auto& r : metric_rows(m)) markdown_row(out, r);
    out << "\nDefinitions:\n\n";
    for (const auto& d : metric_definitions()) out << "- **" << d.name << "** = " << escape_markdown(d.formula) << "\n";
    out << "- " << escape_markdown(kRunsNote) << "\n";

    out << "\n## Comparison\n\n" << escape_markdown(kComparisonNote) << ".\n\n";
    std::vector<std::string> head{"family / class", "column"};
    head.insert(head.end(), comparison_heads().begin(), comparison_heads().end());
    markdown_table(out, head, 2);
    for (const auto& row : m.comparison)
      for (std::size_t c = 0; c < m.columns.size(); ++c) {
        std::vector<std::string> r{row.is_family ? "**" + escape_markdown(row.id) + "**" : "`" + row.id + "`",
                                   escape_markdown(m.columns[c].name())};
        for (auto& v : comparison_values(row.cells[c])) r.push_back(v);
        markdown_row(out, r);
      }

    out << "\n## Provenance\n\n";
    markdown_table(out, with_head({"measured with"}, escaped_columns(m)));
    for (auto& r : provenance_rows(m)) {
      for (auto& cell : r) cell = escape_markdown(cell);
      markdown_row(out, r);
    }

    out << "\n## Per case\n\n";
    markdown_table(out, with_head({"case", "expect"}, escaped_columns(m)), 2);
    for (const auto& row : m.cases) {
      std::vector<std::string> r{escape_markdown(row.case_id), escape_markdown(expect_text(row.expect))};
      for (const auto& cell : row.cells) r.push_back(runs_text(cell));
      markdown_row(out, r);
    }
  }
  if (!m.attention.empty()) {
    out << "\n## Needs attention\n\n";
    for (const auto& a : m.attention) out << "- " << escape_markdown(attention_line(a)) << "\n";
  }
  if (!m.problems.empty()) {
    out << "\n## Problems\n\n";
    for (const auto& p : m.problems) out << "- " << escape_markdown(p) << "\n";
  }
}

}  // namespace assay
