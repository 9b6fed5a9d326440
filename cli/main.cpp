// mpi-assay: the command line. It only wires the stages together
// (corpus -> engine -> journal -> reports, overhead); each stage lives in its own library.
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "backend/backend.hpp"
#include "corpus/case.hpp"
#include "corpus/taxonomy.hpp"
#include "engine/engine.hpp"
#include "engine/provenance.hpp"
#include "exec/output.hpp"
#include "exec/process.hpp"
#include "launch/cli_options.hpp"
#include "launch/submit.hpp"
#include "overhead/cli.hpp"
#include "reports/cli.hpp"
#include "reports/escape.hpp"
#include "reports/summary.hpp"
#include "results/journal.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using assay::shell_quoted;

namespace {

// Where the suite's own files are: the source tree this binary was built from,
// unless ASSAY_SOURCE_DIR says otherwise.
std::string source_dir() {
  const char* env = std::getenv("ASSAY_SOURCE_DIR");
  return env && *env ? env : ASSAY_SOURCE_DIR;
}

// The command that resumes this run: the same one, naming the journal it wrote.
std::string resume_command(const std::vector<std::string>& argv, const std::string& journal) {
  std::string cmd;
  bool named = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--journal" && i + 1 < argv.size()) {
      cmd += " --journal " + shell_quoted(journal);
      ++i;
      named = true;
      continue;
    }
    if (argv[i].rfind("--journal=", 0) == 0) {
      cmd += " --journal " + shell_quoted(journal);
      named = true;
      continue;
    }
    cmd += (i ? " " : "") + shell_quoted(argv[i]);
  }
  if (!named) cmd += " --journal " + shell_quoted(journal);
  return cmd;
}

struct CaseSelection {
  std::vector<std::string> roots, families, groups, classes, tags, globs;

  void add_options(CLI::App& cmd) {
    cmd.add_option("--cases", roots, "Cases folder (repeatable; default: the suite's cases/)")->allow_extra_args(false);
    cmd.add_option("--family", families, "Only these families, comma separated (rma, nb, coll, mem, res)")->delimiter(',')->allow_extra_args(false);
    cmd.add_option("--group", groups, "Only these groups, comma separated: family/group (e.g. rma/fence-matrix)")->delimiter(',')->allow_extra_args(false);
    cmd.add_option("--class", classes, "Only cases expecting a class matching this glob ('ok' for correct cases)")->delimiter(',')->allow_extra_args(false);
    cmd.add_option("--tag", tags, "Only cases with this tag (e.g. smoke)")->delimiter(',')->allow_extra_args(false);
    cmd.add_option("ids", globs, "Case ids or globs (e.g. 'rma/*/put-*')");
  }

  bool selects(const assay::Case& c) const {
    auto any = [](const std::vector<std::string>& v, auto pred) {
      return v.empty() || std::any_of(v.begin(), v.end(), pred);
    };
    return any(families, [&](const std::string& f) { return c.family == f; }) &&
           any(groups, [&](const std::string& g) { return c.family + "/" + c.group == g; }) &&
           any(tags, [&](const std::string& t) { return c.has_tag(t); }) &&
           any(globs, [&](const std::string& g) { return fnmatch(g.c_str(), c.id.c_str(), 0) == 0; }) &&
           any(classes, [&](const std::string& k) {
             if (c.correct()) return k == "ok";
             return std::any_of(c.errors.begin(), c.errors.end(), [&](const assay::Expectation& e) {
               return fnmatch(k.c_str(), e.error_class.c_str(), 0) == 0;
             });
           });
  }

