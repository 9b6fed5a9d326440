#include "launch/submit.hpp"

#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "exec/process.hpp"
#include "exec/output.hpp"

namespace assay {

std::string shell_quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {
std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& a : argv) line += (line.empty() ? "" : " ") + shell_quote(a);
  return line;
}
}  // namespace

std::string sbatch_script(const BatchRequest& r) {
  std::string s = "#!/bin/bash\n";
  s += "#SBATCH --job-name=mpi-assay\n";
  s += fmt::format("#SBATCH --ntasks={}\n", r.tasks);
  s += "#SBATCH --output=" + r.output + "\n";
  if (!r.slurm.partition.empty()) s += "#SBATCH --partition=" + r.slurm.partition + "\n";
  if (!r.slurm.account.empty()) s += "#SBATCH --account=" + r.slurm.account + "\n";
  if (!r.slurm.time.empty()) s += "#SBATCH --time=" + r.slurm.time + "\n";
  for (const auto& o : r.sbatch_options) s += "#SBATCH " + o + "\n";
  s += "# Written by `mpi-assay run --submit`: every run is a job step packed into this\n"
       "# allocation. The journal grows while the job runs (`mpi-assay report` reads it);\n"
       "# after a time limit, `sbatch` this script again: the run resumes.\n";
  s += "cd " + shell_quote(r.work_dir) + " || exit 1\n";
  s += "status=0\n";
  s += command_line(r.command) + " || status=$?\n";
  for (const auto& a : r.after) s += command_line(a) + "\n";
  s += "exit $status\n";
  return s;
}

std::string submit_batch(const std::string& script_path) {
  const std::string log = script_path + ".submit.log";
  ExitInfo e = run_command(Command{.argv = {"sbatch", "--parsable", script_path},
                                   .stdout_path = log,
                                   .stderr_path = log,
                                   .timeout = std::chrono::seconds(60)});
  const std::string out = read_file(log);
  if (!e.started) throw std::runtime_error("cannot run sbatch: " + e.error);
  if (e.timed_out || e.exit_code != 0)
    throw std::runtime_error(fmt::format("sbatch failed (exit status {}): {}", e.exit_code, out));
  // --parsable prints "<id>" or "<id>;<cluster>" (after any warnings).
  std::istringstream lines(out);
  std::string line, id;
  while (std::getline(lines, line))
    if (!line.empty() && line.find_first_not_of("0123456789;_-abcdefghijklmnopqrstuvwxyz") == std::string::npos)
      id = line.substr(0, line.find(';'));
  if (id.empty()) throw std::runtime_error("sbatch printed no job id: " + out);
  return id;
}

}  // namespace assay
