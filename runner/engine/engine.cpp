#include "engine/engine.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <csignal>
#include <cstring>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "build/build.hpp"
#include "engine/preflight.hpp"
#include "engine/provenance.hpp"
#include "exec/output.hpp"
#include "exec/process.hpp"
#include "launch/findings.hpp"
#include "results/finding.hpp"
#include "results/journal.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace assay {

namespace {

std::string iso_now() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}


// A backend on one MPI implementation, resolved once per run.
struct BackendOnMpi {
  const Backend* backend = nullptr;
  const BackendConfig* config = nullptr;
  const MpiImpl* mpi = nullptr;
  Vars vars;
  std::string missing;      // why it cannot run ("" when it can)
  std::string inputs_hash;  // of its build inputs
  std::string installation_hash;  // of its version and required files (Backend::installation_hash)
  bool builds() const {     // a static analysis builds only when it says how
    return backend->runs_the_case() || config->custom_build;
  }
};

// Whether a journal's result still stands for this run, so a resume skips it:
// the same case source, the same backend manifest, the same backend as installed
// (its version and the checker it built: a checker rebuilt from changed sources
// reruns even though the case binaries are the same) and, when it builds, the
// same build (compile command and the backend's build inputs). A tool failure
// (TF) is never final: the tool may be installed or fixed since, the launcher or
// the cluster may work again.
bool still_valid(const json& record, const Case& c, const BackendOnMpi& on, const std::optional<BuildSpec>& spec) {
  return record.value("case_hash", "") == c.content_hash &&
         record.value("manifest_hash", "") == on.backend->manifest_hash &&
         record.value("installation_hash", "") == on.installation_hash &&
         (!spec || record.value("build_key", "") == spec->key()) && record.value("outcome", "") != "TF";
}

// One run to do: a case under a backend on an MPI implementation, run index.
struct Item {
  const Case* c;
  const BackendOnMpi* on;
  int run;
  const BuildSpec* build = nullptr;
  const Backend& backend() const { return *on->backend; }
  const MpiImpl& mpi() const { return *on->mpi; }
};

struct BuildState {
  BuildSpec spec;
  bool queued = false;  // to be compiled by this run
  bool done = false;    // in the cache, or its compile ended (ok says how)
  bool ok = false;
  std::string log;
  double seconds = 0;
};

// Why a static analysis that found nothing failed: how it ended (a shell's status
// above 128 is a command it ran dying of a signal, e.g. the compiler crashing), the
// last lines of its stderr, and what its parser then said.
std::string analysis_failure(const ExitInfo& e, const std::string& stderr_path, const std::string& parse_failure) {
  std::string why = e.signal ? fmt::format("analysis killed by signal {} ({})", e.signal, strsignal(e.signal))
                             : fmt::format("analysis exited with status {}", e.exit_code);
  if (!e.signal && e.exit_code > 128 && e.exit_code < 128 + NSIG)
    why += fmt::format(" (128 + {}: a command it ran died of {})", e.exit_code - 128, strsignal(e.exit_code - 128));
  std::istringstream err(read_tail(stderr_path, 4096));
  std::deque<std::string> last;  // its last three lines that are not blank
  for (std::string line; std::getline(err, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    last.push_back(line.substr(0, 200));
    if (last.size() > 3) last.pop_front();
  }
  if (!last.empty()) why += fmt::format("; its stderr ends: {}", fmt::join(last, " | "));
  if (!parse_failure.empty()) why += "; then " + parse_failure;
  return why;
}

}  // namespace

class MatrixRun {
 public:
  MatrixRun(const RunOptions& o, Progress& p)
      : opt_(o), progress_(p), journal_dir_(fs::path(o.journal_path).parent_path().string()),
        cache_(o.cache_dir) {}

  RunSummary execute();

