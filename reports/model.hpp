// The one computed model behind every report format: coverage per taxonomy
// class, metrics per column, the per-case matrix and the runs that need
// attention, from one or more journals (docs/journal.md, docs/outcomes.md).
// Reporters only render it; they compute nothing.
#pragma once
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "corpus/taxonomy.hpp"
#include "results/classify.hpp"
#include "results/finding.hpp"
#include "results/journal.hpp"

namespace assay {

// The parts of one result record that reports and diff use. Texts that repeat
// across records (family, versions, the day) point into the journal's pool, so a
// journal of 200 000 records takes a small fraction of its JSON in memory.
struct ResultRow {
  const std::string* family = nullptr;
  const std::string* group = nullptr;
  std::vector<std::string> expect;  // ["ok"] or classes
  std::string outcome;              // as written; an unknown name is reported by the model
  bool detected = false, located = false;
  std::vector<std::string> matched_classes;
  std::string reason, stdout_path, stderr_path;
  std::vector<std::string> finding_classes;  // the class of each finding
  std::vector<std::string> messages;         // "class: message", "problem: ..."; kept only for runs to act on
  std::vector<Finding> timed_findings;       // findings with logical times: memory-access diagrams
  const std::string* backend_version = nullptr;  // "unknown" when the record has none
  const std::string* manifest_hash = nullptr;
  const std::string* mpi_version = nullptr;
  const std::string* runner_version = nullptr;
  const std::string* day = nullptr;  // YYYY-MM-DD the run started, or "unknown"
};

struct JournalInput {
  std::string label;  // shown in column names when several journals are compared
  std::string dir;    // the journal's folder: record paths are relative to it
  std::string path;
  std::map<RunKey, ResultRow> latest;      // the last result record of each key
  std::vector<nlohmann::json> sessions;    // the session records, in file order
  std::vector<Problem> unreadable;         // torn or garbage lines
  std::vector<Problem> invalid;            // result records skipped for a wrongly typed field
  bool is_journal = true;                  // empty, or holds a session or result record

  // Keeps `record` (a result record whose fields scan_journal checked) as the latest of its key.
  void add_result(const nlohmann::json& record);
  const std::string* intern(const std::string& text) { return &*pool_->insert(text).first; }
  std::shared_ptr<const std::set<std::string>> pool() const { return pool_; }

