#include "overhead/driver.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <ostream>
#include <stdexcept>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "exec/output.hpp"
#include "launch/findings.hpp"
#include "overhead/binaries.hpp"
#include "overhead/kernels/catalog.hpp"
#include "overhead/report.hpp"
#include "results/finding.hpp"

namespace fs = std::filesystem;

namespace assay::overhead {

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

const Backend& backend_named(const std::vector<Backend>& backends, const std::string& name) {
  for (const auto& b : backends)
    if (b.name == name) return b;
  throw std::invalid_argument("unknown backend '" + name + "' (see `mpi-assay backends`)");
}

const MpiImpl& mpi_named(const std::string& name) {
  const MpiImpl* m = find_mpi(name);
  if (!m) throw std::invalid_argument("unknown MPI implementation '" + name + "' (openmpi, mpich)");
  return *m;
}

std::vector<const KernelInfo*> selected_kernels(const StudyPlan& plan) {
  std::vector<const KernelInfo*> kernels;
  if (plan.kernels.empty())
    for (const auto& k : kernel_catalog()) kernels.push_back(&k);
  for (const auto& name : plan.kernels) {
    const KernelInfo* k = find_kernel(name);
    if (!k) throw std::invalid_argument("unknown kernel '" + name + "' (cfd, heat2d, advect)");
    kernels.push_back(k);
  }
  return kernels;
}

std::string run_dir_of(const StudyPlan& plan, const RunSpec& s) {
  return (fs::path(plan.out_dir) / "runs" / s.mpi / s.backend /
          fmt::format("{}-{}-np{}", s.kernel, s.variant, s.np))
      .string();
}

// The run's findings through the backend's parse step (launch/findings.hpp).
ParsedFindings findings_of(const Backend& backend, const MpiImpl& mpi, const StudyPlan& plan, const RunSpec& spec,
                           const std::string& binary, const std::string& run_dir) {
  Vars vars = backend_vars(backend, mpi, plan.source_dir, plan.build_dir);
  vars.set("run_dir", run_dir).set("np", std::to_string(spec.np)).set("source", "").set("exe", binary);
  std::optional<Command> cmd;
  try {
    cmd = parse_command(backend.config(mpi.name), vars, run_dir, backend.name);
  } catch (const std::exception& e) {
    return ParsedFindings{{}, {}, std::string("parse command: ") + e.what()};
  }
  if (!cmd)
    return read_run_findings(run_dir, nullptr, "",
                             BuiltinParse{backend.config(mpi.name).parse_builtin, binary, backend.name, false});
  ExitInfo e = run_command(*cmd);
  return read_run_findings(run_dir, &e, cmd->argv.front());
}

// Counts what the backend found: findings, summarised one line per distinct
// (class, message, locations), and a tool failure.
void read_findings(const ParsedFindings& found, RunRecord& r) {
  r.findings = static_cast<int>(found.findings.size());
  std::map<std::string, int> lines;
  for (const auto& f : found.findings) {
    std::string where;
    for (const auto& a : f.accesses)
      if (!a.file.empty()) where += (where.empty() ? "" : ", ") + a.file + ":" + std::to_string(a.line);
    ++lines[f.error_class + ": " + f.message + (where.empty() ? "" : " (" + where + ")")];
  }
  for (const auto& p : found.problems) ++lines["unreadable findings: " + p.str()];
  for (const auto& [text, count] : lines) r.finding_lines.push_back(fmt::format("{}x {}", count, text));
  r.tool_failure = found.failure;
  if (fs::exists(r.run_dir + "/tool-failure")) r.tool_failure = read_file(r.run_dir + "/tool-failure");
}

// Fills status, times, checksum and context from a finished launch.
void read_outcome(const ExitInfo& exit, const ParsedFindings& found, RunRecord& r) {
  r.wall_s = exit.seconds();
  if (exit.started) read_findings(found, r);
  std::string stdout_text = read_file(r.run_dir + "/stdout");
  if (!exit.started) {
    r.status = RunStatus::failed;
    r.error = exit.error;
    return;
  }
  if (exit.timed_out) {
    r.status = RunStatus::timeout;
    r.error = fmt::format("killed after {:.0f} s", r.wall_s);
    return;
  }
  if (exit.exit_code != 0) {
    r.status = RunStatus::failed;
    r.error = exit.signal ? fmt::format("killed by signal {}", exit.signal)
                          : fmt::format("exit status {} (see {}/stderr)", exit.exit_code, r.run_dir);
    return;
  }
  try {
    auto output = nlohmann::json::parse(read_file(r.run_dir + "/benchmark.json"));
    r.times_s = repetition_times(output);
    r.context = output.value("context", nlohmann::json::object());
    // Where it ran, as the ranks saw it (bench_main.cpp: np, nodes).
    auto count = [&](const char* key) { return std::atoi(r.context.value(key, std::string("0")).c_str()); };
    r.tasks = count("np");
    r.nodes = count("nodes");
  } catch (const std::exception& e) {
    r.status = RunStatus::failed;
    r.error = std::string("unreadable benchmark output: ") + e.what();
    return;
  }
  r.checksum = find_checksum(stdout_text, r.spec.kernel, r.spec.variant);
  r.status = r.checksum.empty() ? RunStatus::failed : RunStatus::ok;
  if (r.checksum.empty()) r.error = "no checksum line in the output";
}


// CPU seconds used on this machine (all processes, /proc/stat) and by this process
// and the children it has waited for, at one instant. busy_s < 0: unreadable.
struct CpuSample {
  std::chrono::steady_clock::time_point when = std::chrono::steady_clock::now();
  double busy_s = -1, ours_s = 0;
};

CpuSample cpu_sample() {
  CpuSample s;
  std::ifstream stat("/proc/stat");
  std::string cpu;
  unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  if (stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal && cpu == "cpu")
    s.busy_s = static_cast<double>(user + nice + system + irq + softirq + steal) / static_cast<double>(sysconf(_SC_CLK_TCK));
  auto seconds = [](const rusage& u) {
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
  };
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  s.ours_s = seconds(self) + seconds(children);
  return s;
}

// Launches the run again (into launch-<n>/ folders of its run folder) until its
// median is precise enough or its budget is spent (AdaptiveTiming); pools the times.
void time_adaptively(const StudyPlan& plan, const RunSpec& spec, const Backend& backend, const MpiImpl& mpi,
                     const Launcher& launcher, RunRecord& r) {
  AdaptiveTiming timing(StopRule{plan.precision, plan.budget_s, plan.max_launches});
  timing.add(r.times_s, r.wall_s);
  std::string stopped;
  while (timing.decision() == AdaptiveTiming::Stop::more) {
    if (interrupted()) {
      stopped = "interrupted";
      break;
    }
    const std::string dir = r.run_dir + fmt::format("/launch-{}", timing.launches() + 1);
    fs::create_directories(dir);
    const ExitInfo more = run_command(run_command_of(spec, plan, backend, mpi, launcher, r.binary, dir));
    std::vector<double> times;
    try {
      if (!more.started || more.timed_out || more.exit_code != 0) throw std::runtime_error("the launch failed");
      times = repetition_times(nlohmann::json::parse(read_file(dir + "/benchmark.json")));
    } catch (const std::exception& e) {
      stopped = fmt::format("launch {} failed ({}; see {})", timing.launches() + 1, e.what(), dir);
      break;
    }
    timing.add(times, more.seconds());
  }
  r.times_s = timing.samples();
  r.launches = timing.launches();
  r.stopped = stopped.empty() ? stop_name(timing.decision()) : stopped;
  const MedianEstimate m = timing.estimate();
  r.median_low_s = m.low;
  r.median_high_s = m.high;
}

}  // namespace