 private:
  const RunOptions& opt_;
  Progress& progress_;
  std::string journal_dir_;
  BuildCache cache_;
  std::map<std::string, std::string> mpi_versions_, compilers_;   // mpi -> version, compiler
  std::map<std::string, std::string> backend_versions_;           // backend -> version
  std::map<std::string, std::unique_ptr<Launcher>> launchers_;    // mpi -> launcher
  std::map<std::string, std::string> launcher_failures_;         // mpi -> why its launcher cannot be used
  std::map<std::string, ToolchainTiming> timing_;                 // mpi -> its toolchain check's times
  std::map<std::pair<std::string, std::string>, BackendOnMpi> resolved_;  // (backend, mpi)
  std::map<std::string, ExpectedResults> expected_;      // backend -> known misses
  std::map<std::string, std::unique_ptr<BuildState>> builds_;  // key -> state
  std::map<std::string, std::string> launch_lines_;  // run dir -> its command, for the record
  std::unique_ptr<JournalWriter> journal_;
  SuiteRevision rev_;
  std::string host_;
  RunSummary summary_;
  Supervisor supervisor_;
  int free_slots_ = 0;
  bool stopping_ = false;

  void prepare_static();
  void preflight();
  void resolve_backends();
  std::vector<Item> plan(const JournalContents& existing);
  void announce_plan(const std::vector<Item>& items, const JournalContents& existing);
  void run_pipeline(const std::vector<Item>& items);
  void start_build(BuildState& s);
  void start(const Item& item);
  Command run_command_of(const Item& item, const std::string& dir) const;
  void parse(const Item& item, const std::string& dir, const ExitInfo& exit, std::function<void(ParsedFindings)> done);
  void finish(const Item& item, const std::string& run_dir, const ExitInfo& exit, ParsedFindings parsed,
              const std::string& infrastructure);
  json record_of(const Item& item, const Verdict& v, const RunFacts& facts) const;
  json session_record() const;
  void check(const Item& item, Outcome outcome, const std::string& label);
  void check_record(const Case& c, const BackendOnMpi& on, const json& rec);
  std::string run_dir(const Item& item) const {
    return (fs::path(journal_dir_) / "runs" / item.mpi().name / item.backend().name / item.c->id /
            std::to_string(item.run)).string();
  }
  // The case's TIMEOUT or --timeout, times the backend's timeout_factor. TIMEOUT bounds
  // the case's run (short for a case that hangs); a static analysis does not run it.
  double effective_timeout_s(const Item& item) const {
    const int base = item.backend().runs_the_case() && item.c->timeout_s > 0 ? item.c->timeout_s : opt_.default_timeout_s;
    return base * item.backend().timeout_factor;
  }
  // RUNS repeats a run whose result depends on timing; a static analysis does not
  // run the case and finds the same each time, so it analyses it once.
  static int runs_of(const Case& c, const Backend& b) {
    return b.runs_the_case() ? c.runs : 1;
  }
  static std::string label_of(const Item& item) {
    return run_label({item.c->id, item.backend().name, item.mpi().name, item.c->nprocs, item.run},
                     runs_of(*item.c, item.backend()) > 1);
  }
  // Slots a run takes: its ranks (at most all of them), or one when oversubscribing
  // or analysing statically (the compiler is one process, whatever the ranks).
  int slots_of(const Item& item) const {
    if (opt_.oversubscribe || !item.backend().runs_the_case()) return 1;
    return std::min(item.c->nprocs, opt_.jobs);
  }
  const BuildState* build_of(const Item& item) const {
    return item.build ? builds_.at(item.build->key()).get() : nullptr;
  }
};

void MatrixRun::prepare_static() {
  for (const MpiImpl* m : opt_.mpis) {
    mpi_versions_[m->name] = m->detect_version();
    compilers_[m->name] = m->detect_compiler();
    launchers_[m->name] = opt_.make_launcher ? opt_.make_launcher(*m) : make_launcher(*m, LauncherOptions{});
    // Once per launcher, before anything runs (no job is under the supervisor yet):
    // ranks that do not form one world (a wrong srun --mpi=) would make every
    // result wrong, so such runs become TF with the reason instead.
    std::string failure = launchers_[m->name]->check((fs::path(opt_.cache_dir) / "launcher-check" / m->name).string());
    if (!failure.empty()) {
      launcher_failures_[m->name] = failure;
      progress_.note(fmt::format("launcher on {}: {}; its runs are TF", m->name, failure));
    }
  }
  if (opt_.check)
    for (const Backend* b : opt_.backends)
      expected_[b->name] = b->expected_results.empty() ? ExpectedResults{}
                                                       : load_expected_results(b->expected_results);
  rev_ = suite_revision(opt_.source_dir);
  host_ = host_name();
  resolve_backends();
}

