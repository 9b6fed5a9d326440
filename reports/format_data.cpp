// The machine-readable formats: CSV, JSON and JUnit XML.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "reports/escape.hpp"
#include "reports/formats.hpp"

using nlohmann::json;

namespace assay {

namespace {

void csv_row(std::ostream& out, const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << escape_csv(cells[i]);
  out << "\n";
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

}  // namespace

// Four tables, each with its own header, separated by a blank line.
void render_csv(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  csv_row(out, {"table", "column", "family", "group", "class", "cases", "detected", "classified", "located",
                "not_supported"});
  for (const auto& row : m.coverage)
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      const auto& cell = row.cells[c];
      csv_row(out, {"coverage", m.columns[c].name(), row.family, row.group, row.class_id,
                    std::to_string(cell.cases), std::to_string(cell.detected), std::to_string(cell.classified),
                    std::to_string(cell.located), std::to_string(cell.not_supported)});
    }
  out << "\n";
  std::vector<std::string> header{"table", "column"};
  for (Outcome o : kAllOutcomes) header.push_back(outcome_name(o));
  for (const auto& d : metric_definitions()) header.push_back(d.name);
  header.insert(header.end(), {"systematic", "occasional"});
  csv_row(out, header);
  for (std::size_t c = 0; c < m.columns.size(); ++c) {
    const Metrics& mt = m.metrics[c];
    std::vector<std::string> row{"metrics", m.columns[c].name()};
    for (Outcome o : kAllOutcomes) row.push_back(std::to_string(mt.counts[o]));
    for (auto& v : metric_values(mt)) row.push_back(v == "n/a" ? "" : v);
    row.insert(row.end(), {std::to_string(mt.systematic), std::to_string(mt.occasional)});
    csv_row(out, row);
  }
  out << "\n";
  std::vector<std::string> cmp_head{"table", "level", "family", "class", "column"};
  cmp_head.insert(cmp_head.end(), comparison_heads().begin(), comparison_heads().end());
  csv_row(out, cmp_head);
  for (const auto& row : m.comparison)
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      std::vector<std::string> r{"comparison", row.is_family ? "family" : "class", row.family,
                                 row.is_family ? "" : row.id, m.columns[c].name()};
      for (auto& v : comparison_values(row.cells[c])) r.push_back(v == "n/a" ? "" : v);
      csv_row(out, r);
    }
  out << "\n";
  csv_row(out, {"table", "column", "backend_version", "manifest_hash", "mpi_version", "runner_version", "date"});
  const auto provenance = provenance_rows(m);
  for (std::size_t c = 0; c < m.columns.size(); ++c) {
    std::vector<std::string> row{"provenance", m.columns[c].name()};
    for (const auto& item : provenance) row.push_back(item[c + 1]);
    csv_row(out, row);
  }
  out << "\n";
  csv_row(out, {"table", "column", "case", "expect", "run", "outcome", "reason", "stdout", "stderr"});
  for (const auto& row : m.cases)
    for (std::size_t c = 0; c < m.columns.size(); ++c)
      for (const auto& r : row.cells[c])
        csv_row(out, {"run", m.columns[c].name(), row.case_id, expect_text(row.expect), std::to_string(r.run),
                      outcome_name(r.outcome), r.reason, r.stdout_path, r.stderr_path});
}

