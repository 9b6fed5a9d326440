// LaTeX tables in booktabs style, to \input into a paper (needs \usepackage{booktabs,longtable};
// the per-case table is a longtable, so it breaks across pages).
#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/formats.hpp"

namespace assay {

namespace {

void begin_table(std::ostream& out, const std::string& caption, std::size_t extra_left,
                 const std::vector<Column>& columns, const std::vector<std::string>& left_heads) {
  out << "\\begin{table}[htbp]\n\\centering\n\\caption{" << escape_latex(caption) << "}\n\\begin{tabular}{"
      << std::string(extra_left, 'l') << std::string(columns.size(), 'r') << "}\n\\toprule\n";
  std::string head;
  for (const auto& h : left_heads) head += (head.empty() ? "" : " & ") + escape_latex(h);
  for (const auto& c : columns) head += " & " + escape_latex(c.name());
  out << head << " \\\\\n\\midrule\n";
}

void end_table(std::ostream& out) { out << "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n"; }

}  // namespace

void render_latex(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  out << "% MPI-Assay report of " << escape_latex(fmt::format("{}", fmt::join(m.journals, ", ")))
      << "\n% requires \\usepackage{booktabs,longtable}\n\n";
  if (!m.sessions.empty()) {
    out << "\\paragraph{Made by (when, where, command)}\n\\begin{itemize}\n";
    for (const auto& s : m.sessions) out << "\\item " << escape_latex(s.journal + ": " + s.text()) << "\n";
    out << "\\end{itemize}\n\n";
  }
  if (m.empty()) {
    out << "No results in this journal.\n";
    return;
  }
  begin_table(out, "Coverage: classified/cases per class (NS: not supported, -: not run)", 1, m.columns, {"class"});
  std::string family;
  for (const auto& row : m.coverage) {
    if (row.family != family) {
      if (!family.empty()) out << "\\midrule\n";
      out << "\\multicolumn{" << m.columns.size() + 1 << "}{l}{\\textbf{" << escape_latex(family = row.family)
          << "}} \\\\\n";
    }
    out << "\\texttt{" << escape_latex(row.class_id) << "}";
    for (const auto& cell : row.cells) out << " & " << cell_text(cell);
    out << " \\\\\n";
  }
  end_table(out);

  begin_table(out, "Outcomes and metrics", 1, m.columns, {"metric"});
  for (Outcome o : kAllOutcomes) {
    out << outcome_name(o);
    for (const auto& mt : m.metrics) out << " & " << mt.counts[o];
    out << " \\\\\n";
  }
  out << "\\midrule\n";
  const auto& defs = metric_definitions();
  for (std::size_t d = 0; d < defs.size(); ++d) {
    out << defs[d].name;
    for (const auto& mt : m.metrics) out << " & " << metric_values(mt)[d];
    out << " \\\\\n";
  }
  end_table(out);
  out << "\\begin{description}\n";
  for (const auto& d : defs) out << "\\item[" << d.name << "] " << escape_latex(d.formula) << "\n";
  out << "\\end{description}\n\n";

  // The side-by-side comparison, one row per family or class and column: narrow
  // enough for a paper column layout whatever the number of tools.
  out << "\\begin{table}[htbp]\n\\centering\n\\caption{" << escape_latex("Comparison per family and class: " +
                                                                          std::string(kComparisonNote))
      << "}\n\\label{tab:mpi-assay-comparison}\n\\begin{tabular}{ll" << std::string(comparison_heads().size(), 'r')
      << "}\n\\toprule\nfamily / class & tool / MPI";
  for (const auto& h : comparison_heads()) out << " & " << escape_latex(h);
  out << " \\\\\n\\midrule\n";
  for (std::size_t r = 0; r < m.comparison.size(); ++r) {
    const auto& row = m.comparison[r];
    if (row.is_family && r > 0) out << "\\midrule\n";
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      if (c == 0) out << (row.is_family ? "\\textbf{" + escape_latex(row.id) + "}" : "\\texttt{" + escape_latex(row.id) + "}");
      out << " & " << escape_latex(m.columns[c].name());
      for (const auto& v : comparison_values(row.cells[c])) out << " & " << escape_latex(v);
      out << " \\\\\n";
    }
  }
  end_table(out);

  begin_table(out, "Provenance: what measured each column", 1, m.columns, {"measured with"});
  for (const auto& row : provenance_rows(m)) {
    out << escape_latex(row[0]);
    for (std::size_t c = 1; c < row.size(); ++c) out << " & \\texttt{" << escape_latex(row[c]) << "}";
    out << " \\\\\n";
  }
  end_table(out);

  // The per-case table runs over many pages: a longtable repeats its head on each.
  {
    const std::string spec = "ll" + std::string(m.columns.size(), 'r');
    std::string head = "case & expect";
    for (const auto& c : m.columns) head += " & " + escape_latex(c.name());
    head += " \\\\\n";
    out << "\\begin{longtable}{" << spec << "}\n\\caption{Outcome per case}\\\\\n\\toprule\n" << head
        << "\\midrule\n\\endfirsthead\n\\toprule\n" << head << "\\midrule\n\\endhead\n\\bottomrule\n\\endlastfoot\n";
  }
  for (const auto& row : m.cases) {
    out << "\\texttt{" << escape_latex(row.case_id) << "} & " << escape_latex(expect_text(row.expect));
    for (const auto& runs : row.cells) out << " & " << runs_text(runs);
    out << " \\\\\n";
  }
  out << "\\end{longtable}\n\n";
  if (!m.attention.empty()) {
    out << "\\paragraph{Needs attention}\n\\begin{itemize}\n";
    for (const auto& a : m.attention) out << "\\item " << escape_latex(attention_line(a)) << "\n";
    out << "\\end{itemize}\n";
  }
  if (!m.problems.empty()) {
    out << "\\paragraph{Problems}\n\\begin{itemize}\n";
    for (const auto& p : m.problems) out << "\\item " << escape_latex(p) << "\n";
    out << "\\end{itemize}\n";
  }
}

}  // namespace assay
