// Compiling cases: once per (case content, MPI implementation and version,
// compile command, backend build inputs), cached under a hash of all of them so
// reruns and resumed runs skip it, and editing a backend's pass or shim
// rebuilds exactly the cases built with that backend. Other programs of the
// project (the overhead benchmark) go through the same step as a `Program`.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "corpus/case.hpp"
#include "exec/process.hpp"
#include "mpi/mpi.hpp"

namespace assay {

struct BuildSpec {
  std::string name;               // the binary's file name (the case's name)
  std::string content_hash;       // of every file it is built from
  const MpiImpl* mpi = nullptr;
  std::string mpi_version;
  std::vector<std::string> argv;  // expanded compile command; "${exe}" stands for the output
  Env env;                        // e.g. OMPI_CC=clang-14
  std::string inputs_hash;        // of the backend's build inputs ("" when none)
  std::string key() const;        // 16 hex digits
};

// The build of case `c` for a backend configuration: its compile template
// expanded with ${mpicc} ${cc} ${base_cflags} ${sources} ${source} ${exe} on top
// of `backend_vars`.
BuildSpec make_build_spec(const Case& c, const MpiImpl& mpi, const std::string& mpi_version,
                          const BackendConfig& backend, const Vars& backend_vars, const std::string& inputs_hash);
// The backend variables plus what a case adds for compiling or analysing it:
// ${mpicc} (the wrapper for its language), ${cc} (gcc or g++, the compiler
// behind both wrappers), ${base_cflags}, ${sources} (the case file first), ${source}.
Vars case_vars(const Case& c, const MpiImpl& mpi, const Vars& backend_vars);

// A program that is not a case, built through a backend's compile template like
// one: its files, the flags it is compiled with (in place of a case's
// ${base_cflags}) and the libraries it links (after its sources in ${sources}, so
// the linker sees them after the objects that need them).
struct Program {
  std::string name;                    // the binary's file name
  std::vector<std::string> sources;    // compiled, the main file first (its extension picks the wrapper)
  std::vector<std::string> headers;    // only hashed
  std::vector<std::string> flags, libraries;
  std::string content_hash;            // see program_hash
};
// FNV-1a of the sources and headers, in order, each preceded by its path; throws
// std::runtime_error naming a file that cannot be read.
std::string program_hash(const Program& p);
BuildSpec make_build_spec(const Program& p, const MpiImpl& mpi, const std::string& mpi_version,
                          const BackendConfig& backend, const Vars& backend_vars, const std::string& inputs_hash);

class BuildCache {
 public:
  explicit BuildCache(std::string dir) : dir_(std::move(dir)) {}
  std::string binary_path(const BuildSpec& s) const;  // <dir>/<mpi>/<key>/<name>
  bool has(const BuildSpec& s) const;
  // The compile command; it writes a temporary file that commit() renames into
  // place, so concurrent runners never see half-written binaries.
  Command compile_command(const BuildSpec& s, const std::string& log_path) const;
  // After the command exited 0: move the output into the cache (false when the
  // command did not write it).
  bool commit(const BuildSpec& s) const;
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  std::string temp_path(const BuildSpec& s) const;
};

}  // namespace assay
