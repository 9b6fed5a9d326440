// The Slurm launcher: every launch is `srun` — a step packed into the current
// allocation (SLURM_JOB_ID set: salloc, sbatch, --submit), or a short job of its
// own from a login node. Facts checked with Slurm 22.05 (docs/cluster.md):
// Open MPI needs --mpi=pmix (pmi2 fails in MPI_Init); MPICH needs --mpi=pmi2
// (with pmix or none its ranks start as singletons of world size 1, silently) —
// hence the world-size probe in check().
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include <fmt/format.h>

#include "exec/output.hpp"
#include "launch/launcher.hpp"

namespace fs = std::filesystem;

namespace assay {

namespace {

// A job/step name unique to a run folder: what cancel_command() looks for.
std::string job_name_of(const std::string& run_dir) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : run_dir) h = (h ^ c) * 1099511628211ull;
  return fmt::format("assay-{:016x}", h);
}

// One --multi-prog line: the rank, then its command, each word single-quoted
// (srun then leaves %t and spaces alone).
std::string multi_prog_line(std::size_t rank, const std::vector<std::string>& command) {
  std::string line = std::to_string(rank);
  for (const auto& word : command) {
    if (word.find('\'') != std::string::npos || word.find('\n') != std::string::npos)
      throw std::runtime_error("srun --multi-prog cannot pass the argument '" + word + "' (quote or newline)");
    line += " '" + word + "'";
  }
  return line + "\n";
}

// srun's own messages that mean the launch failed, not the case (the case's
// stderr is in the same file, so only srun's and slurmstepd's prefixes count).
const char* const kInfrastructureMessages[] = {
    "srun: error: Unable to allocate resources",
    "srun: error: Unable to create step",
    "srun: error: Unable to confirm allocation",
    "srun: error: Application launch failed",
    "srun: error: Task launch for",
    "srun: error: Node failure",
    "srun: error: Unable to contact slurm controller",
    "srun: error: Couldn't find the specified plugin name",
    "srun: error: cannot create mpi context",
    "srun: error: Job allocation",  // "... has been revoked"
    "srun: fatal:",
    "DUE TO TIME LIMIT",
    "DUE TO NODE FAILURE",
    "DUE TO PREEMPTION",
    "DUE TO JOB REQUEUE",
};

std::string first_line_with(const std::string& text, const std::string& needle) {
  auto at = text.find(needle);
  if (at == std::string::npos) return "";
  auto begin = text.rfind('\n', at);
  begin = begin == std::string::npos ? 0 : begin + 1;
  return text.substr(begin, text.find('\n', at) - begin);
}

const char* const kProbeSource = R"(/* Written by mpi-assay: prints the world size each rank sees. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
  int size = 0, rank = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("assay-probe rank %d size %d\n", rank, size);
  MPI_Finalize();
  return 0;
}
)";

std::string display_name(const std::string& mpi) { return mpi == "openmpi" ? "Open MPI" : mpi == "mpich" ? "MPICH" : mpi; }

class SrunLauncher : public Launcher {
 public:
  SrunLauncher(const MpiImpl& mpi, int tasks, SlurmOptions options)
      : mpi_(mpi), tasks_(tasks), options_(std::move(options)), in_allocation_(inside_slurm_allocation()) {}

  std::string program() const override { return "srun"; }