std::string unreliable_reason(double load1, double others_cores, int cpus) {
  std::vector<std::string> why;
  if (cpus > 0 && load1 > cpus + 1)
    why.push_back(fmt::format("load average {:.1f} on {} CPUs when it started", load1, cpus));
  if (others_cores >= 0.5) why.push_back(fmt::format("other processes used {:.1f} cores while it ran", others_cores));
  return fmt::format("{}", fmt::join(why, "; "));
}

double load_average() {
  if (const char* fake = std::getenv("ASSAY_LOADAVG"); fake && *fake) return std::atof(fake);
  double load = -1;
  std::ifstream("/proc/loadavg") >> load;
  return load;
}

std::vector<RunSpec> expand_plan(const StudyPlan& plan, const std::vector<Backend>& backends) {
  if (!is_size_preset(plan.size)) throw std::invalid_argument("unknown size '" + plan.size + "' (S, M, L)");
  if (plan.iterations < 1 || plan.repetitions < 1)
    throw std::invalid_argument("iterations and repetitions must be positive");
  for (const auto& b : plan.backends) backend_named(backends, b);
  for (const auto& m : plan.mpis) mpi_named(m);
  for (int np : plan.nps)
    if (np < 1) throw std::invalid_argument("np must be positive");
  auto kernels = selected_kernels(plan);
  for (const auto& v : plan.variants)
    if (std::none_of(kernels.begin(), kernels.end(), [&](const KernelInfo* k) { return has_variant(*k, v); }))
      throw std::invalid_argument("no selected kernel has the variant '" + v + "'");

  std::vector<RunSpec> specs;
  for (const auto& mpi : plan.mpis)
    for (const KernelInfo* k : kernels)
      for (const auto& variant : k->variants) {
        if (!plan.variants.empty() && !contains(plan.variants, variant)) continue;
        for (int np : plan.nps)
          for (const auto& backend : plan.backends) specs.push_back({k->name, variant, np, backend, mpi});
      }
  return specs;
}