  // An option value that names nothing (a typo, `--family foo`) is an error that
  // lists the valid values, rather than an empty selection that looks like success.
  void check_values(const std::vector<assay::Case>& cases, const assay::Taxonomy& tax) const {
    std::set<std::string> known_families, known_groups, known_tags, known_classes{"ok"};
    for (const auto& c : cases) {
      known_families.insert(c.family);
      known_groups.insert(c.family + "/" + c.group);
      known_tags.insert(c.tags.begin(), c.tags.end());
    }
    for (const auto& cls : tax.classes()) known_classes.insert(cls.id);
    auto check = [](const char* option, const std::vector<std::string>& given, const std::set<std::string>& known,
                    bool glob) {
      for (const auto& v : given) {
        const bool found = std::any_of(known.begin(), known.end(), [&](const std::string& k) {
          return glob ? fnmatch(v.c_str(), k.c_str(), 0) == 0 : v == k;
        });
        if (!found)
          throw std::runtime_error(fmt::format("{} '{}' {} (valid: {})", option, v,
                                               glob ? "matches no value" : "is not a known value",
                                               known.empty() ? std::string("none") : fmt::format("{}", fmt::join(known, ", "))));
      }
    };
    check("--family", families, known_families, false);
    check("--group", groups, known_groups, false);
    check("--tag", tags, known_tags, false);
    check("--class", classes, known_classes, true);
    // An id or glob that matches no case (a typo, or a second value given to an
    // option as `--family rma nb`, which makes `nb` an id) would empty the selection.
    for (const auto& g : globs)
      if (std::none_of(cases.begin(), cases.end(),
                       [&](const assay::Case& c) { return fnmatch(g.c_str(), c.id.c_str(), 0) == 0; }))
        throw std::runtime_error(fmt::format("case id '{}' matches no case (ids are family/group/name, globs like "
                                             "'rma/*/put-*'; several values of an option are comma separated: "
                                             "--family rma,nb)", g));
  }
};

assay::Taxonomy load_taxonomy() { return assay::Taxonomy::load(source_dir() + "/taxonomy/classes.json"); }

// The built-in backends, those of --backends-dir and those of ASSAY_BACKENDS_PATH;
// every manifest is checked against the schema here, before any case runs.
std::vector<assay::Backend> load_backends(const std::vector<std::string>& extra_dirs, const assay::Taxonomy& tax) {
  return assay::discover_backends(assay::backend_roots(source_dir() + "/backends", extra_dirs), tax,
                                  assay::manifest_schema_path(source_dir()));
}

// What `run --check` accepts, for the reports: the expected-results of the
// backends found as `run` finds them (built-in, report --backends-dir,
// ASSAY_BACKENDS_PATH), for the cases of the project's corpus. When
// they cannot be loaded the report says so, shows every miss as a failure, and
// `report --check` fails.
assay::Expectations load_expectations(const std::vector<std::string>& backend_dirs) {
  try {
    const auto tax = load_taxonomy();
    auto expected = std::make_shared<std::map<std::string, assay::ExpectedResults>>();
    for (const auto& b : load_backends(backend_dirs, tax))
      if (!b.expected_results.empty()) (*expected)[b.name] = assay::load_expected_results(b.expected_results);
    std::vector<assay::Problem> problems, warnings;
    auto cases = std::make_shared<std::vector<assay::Case>>(
        assay::load_cases({source_dir() + "/cases"}, tax, problems, warnings));
    auto by_id = std::make_shared<std::map<std::string, const assay::Case*>>();
    for (const auto& c : *cases) by_id->emplace(c.id, &c);
    assay::Expectations out;
    out.known_misses = [expected, cases, by_id](const std::string& case_id, const std::string& backend,
                                                const std::string& mpi, assay::Outcome outcome) -> std::string {
      const auto file = expected->find(backend);
      const auto c = by_id->find(case_id);
      if (file == expected->end() || c == by_id->end()) return {};
      const assay::ExpectedEntry* e = file->second.find(*c->second, mpi);
      if (!e || !e->lists(outcome)) return {};
      return fmt::format("{}:{}: {}", e->file, e->line, e->reason);
    };
    out.check = [expected, cases, by_id](const std::string& case_id, const std::string& backend,
                                        const std::string& mpi, assay::Outcome outcome,
                                        const std::string& label) -> std::string {
      const auto c = by_id->find(case_id);
      if (c == by_id->end()) return label + ": the case is not in the corpus (renamed or removed?)";
      static const assay::ExpectedResults none;  // a backend without expected-results
      const auto file = expected->find(backend);
      return assay::unexpected_outcome(file == expected->end() ? none : file->second, *c->second, backend, mpi, outcome,
                                       label);
    };
    return out;
  } catch (const std::exception& e) {
    std::cerr << "mpi-assay: warning: known misses not applied: " << e.what() << "\n";
    return {};
  }
}

