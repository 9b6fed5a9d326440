#include "launch/launcher.hpp"

#include <algorithm>
#include <stdexcept>
#include <unistd.h>

namespace assay {

namespace {

class MpiexecLauncher : public Launcher {
 public:
  MpiexecLauncher(const MpiImpl& mpi, int cores) : mpi_(mpi), cores_(cores) {}

  std::string program() const override { return mpi_.launcher; }

  std::vector<std::string> argv(const std::vector<std::vector<std::string>>& ranks,
                                const Env& rank_env,
                                const std::string& /*run_dir*/) const override {
    const bool openmpi = mpi_.name == "openmpi";
    const int np = static_cast<int>(ranks.size());
    std::vector<std::string> argv = {mpi_.launcher};
    if (openmpi) {
      // Concurrent runs must not all be pinned to core 0.
      argv.insert(argv.end(), {"--bind-to", "none"});
      if (np > cores_) argv.push_back("--oversubscribe");
    } else {
      for (const auto& [k, v] : rank_env) argv.insert(argv.end(), {"-genv", k, v});
    }
    // One application context of n ranks; Open MPI's -x holds only for the
    // context it is given in (checked on 4.1.4), so each context repeats it.
    auto context = [&](int n, const std::vector<std::string>& command) {
      argv.insert(argv.end(), {openmpi ? "-np" : "-n", std::to_string(n)});
      if (openmpi)
        for (const auto& [k, v] : rank_env) argv.insert(argv.end(), {"-x", k + "=" + v});
      argv.insert(argv.end(), command.begin(), command.end());
    };
    if (same_command_for_all(ranks)) {
      context(np, ranks.front());
      return argv;
    }
    // MPMD: `a : b`, the syntax both launchers share.
    for (std::size_t i = 0; i < ranks.size(); ++i) {
      if (i > 0) argv.push_back(":");
      context(1, ranks[i]);
    }
    return argv;
  }

  Env env() const override {
    Env env;
    if (mpi_.name == "openmpi" && geteuid() == 0) {
      env["OMPI_ALLOW_RUN_AS_ROOT"] = "1";
      env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1";
    }
    return env;
  }

 private:
  const MpiImpl& mpi_;
  int cores_;
};

bool mentions(const std::vector<std::string>& argv, const std::string& text) {
  return std::any_of(argv.begin(), argv.end(), [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

}  // namespace

std::unique_ptr<Launcher> local_launcher(const MpiImpl& mpi, int cores) {
  return std::make_unique<MpiexecLauncher>(mpi, cores);
}

std::string launcher_kind_name(LauncherKind kind) { return kind == LauncherKind::slurm ? "slurm" : "local"; }

LauncherKind launcher_kind_from_name(const std::string& name) {
  if (name == "local") return LauncherKind::local;
  if (name == "slurm") return LauncherKind::slurm;
  throw std::invalid_argument("unknown launcher '" + name + "' (local, slurm)");
}

std::unique_ptr<Launcher> make_launcher(const MpiImpl& mpi, const LauncherOptions& options) {
  const int slots = options.slots > 0 ? options.slots : static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  if (options.kind == LauncherKind::slurm) return slurm_launcher(mpi, slots, options.slurm);
  return local_launcher(mpi, slots);
}

Command launch_command(const Launcher& launcher, const BackendConfig& backend, const Vars& backend_vars,
                       const LaunchRequest& request) {
  Vars vars = backend_vars;
  vars.set("run_dir", request.run_dir).set("np", std::to_string(request.np));
  vars.set("program", request.program.at(0));
  vars.set_list("args", std::vector<std::string>(request.program.begin() + 1, request.program.end()));

  // What each rank runs: the backend's rank template, per rank only when it
  // names ${rank} (then the launch is MPMD, one context per rank).
  std::vector<std::vector<std::string>> ranks;
  const bool per_rank = mentions(backend.launch_rank, "${rank}");
  for (int r = 0; r < request.np; ++r) {
    if (per_rank || r == 0) ranks.push_back(Vars(vars).set("rank", std::to_string(r)).expand_argv(backend.launch_rank));
    else ranks.push_back(ranks.front());
  }
  Env rank_env = request.rank_env;
  for (auto& [k, v] : vars.expand_env(backend.rank_env)) rank_env[k] = v;

  vars.set_list("launch", launcher.argv(ranks, rank_env, request.run_dir));
  vars.set("launcher", launcher.program());
  Command cmd;
  cmd.argv = vars.expand_argv(backend.launch_command);
  cmd.env = launcher.env();
  for (auto& [k, v] : vars.expand_env(backend.launch_env)) cmd.env[k] = v;
  cmd.env["ASSAY_REPORT_DIR"] = request.run_dir;  // for wrappers around the whole launch
  cmd.stdout_path = request.run_dir + "/stdout";
  cmd.stderr_path = request.run_dir + "/stderr";
  cmd.timeout = request.timeout;
  return cmd;
}

}  // namespace assay