 private:
  // Shared by copies, so the rows' pointers stay valid in every copy.
  std::shared_ptr<std::set<std::string>> pool_ = std::make_shared<std::set<std::string>>();
};
// Streams the journal at `path` into compact rows; the label is the name of its
// folder. Throws when the file is missing.
JournalInput load_journal_input(const std::string& path);

// What measured a column: the distinct values its records carry ("unknown" for
// a record without the field, as in journals written before versions were recorded).
struct Provenance {
  std::set<std::string> backend_versions, manifest_hashes, mpi_versions, runner_versions;
  std::set<std::string> dates;  // the UTC day each run started (YYYY-MM-DD)
};

struct Column {  // one backend on one MPI (in one journal)
  std::string journal, backend, mpi;
  Provenance provenance{};
  std::string name() const;  // "pmpi/openmpi" or "pmpi/openmpi@label"
};

struct OutcomeCounts {
  std::array<int, std::size(kAllOutcomes)> n{};
  int& operator[](Outcome o) { return n[static_cast<std::size_t>(o)]; }
  int operator[](Outcome o) const { return n[static_cast<std::size_t>(o)]; }
  int total() const;
};

struct Metrics {
  OutcomeCounts counts;       // over the latest record of every run
  int missed = 0;             // FN + TO/RE on erroneous cases: recall's FN bucket
  int located = 0;            // TP runs that are also located
  int systematic = 0;         // cases with RUNS>1 detected (TP) in every run
  int occasional = 0;         // ... in some runs but not all
  std::optional<double> recall, precision, specificity, f1, accuracy, conclusiveness, coverage,
      localisation;           // nullopt when the denominator is 0
};
Metrics compute_metrics(const OutcomeCounts& counts, int missed, int located);

struct MetricDefinition {
  const char* name;
  const char* formula;
};
// The definitions every human-readable format prints beside the metric table.
const std::vector<MetricDefinition>& metric_definitions();

struct CoverageCell {  // the erroneous cases of one class, in one column
  int cases = 0;       // with a record in this column
  int detected = 0, classified = 0, located = 0;  // per case: in at least one run
  int not_supported = 0;                           // every run NS
  bool all_not_supported() const { return cases > 0 && not_supported == cases; }
  std::optional<double> share() const;  // classified / cases, nullopt without cases
};

struct CoverageRow {
  std::string family, group, class_id;  // group as "rma.local"
  std::vector<CoverageCell> cells;      // one per column
};

struct CaseRun {  // one record of the per-case matrix
  int run = 1;
  Outcome outcome = Outcome::NS;
  std::string reason, stdout_path, stderr_path;  // paths relative to the journal's folder
  std::string journal_dir;
  std::vector<Finding> timed_findings;  // findings with logical times: memory-access diagrams
  // What measured this run (ResultRow); the texts live in ReportModel::texts.
  const std::string* backend_version = nullptr;
  const std::string* manifest_hash = nullptr;
  const std::string* mpi_version = nullptr;
  const std::string* runner_version = nullptr;
  const std::string* day = nullptr;
  // The backend's expected-results entry that lists this outcome as a known
  // miss ("file:line: reason"), empty when none does (see KnownMisses).
  std::string known_miss;
};

struct CaseRow {
  std::string case_id, family, group;
  std::vector<std::string> expect;          // ["ok"] or classes
  std::vector<std::vector<CaseRun>> cells;  // per column, runs in order (empty: not run)
};

struct Attention {  // a run whose outcome is not TP/TN/NS, with what the tool said
  std::string case_id, column;
  int run = 1;
  Outcome outcome = Outcome::NS;
  std::string reason;
  std::vector<std::string> messages;  // "class: message" of each finding, and problems
};

// Side by side per family and per class, each column its own tool on its own MPI
// (runs counted, as in Metrics). Erroneous runs: TP when a finding of the class
// (or of its group) was reported, a miss (FN, TO, RE) otherwise. Correct runs of
// the same family that ran to completion (TN, FP): FP when a finding of the class
// (for a family row: any finding) was reported, TN otherwise. NS, WC, CE, TF
// count in neither.
struct ComparisonCell {
  int tp = 0, fn = 0, fp = 0, tn = 0, located = 0;
  std::optional<double> precision() const;
  std::optional<double> recall() const;
  std::optional<double> f1() const;
  std::optional<double> located_rate() const;  // located TP / TP
};

struct ComparisonRow {
  bool is_family = false;  // the family's total, else one class of it
  std::string family, id;  // id: the family, or the class
  std::vector<ComparisonCell> cells;  // one per column
};

// One start or resume of `mpi-assay run` on a journal: when, where and how its
// results were made (the journal's "session" records, docs/journal.md).
struct RunSession {
  std::string journal, started, host;
  std::vector<std::string> argv;
  std::map<std::string, std::string> mpi_versions;  // MPI name -> version
  // "2026-11-22T08:00:00Z on h (mpich 4.0.2, openmpi 4.1.4): mpi-assay run --tag smoke"
  std::string text() const;
};

struct ReportModel {
  std::vector<std::string> journals;  // labels, in input order
  std::vector<RunSession> sessions;  // every session of every journal, in order
  // The journals' pools of repeated texts, which CaseRun points into.
  std::vector<std::shared_ptr<const std::set<std::string>>> texts;
  std::vector<Column> columns;
  std::vector<CoverageRow> coverage;  // taxonomy order; classes with cases only
  std::vector<ComparisonRow> comparison;  // per family: its row, then its classes with cases
  std::vector<Metrics> metrics;       // per column
  std::vector<CaseRow> cases;         // sorted by case id
  std::vector<Attention> attention;
  std::vector<std::string> problems;  // unreadable journal lines, unknown outcomes/classes
  bool empty() const { return columns.empty(); }
};

// Whether a run's outcome is a known miss of its backend (backends/<name>/expected-results,
// as `run --check` decides): "file:line: reason", or empty.
using KnownMisses = std::function<std::string(const std::string& case_id, const std::string& backend,
                                              const std::string& mpi, Outcome outcome)>;

ReportModel build_model(const std::vector<JournalInput>& journals, const Taxonomy& taxonomy,
                        const KnownMisses& known_misses = {});

bool is_good(Outcome o);  // TP, TN, NS: nothing to act on

}  // namespace assay
