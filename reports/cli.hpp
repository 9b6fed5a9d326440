// The report commands of mpi-assay, registered on the main CLI:
//   report JOURNAL... [--format terminal|md|html|csv|json|latex|junit] [--out FILE]
//   diff OLD NEW [--format terminal|md|json]   (exit status 1 on a regression)
#pragma once
#include <functional>

#include <CLI/CLI.hpp>

#include "corpus/taxonomy.hpp"
#include "reports/model.hpp"

namespace assay {

struct ReportCommands {
  CLI::App* report = nullptr;
  CLI::App* diff = nullptr;
  bool ran() const { return report->parsed() || diff->parsed(); }
};

// Why `run --check` would reject a run's outcome (its backend's expected-results):
// "<label>: <why>", or empty when it passes. `label` names the run
// ("<backend> <mpi> <case>", " run <k>" added for a case of several runs).
using OutcomeCheck = std::function<std::string(const std::string& case_id, const std::string& backend,
                                               const std::string& mpi, Outcome outcome, const std::string& label)>;
// What the backends' expected-results say, for the reports.
struct Expectations {
  KnownMisses known_misses;  // JUnit skips known misses with their reason
  OutcomeCheck check;        // report --check
};

// The commands run as CLI11 callbacks during parsing and leave their exit
// status in `exit_code`: 0, 1 (diff found a regression) or 2 (error, printed
// on stderr as "mpi-assay: error: ...").
// `load_expectations` (optional) gives the backends' expected-results to the
// report: JUnit skips known misses, and `report --check` exits 1 (after the
// report) when an outcome is neither good nor a known miss, as `run --check` does.
// `load_expectations` is given the folders of `report --backends-dir`.
using LoadExpectations = std::function<Expectations(const std::vector<std::string>& backend_dirs)>;
ReportCommands add_report_commands(CLI::App& app, std::function<Taxonomy()> load_taxonomy, int& exit_code,
                                   LoadExpectations load_expectations = {});

// The same, callable without a CLI (tests). Write to `out_path` or, when empty, `out`.
int run_report(const std::vector<std::string>& journals, const std::string& format, const std::string& out_path,
               const Taxonomy& taxonomy, std::ostream& out, const KnownMisses& known_misses = {});
int run_diff(const std::string& old_path, const std::string& new_path, const std::string& format, std::ostream& out);

// The runs of `journals` (the latest record of each) that `check` rejects: one
// "UNEXPECTED <why>" line each on `out`, then "check: N unexpected outcome(s)".
// Returns N.
int check_outcomes(const std::vector<std::string>& journals, const OutcomeCheck& check, std::ostream& out);

}  // namespace assay
