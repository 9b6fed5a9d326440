// Launching ranks. A Launcher knows how to start n ranks of a command on one
// MPI implementation: mpirun.openmpi / mpiexec.mpich on this machine, or Slurm's
// srun (a step of the current allocation, or a job of its own from a login
// node). launch_command() is the one place where a launch request, the
// backend's launch template and a launcher become the command line that runs —
// the run engine and the overhead driver both call it, with launchers made by
// make_launcher().
#pragma once
#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "exec/process.hpp"
#include "mpi/mpi.hpp"

namespace assay {

struct LaunchRequest {
  int np = 1;
  std::vector<std::string> program;  // the executable, then its arguments
  std::string run_dir;               // stdout, stderr and the findings go here
  Env rank_env;                      // for every rank, before the backend's own
  std::chrono::milliseconds timeout{0};
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  virtual std::string program() const = 0;  // ${launcher}
  // The command that starts ranks.size() ranks, rank i running ranks[i], with
  // rank_env in each rank's environment (not only the launcher's). The launch
  // writes into run_dir (which exists); a launcher may put files it needs there
  // (srun's --multi-prog configuration). Throws std::runtime_error when the
  // request cannot be expressed (an environment value srun cannot pass).
  virtual std::vector<std::string> argv(const std::vector<std::vector<std::string>>& ranks, const Env& rank_env,
                                        const std::string& run_dir) const = 0;
  virtual Env env() const = 0;  // what the launch command itself needs

  // Checked once per launcher, before any run: do ranks started this way form
  // one world? "" when they do, else why every run through this launcher would
  // be wrong (the caller records those runs as TF with this text). `work_dir`
  // is a folder for the check's files. Runs children synchronously: call it
  // while no Supervisor of the process has jobs.
  virtual std::string check(const std::string& /*work_dir*/) const { return ""; }
  // For a launch in run_dir that was killed (timeout, interrupt): the command
  // that removes what it may have left outside the local process tree (a Slurm
  // step or job) and returns once nothing is left; nullopt when the local
  // whole-tree kill is all it takes.
  virtual std::optional<Command> cancel_command(const std::string& /*run_dir*/) const { return std::nullopt; }
  // Why a finished launch in run_dir failed for reasons of the launcher or the
  // cluster rather than the case (srun could not allocate or create the step, a
  // node failed, the job's time limit ended the step); nullopt when it did not.
  // Such a run is TF and not final: a resume runs it again.
  virtual std::optional<std::string> infrastructure_failure(const ExitInfo& /*exit*/,
                                                            const std::string& /*run_dir*/) const {
    return std::nullopt;
  }
};

// Ranks that all run the same command are one application context (SPMD);
// otherwise each rank is its own (MPMD).
inline bool same_command_for_all(const std::vector<std::vector<std::string>>& ranks) {
  return std::all_of(ranks.begin(), ranks.end(), [&](const auto& r) { return r == ranks.front(); });
}

enum class LauncherKind { local, slurm };
std::string launcher_kind_name(LauncherKind kind);
LauncherKind launcher_kind_from_name(const std::string& name);  // throws std::invalid_argument

struct SlurmOptions {
  // For a job of its own (outside an allocation); "" = the cluster's default.
  std::string partition, account, time;
  std::vector<std::string> srun_options;  // passed through, after ours (so they win: e.g. --mpi=…)
  std::string cpu_bind;                   // --cpu-bind=<this> ("" = the cluster's default)
};

struct LauncherOptions {
  LauncherKind kind = LauncherKind::local;
  // Local: the machine's cores; Slurm: the tasks the runner may keep busy (the
  // allocation's tasks inside one). More ranks than this oversubscribe
  // (mpirun --oversubscribe, srun --overcommit). 0 = this machine's cores.
  int slots = 0;
  SlurmOptions slurm;
};

// mpirun.openmpi / mpiexec.mpich on this machine, which has `cores` cores.
std::unique_ptr<Launcher> local_launcher(const MpiImpl& mpi, int cores);
// srun: a step of the allocation when SLURM_JOB_ID is set, else a job of its own.
std::unique_ptr<Launcher> slurm_launcher(const MpiImpl& mpi, int tasks, const SlurmOptions& options);
std::unique_ptr<Launcher> make_launcher(const MpiImpl& mpi, const LauncherOptions& options);

// The srun --mpi= plugin each MPI implementation needs (pmix for Open MPI, pmi2 for MPICH).
std::string slurm_mpi_plugin(const std::string& mpi);
// Inside a Slurm allocation (salloc, sbatch): SLURM_JOB_ID is set.
bool inside_slurm_allocation();
// The allocation's tasks (SLURM_NTASKS), 0 outside one or when unknown.
int slurm_allocation_tasks();

// `backend_vars` are the backend's variables (backend_vars()); the result runs
// in its own process tree with the request's timeout, writing run_dir/stdout
// and run_dir/stderr. Throws std::runtime_error when a template cannot expand.
Command launch_command(const Launcher& launcher, const BackendConfig& backend, const Vars& backend_vars,
                       const LaunchRequest& request);

}  // namespace assay
