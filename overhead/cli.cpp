#include "overhead/cli.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "exec/process.hpp"
#include "launch/cli_options.hpp"
#include "overhead/driver.hpp"

namespace fs = std::filesystem;

namespace assay::overhead {

namespace {

struct OverheadArgs {
  StudyPlan plan;
  std::vector<std::string> backend_dirs;
  LauncherArgs launcher;
  std::string cpu_bind = "cores";
};

std::string default_out_dir() {
  std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&t));
  return (fs::path("results") / (std::string("overhead-") + stamp)).string();
}

int run_overhead(OverheadArgs args, const OverheadContext& context) {
  // overhead/flavours: build flavours that are no checkers (clang14: llvm's compiler without its pass).
  std::vector<std::string> extra_dirs = {context.source_dir + "/overhead/flavours"};
  extra_dirs.insert(extra_dirs.end(), args.backend_dirs.begin(), args.backend_dirs.end());
  auto backends = discover_backends(backend_roots(context.source_dir + "/backends", extra_dirs),
                                    context.load_taxonomy(), manifest_schema_path(context.source_dir));
  StudyPlan& plan = args.plan;
  if (plan.out_dir.empty()) plan.out_dir = default_out_dir();
  plan.source_dir = context.source_dir;
  plan.build_dir = context.build_dir;
  if (plan.cache_dir.empty()) plan.cache_dir = context.build_dir + "/case-cache";  // as `run`'s --cache
  // One run at a time: every rank may have a core of its own (0 = this machine's cores, or the allocation's tasks).
  plan.launcher = args.launcher.options(args.launcher.kind == "slurm" ? slurm_allocation_tasks() : 0);
  plan.launcher.slurm.cpu_bind = args.cpu_bind;

  become_subreaper();
  install_interrupt_flag();
  StudyResult result = run_study(plan, backends, std::cerr);
  for (const auto& m : result.mismatches) std::cout << "MISMATCH " << m << "\n";
  const auto busy = std::count_if(result.records.begin(), result.records.end(),
                                  [](const RunRecord& r) { return !r.unreliable.empty(); });
  if (busy > 0)
    std::cout << fmt::format("warning: {} run(s) were timed on a busy machine; their overheads are not reliable "
                             "(the report lists why)\n",
                             busy);
  std::cout << fmt::format("journal: {}\nreport: {}\nplot: {}\n", result.journal_path, result.report_path,
                           result.plot_path);
  if (result.interrupted) return 128 + interrupt_signal();
  return result.all_ok() ? 0 : 1;
}

}  // namespace

CLI::App* add_overhead_command(CLI::App& app, int& exit_code, OverheadContext context) {
  auto args = std::make_shared<OverheadArgs>();
  args->plan.bench_dir = ASSAY_OVERHEAD_BENCH_DIR;
  auto* cmd = app.add_subcommand("overhead", "Time the proxy kernels natively and under backends");
  StudyPlan& p = args->plan;
  // List options take one comma-separated word each, as in `run`.
  cmd->add_option("--kernels", p.kernels, "cfd, heat2d, advect (comma separated; default: all)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--variants", p.variants, "Only these variants (comma separated; default: every variant of each kernel)")
      ->delimiter(',')
      ->allow_extra_args(false);
  add_backend_option(*cmd, p.backends, "Backends to time (comma separated); native is the baseline")->capture_default_str();
  cmd->add_option("--np", p.nps, "Numbers of ranks (comma separated)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--size", p.size, "S, M or L (per-rank size)")
      ->check(CLI::IsMember({"S", "M", "L"}))
      ->capture_default_str();
  cmd->add_option("--mpi", p.mpis, "openmpi, mpich (comma separated)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->capture_default_str();
  cmd->add_option("--out", p.out_dir, "Output folder (default: results/overhead-<time>)");
  cmd->add_option("--iterations", p.iterations, "Timed steps per repetition")->capture_default_str();
  cmd->add_option("--repetitions", p.repetitions, "Repetitions per launch")->capture_default_str();
  cmd->add_option("--precision", p.precision,
                  "Launch a run again until the 95 % interval of its median is within this share of it (0.05 = ±5 %)")
      ->check(CLI::Range(0.001, 1.0))
      ->capture_default_str();
  cmd->add_option("--budget", p.budget_s,
                  "Seconds of launches per run before it stops short of --precision (0 = one launch: fixed iterations × repetitions)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--max-launches", p.max_launches, "Launches per run at most, whatever --precision and --budget say")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--inject", p.inject, "Run every kernel with this bug (overhead/README.md); findings are then expected");
  cmd->add_option("--timeout", p.timeout_s, "Seconds per launch, at least 1 (times the backend's timeout_factor)")
      ->check(at_least_one_second())
      ->capture_default_str();
  cmd->add_option("--bench-dir", p.bench_dir, "Folder of assay_overhead_<mpi> and benchmark-program.json")->capture_default_str();
  cmd->add_option("--cache", p.cache_dir,
                  "Folder of compiled binaries: the benchmark built for backends with their own build flavour "
                  "(default: as `run --cache`)");
  args->launcher.add_options(*cmd);
  cmd->add_option("--cpu-bind", args->cpu_bind, "slurm: srun --cpu-bind=<this> for every run of every backend (cores, none, …)")
      ->capture_default_str();
  cmd->add_option("--backends-dir", args->backend_dirs, "Folder of backend folders, added to the built-in ones (repeatable; also ASSAY_BACKENDS_PATH)");
  cmd->footer(
      "Examples:\n  mpi-assay overhead --size S --np 2 --backend native,pmpi\n"
      "  mpi-assay overhead --kernels heat2d --mpi openmpi,mpich --backend native,pmpi --out results/ov-heat2d\n"
      "  mpi-assay overhead --kernels cfd,heat2d,advect --backend native,clang14,llvm --size M --np 2");
  cmd->callback([args, context = std::move(context), &exit_code] {
    try {
      exit_code = run_overhead(*args, context);
    } catch (const std::exception& e) {
      std::cerr << "mpi-assay: error: " << e.what() << "\n";
      exit_code = 2;
    }
  });
  return cmd;
}

}  // namespace assay::overhead