// All cases of the selected roots; problems are printed and make this fail:
// nothing runs on a corpus with a malformed header.
std::vector<assay::Case> load_all(const CaseSelection& sel, const assay::Taxonomy& tax) {
  std::vector<std::string> roots = sel.roots;
  if (roots.empty()) roots.push_back(source_dir() + "/cases");
  std::vector<assay::Problem> problems;
  std::vector<assay::Problem> warnings;
  auto cases = assay::load_cases(roots, tax, problems, warnings);
  for (const auto& w : warnings) std::cerr << "mpi-assay: warning: " << w.str() << "\n";
  if (!problems.empty()) {
    for (const auto& p : problems) std::cerr << p.str() << "\n";
    throw std::runtime_error(fmt::format("{} problem(s) in case headers; nothing was run", problems.size()));
  }
  return cases;
}

std::vector<const assay::Case*> selected(const std::vector<assay::Case>& cases, const CaseSelection& sel) {
  sel.check_values(cases, load_taxonomy());
  std::vector<const assay::Case*> out;
  for (const auto& c : cases)
    if (sel.selects(c)) out.push_back(&c);
  return out;
}

std::string expect_text(const assay::Case& c) {
  if (c.correct()) return "ok";
  std::string s = "error";
  for (const auto& e : c.errors) s += " " + e.error_class;
  return s;
}

json case_json(const assay::Case& c) {
  json errors = json::array();
  for (const auto& e : c.errors) {
    json at = json::object();
    for (std::size_t i = 0; i < e.at.size(); ++i) at[e.at[i]] = e.at_lines[i];
    errors.push_back({{"class", e.error_class}, {"at", at}});
  }
  return {{"id", c.id},         {"path", c.path},       {"family", c.family}, {"group", c.group},
          {"expect", expect_text(c)}, {"errors", errors}, {"nprocs", c.nprocs}, {"runs", c.runs},
          {"timeout", c.timeout_s}, {"twins", c.twins}, {"tags", c.tags},     {"requires", c.requires_features},
          {"description", c.description}};
}

int cmd_list(const CaseSelection& sel, const std::string& format) {
  auto tax = load_taxonomy();
  auto cases = load_all(sel, tax);
  auto chosen = selected(cases, sel);
  if (format == "json") {
    json a = json::array();
    for (const auto* c : chosen) a.push_back(case_json(*c));
    std::cout << a.dump(2) << "\n";
  } else if (format == "md") {
    std::cout << "# Case catalogue\n\nGenerated by `mpi-assay list --format md`. " << chosen.size()
              << " cases.\n";
    std::string family;
    for (const auto* c : chosen) {
      if (c->family != family) {
        family = c->family;
        std::cout << "\n## " << family << "\n\n| id | expect | description |\n|---|---|---|\n";
      }
      // Case text is data: markup and HTML in a description are escaped, not rendered.
      std::cout << "| `" << c->id << "` | " << expect_text(*c) << " | " << assay::escape_markdown(c->description)
                << " |\n";
    }
  } else {
    std::map<std::string, std::pair<int, int>> per_family;  // erroneous, correct
    for (const auto* c : chosen) {
      std::cout << fmt::format("{:<60} {}\n", assay::one_line(c->id), expect_text(*c));
      auto& counts = per_family[c->family];
      (c->correct() ? counts.second : counts.first)++;
    }
    int err = 0, ok = 0;
    for (const auto& [f, counts] : per_family) {
      std::cout << fmt::format("{}: {} erroneous, {} correct\n", f, counts.first, counts.second);
      err += counts.first;
      ok += counts.second;
    }
    std::cout << fmt::format("total: {} cases ({} erroneous, {} correct)\n", err + ok, err, ok);
  }
  return 0;
}

