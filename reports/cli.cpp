#include "reports/cli.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "reports/diff.hpp"
#include "reports/escape.hpp"
#include "reports/model.hpp"
#include "reports/reporter.hpp"

namespace fs = std::filesystem;

namespace assay {

namespace {

struct ReportArgs {
  std::vector<std::string> journals;
  std::string format = "terminal", out;
  std::string old_journal, new_journal, diff_format = "terminal";
  std::vector<std::string> backend_dirs;  // report --check: backends beside the built-in ones
  bool check = false;
};

// Runs a command, turning an exception into exit status 2 with a message.
int guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const std::exception& e) {
    std::cerr << "mpi-assay: error: " << e.what() << "\n";
    return 2;
  }
}

// Loads a journal for report or diff: a file that is not a journal is an error;
// skipped lines are a warning on stderr with their count (the report lists them all).
JournalInput load_checked(const std::string& path) {
  JournalInput in = load_journal_input(path);
  if (!in.is_journal)
    throw std::runtime_error(fmt::format("{} is not a results journal: none of its lines is a session or result record",
                                         path));
  const std::size_t skipped = in.unreadable.size() + in.invalid.size();
  if (skipped > 0) {
    std::cerr << fmt::format("mpi-assay: warning: {}: {} line(s) skipped ({} unreadable, {} with a wrongly typed field)\n",
                             path, skipped, in.unreadable.size(), in.invalid.size());
    const Problem& first = in.invalid.empty() ? in.unreadable.front() : in.invalid.front();
    std::cerr << "mpi-assay: warning: first: " << one_line(first.str()) << "\n";
  }
  return in;
}

}  // namespace

int run_report(const std::vector<std::string>& journals, const std::string& format, const std::string& out_path,
               const Taxonomy& taxonomy, std::ostream& out, const KnownMisses& known_misses) {
  std::vector<JournalInput> inputs;
  for (const auto& path : journals) inputs.push_back(load_checked(path));
  ReportModel model = build_model(inputs, taxonomy, known_misses);
  ReportOptions options;
  if (!out_path.empty()) options.output_dir = fs::absolute(out_path).parent_path().string();
  auto reporter = make_reporter(format, options);
  if (out_path.empty()) {
    reporter->report(model, out);
    return 0;
  }
  std::ofstream file(out_path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot write " + out_path);
  reporter->report(model, file);
  file.close();
  if (!file) throw std::runtime_error("cannot write " + out_path);
  return 0;
}

int run_diff(const std::string& old_path, const std::string& new_path, const std::string& format, std::ostream& out) {
  JournalDiff d = diff_journals(load_checked(old_path), load_checked(new_path));
  d.old_label = old_path;
  d.new_label = new_path;
  render_diff(d, format, out);
  return d.has_regression() ? 1 : 0;
}

int check_outcomes(const std::vector<std::string>& journals, const OutcomeCheck& check, std::ostream& out) {
  int unexpected = 0;
  for (const auto& path : journals) {
    const JournalInput in = load_checked(path);
    for (const auto& [key, row] : in.latest) {
      const auto outcome = outcome_from_name(row.outcome);
      RunKey second = key;  // a case of several runs has a run 2
      second.run = 2;
      const bool several_runs = key.run > 1 || in.latest.count(second) > 0;
      const std::string label = run_label(key, several_runs);
      std::string why = !outcome ? fmt::format("{}: unknown outcome '{}'", label, row.outcome)
                                 : check(key.case_id, key.backend, key.mpi, *outcome, label);
      if (why.empty()) continue;
      out << "UNEXPECTED " << why << "\n";
      ++unexpected;
    }
  }
  out << fmt::format("check: {} unexpected outcome(s)\n", unexpected);
  return unexpected;
}

ReportCommands add_report_commands(CLI::App& app, std::function<Taxonomy()> load_taxonomy, int& exit_code,
                                   LoadExpectations load_expectations) {
  auto args = std::make_shared<ReportArgs>();
  ReportCommands cmds;
  cmds.report = app.add_subcommand("report", "Coverage, metrics and per-case matrix of one or more journals");
  cmds.report->add_option("journals", args->journals, "results.jsonl (several: compared side by side)")->required();
  cmds.report->add_option("--format", args->format,
                          "terminal | md | html | csv (every run) | csv-summary (per class, backend, MPI) | json | latex | junit")
      ->check(CLI::IsMember(report_formats()))
      ->capture_default_str();
  cmds.report->add_option("--out", args->out, "Write to this file instead of stdout");
  cmds.report->add_flag("--check", args->check,
                        "After the report, list the runs whose outcome is neither good nor a known miss in their "
                        "backend's expected-results (as `run --check` does, without running anything; on stderr when the "
                        "report goes to stdout); exit 1 if any");
  cmds.report->add_option("--backends-dir", args->backend_dirs,
                          "Folder of backend folders whose expected-results apply too (--check, junit's known misses; "
                          "repeatable; also ASSAY_BACKENDS_PATH)")
      ->allow_extra_args(false);
  cmds.report->footer(
      "Examples:\n  mpi-assay report results/x/results.jsonl\n"
      "  mpi-assay report results/x/results.jsonl --format html --out results/x/report.html\n"
      "  mpi-assay report results/a/results.jsonl results/b/results.jsonl --format md\n"
      "  mpi-assay report results/x/results.jsonl --check --format md --out results/x/report.md");
  cmds.report->callback([args, load_taxonomy, load_expectations, &exit_code] {
    exit_code = guarded([&] {
      const Expectations expected = load_expectations ? load_expectations(args->backend_dirs) : Expectations{};
      const int status =
          run_report(args->journals, args->format, args->out, load_taxonomy(), std::cout, expected.known_misses);
      if (status != 0 || !args->check) return status;
      if (!expected.check) throw std::runtime_error("--check: the backends' expected-results could not be loaded");
      std::ostream& lines = args->out.empty() ? std::cerr : std::cout;  // not into a report on stdout
      return check_outcomes(args->journals, expected.check, lines) == 0 ? 0 : 1;
    });
  });

  cmds.diff = app.add_subcommand("diff", "Compare two journals run by run; exit 1 on a regression");
  cmds.diff->add_option("old", args->old_journal, "The earlier results.jsonl")->required();
  cmds.diff->add_option("new", args->new_journal, "The later results.jsonl")->required();
  cmds.diff->add_option("--format", args->diff_format, "terminal | md | json")
      ->check(CLI::IsMember(diff_formats()))
      ->capture_default_str();
  cmds.diff->footer("Example:\n  mpi-assay diff results/before/results.jsonl results/after/results.jsonl --format md");
  cmds.diff->callback([args, &exit_code] {
    exit_code = guarded([&] { return run_diff(args->old_journal, args->new_journal, args->diff_format, std::cout); });
  });
  return cmds;
}

}  // namespace assay
