// The launcher options shared by `mpi-assay run` and `mpi-assay overhead`
// (header-only: for the command lines, cli/ and overhead/; the launch library
// itself does not depend on CLI11).
#pragma once
#include <string>

#include <CLI/CLI.hpp>

#include "launch/launcher.hpp"

namespace assay {

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
