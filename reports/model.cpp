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
  const std::vector<std::string>* expect = nullptr;
  std::vector<const ResultRow*> runs;
};

void count_case(CoverageCell& cell, const std::string& cls, const CaseInColumn& c) {
  ++cell.cases;
  bool detected = false, classified = false, located = false, all_ns = true;
  for (const ResultRow* r : c.runs) {
    const auto& matched = r->matched_classes;
    bool has_class = std::count(matched.begin(), matched.end(), cls) > 0;
    detected = detected || r->detected;
    classified = classified || has_class;
    located = located || (has_class && r->located);
    all_ns = all_ns && r->outcome == "NS";
  }
  cell.detected += detected;
  cell.classified += classified;
  cell.located += located;
  cell.not_supported += all_ns;
}

using ComparisonCounts = std::map<std::pair<std::string, std::size_t>, ComparisonCell>;

// One run into the comparison (see ComparisonCell in model.hpp).
void count_comparison(const ResultRow& rec, Outcome outcome,
                      const std::map<std::string, std::vector<std::string>>& family_classes, std::size_t column,
                      ComparisonCounts& by_family, ComparisonCounts& by_class) {
  const std::string& family = *rec.family;
  const bool located = rec.located;
  const auto& expect = rec.expect;
  if (erroneous(expect)) {
    const bool miss = outcome == Outcome::FN || outcome == Outcome::TO || outcome == Outcome::RE;
    ComparisonCell& fam = by_family[{family, column}];
    if (outcome == Outcome::TP) ++fam.tp, fam.located += located;
    else if (miss) ++fam.fn;
    const auto& matched = rec.matched_classes;
    for (const auto& cls : expect) {
      ComparisonCell& cell = by_class[{cls, column}];
      if (std::count(matched.begin(), matched.end(), cls) > 0) ++cell.tp, cell.located += located;
      else if (miss) ++cell.fn;
    }
    return;
  }
  if (outcome != Outcome::TN && outcome != Outcome::FP) return;
  ++(outcome == Outcome::FP ? by_family[{family, column}].fp : by_family[{family, column}].tn);
  const auto& reported = rec.finding_classes;
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

void JournalInput::add_result(const json& rec) {
  ResultRow row;
  row.family = intern(text_field(rec, "family"));
  row.group = intern(text_field(rec, "group"));
  row.expect = string_list(rec, "expect");
  row.outcome = text_field(rec, "outcome");
  row.detected = bool_field(rec, "detected");
  row.located = bool_field(rec, "located");
  row.matched_classes = string_list(rec, "matched_classes");
  row.reason = text_field(rec, "reason");
  row.stdout_path = text_field(rec, "stdout");
  row.stderr_path = text_field(rec, "stderr");
  if (auto it = rec.find("findings"); it != rec.end() && it->is_array())
    for (const auto& f : *it)
      if (f.is_object()) row.finding_classes.push_back(text_field(f, "class"));
  const auto outcome = outcome_from_name(row.outcome);
  if (!outcome || !is_good(*outcome)) row.messages = messages_of(rec);
  row.timed_findings = timed_findings_of(rec);
  auto known = [&](const char* field) {
    std::string v = text_field(rec, field);
    return intern(v.empty() ? std::string("unknown") : v);
  };
  row.backend_version = known("backend_version");
  row.manifest_hash = known("manifest_hash");
  row.mpi_version = known("mpi_version");
  row.runner_version = known("runner_version");
  const std::string started = text_field(rec, "started");
  row.day = intern(started.size() >= 10 ? started.substr(0, 10) : std::string("unknown"));
  latest.insert_or_assign(key_of(rec), std::move(row));
}

JournalInput load_journal_input(const std::string& path) {
  if (!fs::is_regular_file(path)) throw std::runtime_error(path + ": no such journal");
  fs::path p = fs::absolute(path).lexically_normal();
  JournalInput in;
  in.path = path;
  in.dir = p.parent_path().string();
  in.label = p.parent_path().filename().string();
  JournalScan scan = scan_journal(path, [&](json&& record, int) {
    const std::string type = text_field(record, "type");
    if (type == "result") in.add_result(record);
    else if (type == "session") in.sessions.push_back(std::move(record));
  });
  in.unreadable = std::move(scan.problems);
  in.invalid = std::move(scan.invalid);
  const bool empty = in.unreadable.empty() && scan.record_lines == 0;
  in.is_journal = empty || scan.session_or_result > 0;
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

std::string RunSession::text() const {
  std::vector<std::string> versions;
  for (const auto& [mpi, version] : mpi_versions) versions.push_back(mpi + " " + version);
  std::string s = fmt::format("{} on {}", started.empty() ? "unknown time" : started, host.empty() ? "unknown host" : host);
  if (!versions.empty()) s += fmt::format(" ({})", fmt::join(versions, ", "));
  return s + ": " + (argv.empty() ? std::string("unknown command") : fmt::format("{}", fmt::join(argv, " ")));
}

namespace {
RunSession session_of(const std::string& journal, const json& record) {
  RunSession s{journal, text_field(record, "started"), text_field(record, "host"), string_list(record, "argv"), {}};
  if (auto it = record.find("mpi_versions"); it != record.end() && it->is_object())
    for (const auto& [mpi, version] : it->items())
      if (version.is_string()) s.mpi_versions[mpi] = version.get<std::string>();
  return s;
}
}  // namespace

ReportModel build_model(const std::vector<JournalInput>& journals, const Taxonomy& taxonomy,
                        const KnownMisses& known_misses) {
  ReportModel m;
  const bool label_columns = journals.size() > 1;
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> column_index;
  struct Entry {  // one latest record; points into `journals`, copies nothing
    std::size_t column;
    const JournalInput* journal;
    const RunKey* key;
    const ResultRow* row;
  };
  std::vector<Entry> entries;

  for (const auto& j : journals) {
    m.journals.push_back(j.label);
    m.texts.push_back(j.pool());
    for (const auto& s : j.sessions) m.sessions.push_back(session_of(j.label, s));
    for (const auto& p : j.unreadable) m.problems.push_back(p.str());
    for (const auto& p : j.invalid) m.problems.push_back(p.str() + " (record skipped)");
    for (const auto& [key, row] : j.latest) {
      auto ckey = std::make_tuple(label_columns ? j.label : std::string(), key.backend, key.mpi);
      auto [it, added] = column_index.try_emplace(ckey, 0);
      if (added) m.columns.push_back({std::get<0>(ckey), key.backend, key.mpi});
      entries.push_back({0, &j, &key, &row});
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
  for (auto& e : entries)
    e.column = column_index[{label_columns ? e.journal->label : std::string(), e.key->backend, e.key->mpi}];

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
    const ResultRow& rec = *e.row;
    const std::string& id = e.key->case_id;
    Provenance& p = m.columns[e.column].provenance;
    p.backend_versions.insert(*rec.backend_version);
    p.manifest_hashes.insert(*rec.manifest_hash);
    p.mpi_versions.insert(*rec.mpi_version);
    p.runner_versions.insert(*rec.runner_version);
    p.dates.insert(*rec.day);
    auto outcome = outcome_from_name(rec.outcome);
    if (!outcome) {
      m.problems.push_back(fmt::format("{} on {}: unknown outcome '{}' (ignored)", id,
                                       m.columns[e.column].name(), rec.outcome));
      continue;
    }
    const auto& expect = rec.expect;
    ++counts[e.column][*outcome];
    bool err = erroneous(expect);
    if (err && (*outcome == Outcome::FN || *outcome == Outcome::TO || *outcome == Outcome::RE))
      ++missed[e.column];
    if (*outcome == Outcome::TP && rec.located) ++located[e.column];
    count_comparison(rec, *outcome, family_classes, e.column, by_family, by_class);

    CaseRow& row = rows[id];
    if (row.case_id.empty()) {
      row.case_id = id;
      row.family = *rec.family;
      row.group = *rec.group;
      row.expect = expect;
      row.cells.resize(ncol);
    }
    CaseRun run{e.key->run,         *outcome,           rec.reason,         rec.stdout_path,
                rec.stderr_path,    e.journal->dir,     rec.timed_findings, rec.backend_version,
                rec.manifest_hash,  rec.mpi_version,    rec.runner_version, rec.day, {}};
    if (known_misses && !is_good(*outcome)) run.known_miss = known_misses(id, e.key->backend, e.key->mpi, *outcome);
    auto& pc = per_case[{id, e.column}];
    pc.expect = &rec.expect;
    pc.runs.push_back(&rec);
    if (!is_good(*outcome))
      m.attention.push_back({id, m.columns[e.column].name(), run.run, *outcome, run.reason, rec.messages});
    row.cells[e.column].push_back(std::move(run));
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
  std::map<std::string, std::vector<std::pair<std::size_t, const CaseInColumn*>>> by_expected;  // class -> (column, case)
  for (const auto& [key, pc] : per_case)
    for (const auto& cls : *pc.expect) by_expected[cls].push_back({key.second, &pc});
  std::set<std::string> known;
  for (const auto& cls : taxonomy.classes()) {
    known.insert(cls.id);
    auto cases = by_expected.find(cls.id);
    if (cases == by_expected.end()) continue;
    CoverageRow row{cls.family(), cls.group(), cls.id, std::vector<CoverageCell>(ncol)};
    for (const auto& [column, pc] : cases->second) count_case(row.cells[column], cls.id, *pc);
    m.coverage.push_back(std::move(row));
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
  for (const auto& [cls, cases] : by_expected)
    if (cls != "ok" && !known.count(cls))
      m.problems.push_back(fmt::format("class '{}' expected by a case is not in the taxonomy", cls));
  std::sort(m.attention.begin(), m.attention.end(), [](const Attention& a, const Attention& b) {
    return std::tie(a.case_id, a.column, a.run) < std::tie(b.case_id, b.column, b.run);
  });
  return m;
}

}  // namespace assay