// Before any case: each MPI must compile and launch a 2-rank program (preflight.hpp).
// An MPI whose launcher check failed is not checked again: its runs are TF with
// the launcher's diagnosis (e.g. the srun --mpi= plugin it needs), redone on resume.
void MatrixRun::preflight() {
  for (const MpiImpl* m : opt_.mpis)
    if (!launcher_failures_.count(m->name))
      timing_[m->name] = check_toolchain(*m, *launchers_.at(m->name), cache_.dir(),
                      mpi_versions_[m->name] + "\n" + compilers_[m->name] + "\n" + launchers_.at(m->name)->program() + "\n");
}

void MatrixRun::resolve_backends() {
  for (const Backend* b : opt_.backends) {
    const MpiImpl& any = *opt_.mpis.front();
    const std::string& version = backend_versions_[b->name] =
        b->resolve_version(backend_vars(*b, any, opt_.source_dir, opt_.build_dir), opt_.runner_version);
    for (const MpiImpl* m : opt_.mpis) {
      BackendOnMpi& on = resolved_[{b->name, m->name}];
      on.backend = b;
      on.config = &b->config(m->name);
      on.mpi = m;
      on.vars = backend_vars(*b, *m, opt_.source_dir, opt_.build_dir);
      on.missing = b->missing_requirement(m->name, on.vars);
      if (on.missing.empty()) {
        on.inputs_hash = b->build_inputs_hash(m->name, on.vars);
        on.installation_hash = b->installation_hash(m->name, on.vars, version);
      } else {
        progress_.note(fmt::format("backend {} on {}: {}; its runs are TF", b->name, m->name, on.missing));
      }
    }
  }
}

std::vector<Item> MatrixRun::plan(const JournalContents& existing) {
  auto done = existing.latest_results();
  std::vector<Item> items;
  for (const MpiImpl* m : opt_.mpis)
    for (const Backend* b : opt_.backends) {
      const BackendOnMpi& on = resolved_.at({b->name, m->name});
      for (const Case* c : opt_.cases) {
        if (std::count(c->unsupported_mpis.begin(), c->unsupported_mpis.end(), m->name)) {
          ++summary_.unsupported_mpi;
          continue;
        }
        for (int r = 1; r <= runs_of(*c, *b); ++r) {
          RunKey key{c->id, b->name, m->name, c->nprocs, r};
          std::optional<BuildSpec> spec;
          if (on.missing.empty() && on.builds())
            spec = make_build_spec(*c, *m, mpi_versions_[m->name], *on.config, on.vars, on.inputs_hash);
          auto it = done.find(key);
          if (!opt_.rerun && it != done.end() && still_valid(it->second, *c, on, spec)) {
            ++summary_.resumed;
            if (opt_.check) check_record(*c, on, it->second);
            continue;
          }
          Item item{c, &on, r};
          if (spec) {
            auto& state = builds_[spec->key()];
            if (!state) {
              state = std::make_unique<BuildState>();
              state->spec = *spec;
            }
            item.build = &state->spec;
          }
          items.push_back(item);
        }
      }
    }
  return items;
}

