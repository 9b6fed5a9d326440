// The run of a matrix (cases × backends × MPI implementations): build what is
// not cached, launch each run with its timeout, read its findings, classify it
// and append it to the journal. Resumes an interrupted journal.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "corpus/case.hpp"
#include "engine/progress.hpp"
#include "launch/launcher.hpp"
#include "mpi/mpi.hpp"
#include "results/classify.hpp"

namespace assay {

struct RunOptions {
  std::vector<const Case*> cases;
  std::vector<const Backend*> backends;
  std::vector<const MpiImpl*> mpis;
  std::string journal_path;
  std::string cache_dir;              // compiled cases
  std::string source_dir, build_dir;  // for ${source_dir} / ${build_dir} in manifests
  std::vector<std::string> argv;      // recorded in the journal's session line
  std::string runner_version;         // runner_version(): in records, and the version of in-tree backends
  // How ranks are started on each MPI (default: its mpirun/mpiexec on this machine).
  std::function<std::unique_ptr<Launcher>(const MpiImpl&)> make_launcher;
  int jobs = 2;                       // slots; a run of n ranks takes min(n, jobs)
  int default_timeout_s = 30;
  std::size_t keep_output = 1 << 20;   // of each run's stdout and stderr: first and last bytes kept (0 = all)
  bool abort_on_finding = false;      // ASSAY_ABORT_ON_ERROR=1: a run ends at the checker's first finding
  bool oversubscribe = false;         // a run takes one slot whatever its ranks
  bool rerun = false;                 // recompute runs already in the journal
  bool check = false;                 // compare outcomes with expected-results
};

struct RunSummary {
  std::map<std::string, int> outcomes;    // of the runs done now
  int ran = 0, resumed = 0, unsupported_mpi = 0;
  double wall_s = 0, sum_run_s = 0, sum_build_s = 0;
  int leftover_processes = 0;
  bool interrupted = false;
  std::vector<std::string> unexpected;     // --check: outcomes that differ from expectations
};

// Throws std::runtime_error for problems that prevent starting (MPI missing,
// journal in use, bad expected-results file).
RunSummary run_matrix(const RunOptions& options, Progress& progress);

}  // namespace assay