  std::vector<std::string> argv(const std::vector<std::vector<std::string>>& ranks, const Env& rank_env,
                                const std::string& run_dir) const override {
    const int np = static_cast<int>(ranks.size());
    std::vector<std::string> argv = {"srun", "--job-name=" + job_name_of(run_dir), "--ntasks=" + std::to_string(np),
                                     "--mpi=" + slurm_mpi_plugin(mpi_.name),
                                     // as mpirun/mpiexec do: a rank that dies takes the others with it
                                     "--kill-on-bad-exit=1"};
    std::string exported = "ALL";
    for (const auto& [k, v] : rank_env) {
      if (v.find(',') != std::string::npos)
        throw std::runtime_error("srun --export cannot pass " + k + "=" + v + " (a comma in the value)");
      exported += "," + k + "=" + v;
    }
    argv.push_back("--export=" + exported);
    if (in_allocation_) {
      argv.push_back("--exact");  // only the step's own CPUs: steps run side by side in the allocation
    } else {
      if (!options_.partition.empty()) argv.push_back("--partition=" + options_.partition);
      if (!options_.account.empty()) argv.push_back("--account=" + options_.account);
      if (!options_.time.empty()) argv.push_back("--time=" + options_.time);
    }
    if (np > tasks_) argv.push_back("--overcommit");
    if (!options_.cpu_bind.empty()) argv.push_back("--cpu-bind=" + options_.cpu_bind);
    argv.insert(argv.end(), options_.srun_options.begin(), options_.srun_options.end());
    if (same_command_for_all(ranks)) {
      argv.insert(argv.end(), ranks.front().begin(), ranks.front().end());
      return argv;
    }
    const std::string config = (fs::path(run_dir) / "multi-prog.conf").string();
    std::ofstream out(config, std::ios::trunc);
    out << "# srun --multi-prog configuration written by mpi-assay\n";
    for (std::size_t r = 0; r < ranks.size(); ++r) out << multi_prog_line(r, ranks[r]);
    out.close();
    if (!out) throw std::runtime_error("cannot write " + config);
    argv.insert(argv.end(), {"--multi-prog", config});
    return argv;
  }

  Env env() const override {
    Env env;
    if (mpi_.name == "openmpi" && geteuid() == 0) {  // --export=ALL carries it to the ranks
      env["OMPI_ALLOW_RUN_AS_ROOT"] = "1";
      env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1";
    }
    return env;
  }

  std::string check(const std::string& work_dir) const override {
    fs::create_directories(work_dir);
    const std::string source = work_dir + "/assay-probe.c";
    const std::string exe = work_dir + "/assay-probe-" + mpi_.name;
    {
      std::ofstream out(source, std::ios::trunc);
      out << kProbeSource;
    }
    Command compile{.argv = {mpi_.cc, "-o", exe + ".tmp", source},
                    .stdout_path = work_dir + "/compile.log",
                    .stderr_path = work_dir + "/compile.log",
                    .timeout = std::chrono::seconds(120)};
    ExitInfo built = run_command(compile);
    if (!built.started || built.exit_code != 0)
      return fmt::format("cannot compile the world-size probe with {}: see {}", mpi_.cc, compile.stdout_path);
    fs::rename(exe + ".tmp", exe);

    const std::string run_dir = work_dir + "/run";
    fs::remove_all(run_dir);
    fs::create_directories(run_dir);
    constexpr int np = 2;
    Command probe{.argv = argv(std::vector<std::vector<std::string>>(np, {exe}), {}, run_dir),
                  .env = env(),
                  .stdout_path = run_dir + "/stdout",
                  .stderr_path = run_dir + "/stderr",
                  .timeout = std::chrono::seconds(120)};
    ExitInfo e = run_command(probe);
    if (e.timed_out)
      if (auto cancel = cancel_command(run_dir)) run_command(*cancel);
    const std::string used = "srun --mpi=" + plugin();
    const std::string right = slurm_mpi_plugin(mpi_.name);
    const std::string hint =
        plugin() == right ? fmt::format("{} is the plugin {} needs", used, display_name(mpi_.name))
                          : fmt::format("{} needs srun --mpi={} (drop the --srun-option that sets --mpi=)",
                                        display_name(mpi_.name), right);
    if (auto infra = infrastructure_failure(e, run_dir))
      return fmt::format("the world-size probe could not run under {}: {}", used, *infra);
    if (e.timed_out || e.exit_code != 0)
      return fmt::format("the world-size probe failed under {} ({}; see {}/stderr): {}", used,
                         e.timed_out ? "timed out" : fmt::format("exit status {}", e.exit_code), run_dir, hint);
    std::istringstream lines(read_file(run_dir + "/stdout"));
    std::string line;
    int seen = 0, wrong = 0, size = 0, rank = 0;
    while (std::getline(lines, line))
      if (std::sscanf(line.c_str(), "assay-probe rank %d size %d", &rank, &size) == 2) {
        ++seen;
        if (size != np) ++wrong;
      }
    if (seen == np && wrong == 0) return "";
    if (wrong > 0)
      return fmt::format("{} starts {} ranks as singletons (world size {}, not {}): {}", used,
                         display_name(mpi_.name), size, np, hint);
    return fmt::format("the world-size probe under {} printed {} of {} lines (see {}/stdout): {}", used, seen, np,
                       run_dir, hint);
  }