// Before anything is built: what will run and about how long it will take. A
// run of a case tagged to hang on its MPI (deadlock, deadlock-<mpi>) is counted at
// its timeout: unless the backend reports the hang and ends the run, that is what
// it takes, and under a slow tool such waits are a large share (a third of
// memcheck's time on MPICH over the corpus's coll and mem). Any other run
// takes the backend's mean in this journal over runs that were not killed at
// their timeout, when it has run here before; otherwise a guess, said as such:
// the toolchain check's 2-rank launch of a hello program on that MPI (a static
// analysis: its compile), times the backend's timeout_factor (slow tools have big
// factors). Plus one compile per binary to build. The progress line says the
// estimate again from the pace of the first runs. Runs of a backend that is
// missing end TF at once and count nothing.
void MatrixRun::announce_plan(const std::vector<Item>& items, const JournalContents& existing) {
  // When the toolchain check's times are unknown (a check remembered from an older runner).
  constexpr double kDefaultCompileS = 1.0, kDefaultLaunchS = 1.5;
  std::map<std::string, std::pair<double, int>> history;  // backend -> total run_s, runs (not timed out)
  for (const auto& r : existing.records)
    if (r.value("type", "") == "result" && r.contains("run_s") && r["run_s"].is_number() &&
        !r.value("timed_out", false)) {
      auto& h = history[r.value("backend", "")];
      h.first += r["run_s"].get<double>();
      ++h.second;
    }
  auto compile_s = [&](const std::string& mpi) {
    const auto t = timing_.find(mpi);
    return t != timing_.end() && t->second.compile_s > 0 ? t->second.compile_s : kDefaultCompileS;
  };
  auto launch_s = [&](const std::string& mpi) {
    const auto t = timing_.find(mpi);
    return t != timing_.end() && t->second.launch_s > 0 ? t->second.launch_s : kDefaultLaunchS;
  };
  std::set<std::string> builds, guessed;
  std::size_t hangs = 0, from_history = 0, missing = 0;
  double slot_seconds = 0;
  for (const auto& item : items) {
    if (!item.on->missing.empty()) {
      ++missing;
      continue;
    }
    if (item.build && !cache_.has(*item.build) && builds.insert(item.build->key()).second)
      slot_seconds += compile_s(item.mpi().name);
    const auto h = history.find(item.backend().name);
    double per_run = 0;
    if (item.backend().runs_the_case() && item.c->has_tag_on("deadlock", item.mpi().name)) {
      per_run = effective_timeout_s(item);
      ++hangs;
    } else if (h != history.end() && h->second.second > 0) {
      per_run = h->second.first / h->second.second;
      ++from_history;
    } else {
      guessed.insert(item.backend().name);
      const double base = item.backend().runs_the_case() ? launch_s(item.mpi().name) : compile_s(item.mpi().name);
      per_run = base * std::max(1.0, item.backend().timeout_factor);
    }
    slot_seconds += per_run * slots_of(item);
  }
  const double seconds = slot_seconds / opt_.jobs;
  std::vector<std::string> basis;
  if (from_history > 0) basis.push_back("from this journal's earlier runs");
  if (!guessed.empty()) {
    std::vector<std::string> measured;
    for (const MpiImpl* m : opt_.mpis)
      measured.push_back(fmt::format("{}: compile {:.1f} s, 2-rank launch {:.1f} s", m->name, compile_s(m->name),
                                     launch_s(m->name)));
    basis.push_back(fmt::format("a guess for {} (no earlier runs in this journal): the toolchain check's times "
                                "({}) x each backend's timeout_factor, refined after the first runs",
                                fmt::join(guessed, ", "), fmt::join(measured, "; ")));
  }
  if (hangs > 0) basis.push_back(fmt::format("{} run(s) of cases tagged to hang counted at their timeout", hangs));
  if (missing > 0) basis.push_back(fmt::format("{} run(s) end at once (TF: backend not usable)", missing));
  progress_.note(fmt::format("plan: {} case(s) x {} backend(s) x {} MPI(s): {} run(s) to do, {} already in the journal, "
                             "{} binaries to compile; about {} on {} slot(s){}{}",
                             opt_.cases.size(), opt_.backends.size(), opt_.mpis.size(), items.size(), summary_.resumed,
                             builds.size(), rough_duration(seconds), opt_.jobs, basis.empty() ? "" : ", ",
                             fmt::join(basis, "; ")));
}

