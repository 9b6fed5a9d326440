// The toolchain check before any case runs: an MPI that cannot compile and
// launch a 2-rank program (no compiler, no process manager, a PMI that makes
// every rank a singleton) would otherwise record every case as CE or RE, as if
// the cases were at fault.
#pragma once
#include <string>

#include "launch/launcher.hpp"
#include "mpi/mpi.hpp"

namespace assay {

// Compiles and launches a 2-rank program with `mpi` and `launcher` in a folder
// of its own under `cache_dir`; throws std::runtime_error naming what fails.
// A pass is remembered for an hour for the same `identity` (MPI version,
// compiler, launcher), since CTest starts one runner per case.
// What the check took: one compile with the MPI's wrapper and one 2-rank launch of a
// program that only says hello, in seconds (0 = unknown: a pass remembered from a
// runner that did not keep them). The plan's first estimate is built on them.
struct ToolchainTiming {
  double compile_s = 0, launch_s = 0;
};

ToolchainTiming check_toolchain(const MpiImpl& mpi, const Launcher& launcher, const std::string& cache_dir,
                                const std::string& identity);

}  // namespace assay
