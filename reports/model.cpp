#include "reports/model.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "reports/diagram.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace assay {

namespace {

std::string text_field(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> string_list(const json& j, const char* key) {
  std::vector<std::string> out;
  auto it = j.find(key);
  if (it == j.end() || !it->is_array()) return out;
  for (const auto& v : *it)
    if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}

bool bool_field(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

bool erroneous(const std::vector<std::string>& expect) {
  return !expect.empty() && !(expect.size() == 1 && expect[0] == "ok");
}

std::optional<double> ratio(int num, int den) {
  if (den <= 0) return std::nullopt;
  return static_cast<double>(num) / static_cast<double>(den);
}

// What the tool said in one run, one line each, for the attention list.
std::vector<std::string> messages_of(const json& rec) {
  std::vector<std::string> out;
  if (auto it = rec.find("findings"); it != rec.end() && it->is_array())
    for (const auto& f : *it)
      if (f.is_object()) out.push_back(text_field(f, "class") + ": " + text_field(f, "message"));
  for (const auto& p : string_list(rec, "problems")) out.push_back("problem: " + p);
  return out;
}

// The findings of one run that carry logical times, for memory-access diagrams.
// A finding the schema rejects is left out: the runner already reported it.
std::vector<Finding> timed_findings_of(const json& rec) {
  std::vector<Finding> out;
  auto it = rec.find("findings");
  if (it == rec.end() || !it->is_array()) return out;
  for (const auto& j : *it) {
    try {
      Finding f = finding_from_json(j);
      if (has_timed_accesses(f)) out.push_back(std::move(f));
    } catch (const std::exception&) {
    }
  }
  return out;
}

// One case's runs in one column, for the coverage counts.
struct CaseInColumn {
  std::vector<std::string> expect;
  std::vector<const json*> runs;
};

void count_case(CoverageCell& cell, const std::string& cls, const CaseInColumn& c) {
  ++cell.cases;
  bool detected = false, classified = false, located = false, all_ns = true;
  for (const json* r : c.runs) {
    auto matched = string_list(*r, "matched_classes");
    bool has_class = std::count(matched.begin(), matched.end(), cls) > 0;
    detected = detected || bool_field(*r, "detected");
    classified = classified || has_class;
    located = located || (has_class && bool_field(*r, "located"));
    all_ns = all_ns && text_field(*r, "outcome") == "NS";
  }
  cell.detected += detected;
  cell.classified += classified;
  cell.located += located;
  cell.not_supported += all_ns;
}

using ComparisonCounts = std::map<std::pair<std::string, std::size_t>, ComparisonCell>;

// One run into the comparison (see ComparisonCell in model.hpp).
void count_comparison(const json& rec, Outcome outcome, const std::vector<std::string>& expect,
                      const std::map<std::string, std::vector<std::string>>& family_classes, std::size_t column,
                      ComparisonCounts& by_family, ComparisonCounts& by_class) {
  const std::string family = text_field(rec, "family");
  const bool located = bool_field(rec, "located");
  if (erroneous(expect)) {
    const bool miss = outcome == Outcome::FN || outcome == Outcome::TO || outcome == Outcome::RE;
    ComparisonCell& fam = by_family[{family, column}];
    if (outcome == Outcome::TP) ++fam.tp, fam.located += located;
    else if (miss) ++fam.fn;
    const auto matched = string_list(rec, "matched_classes");
    for (const auto& cls : expect) {
      ComparisonCell& cell = by_class[{cls, column}];
      if (std::count(matched.begin(), matched.end(), cls) > 0) ++cell.tp, cell.located += located;
      else if (miss) ++cell.fn;
    }
    return;
  }
  if (outcome != Outcome::TN && outcome != Outcome::FP) return;
  ++(outcome == Outcome::FP ? by_family[{family, column}].fp : by_family[{family, column}].tn);
  std::vector<std::string> reported;
  if (auto it = rec.find("findings"); it != rec.end() && it->is_array())
    for (const auto& f : *it)
      if (f.is_object()) reported.push_back(text_field(f, "class"));
  auto fam = family_classes.find(family);
  if (fam == family_classes.end()) return;
  for (const auto& cls : fam->second) {
    bool hit = std::any_of(reported.begin(), reported.end(), [&](const std::string& r) {
      return r == cls || (!r.empty() && cls.rfind(r + ".", 0) == 0);  // a group finding counts for its classes
    });
    ++(hit ? by_class[{cls, column}].fp : by_class[{cls, column}].tn);
  }
}

}  // namespace

JournalInput load_journal_input(const std::string& path) {
  if (!fs::is_regular_file(path)) throw std::runtime_error(path + ": no such journal");
  fs::path p = fs::absolute(path).lexically_normal();
  JournalInput in;
  in.dir = p.parent_path().string();
  in.label = p.parent_path().filename().string();
  in.contents = read_journal(path);
  return in;
}

std::string Column::name() const {
  std::string s = backend + "/" + mpi;
  return journal.empty() ? s : s + "@" + journal;
}

int OutcomeCounts::total() const {
  int t = 0;
  for (int v : n) t += v;
  return t;
}

bool is_good(Outcome o) { return o == Outcome::TP || o == Outcome::TN || o == Outcome::NS; }

Metrics compute_metrics(const OutcomeCounts& c, int missed, int located) {
  using O = Outcome;
  Metrics m;
  m.counts = c;
  m.missed = missed;
  m.located = located;
  const int all = c.total();
  m.recall = ratio(c[O::TP], c[O::TP] + missed);
  m.precision = ratio(c[O::TP], c[O::TP] + c[O::FP]);
  m.specificity = ratio(c[O::TN], c[O::TN] + c[O::FP]);
  if (m.recall && m.precision && *m.recall + *m.precision > 0)
    m.f1 = 2 * *m.recall * *m.precision / (*m.recall + *m.precision);
  m.accuracy = ratio(c[O::TP] + c[O::TN], all);
  if (auto inconclusive = ratio(c[O::CE] + c[O::RE] + c[O::TO] + c[O::TF], all))
    m.conclusiveness = 1 - *inconclusive;
  if (auto ns = ratio(c[O::NS], all)) m.coverage = 1 - *ns;
  m.localisation = ratio(located, c[O::TP]);
  return m;
}

const std::vector<MetricDefinition>& metric_definitions() {
  static const std::vector<MetricDefinition> defs = {
      {"recall", "TP / (TP + FN), where FN also counts TO and RE on erroneous cases"},
      {"precision", "TP / (TP + FP)"},
      {"specificity", "TN / (TN + FP)"},
      {"F1", "2 * precision * recall / (precision + recall)"},
      {"accuracy", "(TP + TN) / all"},
      {"conclusiveness", "1 - (CE + RE + TO + TF) / all"},
      {"coverage", "1 - NS / all"},
      {"localisation", "located TP / TP"},
  };
  return defs;
}

std::optional<double> ComparisonCell::precision() const { return ratio(tp, tp + fp); }
std::optional<double> ComparisonCell::recall() const { return ratio(tp, tp + fn); }
std::optional<double> ComparisonCell::f1() const {
  auto p = precision(), r = recall();
  if (!p || !r || *p + *r <= 0) return std::nullopt;
  return 2 * *p * *r / (*p + *r);
}
std::optional<double> ComparisonCell::located_rate() const { return ratio(located, tp); }

std::optional<double> CoverageCell::share() const { return ratio(classified, cases); }

ReportModel build_model(const std::vector<JournalInput>& journals, const Taxonomy& taxonomy) {
  ReportModel m;
  const bool label_columns = journals.size() > 1;
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> column_index;
  struct Entry {
    std::size_t column;
    std::string journal_dir;
    json record;
  };
  std::vector<Entry> entries;

  for (const auto& j : journals) {
    m.journals.push_back(j.label);
    for (const auto& p : j.contents.problems) m.problems.push_back(p.str());
    for (auto& [key, rec] : j.contents.latest_results()) {
      auto ckey = std::make_tuple(label_columns ? j.label : std::string(), key.backend, key.mpi);
      auto [it, added] = column_index.try_emplace(ckey, 0);
      if (added) m.columns.push_back({std::get<0>(ckey), key.backend, key.mpi});
      entries.push_back({0, j.dir, rec});
    }
  }
  // Columns sorted by (journal order, backend, mpi) so every format agrees.
  std::vector<std::string> order = m.journals;
  auto journal_rank = [&](const std::string& label) {
    return std::find(order.begin(), order.end(), label) - order.begin();
  };
  std::stable_sort(m.columns.begin(), m.columns.end(), [&](const Column& a, const Column& b) {
    return std::make_tuple(journal_rank(a.journal), a.backend, a.mpi) <
           std::make_tuple(journal_rank(b.journal), b.backend, b.mpi);
  });
  for (std::size_t i = 0; i < m.columns.size(); ++i)
    column_index[{m.columns[i].journal, m.columns[i].backend, m.columns[i].mpi}] = i;
  {
    std::size_t e = 0;
    for (const auto& j : journals)
      for (const auto& [key, rec] : j.contents.latest_results())
        entries[e++].column = column_index[{label_columns ? j.label : std::string(), key.backend, key.mpi}];
  }

  const std::size_t ncol = m.columns.size();
  std::vector<OutcomeCounts> counts(ncol);
  std::vector<int> missed(ncol), located(ncol), systematic(ncol), occasional(ncol);
  std::map<std::string, CaseRow> rows;
  std::map<std::pair<std::string, std::size_t>, CaseInColumn> per_case;  // (case, column)
  // The comparison's counts per (family or class, column), and the classes of each family.
  std::map<std::pair<std::string, std::size_t>, ComparisonCell> by_family, by_class;
  std::map<std::string, std::vector<std::string>> family_classes;
  for (const auto& cls : taxonomy.classes()) family_classes[cls.family()].push_back(cls.id);

  for (const auto& e : entries) {
    const json& rec = e.record;
    const std::string id = text_field(rec, "case");
    Provenance& p = m.columns[e.column].provenance;
    auto known = [&](const char* field) {
      std::string v = text_field(rec, field);
      return v.empty() ? std::string("unknown") : v;
    };
    p.backend_versions.insert(known("backend_version"));
    p.manifest_hashes.insert(known("manifest_hash"));
    p.mpi_versions.insert(known("mpi_version"));
    p.runner_versions.insert(known("runner_version"));
    std::string started = text_field(rec, "started");
    p.dates.insert(started.size() >= 10 ? started.substr(0, 10) : std::string("unknown"));
    const std::string text = text_field(rec, "outcome");
    auto outcome = outcome_from_name(text);
    if (!outcome) {
      m.problems.push_back(fmt::format("{} on {}: unknown outcome '{}' (ignored)", id,
                                       m.columns[e.column].name(), text));
      continue;
    }
    auto expect = string_list(rec, "expect");
    ++counts[e.column][*outcome];
    bool err = erroneous(expect);
    if (err && (*outcome == Outcome::FN || *outcome == Outcome::TO || *outcome == Outcome::RE))
      ++missed[e.column];
    if (*outcome == Outcome::TP && bool_field(rec, "located")) ++located[e.column];
    count_comparison(rec, *outcome, expect, family_classes, e.column, by_family, by_class);

    CaseRow& row = rows[id];
    if (row.case_id.empty()) {
      row.case_id = id;
      row.family = text_field(rec, "family");
      row.group = text_field(rec, "group");
      row.expect = expect;
      row.cells.resize(ncol);
    }
    CaseRun run{rec.value("run", 1), *outcome, text_field(rec, "reason"), text_field(rec, "stdout"),
                text_field(rec, "stderr"), e.journal_dir, timed_findings_of(rec)};
    row.cells[e.column].push_back(run);
    auto& pc = per_case[{id, e.column}];
    pc.expect = expect;
    pc.runs.push_back(&rec);
    if (!is_good(*outcome))
      m.attention.push_back({id, m.columns[e.column].name(), run.run, *outcome, run.reason, messages_of(rec)});
  }

  for (auto& [id, row] : rows) {
    for (std::size_t c = 0; c < ncol; ++c) {
      auto& runs = row.cells[c];
      std::sort(runs.begin(), runs.end(), [](const CaseRun& a, const CaseRun& b) { return a.run < b.run; });
      if (runs.size() < 2) continue;
      auto tp = std::count_if(runs.begin(), runs.end(), [](const CaseRun& r) { return r.outcome == Outcome::TP; });
      if (tp == static_cast<long>(runs.size())) ++systematic[c];
      else if (tp > 0) ++occasional[c];
    }
    m.cases.push_back(std::move(row));
  }
  for (std::size_t c = 0; c < ncol; ++c) {
    m.metrics.push_back(compute_metrics(counts[c], missed[c], located[c]));
    m.metrics.back().systematic = systematic[c];
    m.metrics.back().occasional = occasional[c];
  }

  // Coverage: one row per taxonomy class that some case expects, in taxonomy order.
  std::set<std::string> known;
  for (const auto& cls : taxonomy.classes()) {
    CoverageRow row{cls.family(), cls.group(), cls.id, std::vector<CoverageCell>(ncol)};
    known.insert(cls.id);
    bool any = false;
    for (const auto& [key, pc] : per_case) {
      if (std::count(pc.expect.begin(), pc.expect.end(), cls.id) == 0) continue;
      count_case(row.cells[key.second], cls.id, pc);
      any = true;
    }
    if (any) m.coverage.push_back(std::move(row));
  }
  // Comparison: each family with classes in the coverage, then those classes.
  for (const auto& row : m.coverage) {
    if (m.comparison.empty() || m.comparison.back().family != row.family) {
      ComparisonRow fam{true, row.family, row.family, std::vector<ComparisonCell>(ncol)};
      for (std::size_t c = 0; c < ncol; ++c) fam.cells[c] = by_family[{row.family, c}];
      m.comparison.push_back(std::move(fam));
    }
    ComparisonRow cls{false, row.family, row.class_id, std::vector<ComparisonCell>(ncol)};
    for (std::size_t c = 0; c < ncol; ++c) cls.cells[c] = by_class[{row.class_id, c}];
    m.comparison.push_back(std::move(cls));
  }
  std::set<std::string> unknown;
  for (const auto& [key, pc] : per_case)
    for (const auto& cls : pc.expect)
      if (cls != "ok" && !known.count(cls)) unknown.insert(cls);
  for (const auto& cls : unknown)
    m.problems.push_back(fmt::format("class '{}' expected by a case is not in the taxonomy", cls));
  std::sort(m.attention.begin(), m.attention.end(), [](const Attention& a, const Attention& b) {
    return std::tie(a.case_id, a.column, a.run) < std::tie(b.case_id, b.column, b.run);
  });
  return m;
}

}  // namespace assay