// Compiles and runs overlap (one -j budget of slots): a run starts as soon as its
// binary is built (or failed to compile: CE) and the slots it takes are free, in
// plan order among the runs that are ready; compiles take one slot each and fill
// the slots no ready run can use, in the order the runs need them. A ready run
// waiting for slots stops new compiles until it has started, so runs never starve.
void MatrixRun::run_pipeline(const std::vector<Item>& items) {
  std::vector<BuildState*> to_build;
  for (const auto& item : items) {
    if (!item.build) continue;
    BuildState& s = *builds_.at(item.build->key());
    if (s.done || s.queued) continue;
    if (cache_.has(s.spec)) {
      s.ok = s.done = true;
    } else {
      s.queued = true;
      to_build.push_back(&s);
    }
  }
  progress_.begin("run", items.size(), to_build.size());
  free_slots_ = opt_.jobs;
  std::vector<bool> launched(items.size(), false);
  std::size_t first = 0, next_build = 0;  // first not started; next compile to start
  while ((first < items.size() || supervisor_.running() > 0) && !interrupted()) {
    bool waiting_for_slots = false;
    for (std::size_t i = first; i < items.size(); ++i) {
      if (launched[i]) continue;
      const BuildState* b = build_of(items[i]);
      if (b && !b->done) continue;  // its binary is not there yet
      const int need = slots_of(items[i]);
      if (need > free_slots_) {
        waiting_for_slots = true;  // keep order among ready runs: wait until its slots are free
        break;
      }
      free_slots_ -= need;
      launched[i] = true;
      start(items[i]);
    }
    while (first < items.size() && launched[first]) ++first;
    while (!waiting_for_slots && free_slots_ > 0 && next_build < to_build.size()) start_build(*to_build[next_build++]);
    supervisor_.poll(std::chrono::milliseconds(50));
    progress_.tick();
  }
  if (interrupted()) {
    stopping_ = true;  // runs killed now are not recorded: a resume redoes them
    supervisor_.kill_all();
    // Let the killed launches end, and their launchers clean up what lies outside
    // our process tree (scancel of Slurm steps: start() runs cancel commands).
    while (supervisor_.running() > 0) supervisor_.poll(std::chrono::milliseconds(100));
    summary_.interrupted = true;
  }
  progress_.end();
}

void MatrixRun::start_build(BuildState& s) {
  --free_slots_;
  const std::string log = cache_.binary_path(s.spec) + ".log";
  supervisor_.start(cache_.compile_command(s.spec, log), [this, &s, log](const ExitInfo& e) {
    ++free_slots_;
    s.seconds = e.seconds();
    s.ok = e.started && !e.timed_out && e.exit_code == 0 && !stopping_;
    if (s.ok && !cache_.commit(s.spec)) {
      s.ok = false;
      s.log = "the compile command exited 0 but did not write ${exe}";
    } else if (!s.ok) {
      s.log = e.started ? read_file(log) : e.error;
    }
    if (e.timed_out) s.log += "\n(compiler killed after its timeout)";
    s.done = !stopping_;  // a compile killed by an interrupt is not a CE
    summary_.sum_build_s += s.seconds;
    progress_.compiled(s.ok);
  });
}

// The command of one run: the backend's analysis (static) or the launch of the
// case's binary through the launcher and the backend's launch template.
Command MatrixRun::run_command_of(const Item& item, const std::string& dir) const {
  const Case& c = *item.c;
  const BackendConfig& config = *item.on->config;
  auto timeout = std::chrono::milliseconds(static_cast<long>(effective_timeout_s(item) * 1000.0));
  if (!item.backend().runs_the_case()) {
    Vars vars = case_vars(c, item.mpi(), item.on->vars);
    vars.set("run_dir", dir).set("np", std::to_string(c.nprocs));
    if (item.build) vars.set("exe", cache_.binary_path(*item.build));
    Command cmd;
    cmd.argv = vars.expand_argv(config.analyze);
    cmd.env = {{"ASSAY_REPORT_DIR", dir}, {"ASSAY_BACKEND", item.backend().name}};
    if (opt_.abort_on_finding) cmd.env["ASSAY_ABORT_ON_ERROR"] = "1";
    cmd.stdout_path = dir + "/stdout";
    cmd.stderr_path = dir + "/stderr";
    cmd.timeout = timeout;
    return cmd;
  }
  LaunchRequest request;
  request.np = c.nprocs;
  request.program = {cache_.binary_path(*item.build)};
  request.program.insert(request.program.end(), c.args.begin(), c.args.end());
  request.run_dir = dir;
  request.rank_env = {{"ASSAY_REPORT_DIR", dir}, {"ASSAY_BACKEND", item.backend().name}};
  if (opt_.abort_on_finding) request.rank_env["ASSAY_ABORT_ON_ERROR"] = "1";
  request.timeout = timeout;
  return launch_command(*launchers_.at(item.mpi().name), config, item.on->vars, request);
}

