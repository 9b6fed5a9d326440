// Self-contained HTML: inline CSS, no script, no network.
#include <cctype>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "reports/diagram.hpp"
#include "reports/escape.hpp"
#include "reports/formats.hpp"

namespace fs = std::filesystem;

namespace assay {

namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: center; }
th:first-child, td:first-child { text-align: left; }
tr.family th { background: #ddd; text-align: left; }
tr.group th { background: #eee; text-align: left; font-weight: normal; padding-left: 1.5em; }
td.class { padding-left: 2.5em; font-family: monospace; }
td.ns { background: repeating-linear-gradient(45deg, #ddd, #ddd 4px, #f6f6f6 4px, #f6f6f6 8px); color: #666; }
td.none { color: #aaa; }
.TP, .TN { background: #c8f0c8; } .NS { background: #e4e4e4; color: #666; }
.FN, .FP { background: #f6c0c0; } .WC { background: #f8e0a8; }
.TO, .RE, .CE, .TF { background: #d8c8f0; }
td.runs a, td.runs span { display: inline-block; padding: 0 0.3em; margin: 1px; color: #222; text-decoration: none; }
dl.defs dt { font-weight: bold; float: left; clear: left; width: 9em; }
dl.defs dd { margin-left: 10em; }
a.mad-link { font-size: 0.8em; }
div.mad { margin: 1.5em 0; }
div.mad h3 { font-size: 1em; margin: 0.2em 0; font-family: monospace; }
div.mad p { margin: 0.2em 0; }
)";

// Percent-encodes a path for an href (keeps '/', letters, digits and -._~).
std::string url_path(const std::string& path) {
  std::string out;
  for (char c : path) {
    auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') out += c;
    else out += fmt::format("%{:02X}", u);
  }
  return out;
}

// A run's output file, relative to the folder the report is written to.
std::string link_to(const CaseRun& r, const std::string& file, const ReportOptions& o) {
  fs::path target = fs::path(r.journal_dir) / file;
  fs::path base = fs::absolute(o.output_dir.empty() ? fs::current_path() : fs::path(o.output_dir));
  fs::path rel = target.lexically_normal().lexically_relative(base.lexically_normal());
  return url_path((rel.empty() ? target : rel).generic_string());
}

// Green for all classified, red for none: hue 0..120.
std::string share_colour(double share) {
  return fmt::format("hsl({}, 65%, 78%)", static_cast<int>(share * 120.0 + 0.5));
}

void coverage_table(const ReportModel& m, std::ostream& out) {
  out << "<h2>Coverage</h2>\n<p>Cells: classified/cases of each class, coloured from red (none) to green "
         "(all); hover for detected and located. Hatched grey: not supported by the backend (NS), "
         "distinct from a miss. -: not run.</p>\n<table class=\"coverage\">\n<tr><th>class</th>";
  for (const auto& c : m.columns) out << "<th>" << escape_html(c.name()) << "</th>";
  out << "</tr>\n";
  const std::size_t span = m.columns.size() + 1;
  std::string family, group;
  for (const auto& row : m.coverage) {
    if (row.family != family)
      out << "<tr class=\"family\"><th colspan=\"" << span << "\">" << escape_html(family = row.family) << "</th></tr>\n";
    if (row.group != group)
      out << "<tr class=\"group\"><th colspan=\"" << span << "\">" << escape_html(group = row.group) << "</th></tr>\n";
    out << "<tr><td class=\"class\">" << escape_html(row.class_id) << "</td>";
    for (const auto& cell : row.cells) {
      std::string title = escape_html(cell_detail(cell));
      if (cell.cases == 0) out << "<td class=\"none\" title=\"" << title << "\">-</td>";
      else if (cell.all_not_supported()) out << "<td class=\"ns\" title=\"" << title << "\">NS</td>";
      else
        out << "<td style=\"background: " << share_colour(*cell.share()) << "\" title=\"" << title << "\">"
            << cell_text(cell) << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void metric_table(const ReportModel& m, std::ostream& out) {
  out << "<h2>Metrics</h2>\n<table class=\"metrics\">\n<tr><th>metric</th>";
  for (const auto& c : m.columns) out << "<th>" << escape_html(c.name()) << "</th>";
  out << "</tr>\n";
  for (Outcome o : kAllOutcomes) {
    out << "<tr><td>" << outcome_name(o) << "</td>";
    for (const auto& mt : m.metrics) out << "<td>" << mt.counts[o] << "</td>";
    out << "</tr>\n";
  }
  const auto& defs = metric_definitions();
  for (std::size_t d = 0; d < defs.size(); ++d) {
    out << "<tr><td><b>" << defs[d].name << "</b></td>";
    for (const auto& mt : m.metrics) out << "<td>" << metric_values(mt)[d] << "</td>";
    out << "</tr>\n";
  }
  out << "<tr><td>systematic</td>";
  for (const auto& mt : m.metrics) out << "<td>" << mt.systematic << "</td>";
  out << "</tr>\n<tr><td>occasional</td>";
  for (const auto& mt : m.metrics) out << "<td>" << mt.occasional << "</td>";
  out << "</tr>\n</table>\n<dl class=\"defs\">\n";
  for (const auto& d : defs) out << "<dt>" << d.name << "</dt><dd>" << escape_html(d.formula) << "</dd>\n";
  out << "<dt>systematic</dt><dd>cases with RUNS &gt; 1 classified (TP) in every run</dd>\n"
         "<dt>occasional</dt><dd>... in some runs only</dd>\n</dl>\n";
}

// The side-by-side comparison: one row per family or class and column, F1
// shaded like the coverage; then F1 per family as grouped bars, one per column.
void comparison_table(const ReportModel& m, std::ostream& out) {
  out << "<h2>Comparison</h2>\n<p>" << escape_html(kComparisonNote) << ".</p>\n<table class=\"comparison\">\n"
      << "<tr><th>family / class</th><th>tool / MPI</th>";
  for (const auto& h : comparison_heads()) out << "<th>" << escape_html(h) << "</th>";
  out << "</tr>\n";
  for (const auto& row : m.comparison)
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      const ComparisonCell& cell = row.cells[c];
      out << "<tr><td>" << (row.is_family ? "<b>" + escape_html(row.id) + "</b>" : escape_html(row.id))
          << "</td><td>" << escape_html(m.columns[c].name()) << "</td>";
      auto values = comparison_values(cell);
      for (std::size_t v = 0; v < values.size(); ++v) {
        bool f1 = comparison_heads()[v] == "F1" && cell.f1();
        out << "<td" << (f1 ? " style=\"background: " + share_colour(*cell.f1()) + "\"" : std::string()) << ">"
            << values[v] << "</td>";
      }
      out << "</tr>\n";
    }
  out << "</table>\n";

  std::vector<const ComparisonRow*> families;
  for (const auto& row : m.comparison)
    if (row.is_family) families.push_back(&row);
  if (families.empty()) return;
  constexpr int bar = 14, gap = 16, height = 160, top = 20, left = 40;
  const int group = static_cast<int>(m.columns.size()) * bar + gap;
  const int width = left + static_cast<int>(families.size()) * group + 220;
  out << "<h3>F1 per family</h3>\n<svg width=\"" << width << "\" height=\"" << height + top + 40
      << "\" font-size=\"11\" role=\"img\">\n"
      << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#888\"/>\n", left, top, top + height);
  for (double t : {0.0, 0.5, 1.0})
    out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.1f}</text>\n", left - 4,
                       top + height - static_cast<int>(t * height) + 4, t);
  static const char* palette[] = {"#36c", "#c63", "#393", "#939", "#c93", "#399", "#933", "#666"};
  for (std::size_t f = 0; f < families.size(); ++f) {
    int x0 = left + 6 + static_cast<int>(f) * group;
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      auto f1 = families[f]->cells[c].f1();
      int h = f1 ? static_cast<int>(*f1 * height + 0.5) : 0;
      out << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{} {}: F1 {}</title></rect>\n",
                         x0 + static_cast<int>(c) * bar, top + height - h, bar - 2, h, palette[c % std::size(palette)],
                         escape_html(families[f]->id), escape_html(m.columns[c].name()), format_ratio(f1));
    }
    out << fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", x0, top + height + 14, escape_html(families[f]->id));
  }
  int lx = left + static_cast<int>(families.size()) * group + 10;
  for (std::size_t c = 0; c < m.columns.size(); ++c)
    out << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
                       lx, top + static_cast<int>(c) * 14, palette[c % std::size(palette)], lx + 14,
                       top + static_cast<int>(c) * 14 + 9, escape_html(m.columns[c].name()));
  out << "</svg>\n";
}

// Which backend, manifest, MPI and runner versions measured each column.
void provenance_table(const ReportModel& m, std::ostream& out) {
  out << "<h2>Provenance</h2>\n<table class=\"provenance\">\n<tr><th>measured with</th>";
  for (const auto& c : m.columns) out << "<th>" << escape_html(c.name()) << "</th>";
  out << "</tr>\n";
  for (const auto& row : provenance_rows(m)) {
    out << "<tr>";
    for (const auto& cell : row) out << "<td>" << escape_html(cell) << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n";
}

// Recall (x) against precision (y), one labelled point per column; columns
// where either is undefined are left out.
void recall_precision_plot(const ReportModel& m, std::ostream& out) {
  constexpr int size = 320, margin = 40;
  auto x = [](double v) { return margin + static_cast<int>(v * size + 0.5); };
  auto y = [](double v) { return margin + static_cast<int>((1 - v) * size + 0.5); };
  out << "<h2>Recall and precision</h2>\n<svg width=\"" << size + 2 * margin + 160
      << "\" height=\"" << size + 2 * margin << "\" font-size=\"11\" role=\"img\">\n"
      << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#888\"/>\n", margin,
                     margin, size, size);
  for (double t : {0.0, 0.5, 1.0})
    out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.1f}</text>", x(t), size + margin + 14, t)
        << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{:.1f}</text>\n", margin - 4, y(t) + 4, t);
  out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">recall</text>", margin + size / 2,
                     size + margin + 30)
      << fmt::format("<text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\" text-anchor=\"middle\">precision</text>\n",
                     margin + size / 2, margin + size / 2);
  std::map<std::pair<int, int>, int> labels_at;  // columns on the same point: labels stacked, not overprinted
  for (std::size_t c = 0; c < m.columns.size(); ++c) {
    const Metrics& mt = m.metrics[c];
    if (!mt.recall || !mt.precision) continue;
    int stacked = labels_at[{x(*mt.recall), y(*mt.precision)}]++;
    out << fmt::format("<g class=\"point\"><circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"#36c\"/>", x(*mt.recall),
                       y(*mt.precision))
        << fmt::format("<text x=\"{}\" y=\"{}\">{}</text></g>\n", x(*mt.recall) + 6, y(*mt.precision) - 6 + 13 * stacked,
                       escape_html(m.columns[c].name()));
  }
  out << "</svg>\n";
}

// The memory-access diagrams of every run, in case-matrix order; the case
// matrix links to them by index.
struct Diagram {
  const CaseRow* row;
  std::size_t column;
  const CaseRun* run;
  const Finding* finding;
  std::string svg;
};

std::vector<Diagram> diagrams_of(const ReportModel& m) {
  std::vector<Diagram> out;
  for (const auto& row : m.cases)
    for (std::size_t c = 0; c < row.cells.size(); ++c)
      for (const auto& r : row.cells[c])
        for (const auto& f : r.timed_findings)
          if (auto svg = memory_access_diagram(f)) out.push_back({&row, c, &r, &f, std::move(*svg)});
  return out;
}

void case_matrix(const ReportModel& m, const ReportOptions& o, const std::vector<Diagram>& diagrams,
                 std::ostream& out) {
  out << "<h2>Per case</h2>\n<p>Each outcome links to the run's stderr; hover for the reason. "
         "&#9671; links to a memory-access diagram of the run's finding.</p>\n"
         "<table class=\"cases\">\n<tr><th>case</th><th>expect</th>";
  for (const auto& c : m.columns) out << "<th>" << escape_html(c.name()) << "</th>";
  out << "</tr>\n";
  for (const auto& row : m.cases) {
    out << "<tr><td>" << escape_html(row.case_id) << "</td><td>" << escape_html(expect_text(row.expect)) << "</td>";
    for (const auto& runs : row.cells) {
      out << "<td class=\"runs\">";
      if (runs.empty()) out << "-";
      for (const auto& r : runs) {
        const char* name = outcome_name(r.outcome);
        std::string title = escape_html(fmt::format("run {}: {}", r.run, r.reason));
        if (r.stderr_path.empty())
          out << "<span class=\"" << name << "\" title=\"" << title << "\">" << name << "</span>";
        else
          out << "<a class=\"" << name << "\" title=\"" << title << "\" href=\""
              << escape_html(link_to(r, r.stderr_path, o)) << "\">" << name << "</a>";
        for (std::size_t d = 0; d < diagrams.size(); ++d)
          if (diagrams[d].run == &r)
            out << "<a class=\"mad-link\" href=\"#mad-" << d + 1 << "\" title=\"memory-access diagram\">&#9671;</a>";
      }
      out << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

// One diagram per finding with timed accesses, with what it is and where the run's output is.
void diagram_section(const ReportModel& m, const ReportOptions& o, const std::vector<Diagram>& diagrams,
                     std::ostream& out) {
  if (diagrams.empty()) return;
  out << "<h2>Memory-access diagrams</h2>\n<p>x: logical time of the reporting rank; y: addresses touched. "
         "Lines: loads and stores (green read, red write); rectangles: asynchronous accesses, from the call "
         "to the synchronisation that completed it; an overlap is a race. The conflicting pair is outlined in "
         "yellow. Hover a shape for its source location.</p>\n";
  for (std::size_t d = 0; d < diagrams.size(); ++d) {
    const Diagram& g = diagrams[d];
    out << "<div class=\"mad\" id=\"mad-" << d + 1 << "\">\n<h3>"
        << escape_html(fmt::format("{} on {}, run {}: {}", g.row->case_id, m.columns[g.column].name(), g.run->run,
                                   g.finding->error_class))
        << "</h3>\n<p>" << escape_html(g.finding->message);
    if (!g.run->stderr_path.empty())
      out << " &middot; <a href=\"" << escape_html(link_to(*g.run, g.run->stderr_path, o)) << "\">stderr</a>";
    if (!g.run->stdout_path.empty())
      out << " &middot; <a href=\"" << escape_html(link_to(*g.run, g.run->stdout_path, o)) << "\">stdout</a>";
    out << "</p>\n" << g.svg << "</div>\n";
  }
}

void text_list(const char* heading, const std::vector<std::string>& items, std::ostream& out) {
  if (items.empty()) return;
  out << "<h2>" << heading << "</h2>\n<ul>\n";
  for (const auto& i : items) out << "<li>" << escape_html(i) << "</li>\n";
  out << "</ul>\n";
}

}  // namespace

void render_html(const ReportModel& m, const ReportOptions& o, std::ostream& out) {
  std::string journals = escape_html(fmt::format("{}", fmt::join(m.journals, ", ")));
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>MPI-Assay report: "
      << journals << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>MPI-Assay report</h1>\n"
      << "<p>Journal(s): " << journals << "</p>\n";
  if (!m.sessions.empty()) {
    out << "<p>Made by (when, where, command):</p>\n<ul class=\"sessions\">\n";
    for (const auto& s : m.sessions) out << "<li>" << escape_html(s.journal + ": " + s.text()) << "</li>\n";
    out << "</ul>\n";
  }
  if (m.empty()) out << "<p>No results in this journal.</p>\n";
  else {
    coverage_table(m, out);
    metric_table(m, out);
    comparison_table(m, out);
    provenance_table(m, out);
    recall_precision_plot(m, out);
    auto diagrams = diagrams_of(m);
    case_matrix(m, o, diagrams, out);
    diagram_section(m, o, diagrams, out);
  }
  std::vector<std::string> attention;
  for (const auto& a : m.attention) attention.push_back(attention_line(a));
  text_list("Needs attention", attention, out);
  text_list("Problems", m.problems, out);
  out << "</body>\n</html>\n";
}

}  // namespace assay
