// Backends are folders: backends/<name>/backend.json (docs/backends.md) says how
// to build a case for the backend, how to launch it, and which classes it
// claims. Adding a backend adds a folder; the runner is not edited.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "corpus/taxonomy.hpp"
#include "mpi/mpi.hpp"
#include "results/classify.hpp"

namespace assay {

// Values substituted for ${name} in manifest strings.
using Vars = std::map<std::string, std::string>;
std::string expand(const std::string& text, const Vars& vars);  // unknown ${x} -> throws

enum class BackendKind { dynamic, static_analysis };

struct Backend {
  std::string name, description, dir;      // dir: the folder holding backend.json
  BackendKind kind = BackendKind::dynamic;
  std::vector<std::string> supports;       // class ids, or patterns "rma.*", "rma.local.*"
  // Build flavour: cases with equal flavours share binaries.
  std::vector<std::string> cflags, ldflags;
  std::map<std::string, std::string> build_env;  // e.g. OMPI_CC=clang-14
  // Launch (dynamic): environment for each rank and a prefix before the program.
  std::map<std::string, std::string> rank_env;
  std::vector<std::string> prefix;
  // Static analysis: the command run instead of launching (its output goes to
  // the findings parser).
  std::vector<std::string> analyze;
  std::string parser = "jsonl";            // findings reader (registered by name)
  double timeout_factor = 1.0;
  std::vector<std::string> requires_tools;  // programs that must be in PATH
  std::vector<std::string> requires_files;  // files that must exist (after expansion)
  std::string expected_results;            // path of the expected-results file ("" if none)

  bool supports_class(const std::string& class_id) const;
  bool supports_case(const Case& c) const;  // any expected class supported
  std::string flavour(const Vars& vars) const;  // stable text of the build-relevant fields
  // "" when usable; otherwise what is missing ("not installed: valgrind").
  std::string missing_requirement(const Vars& vars) const;
};

// Variables every manifest may use: ${mpi} ${backend_dir} ${source_dir} ${build_dir} ${cc} ${cxx}.
Vars backend_vars(const Backend& b, const MpiImpl& mpi, const std::string& source_dir,
                  const std::string& build_dir);

// Reads <dir>/backend.json; throws std::runtime_error naming the file and field.
Backend load_backend(const std::string& dir, const Taxonomy& tax);
// Every subfolder of each root with a backend.json, sorted by name; duplicate names throw.
std::vector<Backend> discover_backends(const std::vector<std::string>& roots, const Taxonomy& tax);

// --- expected-results: the known misses that keep a backend's CTest run green ---
struct ExpectedEntry {
  std::string pattern;  // case id glob, or "tag:<tag>"
  std::string mpi;      // "openmpi", "mpich" or "*"
  Outcome outcome;
  std::string reason;
  int line = 0;
};
struct ExpectedResults {
  std::string path;
  std::vector<ExpectedEntry> entries;
  // The first entry matching the case and MPI, or nullptr.
  const ExpectedEntry* find(const Case& c, const std::string& mpi) const;
};
// Throws std::runtime_error "file:line: message" on malformed lines.
ExpectedResults load_expected_results(const std::string& path);
// Outcomes that need no entry.
bool is_good_outcome(Outcome o);

}  // namespace assay
