// `mpi-assay run --submit`: the whole request as one Slurm batch job. The script
// runs the same `mpi-assay run` inside one allocation (so each case is a step
// packed into it), then renders the reports next to the journal.
#pragma once
#include <string>
#include <vector>

#include "launch/launcher.hpp"

namespace assay {

struct BatchRequest {
  std::vector<std::string> command;             // what the job runs, program first (absolute)
  std::vector<std::vector<std::string>> after;  // run afterwards whatever its status (reports)
  std::string work_dir;                         // the job starts there
  std::string output;                           // sbatch --output (%j = the job id)
  int tasks = 1;                                // sbatch --ntasks: the allocation's size
  SlurmOptions slurm;                           // --partition, --account, --time
  std::vector<std::string> sbatch_options;      // more #SBATCH lines, verbatim
};

// Single-quoted for a POSIX shell.
std::string shell_quote(const std::string& word);

// The batch script's text; its exit status is the command's.
std::string sbatch_script(const BatchRequest& request);

// Submits `script_path` with `sbatch --parsable` and returns the job id; sbatch's
// output goes to <script_path>.submit.log. Throws std::runtime_error naming
// sbatch's message when it fails.
std::string submit_batch(const std::string& script_path);

}  // namespace assay
