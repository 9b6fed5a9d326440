#include "engine/engine.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <unistd.h>

#include <fmt/format.h>

#include "build/build.hpp"
#include "exec/process.hpp"
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

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string tail(const std::string& path, std::size_t bytes) {
  std::string text = read_file(path);
  return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

// One line of a command's output, or "" on failure.
std::string command_line_output(const std::vector<std::string>& argv) {
  ExitInfo e;
  std::string out = capture_output(argv, std::chrono::seconds(10), &e);
  if (!e.started || e.exit_code != 0) return "";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

struct SuiteRevision {
  std::string rev = "unknown";
  bool dirty = false;
};

SuiteRevision suite_revision(const std::string& source_dir) {
  SuiteRevision r;
  std::string rev = command_line_output({"git", "-C", source_dir, "rev-parse", "--short=12", "HEAD"});
  if (rev.empty()) return r;
  r.rev = rev;
  r.dirty = !command_line_output({"git", "-C", source_dir, "status", "--porcelain", "--untracked-files=no"}).empty();
  return r;
}

// One run to do: a case under a backend on an MPI implementation, run index.
struct Item {
  const Case* c;
  const Backend* backend;
  const MpiImpl* mpi;
  int run;
  std::string missing;  // backend requirement missing -> TF without running
  const BuildSpec* build = nullptr;
  int slots() const;
};

struct BuildState {
  BuildSpec spec;
  bool ok = false;
  std::string log;
  double seconds = 0;
};

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
  std::map<std::string, std::string> versions_;          // mpi -> version
  std::map<std::string, ExpectedResults> expected_;      // backend -> known misses
  std::map<std::string, std::unique_ptr<BuildState>> builds_;  // key -> state
  std::unique_ptr<JournalWriter> journal_;
  SuiteRevision rev_;
  std::string host_;
  RunSummary summary_;
  Supervisor supervisor_;
  int free_slots_ = 0;
  bool stopping_ = false;

  void prepare_static();
  std::vector<Item> plan(const JournalContents& existing);
  void build_all(std::vector<Item>& items);
  void run_all(const std::vector<Item>& items);
  void start(const Item& item);
  void finish(const Item& item, const std::string& run_dir, const ExitInfo& exit,
              std::vector<Finding> findings, std::vector<Problem> problems);
  json record_of(const Item& item, const Verdict& v, const RunFacts& facts) const;
  void check(const Item& item, Outcome outcome, const std::string& label);
  void check_record(const Case& c, const std::string& backend, const std::string& mpi, const json& rec);
  std::string run_dir(const Item& item) const {
    return (fs::path(journal_dir_) / "runs" / item.mpi->name / item.backend->name / item.c->id /
            std::to_string(item.run)).string();
  }
};

int Item::slots() const { return c->nprocs; }

void MatrixRun::prepare_static() {
  for (const MpiImpl* m : opt_.mpis) versions_[m->name] = m->detect_version();
  if (opt_.check)
    for (const Backend* b : opt_.backends)
      expected_[b->name] = b->expected_results.empty() ? ExpectedResults{}
                                                       : load_expected_results(b->expected_results);
  rev_ = suite_revision(opt_.source_dir);
  host_ = host_name();
}

std::vector<Item> MatrixRun::plan(const JournalContents& existing) {
  auto done = existing.latest_results();
  std::vector<Item> items;
  for (const MpiImpl* m : opt_.mpis)
    for (const Backend* b : opt_.backends) {
      Vars vars = backend_vars(*b, *m, opt_.source_dir, opt_.build_dir);
      std::string missing = b->missing_requirement(vars);
      for (const Case* c : opt_.cases) {
        if (std::count(c->unsupported_mpis.begin(), c->unsupported_mpis.end(), m->name)) {
          ++summary_.unsupported_mpi;
          continue;
        }
        for (int r = 1; r <= c->runs; ++r) {
          RunKey key{c->id, b->name, m->name, c->nprocs, r};
          auto it = done.find(key);
          if (!opt_.rerun && it != done.end() && it->second.value("case_hash", "") == c->content_hash) {
            ++summary_.resumed;
            if (opt_.check) check_record(*c, b->name, m->name, it->second);
            continue;
          }
          Item item{c, b, m, r, missing};
          if (missing.empty() && b->kind == BackendKind::dynamic) {
            BuildSpec spec{c, m, versions_[m->name], {}, {}, {}};
            for (const auto& f : b->cflags) spec.cflags.push_back(expand(f, vars));
            for (const auto& f : b->ldflags) spec.ldflags.push_back(expand(f, vars));
            for (const auto& [k, v] : b->build_env) spec.env[k] = expand(v, vars);
            auto& state = builds_[spec.key()];
            if (!state) {
              state = std::make_unique<BuildState>();
              state->spec = spec;
            }
            item.build = &state->spec;
          }
          items.push_back(item);
        }
      }
    }
  return items;
}

void MatrixRun::build_all(std::vector<Item>& items) {
  std::set<std::string> needed;
  for (const auto& item : items)
    if (item.build) needed.insert(item.build->key());
  std::vector<BuildState*> todo;
  for (const auto& key : needed) {
    BuildState& s = *builds_[key];
    if (cache_.has(s.spec)) s.ok = true;
    else todo.push_back(&s);
  }
  if (todo.empty()) return;
  progress_.begin("build", todo.size());
  std::deque<BuildState*> queue(todo.begin(), todo.end());
  while ((!queue.empty() || supervisor_.running() > 0) && !interrupted()) {
    while (!queue.empty() && supervisor_.running() < static_cast<std::size_t>(opt_.jobs)) {
      BuildState* s = queue.front();
      queue.pop_front();
      std::string log = cache_.binary_path(s->spec) + ".log";
      supervisor_.start(cache_.compile_command(s->spec, log), [this, s, log](const ExitInfo& e) {
        s->seconds = e.seconds();
        s->ok = e.started && !e.timed_out && e.exit_code == 0;
        if (s->ok) cache_.commit(s->spec);
        else s->log = e.started ? read_file(log) : e.error;
        if (e.timed_out) s->log += "\n(compiler killed after its timeout)";
        summary_.sum_build_s += s->seconds;
        progress_.item(s->ok ? "ok" : "CE", s->spec.mpi->name + " " + s->spec.c->id, s->seconds);
      });
    }
    supervisor_.poll(std::chrono::milliseconds(50));
  }
  if (interrupted()) supervisor_.kill_all();
  progress_.end();
}

void MatrixRun::run_all(const std::vector<Item>& items) {
  progress_.begin("run", items.size());
  free_slots_ = opt_.jobs;
  std::size_t next = 0;
  while ((next < items.size() || supervisor_.running() > 0) && !interrupted()) {
    while (next < items.size()) {
      int need = std::min(items[next].slots(), opt_.jobs);
      if (need > free_slots_) break;  // keep order: wait until the slots are free
      free_slots_ -= need;
      start(items[next++]);
    }
    supervisor_.poll(std::chrono::milliseconds(50));
  }
  if (interrupted()) {
    stopping_ = true;  // runs killed now are not recorded: a resume redoes them
    supervisor_.kill_all();
    summary_.interrupted = true;
  }
  progress_.end();
}

void MatrixRun::start(const Item& item) {
  const Case& c = *item.c;
  std::string dir = run_dir(item);
  fs::remove_all(dir);
  fs::create_directories(dir);
  int slots = std::min(c.nprocs, opt_.jobs);
  auto release_and_finish = [this, item, dir, slots](const ExitInfo& e, std::vector<Finding> f,
                                                      std::vector<Problem> p) {
    free_slots_ += slots;
    if (!stopping_) finish(item, dir, e, std::move(f), std::move(p));
  };

  // Runs that cannot start are recorded at once, without launching anything.
  const BuildState* build = item.build ? builds_[item.build->key()].get() : nullptr;
  if (!item.missing.empty() || (build && !build->ok)) {
    ExitInfo none;
    release_and_finish(none, {}, {});
    return;
  }

  Vars vars = backend_vars(*item.backend, *item.mpi, opt_.source_dir, opt_.build_dir);
  vars["report_dir"] = dir;
  vars["source"] = c.path;
  Command cmd;
  cmd.stdout_path = dir + "/stdout";
  cmd.stderr_path = dir + "/stderr";
  cmd.env = item.mpi->launcher_env();
  cmd.env["ASSAY_REPORT_DIR"] = dir;
  int timeout_s = c.timeout_s > 0 ? c.timeout_s : opt_.default_timeout_s;
  cmd.timeout = std::chrono::milliseconds(
      static_cast<long>(timeout_s * 1000.0 * item.backend->timeout_factor));
  if (item.backend->kind == BackendKind::static_analysis) {
    for (const auto& a : item.backend->analyze) cmd.argv.push_back(expand(a, vars));
  } else {
    std::map<std::string, std::string> rank_env = {{"ASSAY_REPORT_DIR", dir}};
    for (const auto& [k, v] : item.backend->rank_env) rank_env[k] = expand(v, vars);
    std::vector<std::string> program;
    for (const auto& p : item.backend->prefix) program.push_back(expand(p, vars));
    program.push_back(cache_.binary_path(*item.build));
    program.insert(program.end(), c.args.begin(), c.args.end());
    cmd.argv = item.mpi->launch_argv(c.nprocs, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)),
                                     rank_env, program);
  }
  supervisor_.start(cmd, [release_and_finish, dir, backend = item.backend](const ExitInfo& e) {
    std::vector<Problem> problems;
    std::vector<Finding> findings;
    if (backend->parser == "jsonl") findings = read_findings_dir(dir, problems);
    else problems.push_back({dir, 0, "unknown findings parser '" + backend->parser + "'"});
    release_and_finish(e, std::move(findings), std::move(problems));
  });
}

