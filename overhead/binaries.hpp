// Which benchmark binary each (backend, MPI) of a study times. Backends that act
// at launch time (LD_PRELOAD, a wrapper command) time the prebuilt
// assay_overhead_<mpi>; a backend with its own build flavour (build.compile or
// build.env in its manifest, e.g. llvm: clang-14 with its pass and runtime) times
// the same benchmark program compiled through its compile template by the
// runner's build step (runner/build), cached by content like a case. Builds run
// one at a time, all before the first timed launch.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.hpp"
#include "build/build.hpp"
#include "mpi/mpi.hpp"

namespace assay::overhead {

// The file CMake writes next to assay_overhead_<mpi> (overhead/CMakeLists.txt).
inline constexpr const char* kBenchmarkProgramFile = "benchmark-program.json";

struct BenchBinary {
  std::string path;             // what is launched ("" when its build failed)
  std::string flavour;          // "prebuilt" or "<backend> build"
  std::string compile_command;  // what built it, its build env first ("" for prebuilt)
  std::string error;            // why there is no binary ("" = fine)
};

// Whether the backend's runs on `mpi` need the benchmark compiled its own way.
bool needs_own_build(const Backend& backend, const std::string& mpi);

// The benchmark program as CMake describes it, its content hash filled in. Throws
// std::runtime_error naming the file (missing, unreadable, a field absent).
Program load_benchmark_program(const std::string& path);

// The build of `program` through the backend's compile template on `mpi`.
BuildSpec benchmark_build_spec(const Program& program, const Backend& backend, const MpiImpl& mpi,
                               const std::string& mpi_version, const Vars& vars, const std::string& inputs_hash);

// "OMPI_CXX=clang++-14 mpicxx.openmpi -O2 ... -o /cache/…/assay_overhead": a build
// as one line, for records and reports.
std::string command_line(const BuildSpec& spec, const std::string& exe);

struct BinarySources {
  std::string bench_dir;  // assay_overhead_<mpi> and benchmark-program.json
  std::string cache_dir;  // the build cache
  std::string source_dir, build_dir;
};

using BackendOnMpi = std::pair<std::string, std::string>;  // (backend, MPI)

// The binary of every (backend, MPI) in `wanted`, compiling what needs its own
// build and is not in the cache yet; progress and build failures (naming backend,
// MPI and the compile log) go to `log`. A failed build leaves `error` set.
std::map<BackendOnMpi, BenchBinary> prepare_binaries(const std::vector<std::pair<const Backend*, const MpiImpl*>>& wanted,
                                                     const BinarySources& sources, std::ostream& log);

}  // namespace assay::overhead