void MatrixRun::start(const Item& item) {
  std::string dir = run_dir(item);
  fs::remove_all(dir);
  fs::create_directories(dir);
  int slots = slots_of(item);
  auto release_and_finish = [this, item, dir, slots](const ExitInfo& e, ParsedFindings parsed,
                                                     const std::string& infrastructure = "") {
    free_slots_ += slots;
    if (!stopping_) finish(item, dir, e, std::move(parsed), infrastructure);
  };

  // Runs that cannot start are recorded at once, without launching anything.
  const BuildState* build = build_of(item);
  if (!item.on->missing.empty() || (build && !build->ok)) {
    release_and_finish(ExitInfo{}, {});
    return;
  }
  const bool launched = item.backend().runs_the_case();
  const Launcher& launcher = *launchers_.at(item.mpi().name);
  if (launched && launcher_failures_.count(item.mpi().name)) {
    release_and_finish(ExitInfo{}, {}, launcher_failures_.at(item.mpi().name));
    return;
  }
  Command cmd;
  try {
    cmd = run_command_of(item, dir);
    cmd.keep_output = opt_.keep_output;
    launch_lines_[dir] = shell_line(cmd.argv, cmd.env, cmd.cwd);
  } catch (const std::exception& e) {
    release_and_finish(ExitInfo{}, ParsedFindings{{}, {}, std::string("cannot build the command: ") + e.what()});
    return;
  }
  progress_.started(label_of(item));
  supervisor_.start(cmd, [this, item, dir, launched, &launcher, release_and_finish](const ExitInfo& e) {
    // A launch that failed for the launcher's or the cluster's reasons is not the case's result.
    std::string infrastructure = launched ? launcher.infrastructure_failure(e, dir).value_or("") : "";
    auto go_on = [this, item, dir, e, infrastructure, release_and_finish] {
      if (stopping_) return release_and_finish(e, {});
      if (!infrastructure.empty()) return release_and_finish(e, {}, infrastructure);
      parse(item, dir, e, [e, release_and_finish](ParsedFindings parsed) { release_and_finish(e, std::move(parsed)); });
    };
    // A killed launch may have left ranks outside our process tree (a Slurm step
    // on other nodes): its launcher cancels them before the run counts as done.
    std::optional<Command> cancel;
    if (launched && (e.timed_out || stopping_)) cancel = launcher.cancel_command(dir);
    if (!cancel) return go_on();
    supervisor_.start(*cancel, [this, label = item.c->id, go_on](const ExitInfo& c) {
      if (!c.started || c.exit_code != 0)
        progress_.note(fmt::format("warning: cancelling what the launch of {} left failed (exit {})", label, c.exit_code));
      go_on();
    });
  });
}

// Reads what the backend found (launch/findings.hpp): its JSONL files, or the
// output of its parse command, which runs after the case in the run folder.
void MatrixRun::parse(const Item& item, const std::string& dir, const ExitInfo& exit,
                      std::function<void(ParsedFindings)> done) {
  if (!exit.started) return done({});
  Vars vars = item.on->vars;
  vars.set("run_dir", dir).set("np", std::to_string(item.c->nprocs)).set("source", item.c->path);
  vars.set("exe", item.build ? cache_.binary_path(*item.build) : "");
  std::optional<Command> cmd;
  try {
    cmd = parse_command(*item.on->config, vars, dir, item.backend().name);
  } catch (const std::exception& e) {
    return done(ParsedFindings{{}, {}, std::string("parse command: ") + e.what()});
  }
  if (!cmd)
    return done(read_run_findings(
        dir, nullptr, "",
        BuiltinParse{item.on->config->parse_builtin, vars.expand("${exe}"), item.backend().name, ended_abnormally(exit)}));
  supervisor_.start(*cmd, [dir, done, program = cmd->argv.front()](const ExitInfo& e) {
    done(read_run_findings(dir, &e, program));
  });
}