void MatrixRun::finish(const Item& item, const std::string& dir, const ExitInfo& exit,
                       std::vector<Finding> findings, std::vector<Problem> problems) {
  const BuildState* build = item.build ? builds_[item.build->key()].get() : nullptr;
  bool is_static = item.backend->kind == BackendKind::static_analysis;
  bool compiled = !build || build->ok;
  // The tool failed when it is missing, could not start, said so itself
  // ($ASSAY_REPORT_DIR/tool-failure), or a static analysis failed silently.
  std::string tool_failure = item.missing;
  if (tool_failure.empty() && compiled && !exit.started) tool_failure = "cannot start: " + exit.error;
  if (tool_failure.empty() && fs::exists(dir + "/tool-failure"))
    tool_failure = "backend failure: " + read_file(dir + "/tool-failure");
  if (tool_failure.empty() && is_static && !exit.timed_out && exit.exit_code != 0 && findings.empty())
    tool_failure = fmt::format("analysis exited with status {}", exit.exit_code);
  RunFacts facts;
  facts.compiled = compiled;
  facts.tool_failed = !tool_failure.empty();
  facts.timed_out = exit.timed_out;
  facts.exit_code = exit.exit_code;
  facts.signal = exit.signal;
  facts.backend_supports_case = item.c->correct() || item.backend->supports_case(*item.c);

  Verdict v = classify(*item.c, facts, findings);
  if (facts.tool_failed && v.outcome == Outcome::TF) v.reason = tool_failure;

  json rec = record_of(item, v, facts);
  json jf = json::array();
  for (const auto& f : findings) jf.push_back(to_json(f));
  rec["findings"] = jf;
  json jp = json::array();
  for (const auto& p : problems) jp.push_back(p.str());
  rec["problems"] = jp;
  rec["build_s"] = build && build->ok ? build->seconds : 0.0;
  if (build && !build->ok) rec["compile_log"] = build->log.substr(0, 8000);
  if (exit.started) {
    rec["run_s"] = exit.seconds();
    rec["stdout"] = fs::relative(dir + "/stdout", journal_dir_).string();
    rec["stderr"] = fs::relative(dir + "/stderr", journal_dir_).string();
    rec["stderr_tail"] = tail(dir + "/stderr", 2000);
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
  std::string label = fmt::format("{} {} {}{}", item.backend->name, item.mpi->name, item.c->id,
                                  item.c->runs > 1 ? fmt::format(" run {}", item.run) : "");
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
              {"backend", item.backend->name},
              {"mpi", item.mpi->name},
              {"mpi_version", versions_.at(item.mpi->name)},
              {"np", c.nprocs},
              {"run", item.run},
              {"runs", c.runs},
              {"outcome", outcome_name(v.outcome)},
              {"detected", v.detected},
              {"classified", v.classified},
              {"located", v.located},
              {"matched_classes", v.matched_classes},
              {"reason", v.reason},
              {"exit_code", facts.exit_code},
              {"signal", facts.signal},
              {"timed_out", facts.timed_out},
              {"host", host_},
              {"suite_rev", rev_.rev},
              {"started", iso_now()}};
}

