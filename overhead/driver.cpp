#include "overhead/driver.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <ostream>
#include <stdexcept>
#include <unistd.h>

#include <fmt/format.h>

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

// The variables the engine gives a manifest, plus where this run writes.
Vars manifest_vars(const Backend& b, const MpiImpl& mpi, const StudyPlan& plan, const std::string& run_dir) {
  Vars vars = backend_vars(b, mpi, plan.source_dir, plan.build_dir);
  vars["report_dir"] = run_dir;
  return vars;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string benchmark_path(const StudyPlan& plan, const std::string& mpi) {
  return (fs::path(plan.bench_dir) / ("assay_overhead_" + mpi)).string();
}

std::string run_dir_of(const StudyPlan& plan, const RunSpec& s) {
  return (fs::path(plan.out_dir) / "runs" / s.mpi / s.backend /
          fmt::format("{}-{}-np{}", s.kernel, s.variant, s.np))
      .string();
}

// Counts what the backend wrote into the run dir ($ASSAY_REPORT_DIR): findings,
// summarised one line per distinct (class, message, locations), and a tool failure.
void read_findings(RunRecord& r) {
  std::vector<Problem> problems;
  auto findings = read_findings_dir(r.run_dir, problems);
  r.findings = static_cast<int>(findings.size());
  std::map<std::string, int> lines;
  for (const auto& f : findings) {
    std::string where;
    for (const auto& a : f.accesses)
      if (!a.file.empty()) where += (where.empty() ? "" : ", ") + a.file + ":" + std::to_string(a.line);
    ++lines[f.error_class + ": " + f.message + (where.empty() ? "" : " (" + where + ")")];
  }
  for (const auto& p : problems) ++lines["unreadable findings: " + p.str()];
  for (const auto& [text, count] : lines) r.finding_lines.push_back(fmt::format("{}x {}", count, text));
  if (fs::exists(r.run_dir + "/tool-failure")) r.tool_failure = read_file(r.run_dir + "/tool-failure");
}

// Fills status, times, checksum and context from a finished launch.
void read_outcome(const ExitInfo& exit, RunRecord& r) {
  r.wall_s = exit.seconds();
  if (exit.started) read_findings(r);
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
  } catch (const std::exception& e) {
    r.status = RunStatus::failed;
    r.error = std::string("unreadable benchmark output: ") + e.what();
    return;
  }
  r.checksum = find_checksum(stdout_text, r.spec.kernel, r.spec.variant);
  r.status = r.checksum.empty() ? RunStatus::failed : RunStatus::ok;
  if (r.checksum.empty()) r.error = "no checksum line in the output";
}

}  // namespace

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

std::string unusable_reason(const Backend& backend, const Vars& vars) {
  if (backend.kind != BackendKind::dynamic) return "a static-analysis backend has no run time to measure";
  if (!backend.cflags.empty() || !backend.ldflags.empty() || !backend.build_env.empty())
    return "the backend needs its own build flavour; overhead runs use the prebuilt benchmark binaries";
  return backend.missing_requirement(vars);
}

Command launch_command(const RunSpec& spec, const StudyPlan& plan, const Backend& backend, const MpiImpl& mpi,
                       const std::string& run_dir) {
  Vars vars = manifest_vars(backend, mpi, plan, run_dir);
  std::map<std::string, std::string> rank_env = {{"ASSAY_BACKEND", backend.name}, {"ASSAY_REPORT_DIR", run_dir}};
  for (const auto& [k, v] : backend.rank_env) rank_env[k] = expand(v, vars);
  std::vector<std::string> program;
  for (const auto& p : backend.prefix) program.push_back(expand(p, vars));
  program.insert(program.end(),
                 {benchmark_path(plan, mpi.name), "--kernel=" + spec.kernel, "--variant=" + spec.variant,
                  "--size=" + plan.size, "--iterations=" + std::to_string(plan.iterations),
                  "--repetitions=" + std::to_string(plan.repetitions),
                  "--benchmark_out=" + run_dir + "/benchmark.json", "--benchmark_out_format=json"});
  if (!plan.inject.empty()) program.push_back("--inject=" + plan.inject);
  Command cmd;
  cmd.argv = mpi.launch_argv(spec.np, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)), rank_env, program);
  cmd.env = mpi.launcher_env();
  cmd.env["ASSAY_REPORT_DIR"] = run_dir;
  cmd.stdout_path = run_dir + "/stdout";
  cmd.stderr_path = run_dir + "/stderr";
  cmd.timeout = std::chrono::milliseconds(static_cast<long>(plan.timeout_s * 1000.0 * backend.timeout_factor));
  return cmd;
}

bool StudyResult::all_ok() const {
  return mismatches.empty() && !interrupted &&
         std::all_of(records.begin(), records.end(), [](const RunRecord& r) { return r.status == RunStatus::ok; });
}

StudyResult run_study(const StudyPlan& plan, const std::vector<Backend>& backends, std::ostream& log) {
  auto specs = expand_plan(plan, backends);
  for (const auto& m : plan.mpis)
    if (access(benchmark_path(plan, m).c_str(), X_OK) != 0)
      throw std::runtime_error(benchmark_path(plan, m) + " is missing: build the target assay_overhead_" + m);
  fs::create_directories(plan.out_dir);
  StudyResult result;
  result.journal_path = (fs::path(plan.out_dir) / "overhead.jsonl").string();
  std::ofstream journal(result.journal_path, std::ios::trunc);
  if (!journal) throw std::runtime_error("cannot write " + result.journal_path);

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
    // Fresh: backends append their findings, a previous study must not leak in.
    fs::remove_all(r.run_dir);
    fs::create_directories(r.run_dir);
    r.error = unusable_reason(backend, manifest_vars(backend, mpi, plan, r.run_dir));
    if (r.error.empty()) read_outcome(run_command(launch_command(spec, plan, backend, mpi, r.run_dir)), r);
    log << fmt::format("[{}/{}] {} {} np={} {} {}: {}", i + 1, specs.size(), spec.kernel, spec.variant, spec.np,
                       spec.backend, spec.mpi, status_name(r.status));
    if (r.status == RunStatus::ok) log << fmt::format(" median {:.3f} ms", 1e3 * median(r.times_s));
    if (r.findings > 0) log << fmt::format(", {} finding{}", r.findings, r.findings == 1 ? "" : "s");
    if (!r.tool_failure.empty()) log << ", tool failure";
    if (!r.error.empty()) log << " (" << r.error << ")";
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