int cmd_show(const CaseSelection& sel, const std::string& id) {
  auto tax = load_taxonomy();
  auto cases = load_all(sel, tax);
  auto it = std::find_if(cases.begin(), cases.end(), [&](const assay::Case& c) { return c.id == id; });
  if (it == cases.end()) throw std::runtime_error("no case with id '" + id + "'");
  const assay::Case& c = *it;
  std::cout << assay::one_line(c.id) << "\n  file:        " << assay::one_line(c.path)
            << "\n  description: " << assay::one_line(c.description)
            << "\n  expect:      " << expect_text(c) << "\n  nprocs:      " << c.nprocs
            << "\n  runs:        " << c.runs << "\n";
  if (c.timeout_s) std::cout << "  timeout:     " << c.timeout_s << " s\n";
  auto list = [](const char* label, const std::vector<std::string>& v) {
    if (v.empty()) return;
    std::cout << "  " << label;
    for (const auto& s : v) std::cout << " " << s;
    std::cout << "\n";
  };
  list("twins:      ", c.twins);
  list("tags:       ", c.tags);
  list("requires:   ", c.requires_features);
  list("unsupported:", c.unsupported_mpis);
  for (const auto& e : c.errors) {
    std::cout << "  error " << e.error_class << " at:";
    for (std::size_t i = 0; i < e.at.size(); ++i) std::cout << " @" << e.at[i] << "=" << e.at_lines[i];
    std::cout << "\n";
  }
  if (!c.markers.empty()) {
    std::cout << "  markers:\n";
    std::vector<std::pair<int, std::string>> by_line;
    for (const auto& [name, line] : c.markers) by_line.push_back({line, name});
    std::sort(by_line.begin(), by_line.end());
    for (const auto& [line, name] : by_line) std::cout << fmt::format("    {:>4}  @{}\n", line, name);
  }
  return 0;
}

// show --commands: the compile and launch commands of a recorded result, to paste into a shell.
int cmd_show_commands(const std::string& id, const std::string& journal, const std::string& backend,
                      const std::string& mpi) {
  if (journal.empty()) throw std::runtime_error("--commands needs --journal PATH (the run whose commands to show)");
  if (!fs::exists(journal)) throw std::runtime_error("no journal at " + journal);
  const json* found = nullptr;
  const auto latest = assay::read_journal(journal).latest_results();
  for (const auto& [key, rec] : latest)
    if (key.case_id == id && key.backend == backend && key.mpi == mpi && key.run == 1) found = &rec;
  if (!found)
    throw std::runtime_error(fmt::format("no result of {} under {} on {} in {}", id, backend, mpi, journal));
  if (!found->contains("launch_command"))
    throw std::runtime_error(fmt::format("the result of {} under {} on {} records no commands (made before they "
                                         "were recorded, or it never launched: outcome {})",
                                         id, backend, mpi, found->value("outcome", "?")));
  if (found->contains("compile_command")) std::cout << "# compile\n" << found->value("compile_command", "") << "\n";
  std::cout << "# launch\n" << found->value("launch_command", "") << "\n";
  return 0;
}

