// One benchmark launch of an overhead study and what it produced; the overhead
// journal holds one JSON line per record (docs: overhead/README.md).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace assay::overhead {

struct RunSpec {
  std::string kernel, variant;
  int np = 2;
  std::string backend, mpi;
};

enum class RunStatus { ok, failed, timeout, skipped };
std::string status_name(RunStatus s);
RunStatus status_from_name(const std::string& name);  // throws std::invalid_argument

struct RunRecord {
  RunSpec spec;
  std::string size;
  int iterations = 0, repetitions = 0;
  RunStatus status = RunStatus::skipped;
  std::string error;               // why it failed or was skipped
  std::vector<double> times_s;     // per repetition: mean per-iteration time (max over ranks)
  std::string checksum;            // as the benchmark printed it
  nlohmann::json context = nlohmann::json::object();  // Google Benchmark's context
  double wall_s = 0;               // of the whole launch
  std::string run_dir;             // stdout, stderr, benchmark.json
  // What the backend reported in the run dir (its $ASSAY_REPORT_DIR): the number
  // of findings (-1 when not read: the run did not complete) and one line per
  // distinct finding, "class: message (file:line, ...)"; a correct kernel has none.
  int findings = -1;
  std::vector<std::string> finding_lines;
  std::string tool_failure;        // $ASSAY_REPORT_DIR/tool-failure, if the backend wrote one
  // How it was launched and where it ran: "local" or "slurm", srun's --cpu-bind
  // ("" = none given), and the nodes and tasks (ranks) the benchmark saw (0 = unknown).
  std::string launcher = "local", cpu_bind;
  int nodes = 0, tasks = 0;
  // Adaptive timing (stats.hpp, AdaptiveTiming): the launches pooled into times_s, why
  // they stopped ("precise", "budget", "launches"; "" = a record from before), and the
  // 95 % interval of the median of times_s.
  int launches = 1;
  std::string stopped;
  double median_low_s = 0, median_high_s = 0;
  // How busy the machine was (local launches): the 1-minute load average when the run
  // started, the CPUs, and the cores other processes used on average while it ran
  // (-1 = not measured). `unreliable` says why its time is not to be trusted ("" = fine).
  double load1 = -1, others_cores = -1;
  int cpus = 0;
  std::string unreliable;
  // Which binary was timed: its path, "prebuilt" (CMake's assay_overhead_<mpi>) or
  // "<backend> build" (compiled through the backend's compile template), and for
  // the latter the command that built it (binaries.hpp).
  std::string binary, flavour, compile_command;
  // What the backend said about itself in <run dir>/<backend>-stats-rank-0.json
  // (e.g. llvm: accesses instrumented, checks made); null when it wrote none.
  nlohmann::json backend_stats;
};

nlohmann::json to_json(const RunRecord& r);
RunRecord record_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

// The per-repetition times, in seconds, of Google Benchmark's JSON output
// (aggregates skipped). Throws std::runtime_error when there are none.
std::vector<double> repetition_times(const nlohmann::json& benchmark_output);
// The value of the line "checksum <kernel> <variant> <value>", "" when absent.
std::string find_checksum(const std::string& output, const std::string& kernel, const std::string& variant);
// One message per (kernel, variant, np) whose successful runs print different
// checksums (across backends and MPI implementations alike).
std::vector<std::string> checksum_mismatches(const std::vector<RunRecord>& records);

}  // namespace assay::overhead