  std::optional<Command> cancel_command(const std::string& run_dir) const override {
    // The job (own job) or step (in an allocation) named after the run folder:
    // scancel it until squeue lists it no more (at most 20 s).
    static const char* const script = R"(name=$1
for _ in $(seq 100); do
  ids=$( { squeue -h -o '%i %j'; squeue -h -s -o '%i %j'; } 2>/dev/null | awk -v n="$name" '$2 == n {print $1}')
  [ -z "$ids" ] && exit 0
  scancel --quiet $ids 2>/dev/null
  sleep 0.2
done
echo "still listed by squeue after 20 s: $ids" >&2
exit 1)";
    return Command{.argv = {"sh", "-c", script, "assay-scancel", job_name_of(run_dir)},
                   .stdout_path = run_dir + "/scancel.log",
                   .stderr_path = run_dir + "/scancel.log",
                   .timeout = std::chrono::seconds(30)};
  }

  std::optional<std::string> infrastructure_failure(const ExitInfo& exit, const std::string& run_dir) const override {
    if (!exit.started) return "cannot start srun: " + exit.error;
    const std::string err = read_file(run_dir + "/stderr");
    if (exit.timed_out) {
      // Killed while waiting for resources: the case never ran.
      if (err.find("queued and waiting for resources") != std::string::npos &&
          err.find("has been allocated resources") == std::string::npos)
        return std::string("slurm: the job waited for resources until the run's timeout");
      if (err.find("step creation temporarily disabled") != std::string::npos &&
          err.find("Step created for") == std::string::npos)
        return std::string("slurm: the step waited for resources until the run's timeout");
      return std::nullopt;  // the case's own timeout
    }
    if (exit.exit_code == 0 && exit.signal == 0) return std::nullopt;
    for (const char* message : kInfrastructureMessages)
      if (std::string line = first_line_with(err, message); !line.empty()) return "slurm: " + line;
    return std::nullopt;
  }

 private:
  // The --mpi= plugin srun will use: the last one passed through, else ours.
  std::string plugin() const {
    std::string chosen = slurm_mpi_plugin(mpi_.name);
    for (const auto& o : options_.srun_options)
      if (o.rfind("--mpi=", 0) == 0) chosen = o.substr(6);
    return chosen;
  }

  const MpiImpl& mpi_;
  int tasks_;
  SlurmOptions options_;
  bool in_allocation_;
};

}  // namespace

std::string slurm_mpi_plugin(const std::string& mpi) { return mpi == "openmpi" ? "pmix" : "pmi2"; }

bool inside_slurm_allocation() {
  const char* id = std::getenv("SLURM_JOB_ID");
  return id && *id;
}

int slurm_allocation_tasks() {
  if (!inside_slurm_allocation()) return 0;
  const char* n = std::getenv("SLURM_NTASKS");
  return n && *n ? std::atoi(n) : 0;
}

std::unique_ptr<Launcher> slurm_launcher(const MpiImpl& mpi, int tasks, const SlurmOptions& options) {
  return std::make_unique<SrunLauncher>(mpi, tasks, options);
}

}  // namespace assay