void MatrixRun::check(const Item& item, Outcome outcome, const std::string& label) {
  const ExpectedEntry* e = expected_[item.backend->name].find(*item.c, item.mpi->name);
  if (e && e->outcome == outcome) return;
  // A tag: line describes a kind of case broadly; a backend that does better on
  // one of them is fine. Lines naming cases are exact (a stale one must go).
  if (e && e->pattern.rfind("tag:", 0) == 0 && is_good_outcome(outcome)) return;
  std::string msg;
  if (e)
    msg = fmt::format("{}: {}, but {}:{} expects {} ({})", label, outcome_name(outcome),
                      expected_[item.backend->name].path, e->line, outcome_name(e->outcome), e->reason);
  else if (!is_good_outcome(outcome))
    msg = fmt::format("{}: {} is not a known miss of backend {} (add it to its expected-results with a reason, or fix it)",
                      label, outcome_name(outcome), item.backend->name);
  if (!msg.empty()) summary_.unexpected.push_back(msg);
}

void MatrixRun::check_record(const Case& c, const std::string& backend, const std::string& mpi,
                             const json& rec) {
  auto outcome = outcome_from_name(rec.value("outcome", ""));
  const Backend* b = nullptr;
  for (const Backend* x : opt_.backends)
    if (x->name == backend) b = x;
  if (!outcome || !b) return;
  Item item{&c, b, find_mpi(mpi), rec.value("run", 1), ""};
  check(item, *outcome, fmt::format("{} {} {}", backend, mpi, c.id));
}

RunSummary MatrixRun::execute() {
  auto t0 = std::chrono::steady_clock::now();
  prepare_static();
  journal_ = std::make_unique<JournalWriter>(opt_.journal_path);
  JournalContents existing = read_journal(opt_.journal_path);
  for (const auto& p : existing.problems) progress_.note("journal: " + p.str() + " (skipped)");
  journal_->append(json{{"type", "session"},
                        {"started", iso_now()},
                        {"argv", opt_.argv},
                        {"host", host_},
                        {"suite_rev", rev_.rev},
                        {"suite_dirty", rev_.dirty},
                        {"mpi_versions", versions_}});
  std::vector<Item> items = plan(existing);
  build_all(items);
  if (!interrupted()) run_all(items);
  summary_.interrupted = interrupted();
  summary_.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return summary_;
}

RunSummary run_matrix(const RunOptions& options, Progress& progress) {
  MatrixRun run(options, progress);
  return run.execute();
}

}  // namespace assay