std::string unusable_reason(const Backend& backend, const std::string& mpi, const Vars& vars) {
  if (backend.kind == BackendKind::static_analysis) return "a static-analysis backend has no run time to measure";
  return backend.missing_requirement(mpi, vars);
}

Command run_command_of(const RunSpec& spec, const StudyPlan& plan, const Backend& backend, const MpiImpl& mpi,
                       const Launcher& launcher, const std::string& binary, const std::string& run_dir) {
  LaunchRequest request;
  request.np = spec.np;
  request.program = {binary, "--kernel=" + spec.kernel, "--variant=" + spec.variant,
                     "--size=" + plan.size, "--iterations=" + std::to_string(plan.iterations),
                     "--repetitions=" + std::to_string(plan.repetitions),
                     "--benchmark_out=" + run_dir + "/benchmark.json", "--benchmark_out_format=json"};
  if (!plan.inject.empty()) request.program.push_back("--inject=" + plan.inject);
  request.run_dir = run_dir;
  request.rank_env = {{"ASSAY_BACKEND", backend.name}, {"ASSAY_REPORT_DIR", run_dir}};
  request.timeout = std::chrono::milliseconds(static_cast<long>(plan.timeout_s * 1000.0 * backend.timeout_factor));
  return launch_command(launcher, backend.config(mpi.name), backend_vars(backend, mpi, plan.source_dir, plan.build_dir),
                        request);
}

bool StudyResult::all_ok() const {
  return mismatches.empty() && !interrupted &&
         std::all_of(records.begin(), records.end(), [](const RunRecord& r) { return r.status == RunStatus::ok; });
}

