// The overhead study: every (MPI, kernel, variant, np, backend) combination is
// launched once through the runner's MPI launchers and backend manifests, one
// after another (never concurrently: runs would disturb each other's timings).
// Each run's Google Benchmark JSON (rank 0) and checksum line are read into a
// RunRecord; the records go to the overhead journal and the report.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "exec/process.hpp"
#include "launch/launcher.hpp"
#include "mpi/mpi.hpp"
#include "overhead/record.hpp"

namespace assay::overhead {

struct StudyPlan {
  std::vector<std::string> kernels;           // empty: every kernel
  std::vector<std::string> variants;          // empty: every variant of each kernel
  std::vector<std::string> backends{"native"};
  std::vector<int> nps{2};
  std::string size = "S";
  std::vector<std::string> mpis{"openmpi"};
  int iterations = 10, repetitions = 5;
  // Adaptive timing (stats.hpp): a run is launched again until the 95 % interval of its
  // median is within `precision` of it, or its launches used `budget_s` (0 = one launch).
  double precision = 0.05, budget_s = 60;
  int max_launches = 50;
  std::string inject;                         // --inject=BUG for every run ("" = the correct kernels)
  int timeout_s = 300;                        // per launch, times the backend's timeout_factor
  std::string out_dir;                        // journal, report, plot, runs/
  std::string bench_dir;                      // holds assay_overhead_<mpi> and benchmark-program.json
  std::string cache_dir;                      // builds for backends with their own flavour (binaries.hpp)
  std::string source_dir, build_dir;          // ${source_dir}, ${build_dir} in manifests
  // How ranks start (local mpirun/mpiexec or srun); one launcher per MPI, the same
  // for every backend, so all flavours are pinned alike (srun --cpu-bind).
  LauncherOptions launcher;
};

// The launches of a plan, in run order (MPI, kernel, variant, np, backend).
// Throws std::invalid_argument naming an unknown kernel, variant, size, MPI or
// backend, or a variant that no selected kernel has.
std::vector<RunSpec> expand_plan(const StudyPlan& plan, const std::vector<Backend>& backends);

// "" when the backend can time a benchmark binary on `mpi`, else why not (a backend
// with its own build flavour times one compiled its way: binaries.hpp).
std::string unusable_reason(const Backend& backend, const std::string& mpi, const Vars& vars);

// The command of one run of `binary`, writing into `run_dir`, started by `launcher`.
Command run_command_of(const RunSpec& spec, const StudyPlan& plan, const Backend& backend, const MpiImpl& mpi,
                       const Launcher& launcher, const std::string& binary, const std::string& run_dir);

// Why a run's time cannot be trusted, "" when it can: the 1-minute load average when it
// started above the CPUs plus one (more runnable processes than cores, besides ours), or
// other processes using half a core or more on average while it ran. Negative = unknown.
std::string unreliable_reason(double load1, double others_cores, int cpus);

// The 1-minute load average: /proc/loadavg, or ASSAY_LOADAVG when set (tests simulate a
// loaded machine with it); -1 when unreadable.
double load_average();

struct StudyResult {
  std::vector<RunRecord> records;
  std::vector<std::string> mismatches;  // checksum disagreements
  std::string journal_path, report_path, plot_path;
  bool interrupted = false;
  bool all_ok() const;                  // every run ok and no mismatch
};

// Builds the binaries of backends with their own flavour (binaries.hpp), then runs
// the plan; progress lines go to `log`. Throws std::runtime_error for what prevents
// starting (unknown names, missing benchmark binary, unwritable out dir). A failed
// build fails that backend's runs on that MPI, naming the compile log.
StudyResult run_study(const StudyPlan& plan, const std::vector<Backend>& backends, std::ostream& log);

}  // namespace assay::overhead