void MatrixRun::finish(const Item& item, const std::string& dir, const ExitInfo& exit, ParsedFindings parsed,
                       const std::string& infrastructure) {
  const BuildState* build = build_of(item);
  bool compiled = !build || build->ok;
  // The tool failed when it is missing, could not start, said so itself
  // ($ASSAY_REPORT_DIR/tool-failure), wrote findings that cannot be read, or a
  // static analysis failed and found nothing; or the launcher or cluster failed.
  // A failed analysis comes before its parser's complaint, which only follows from it.
  std::string tool_failure = item.on->missing;
  if (tool_failure.empty() && compiled) tool_failure = infrastructure;
  if (tool_failure.empty() && compiled && !exit.started) tool_failure = "cannot start: " + exit.error;
  if (tool_failure.empty() && !item.backend().runs_the_case() && exit.started && !exit.timed_out &&
      exit.exit_code != 0 && parsed.findings.empty())
    tool_failure = analysis_failure(exit, dir + "/stderr", parsed.failure);
  if (tool_failure.empty() && compiled && !parsed.failure.empty()) tool_failure = parsed.failure;
  if (tool_failure.empty() && fs::exists(dir + "/tool-failure"))
    tool_failure = "backend failure: " + read_file(dir + "/tool-failure");
  RunFacts facts;
  facts.compiled = compiled;
  facts.tool_failed = !tool_failure.empty();
  facts.timed_out = exit.timed_out;
  facts.exit_code = exit.exit_code;
  facts.signal = exit.signal;
  facts.backend_supports_case = item.c->correct() || item.backend().supports_case(*item.c);

  Verdict v = classify(*item.c, facts, parsed.findings);
  if (facts.tool_failed && v.outcome == Outcome::TF) v.reason = tool_failure;

  json rec = record_of(item, v, facts);
  json jf = json::array();
  for (const auto& f : parsed.findings) jf.push_back(to_json(f));
  rec["findings"] = jf;
  json jp = json::array();
  for (const auto& p : parsed.problems) jp.push_back(p.str());
  rec["problems"] = jp;
  if (parsed.problems_dropped > 0) rec["problems_dropped"] = parsed.problems_dropped;
  rec["build_s"] = build && build->ok ? build->seconds : 0.0;
  if (build) rec["build_key"] = build->spec.key();
  // What reproduces the result, to paste into a shell (`mpi-assay show --commands`).
  if (build) {
    const Command cc = cache_.compile_command(build->spec, cache_.binary_path(build->spec) + ".log");
    rec["compile_command"] = shell_line(cc.argv, cc.env, cc.cwd);
  }
  if (auto it = launch_lines_.find(dir); it != launch_lines_.end()) {
    rec["launch_command"] = it->second;
    launch_lines_.erase(it);
  }
  if (build && !build->ok) rec["compile_log"] = build->log.substr(0, 8000);
  if (exit.started) {
    rec["run_s"] = exit.seconds();
    rec["stdout"] = fs::relative(dir + "/stdout", journal_dir_).string();
    rec["stderr"] = fs::relative(dir + "/stderr", journal_dir_).string();
    rec["stderr_tail"] = read_tail(dir + "/stderr", 2000);
    rec["truncated"] = exit.output_dropped > 0;
    if (exit.output_dropped > 0) rec["output_dropped"] = exit.output_dropped;
    rec["leftover_processes"] = exit.leftovers.size();
    summary_.sum_run_s += exit.seconds();
    summary_.leftover_processes += static_cast<int>(exit.leftovers.size());
    if (!exit.leftovers.empty())
      progress_.note(fmt::format("warning: {} process(es) of {} survived the kill", exit.leftovers.size(), item.c->id));
  }
  journal_->append(rec);
  ++summary_.ran;
  const char* name = outcome_name(v.outcome);
  ++summary_.outcomes[name];
  const std::string label = label_of(item);
  progress_.item(name, label, exit.started ? exit.seconds() : 0.0);
  if (opt_.check) check(item, v.outcome, label);
}