int cmd_lint(const CaseSelection& sel) {
  auto tax = load_taxonomy();
  std::vector<std::string> roots = sel.roots;
  if (roots.empty()) roots.push_back(source_dir() + "/cases");
  std::vector<assay::Problem> problems;
  std::vector<assay::Problem> warnings;
  auto cases = assay::load_cases(roots, tax, problems, warnings);
  for (const auto& w : warnings) std::cerr << "mpi-assay: warning: " << w.str() << "\n";
  for (const auto& root : roots)
    if (!fs::exists(fs::path(root) / assay::kCorpusMarker))
      std::cout << fmt::format("note: {} has no {}: the corpus rules (twins, -ok/-nok names) are not applied\n", root,
                               assay::kCorpusMarker);
  if (problems.empty())
    for (auto& p : assay::lint_cases(cases)) problems.push_back(std::move(p));
  for (const auto& p : problems) std::cout << p.str() << "\n";
  std::cout << fmt::format("{} cases, {} problem(s)\n", cases.size(), problems.size());
  return problems.empty() ? 0 : 1;
}

struct RunArgs {
  std::vector<std::string> backends{"native"}, mpis{"openmpi"}, backend_dirs;
  std::string journal, results_dir = "results", cache_dir = std::string(ASSAY_BINARY_DIR) + "/case-cache";
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int timeout = 30;
  std::size_t keep_output = 1 << 20;
  bool rerun = false, check = false, quiet = false, summary = true;
  bool abort_on_finding = false, oversubscribe = false;
  bool jobs_given = false;  // -j on the command line (else, inside a Slurm allocation: its tasks)
  assay::LauncherArgs launcher;
  bool submit = false;
  std::vector<std::string> sbatch_options;
};

std::string default_journal(const std::string& results_dir) {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return (fs::path(results_dir) / buf / "results.jsonl").string();
}

// --submit: the same request, minus --submit, as one batch job whose runs are
// steps of its allocation (-j N = N tasks); prints where results will appear.
int cmd_submit(const RunArgs& a, const std::vector<std::string>& argv) {
  const std::string journal = fs::absolute(a.journal.empty() ? default_journal(a.results_dir) : a.journal).string();
  const fs::path dir = fs::path(journal).parent_path();
  fs::create_directories(dir);
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  assay::BatchRequest r;
  r.command = {self};
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg == "--submit") continue;
    if (arg == "--journal" || arg == "--launcher") {
      ++i;  // replaced below
      continue;
    }
    if (arg.rfind("--journal=", 0) == 0 || arg.rfind("--launcher=", 0) == 0) continue;
    r.command.push_back(arg);
  }
  r.command.insert(r.command.end(), {"--launcher", "slurm", "--journal", journal});
  r.after = {{self, "report", journal, "--format", "html", "--out", (dir / "report.html").string()},
             {self, "report", journal, "--format", "md", "--out", (dir / "report.md").string()}};
  r.work_dir = fs::current_path().string();
  r.output = (dir / "slurm-%j.out").string();
  r.tasks = std::max(1, a.jobs);
  r.slurm = a.launcher.slurm;
  r.sbatch_options = a.sbatch_options;
  const std::string script = (dir / "submit.sbatch").string();
  std::ofstream(script, std::ios::trunc) << assay::sbatch_script(r);
  const std::string id = assay::submit_batch(script);
  std::cout << fmt::format(
      "submitted job {} ({} tasks; script {})\njournal: {}\nslurm output: {}/slurm-{}.out\n"
      "reports when the job ends: {}/report.html {}/report.md\n"
      "`mpi-assay report {}` shows the journal while it grows; after a time limit, `sbatch {}` resumes.\n",
      id, r.tasks, script, journal, dir.string(), id, dir.string(), dir.string(), journal, script);
  return 0;
}