StudyResult run_study(const StudyPlan& plan, const std::vector<Backend>& backends, std::ostream& log) {
  auto specs = expand_plan(plan, backends);
  // Every binary exists before the first timed launch: compiling would disturb the timings.
  std::vector<std::pair<const Backend*, const MpiImpl*>> usable;
  for (const auto& m : plan.mpis)
    for (const auto& b : plan.backends) {
      const Backend& backend = backend_named(backends, b);
      const MpiImpl& mpi = mpi_named(m);
      if (unusable_reason(backend, m, backend_vars(backend, mpi, plan.source_dir, plan.build_dir)).empty())
        usable.emplace_back(&backend, &mpi);
    }
  const auto binaries =
      prepare_binaries(usable, BinarySources{plan.bench_dir, plan.cache_dir, plan.source_dir, plan.build_dir}, log);
  fs::create_directories(plan.out_dir);
  StudyResult result;
  result.journal_path = (fs::path(plan.out_dir) / "overhead.jsonl").string();
  std::ofstream journal(result.journal_path, std::ios::trunc);
  if (!journal) throw std::runtime_error("cannot write " + result.journal_path);
  std::map<std::string, std::unique_ptr<Launcher>> launchers;
  std::map<std::string, std::string> launcher_failures;  // mpi -> why its ranks would not form one world
  for (const auto& m : plan.mpis) {
    launchers[m] = make_launcher(mpi_named(m), plan.launcher);
    launcher_failures[m] = launchers[m]->check((fs::path(plan.out_dir) / "launcher-check" / m).string());
    if (!launcher_failures[m].empty()) log << fmt::format("launcher on {}: {}; its runs fail\n", m, launcher_failures[m]);
  }

  for (std::size_t i = 0; i < specs.size() && !interrupted(); ++i) {
    const RunSpec& spec = specs[i];
    const Backend& backend = backend_named(backends, spec.backend);
    const MpiImpl& mpi = mpi_named(spec.mpi);
    RunRecord r;
    r.spec = spec;
    r.size = plan.size;
    r.iterations = plan.iterations;
    r.repetitions = plan.repetitions;
    r.run_dir = run_dir_of(plan, spec);
    r.launcher = launcher_kind_name(plan.launcher.kind);
    r.cpu_bind = plan.launcher.kind == LauncherKind::slurm ? plan.launcher.slurm.cpu_bind : "";
    // Fresh: backends append their findings, a previous study must not leak in.
    fs::remove_all(r.run_dir);
    fs::create_directories(r.run_dir);
    r.error = unusable_reason(backend, mpi.name, backend_vars(backend, mpi, plan.source_dir, plan.build_dir));
    if (const auto bin = binaries.find({backend.name, mpi.name}); r.error.empty() && bin != binaries.end()) {
      r.binary = bin->second.path;
      r.flavour = bin->second.flavour;
      r.compile_command = bin->second.compile_command;
      if (!bin->second.error.empty()) {
        r.status = RunStatus::failed;
        r.error = bin->second.error;
      }
    }
    if (r.error.empty() && !launcher_failures.at(mpi.name).empty()) {
      r.status = RunStatus::failed;
      r.error = launcher_failures.at(mpi.name);
    }
    if (r.error.empty()) {
      const Launcher& launcher = *launchers.at(mpi.name);
      // How busy this machine is (srun runs elsewhere: not measured there).
      const bool local = plan.launcher.kind == LauncherKind::local;
      const CpuSample before = local ? cpu_sample() : CpuSample{};
      if (local) r.load1 = load_average();
      r.cpus = static_cast<int>(std::thread::hardware_concurrency());
      ExitInfo exit = run_command(run_command_of(spec, plan, backend, mpi, launcher, r.binary, r.run_dir));
      // A killed launch may have left a Slurm step behind: cancel it before the next run.
      if (exit.timed_out)
        if (auto cancel = launcher.cancel_command(r.run_dir)) run_command(*cancel);
      if (auto failure = launcher.infrastructure_failure(exit, r.run_dir)) {
        r.status = RunStatus::failed;
        r.error = *failure;
      } else {
        read_outcome(exit, exit.started ? findings_of(backend, mpi, plan, spec, r.binary, r.run_dir) : ParsedFindings{}, r);
        // What the backend says about itself (llvm: what its pass instrumented), rank 0's.
        const std::string stats = r.run_dir + "/" + backend.name + "-stats-rank-0.json";
        if (fs::exists(stats)) r.backend_stats = nlohmann::json::parse(read_file(stats), nullptr, false);
        if (r.backend_stats.is_discarded()) r.backend_stats = nullptr;
      }
      if (r.status == RunStatus::ok) time_adaptively(plan, spec, backend, mpi, launcher, r);
      if (local) {
        const CpuSample after = cpu_sample();
        const double wall = std::chrono::duration<double>(after.when - before.when).count();
        if (wall > 0 && before.busy_s >= 0 && after.busy_s >= 0)
          r.others_cores = std::max(0.0, (after.busy_s - before.busy_s) - (after.ours_s - before.ours_s)) / wall;
        r.unreliable = unreliable_reason(r.load1, r.others_cores, r.cpus);
      }
    }
    log << fmt::format("[{}/{}] {} {} np={} {} {}: {}", i + 1, specs.size(), spec.kernel, spec.variant, spec.np,
                       spec.backend, spec.mpi, status_name(r.status));
    if (r.status == RunStatus::ok)
      log << fmt::format(" median {:.3f} ms [{:.3f}, {:.3f}] ({} launch{}, {})", 1e3 * median(r.times_s),
                         1e3 * r.median_low_s, 1e3 * r.median_high_s, r.launches, r.launches == 1 ? "" : "es",
                         r.stopped == "precise" ? "precise" : "stopped: " + r.stopped);
    if (r.findings > 0) log << fmt::format(", {} finding{}", r.findings, r.findings == 1 ? "" : "s");
    if (!r.tool_failure.empty()) log << ", tool failure";
    if (!r.error.empty()) log << " (" << r.error << ")";
    if (!r.unreliable.empty()) log << "\nwarning: this time is unreliable: " << r.unreliable;
    log << std::endl;
    journal << to_json(r).dump() << "\n" << std::flush;
    result.records.push_back(std::move(r));
  }
  result.interrupted = interrupted();
  result.mismatches = checksum_mismatches(result.records);
  result.report_path = (fs::path(plan.out_dir) / "overhead.md").string();
  result.plot_path = (fs::path(plan.out_dir) / "overhead.svg").string();
  auto rows = overhead_rows(result.records);
  write_text(result.report_path, markdown_report(result.records, rows, result.mismatches, "overhead.svg"));
  write_text(result.plot_path, svg_plot(rows));
  return result;
}

}  // namespace assay::overhead
