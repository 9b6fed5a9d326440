// The launcher options shared by `mpi-assay run` and `mpi-assay overhead`
// (header-only: for the command lines, cli/ and overhead/; the launch library
// itself does not depend on CLI11).
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "launch/launcher.hpp"

namespace assay {

// For every option that is a timeout in seconds (`run --timeout`, `overhead --timeout`): 0 or
// less would mean "no timeout" to the supervisor, so a hung case or kernel would hang the run.
inline CLI::Validator at_least_one_second() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        try {
          std::size_t used = 0;
          if (std::stoi(value, &used) >= 1 && used == value.size()) return "";
        } catch (const std::exception&) {
        }
        return "must be a whole number of seconds, at least 1 (got '" + value + "')";
      },
      "SECONDS>=1");
}

// The backends of `run` and `overhead`, one spelling: `--backend native,pmpi` (one comma-separated
// word). `--backends` is accepted as a hidden alias (older command lines, the issues' examples);
// giving both is an error.
inline CLI::Option* add_backend_option(CLI::App& cmd, std::vector<std::string>& backends, const std::string& help) {
  CLI::Option* main = cmd.add_option("--backend", backends, help)->delimiter(',')->allow_extra_args(false);
  cmd.add_option("--backends", backends, "alias of --backend")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->group("")
      ->excludes(main);
  return main;
}

struct LauncherArgs {
  std::string kind = "local";
  SlurmOptions slurm;

  void add_options(CLI::App& cmd) {
    cmd.add_option("--launcher", kind, "local (mpirun/mpiexec on this machine) or slurm (srun; docs/cluster.md)")
        ->check(CLI::IsMember({"local", "slurm"}))
        ->capture_default_str();
    cmd.add_option("--partition", slurm.partition, "slurm, outside an allocation: the partition of each run's job");
    cmd.add_option("--account", slurm.account, "slurm, outside an allocation: the account of each run's job");
    cmd.add_option("--time", slurm.time, "slurm, outside an allocation: each run's job time limit (srun --time)");
    cmd.add_option("--srun-option", slurm.srun_options,
                   "slurm: an extra srun option, after ours (repeatable; write --srun-option=--mem-per-cpu=1G)");
  }

  // `slots`: the tasks (slurm) or cores (local) runs may keep busy; 0 = this machine's cores.
  LauncherOptions options(int slots) const {
    LauncherOptions o;
    o.kind = launcher_kind_from_name(kind);
    o.slots = slots;
    o.slurm = slurm;
    return o;
  }
};

}  // namespace assay