int cmd_run(const CaseSelection& sel, RunArgs a, const std::vector<std::string>& argv) {
  auto tax = load_taxonomy();
  auto cases = load_all(sel, tax);
  auto backends = load_backends(a.backend_dirs, tax);

  assay::RunOptions o;
  o.cases = selected(cases, sel);
  if (o.cases.empty()) throw std::runtime_error("no case matches the selection");
  bool all = std::count(a.backends.begin(), a.backends.end(), "all") > 0;
  for (const auto& b : backends)
    if (all || std::count(a.backends.begin(), a.backends.end(), b.name)) o.backends.push_back(&b);
  for (const auto& name : a.backends)
    if (name != "all" && std::none_of(backends.begin(), backends.end(),
                                      [&](const assay::Backend& b) { return b.name == name; }))
      throw std::runtime_error("unknown backend '" + name + "' (see `mpi-assay backends`)");
  for (const auto& name : a.mpis) {
    const assay::MpiImpl* m = assay::find_mpi(name);
    if (!m) throw std::runtime_error("unknown MPI implementation '" + name + "' (openmpi, mpich)");
    o.mpis.push_back(m);
  }
  if (a.submit) return cmd_submit(a, argv);  // checked: cases, backends and MPIs exist
  o.journal_path = a.journal.empty() ? default_journal(a.results_dir) : a.journal;
  o.cache_dir = a.cache_dir;
  o.source_dir = source_dir();
  o.build_dir = ASSAY_BINARY_DIR;
  o.argv = argv;
  o.runner_version = assay::runner_version(ASSAY_VERSION, source_dir());
  // Inside an allocation, the runs are its steps: as many ranks at once as it has tasks.
  const bool slurm = a.launcher.kind == "slurm";
  if (slurm && !a.jobs_given && assay::slurm_allocation_tasks() > 0) a.jobs = assay::slurm_allocation_tasks();
  o.jobs = std::max(1, a.jobs);
  o.make_launcher = [options = a.launcher.options(slurm ? o.jobs : 0)](const assay::MpiImpl& m) {
    return assay::make_launcher(m, options);
  };
  o.default_timeout_s = a.timeout;
  o.keep_output = a.keep_output;
  o.abort_on_finding = a.abort_on_finding;
  o.oversubscribe = a.oversubscribe;
  o.rerun = a.rerun;
  o.check = a.check;

  assay::become_subreaper();
  assay::install_interrupt_flag();
  assay::Progress progress(stderr, a.quiet);
  assay::RunSummary s = assay::run_matrix(o, progress);

  if (a.summary && !a.quiet) {
    assay::print_outcome_summary(assay::read_journal(o.journal_path), std::cout);
    std::cout << "\n";
  }
  std::cout << fmt::format("journal: {}\n", o.journal_path);
  std::cout << fmt::format(
      "ran {} run(s), {} already in the journal, {} skipped as unsupported on an MPI; wall {:.1f} s, "
      "build {:.1f} s, launches {:.1f} s\n",
      s.ran, s.resumed, s.unsupported_mpi, s.wall_s, s.sum_build_s, s.sum_run_s);
  if (s.leftover_processes)
    std::cout << fmt::format("warning: {} process(es) survived their run's kill\n", s.leftover_processes);
  if (s.interrupted) {
    std::cerr << fmt::format("interrupted by signal {}; the journal holds every finished run. To resume:\n  {}\n",
                             assay::interrupt_signal(), resume_command(argv, fs::absolute(o.journal_path).string()));
    return 128 + assay::interrupt_signal();
  }
  if (a.check) {
    for (const auto& u : s.unexpected) std::cout << "UNEXPECTED " << u << "\n";
    std::cout << fmt::format("check: {} unexpected outcome(s)\n", s.unexpected.size());
    return s.unexpected.empty() ? 0 : 1;
  }
  return 0;
}

