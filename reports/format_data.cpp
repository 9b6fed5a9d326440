// The machine-readable formats: CSV, JSON and JUnit XML.
#include <map>

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

// The journal of column `c`, also when a single journal leaves columns unlabelled.
std::string journal_of(const ReportModel& m, std::size_t c) {
  return m.columns[c].journal.empty() && !m.journals.empty() ? m.journals.front() : m.columns[c].journal;
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

}  // namespace

// Every run, one row each: a tidy table (one variable per column, one
// observation per row). Counts per class are `csv-summary`.
void render_csv(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  csv_row(out, {"journal", "backend", "mpi", "case", "family", "group", "expect", "run", "outcome", "reason", "stdout",
                "stderr", "backend_version", "manifest_hash", "mpi_version", "runner_version", "date"});
  auto text = [](const std::string* s) { return s ? *s : std::string("unknown"); };
  for (const auto& row : m.cases)
    for (std::size_t c = 0; c < m.columns.size(); ++c)
      for (const auto& r : row.cells[c])
        csv_row(out, {journal_of(m, c), m.columns[c].backend, m.columns[c].mpi, row.case_id, row.family, row.group,
                      expect_text(row.expect), std::to_string(r.run), outcome_name(r.outcome), r.reason,
                      r.stdout_path, r.stderr_path, text(r.backend_version), text(r.manifest_hash),
                      text(r.mpi_version), text(r.runner_version), text(r.day)});
}

// One row per (family or class, backend, MPI): the coverage counts of the class's
// cases and the comparison counts of its runs (ComparisonCell). `level` says
// whether a row is a family's total (its class and coverage cells empty) or a class.
void render_csv_summary(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  std::vector<std::string> head{"journal", "backend", "mpi", "level", "family", "class", "cases", "detected",
                                "classified", "located_cases", "not_supported"};
  head.insert(head.end(), comparison_heads().begin(), comparison_heads().end());
  csv_row(out, head);
  std::map<std::string, const CoverageRow*> coverage;
  for (const auto& row : m.coverage) coverage[row.class_id] = &row;
  for (const auto& row : m.comparison)
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      std::vector<std::string> r{journal_of(m, c), m.columns[c].backend, m.columns[c].mpi,
                                 row.is_family ? "family" : "class", row.family, row.is_family ? "" : row.id};
      auto cov = row.is_family ? coverage.end() : coverage.find(row.id);
      if (cov != coverage.end()) {
        const CoverageCell& cell = cov->second->cells[c];
        for (int v : {cell.cases, cell.detected, cell.classified, cell.located, cell.not_supported})
          r.push_back(std::to_string(v));
      } else {
        r.insert(r.end(), 5, "");
      }
      for (auto& v : comparison_values(row.cells[c])) r.push_back(v == "n/a" ? "" : v);
      csv_row(out, r);
    }
}

void render_json(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  json doc = {{"journals", m.journals}, {"columns", json::array()}, {"coverage", json::array()},
              {"metrics", json::array()}, {"definitions", json::object()}, {"cases", json::array()},
              {"attention", json::array()}, {"problems", m.problems}};
  doc["sessions"] = json::array();
  for (const auto& s : m.sessions)
    doc["sessions"].push_back({{"journal", s.journal}, {"started", s.started}, {"host", s.host}, {"argv", s.argv},
                               {"mpi_versions", s.mpi_versions}});
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
// run's outcome is not TP/TN/NS and not a known miss of the backend (so JUnit
// agrees with `run --check`), skipped with the reason when the only such runs are
// known misses, skipped when every run is NS.
void render_junit(const ReportModel& m, const ReportOptions&, std::ostream& out) {
  // What measured the column, as the testsuite's properties.
  const auto provenance = provenance_rows(m);
  auto properties = [&](std::size_t c) {
    std::string p = "    <properties>\n";
    for (const auto& item : provenance)
      p += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", escape_xml(item[0]), escape_xml(item[c + 1]));
    for (const auto& s : m.sessions)
      p += fmt::format("      <property name=\"made by\" value=\"{}\"/>\n", escape_xml(s.journal + ": " + s.text()));
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
      std::string bad, known;  // runs to act on; known misses (expected-results), as run --check
      bool all_ns = true;
      for (const auto& r : runs) {
        all_ns = all_ns && r.outcome == Outcome::NS;
        if (is_good(r.outcome)) continue;
        if (r.known_miss.empty()) bad += fmt::format("run {}: {} - {}\n", r.run, outcome_name(r.outcome), r.reason);
        else known += fmt::format("{}run {}: {} is a known miss ({})", known.empty() ? "" : "; ", r.run, outcome_name(r.outcome), r.known_miss);
      }
      body += fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n", escape_xml(row.family + "." + row.group),
                          escape_xml(row.case_id));
      if (!bad.empty()) {
        ++failures;
        body += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", escape_xml(runs_text(runs)),
                            escape_xml(expect_text(row.expect)), escape_xml(bad));
      } else if (!known.empty()) {
        ++skipped;
        body += fmt::format("      <skipped message=\"{}\"/>\n", escape_xml(known));
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
