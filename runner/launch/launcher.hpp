// Launching ranks. A Launcher knows how to start n ranks of a command on one
// MPI implementation (mpirun.openmpi, mpiexec.mpich; Slurm's srun would be
// another); launch_command() is the one place where a launch request, the
// backend's launch template and a launcher become the command line that runs —
// the run engine and the overhead driver both call it.
#pragma once
#include <chrono>
#include <memory>
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
  // rank_env in each rank's environment (not only the launcher's).
  virtual std::vector<std::string> argv(const std::vector<std::vector<std::string>>& ranks,
                                        const Env& rank_env) const = 0;
  virtual Env env() const = 0;  // what the launch command itself needs
};

// mpirun.openmpi / mpiexec.mpich on this machine, which has `cores` cores.
std::unique_ptr<Launcher> local_launcher(const MpiImpl& mpi, int cores);

// `backend_vars` are the backend's variables (backend_vars()); the result runs
// in its own process tree with the request's timeout, writing run_dir/stdout
// and run_dir/stderr. Throws std::runtime_error when a template cannot expand.
Command launch_command(const Launcher& launcher, const BackendConfig& backend, const Vars& backend_vars,
                       const LaunchRequest& request);

}  // namespace assay
