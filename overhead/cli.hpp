// `mpi-assay overhead`: times the proxy kernels natively and under backends.
//   overhead [--kernels cfd,heat2d,advect] [--variants fence,...] [--backend native,...]
//            [--np 2,4] [--size S|M|L] [--mpi openmpi,mpich] [--out DIR]
//            [--iterations N] [--repetitions R] [--timeout S] [--bench-dir DIR] [--cache DIR]
//            [--launcher local|slurm] [--partition P] [--account A] [--time T] [--srun-option=O] [--cpu-bind B]
// Writes DIR/overhead.jsonl (one record per run), DIR/overhead.md and
// DIR/overhead.svg; exit status 0, 1 (a run failed, timed out or was skipped, or
// checksums differ) or 2 (error).
#pragma once
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "corpus/taxonomy.hpp"

namespace assay::overhead {

struct OverheadContext {
  std::function<Taxonomy()> load_taxonomy;  // backend manifests are checked against it
  std::string source_dir;                   // holds backends/ (the default backend root)
  std::string build_dir;                    // ${build_dir} in manifests
};

// Registers the subcommand; it runs as a CLI11 callback during parsing and leaves
// its exit status in `exit_code`. Returns the subcommand (check ->parsed()).
CLI::App* add_overhead_command(CLI::App& app, int& exit_code, OverheadContext context);

}  // namespace assay::overhead
