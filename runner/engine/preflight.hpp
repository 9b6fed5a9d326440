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
void check_toolchain(const MpiImpl& mpi, const Launcher& launcher, const std::string& cache_dir,
                     const std::string& identity);

}  // namespace assay
