// Compiling cases: once per (case content, MPI implementation, backend build
// flavour), cached under a content hash so reruns and resumed runs skip it.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "corpus/case.hpp"
#include "exec/process.hpp"
#include "mpi/mpi.hpp"

namespace assay {

struct BuildSpec {
  const Case* c = nullptr;
  const MpiImpl* mpi = nullptr;
  std::string mpi_version;
  std::vector<std::string> cflags, ldflags;   // already expanded
  std::map<std::string, std::string> env;     // e.g. OMPI_CC=clang-14
  std::string key() const;                    // 16 hex digits
};

class BuildCache {
 public:
  explicit BuildCache(std::string dir) : dir_(std::move(dir)) {}
  std::string binary_path(const BuildSpec& s) const;  // <dir>/<mpi>/<key>/<case name>
  bool has(const BuildSpec& s) const;
  // The compile command; it writes a temporary file that commit() renames into
  // place, so concurrent runners never see half-written binaries.
  Command compile_command(const BuildSpec& s, const std::string& log_path) const;
  // After the command exited 0: move the output into the cache.
  void commit(const BuildSpec& s) const;
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  std::string temp_path(const BuildSpec& s) const;
};

}  // namespace assay