void render_json(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  json doc = {{"journals", m.journals}, {"columns", json::array()}, {"coverage", json::array()},
              {"metrics", json::array()}, {"definitions", json::object()}, {"cases", json::array()},
              {"attention", json::array()}, {"problems", m.problems}};
  for (const auto& c : m.columns)
    doc["columns"].push_back({{"name", c.name()}, {"journal", c.journal}, {"backend", c.backend}, {"mpi", c.mpi},
                              {"backend_versions", c.provenance.backend_versions},
                              {"manifest_hashes", c.provenance.manifest_hashes},
                              {"mpi_versions", c.provenance.mpi_versions},
                              {"runner_versions", c.provenance.runner_versions},
                              {"dates", c.provenance.dates}});
  for (const auto& row : m.coverage) {
    json cells = json::array();
    for (const auto& cell : row.cells)
      cells.push_back({{"cases", cell.cases}, {"detected", cell.detected}, {"classified", cell.classified},
                       {"located", cell.located}, {"not_supported", cell.not_supported}});
    doc["coverage"].push_back({{"family", row.family}, {"group", row.group}, {"class", row.class_id}, {"cells", cells}});
  }
  for (const auto& mt : m.metrics) {
    json counts = json::object();
    for (Outcome o : kAllOutcomes) counts[outcome_name(o)] = mt.counts[o];
    doc["metrics"].push_back({{"counts", counts}, {"recall", optional_number(mt.recall)},
                              {"precision", optional_number(mt.precision)},
                              {"specificity", optional_number(mt.specificity)}, {"f1", optional_number(mt.f1)},
                              {"accuracy", optional_number(mt.accuracy)},
                              {"conclusiveness", optional_number(mt.conclusiveness)},
                              {"coverage", optional_number(mt.coverage)},
                              {"localisation", optional_number(mt.localisation)}, {"located", mt.located},
                              {"systematic", mt.systematic}, {"occasional", mt.occasional}});
  }
  for (const auto& d : metric_definitions()) doc["definitions"][d.name] = d.formula;
  for (const auto& row : m.cases) {
    json cells = json::array();
    for (const auto& runs : row.cells) {
      json a = json::array();
      for (const auto& r : runs)
        a.push_back({{"run", r.run}, {"outcome", outcome_name(r.outcome)}, {"reason", r.reason},
                     {"stdout", r.stdout_path}, {"stderr", r.stderr_path}});
      cells.push_back(a);
    }
    doc["cases"].push_back({{"case", row.case_id}, {"family", row.family}, {"group", row.group},
                            {"expect", row.expect}, {"cells", cells}});
  }
  for (const auto& a : m.attention)
    doc["attention"].push_back({{"case", a.case_id}, {"column", a.column}, {"run", a.run},
                                {"outcome", outcome_name(a.outcome)}, {"reason", a.reason}, {"messages", a.messages}});
  doc["comparison"] = json::array();
  for (const auto& row : m.comparison) {
    json cells = json::array();
    for (const auto& c : row.cells)
      cells.push_back({{"tp", c.tp}, {"fn", c.fn}, {"fp", c.fp}, {"tn", c.tn}, {"located", c.located},
                       {"precision", optional_number(c.precision())}, {"recall", optional_number(c.recall())},
                       {"f1", optional_number(c.f1())}, {"located_rate", optional_number(c.located_rate())}});
    doc["comparison"].push_back({{"level", row.is_family ? "family" : "class"}, {"family", row.family},
                                 {"id", row.id}, {"cells", cells}});
  }
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

// One testsuite per column, one testcase per (case, column): a failure when a
// run's outcome is not TP/TN/NS, skipped when every run is NS.
void render_junit(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  // What measured the column, as the testsuite's properties.
  const auto provenance = provenance_rows(m);
  auto properties = [&](std::size_t c) {
    std::string p = "    <properties>\n";
    for (const auto& item : provenance)
      p += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", escape_xml(item[0]), escape_xml(item[c + 1]));
    return p + "    </properties>\n";
  };
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"mpi-assay\">\n";
  for (std::size_t c = 0; c < m.columns.size(); ++c) {
    int tests = 0, failures = 0, skipped = 0;
    std::string body;
    for (const auto& row : m.cases) {
      const auto& runs = row.cells[c];
      if (runs.empty()) continue;
      ++tests;
      std::string bad;
      bool all_ns = true;
      for (const auto& r : runs) {
        all_ns = all_ns && r.outcome == Outcome::NS;
        if (!is_good(r.outcome)) bad += fmt::format("run {}: {} - {}\n", r.run, outcome_name(r.outcome), r.reason);
      }
      body += fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n", escape_xml(row.family + "." + row.group),
                          escape_xml(row.case_id));
      if (!bad.empty()) {
        ++failures;
        body += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", escape_xml(runs_text(runs)),
                            escape_xml(expect_text(row.expect)), escape_xml(bad));
      } else if (all_ns) {
        ++skipped;
        body += "      <skipped message=\"not supported by the backend\"/>\n";
      }
      std::string outputs;
      for (const auto& r : runs)
        if (!r.stderr_path.empty()) outputs += fmt::format("run {} stderr: {}\n", r.run, r.stderr_path);
      if (!outputs.empty()) body += fmt::format("      <system-out>{}</system-out>\n", escape_xml(outputs));
      body += "    </testcase>\n";
    }
    out << fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" errors=\"0\">\n",
                       escape_xml(m.columns[c].name()), tests, failures, skipped)
        << properties(c) << body << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

}  // namespace assay