json MatrixRun::record_of(const Item& item, const Verdict& v, const RunFacts& facts) const {
  const Case& c = *item.c;
  json expect = json::array();
  if (c.correct()) expect.push_back("ok");
  for (const auto& e : c.errors) expect.push_back(e.error_class);
  return json{{"type", "result"},
              {"case", c.id},
              {"family", c.family},
              {"group", c.group},
              {"case_hash", c.content_hash},
              {"expect", expect},
              {"backend", item.backend().name},
              {"backend_version", backend_versions_.at(item.backend().name)},
              {"manifest_hash", item.backend().manifest_hash},
              {"installation_hash", item.on->installation_hash},
              {"mpi", item.mpi().name},
              {"mpi_version", mpi_versions_.at(item.mpi().name)},
              {"np", c.nprocs},
              {"run", item.run},
              {"runs", runs_of(c, item.backend())},
              {"outcome", outcome_name(v.outcome)},
              {"detected", v.detected},
              {"classified", v.classified},
              {"located", v.located},
              {"matched_classes", v.matched_classes},
              {"reason", v.reason},
              {"exit_code", facts.exit_code},
              {"signal", facts.signal},
              {"timed_out", facts.timed_out},
              {"timeout_s", effective_timeout_s(item)},
              {"host", host_},
              {"suite_rev", rev_.rev},
              {"runner_version", opt_.runner_version},
              {"started", iso_now()}};
}

json MatrixRun::session_record() const {
  json backends = json::object();
  for (const Backend* b : opt_.backends)
    backends[b->name] = {{"version", backend_versions_.at(b->name)},
                         {"manifest_hash", b->manifest_hash},
                         {"kind", kind_name(b->kind)}};
  return json{{"type", "session"},
              {"started", iso_now()},
              {"argv", opt_.argv},
              {"host", host_},
              {"suite_rev", rev_.rev},
              {"suite_dirty", rev_.dirty},
              {"runner_version", opt_.runner_version},
              {"mpi_versions", mpi_versions_},
              {"compilers", compilers_},
              {"backends", backends}};
}

void MatrixRun::check(const Item& item, Outcome outcome, const std::string& label) {
  std::string msg = unexpected_outcome(expected_[item.backend().name], *item.c, item.backend().name, item.mpi().name,
                                       outcome, label);
  if (!msg.empty()) summary_.unexpected.push_back(msg);
}

void MatrixRun::check_record(const Case& c, const BackendOnMpi& on, const json& rec) {
  auto outcome = outcome_from_name(rec.value("outcome", ""));
  if (!outcome) return;
  Item item{&c, &on, rec.value("run", 1)};
  check(item, *outcome, label_of(item));
}

RunSummary MatrixRun::execute() {
  auto t0 = std::chrono::steady_clock::now();
  prepare_static();
  preflight();
  journal_ = std::make_unique<JournalWriter>(opt_.journal_path);
  // A runner killed with SIGKILL could not kill what its runs started; its process
  // log (pids and start times) lets this one do it. Ours is kept until we end.
  const std::string process_log = opt_.journal_path + ".processes";
  if (const int killed = kill_recorded_processes(process_log))
    progress_.note(fmt::format("killed {} process(es) left running by an earlier runner of this journal", killed));
  supervisor_.record_processes(process_log);
  JournalContents existing = read_journal(opt_.journal_path);
  // A record whose fields have the wrong type would be skipped, so its run redone
  // or its outcome misread: resuming on such a journal is refused.
  if (!existing.invalid.empty())
    throw std::runtime_error(fmt::format("cannot resume journal {}: {} record(s) with a wrongly typed field, first at {}",
                                         opt_.journal_path, existing.invalid.size(), existing.invalid.front().str()));
  for (const auto& p : existing.problems) progress_.note("journal: " + p.str() + " (skipped)");
  journal_->append(session_record());
  std::vector<Item> items = plan(existing);
  announce_plan(items, existing);
  if (!interrupted()) run_pipeline(items);
  summary_.interrupted = interrupted();
  summary_.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return summary_;
}

RunSummary run_matrix(const RunOptions& options, Progress& progress) {
  MatrixRun run(options, progress);
  return run.execute();
}

}  // namespace assay