int cmd_backends(const std::vector<std::string>& dirs) {
  auto tax = load_taxonomy();
  for (const auto& b : load_backends(dirs, tax)) {
    std::cout << fmt::format("{:<18} {:<8} {} ({} class pattern(s) supported)\n", b.name, assay::kind_name(b.kind),
                             b.description, b.supports.size());
    std::cout << fmt::format("{:<18} {} (manifest {})\n", "", b.dir, b.manifest_hash);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mpi-assay: a benchmark suite for MPI correctness tools"};
  app.set_version_flag("--version", ASSAY_VERSION);
  app.require_subcommand(1);

  CaseSelection sel;
  std::string format = "text";
  auto* list = app.add_subcommand("list", "List cases (text, json, or md for docs/CASES.md)");
  sel.add_options(*list);
  list->add_option("--format", format, "text | json | md")->check(CLI::IsMember({"text", "json", "md"}));

  std::string show_id;
  auto* show = app.add_subcommand("show", "Show a case's header and resolved marker lines");
  show->add_option("--cases", sel.roots, "Cases folder (repeatable)")->allow_extra_args(false);
  show->add_option("case", show_id, "Case id")->required();
  std::string show_journal, show_backend = "native", show_mpi = "openmpi";
  bool show_commands = false;
  show->add_flag("--commands", show_commands, "Print the compile and launch commands of the recorded result (needs --journal)");
  show->add_option("--journal", show_journal, "--commands: the journal of the run");
  show->add_option("--backend", show_backend, "--commands: the backend")->capture_default_str();
  show->add_option("--mpi", show_mpi, "--commands: the MPI")->capture_default_str();

  auto* lint = app.add_subcommand("lint", "Check every case header and the corpus rules");
  lint->add_option("--cases", sel.roots, "Cases folder (repeatable)")->allow_extra_args(false);

  RunArgs run_args;
  auto* run = app.add_subcommand("run", "Build and run cases under backends; append to a journal");
  sel.add_options(*run);
  assay::add_backend_option(*run, run_args.backends, "Backends (comma separated, or 'all')");
  run->add_option("--mpi", run_args.mpis, "openmpi, mpich (comma separated)")->delimiter(',')->allow_extra_args(false);
  run->add_option("--backends-dir", run_args.backend_dirs, "Folder of backend folders, added to the built-in ones (repeatable; also ASSAY_BACKENDS_PATH)")->allow_extra_args(false);
  run->add_option("--journal", run_args.journal, "Journal to append to (default: <results>/<time>/results.jsonl)");
  run->add_option("--results", run_args.results_dir, "Folder for new journals")->capture_default_str();
  run->add_option("--cache", run_args.cache_dir, "Folder of compiled cases")->capture_default_str();
  auto* jobs_option = run->add_option("-j,--jobs", run_args.jobs, "Cores (Slurm: tasks) to use. A run of n ranks takes n of them, so -j 2 runs 2-rank cases one at a time (see --oversubscribe)")
                          ->capture_default_str();
  run->add_option("--timeout", run_args.timeout,
                  "Seconds per run when the case sets no TIMEOUT, and per static analysis (it does not run the case), at least 1. The effective timeout is this times the backend's timeout_factor (e.g. 2 for pmpi: --timeout 3 waits 6 s); each record says it (timeout_s)")
      ->check(assay::at_least_one_second())
      ->capture_default_str();
  run->add_flag("--oversubscribe", run_args.oversubscribe,
                "Let each run take one slot whatever its ranks: -j N runs N cases at once, more ranks than cores (faster, timings less reliable)");
  run->add_flag("--abort-on-first-finding", run_args.abort_on_finding,
                "End a run at the checker's first finding (ASSAY_ABORT_ON_ERROR=1 for backends that support it): a reported deadlock does not wait out the timeout. A case whose first finding is another true error than the one its header expects is then WC, not TP");
  run->add_option("--keep-output", run_args.keep_output,
                  "Bytes kept of each run's stdout and of its stderr: the first BYTES and the last BYTES (the rest is dropped, the record says `truncated`); 0 = all")
      ->capture_default_str();
  run->add_flag("--rerun", run_args.rerun, "Recompute runs already in the journal");
  run->add_flag("--check", run_args.check, "Exit 1 when an outcome is neither good nor a known miss in expected-results");
  run->add_flag("--quiet", run_args.quiet, "No progress and no table");
  run_args.launcher.add_options(*run);
  run->add_flag("--submit", run_args.submit, "Submit the request as one sbatch job (-j = its tasks); print the job id and where results go");
  run->add_option("--sbatch-option", run_args.sbatch_options, "--submit: an extra #SBATCH line (repeatable; write --sbatch-option=--qos=debug)")->allow_extra_args(false);

  int report_status = 0;
  auto report_commands = assay::add_report_commands(app, load_taxonomy, report_status, load_expectations);
  int overhead_status = 0;
  auto* overhead = assay::overhead::add_overhead_command(
      app, overhead_status, {load_taxonomy, source_dir(), ASSAY_BINARY_DIR});

  auto* taxonomy = app.add_subcommand("taxonomy", "Print the error classes as Markdown (docs/taxonomy.md is this output)");

  std::vector<std::string> backend_dirs;
  auto* backends = app.add_subcommand("backends", "List the backends");
  backends->add_option("--backends-dir", backend_dirs, "Folder of backend folders, added to the built-in ones (repeatable; also ASSAY_BACKENDS_PATH)");

  list->footer("Examples:\n  mpi-assay list --tag smoke\n  mpi-assay list --family nb --class ok\n  mpi-assay list --format md > docs/CASES.md");
  show->footer("Examples:\n  mpi-assay show nb/demo/recv-cycle-nok --cases tests/data/e2e/cases\n  mpi-assay show rma/demo/put-then-store-nok --commands --journal results/x/results.jsonl --backend pmpi --mpi mpich");
  lint->footer("Examples:\n  mpi-assay lint\n  mpi-assay lint --cases my-cases");
  run->footer(
      "Examples:\n  mpi-assay run --tag smoke                          # the quick tier, native, Open MPI\n"
      "  mpi-assay run --backend pmpi --mpi openmpi,mpich 'nb/*'\n"
      "  mpi-assay run --backend all --journal results/x/results.jsonl   # resume: the same command again\n"
      "  mpi-assay run -j 2 --oversubscribe --timeout 10 --abort-on-first-finding --class ok");
  backends->footer("Example:\n  mpi-assay backends --backends-dir ~/my-tools");
  taxonomy->footer("Example:\n  mpi-assay taxonomy > docs/taxonomy.md");

  // --parse-only (hidden, before the subcommand): parse the command line as usual and stop there, doing
  // nothing; tests check the docs' and --help's command examples with it (issue 20, item 15).
  bool parse_only = false;
  app.add_flag("--parse-only", parse_only, "Only check that the command line parses")->group("");
  // The main app's parse-complete callback runs once every option has its value, before
  // the subcommands' callbacks (report, diff and overhead run in theirs): stop there.
  app.parse_complete_callback([&] {
    if (!parse_only) return;
    for (const auto* sub : app.get_subcommands()) std::cout << "parses: " << sub->get_name() << "\n";
    throw CLI::Success();
  });
  CLI11_PARSE(app, argc, argv);
  if (report_commands.ran()) return report_status;
  if (overhead->parsed()) return overhead_status;
  try {
    if (*list) return cmd_list(sel, format);
    if (*show && show_commands) return cmd_show_commands(show_id, show_journal, show_backend, show_mpi);
    if (*show) return cmd_show(sel, show_id);
    if (*lint) return cmd_lint(sel);
    run_args.jobs_given = jobs_option->count() > 0;
    if (*run) return cmd_run(sel, run_args, std::vector<std::string>(argv, argv + argc));
    if (*backends) return cmd_backends(backend_dirs);
    if (*taxonomy) {
      std::cout << assay::taxonomy_markdown(load_taxonomy());
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "mpi-assay: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
