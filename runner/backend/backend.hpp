// Backends are folders: backends/<name>/backend.json (manifest version 2,
// backends/manifest.schema.json, docs/backends.md) says how to build a case for
// the backend, how to launch it, how to read what it found, what it needs and
// which version it is. Adding a backend adds a folder; the runner is not edited.
#pragma once
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "corpus/taxonomy.hpp"
#include "mpi/mpi.hpp"
#include "results/classify.hpp"

namespace assay {

using Env = std::map<std::string, std::string>;

// ${name} substitution in manifest templates. A scalar expands anywhere in a
// string; a list (${sources}, ${args}, ${launch}, ...) only as a whole argv
// element, which it replaces by its items. ${env:NAME} reads the runner's
// environment.
class Vars {
 public:
  Vars& set(const std::string& name, std::string value);
  Vars& set_list(const std::string& name, std::vector<std::string> values);
  bool has(const std::string& name) const;
  // Throws std::runtime_error for an unknown variable or a list used inside a
  // string, MissingEnvironment for an unset ${env:NAME}.
  std::string expand(const std::string& text) const;
  std::vector<std::string> expand_argv(const std::vector<std::string>& argv) const;
  Env expand_env(const Env& env) const;

 private:
  std::map<std::string, std::string> scalars_;
  std::map<std::string, std::vector<std::string>> lists_;
};

struct MissingEnvironment : std::runtime_error {
  std::string variable;
  explicit MissingEnvironment(const std::string& name)
      : std::runtime_error("environment variable " + name + " is not set"), variable(name) {}
};

// The variable names ${...} a template may use (unknown ones are manifest errors
// at load), and the argv elements of a template that are lists.
bool is_list_variable(const std::string& name);

enum class BackendKind { dynamic, static_analysis, external };
const char* kind_name(BackendKind k);

// The manifest's build, launch, parse and requirement fields for one MPI
// implementation (the top-level fields with `mpi.<name>` merged in).
struct BackendConfig {
  // Defaults: what a manifest that omits the field means.
  std::vector<std::string> compile = {"${mpicc}", "${base_cflags}", "${sources}", "-o", "${exe}"};
  Env build_env;
  std::vector<std::string> build_inputs;    // globs, relative to the backend folder
  std::vector<std::string> launch_command = {"${launch}"};             // the whole launch
  std::vector<std::string> launch_rank = {"${program}", "${args}"};   // what each rank runs
  Env launch_env, rank_env;
  std::vector<std::string> analyze;         // static: run instead of the case
  std::string parse_builtin = "jsonl";      // "" when parse_command is set
  std::vector<std::string> parse_command;
  std::vector<std::string> requires_programs, requires_files;
  bool custom_build = false;                // compile or build env differ from the default
};

struct Backend {
  std::string name, description, dir;      // dir: the folder holding backend.json
  std::string manifest_path, manifest_hash;  // hash: FNV-1a 64 of the file's bytes
  BackendKind kind = BackendKind::dynamic;
  std::vector<std::string> supports;       // class ids, or patterns "rma.*", "rma.local.*"
  std::vector<std::string> version_command;  // first output line is the version
  std::string version_text;                // fixed version ("" with neither: in-tree)
  double timeout_factor = 1.0;
  std::string expected_results;            // path of the expected-results file ("" if none)
  std::map<std::string, BackendConfig> configs;  // per MPI implementation name

  // A static analysis reads the case's sources and never launches it.
  bool runs_the_case() const { return kind != BackendKind::static_analysis; }
  const BackendConfig& config(const std::string& mpi) const;
  bool supports_class(const std::string& class_id) const;
  bool supports_case(const Case& c) const;  // any expected class supported
  // "" when usable; otherwise why not, starting "not installed: " (a required
  // program, file or environment variable, or the program a template starts).
  std::string missing_requirement(const std::string& mpi, const Vars& vars) const;
  // The tool's version: the version command's first line, the fixed text, or
  // `runner_version` for in-tree backends; "unknown (why)" when the command fails.
  std::string resolve_version(const Vars& vars, const std::string& runner_version) const;
  // Hash of the contents of every file the build inputs match (sorted by path).
  std::string build_inputs_hash(const std::string& mpi, const Vars& vars) const;
  // Hash of the backend as installed on this MPI: `version` when the manifest
  // names one (in-tree backends do not: their version changes with every commit)
  // and the contents of its requires.files — the checker's libraries and tools as
  // built, so a change anywhere in what they are built from (the backend, the
  // interposition layer, the core) changes it. Call only when nothing is missing.
  std::string installation_hash(const std::string& mpi, const Vars& vars, const std::string& version) const;
};

// Variables every template may use: ${mpi} ${backend_dir} ${source_dir} ${build_dir}.
Vars backend_vars(const Backend& b, const MpiImpl& mpi, const std::string& source_dir,
                  const std::string& build_dir);

// The manifest schema (backends/manifest.schema.json).
std::string manifest_schema_path(const std::string& source_dir);
// The built-in findings parsers (parse.builtin); the schema's enum must list the same.
const std::vector<std::string>& builtin_parsers();

// Reads <dir>/backend.json, validated against the schema and the taxonomy;
// throws std::runtime_error "<file>: <key>: <problem>" (every problem, one per line).
Backend load_backend(const std::string& dir, const Taxonomy& tax, const std::string& schema_path);
// Every subfolder of each root with a backend.json, sorted by name; a name
// defined in two folders throws, naming both.
std::vector<Backend> discover_backends(const std::vector<std::string>& roots, const Taxonomy& tax,
                                       const std::string& schema_path);
// The folders to search: the built-in one, then `extra` (--backends-dir), then
// the entries of ASSAY_BACKENDS_PATH (colon-separated).
std::vector<std::string> backend_roots(const std::string& builtin, const std::vector<std::string>& extra);

// --- expected-results: the known misses that keep a backend's CTest run green ---
struct ExpectedEntry {
  std::string pattern;  // case id glob, or "tag:<tag>"
  std::string mpi;      // "openmpi", "mpich" or "*"
  std::vector<Outcome> outcomes;  // one, or several where the MPI decides (WC|RE: a message it may drop)
  std::string reason;
  std::string file;     // the file it is on (an included one, or the backend's own)
  int line = 0;
  bool lists(Outcome o) const { return std::find(outcomes.begin(), outcomes.end(), o) != outcomes.end(); }
  std::string outcome_names() const;  // "WC|RE"
};
struct ExpectedResults {
  std::string path;
  std::vector<ExpectedEntry> entries;
  // The first entry matching the case and MPI, or nullptr. `tag:T` matches a case
  // tagged T, or T-<mpi> for that MPI (crash-mpich: it crashes on MPICH only).
  const ExpectedEntry* find(const Case& c, const std::string& mpi) const;
};
// Throws std::runtime_error "file:line: message" on malformed lines. A line
// `include FILE` (relative to this file) takes FILE's entries at that place: a
// variant of a backend shares the known misses of the backend it varies, and
// lines before the include are its exceptions.
ExpectedResults load_expected_results(const std::string& path);
// Outcomes that need no entry.
bool is_good_outcome(Outcome o);
// Why `--check` rejects an outcome of `backend` on case c and MPI `mpi`, as
// "<label>: <why>"; empty when it passes: a good outcome, or the one the
// first matching line of `expected` names. A tag: line describes a kind of
// case broadly, so a better (good) outcome passes it too; a line naming cases
// is exact (a stale one must go).
std::string unexpected_outcome(const ExpectedResults& expected, const Case& c, const std::string& backend,
                               const std::string& mpi, Outcome outcome, const std::string& label);

}  // namespace assay
