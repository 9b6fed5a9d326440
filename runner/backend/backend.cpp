#include "backend/backend.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <glob.h>
#include <optional>
#include <set>
#include <sstream>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "backend/schema.hpp"
#include "exec/process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace assay {

// --- templates -------------------------------------------------------------------

Vars& Vars::set(const std::string& name, std::string value) {
  lists_.erase(name);
  scalars_[name] = std::move(value);
  return *this;
}

Vars& Vars::set_list(const std::string& name, std::vector<std::string> values) {
  scalars_.erase(name);
  lists_[name] = std::move(values);
  return *this;
}

bool Vars::has(const std::string& name) const { return scalars_.count(name) || lists_.count(name); }

std::string Vars::expand(const std::string& text) const {
  std::string out;
  std::size_t pos = 0;
  while (true) {
    std::size_t open = text.find("${", pos);
    if (open == std::string::npos) break;
    std::size_t close = text.find('}', open);
    if (close == std::string::npos) throw std::runtime_error("unterminated ${ in '" + text + "'");
    std::string name = text.substr(open + 2, close - open - 2);
    out += text.substr(pos, open - pos);
    if (name.rfind("env:", 0) == 0) {
      const char* value = std::getenv(name.substr(4).c_str());
      if (!value) throw MissingEnvironment(name.substr(4));
      out += value;
    } else if (auto it = scalars_.find(name); it != scalars_.end()) {
      out += it->second;
    } else if (lists_.count(name)) {
      throw std::runtime_error("${" + name + "} is a list: it must stand alone as an argument, in '" + text + "'");
    } else {
      throw std::runtime_error("unknown variable ${" + name + "} in '" + text + "'");
    }
    pos = close + 1;
  }
  return out + text.substr(pos);
}

std::vector<std::string> Vars::expand_argv(const std::vector<std::string>& argv) const {
  std::vector<std::string> out;
  for (const auto& arg : argv) {
    if (arg.size() > 3 && arg.rfind("${", 0) == 0 && arg.back() == '}') {
      auto it = lists_.find(arg.substr(2, arg.size() - 3));
      if (it != lists_.end()) {
        out.insert(out.end(), it->second.begin(), it->second.end());
        continue;
      }
    }
    out.push_back(expand(arg));
  }
  return out;
}

Env Vars::expand_env(const Env& env) const {
  Env out;
  for (const auto& [k, v] : env) out[k] = expand(v);
  return out;
}

bool is_list_variable(const std::string& name) {
  return name == "base_cflags" || name == "sources" || name == "args" || name == "launch";
}

const char* kind_name(BackendKind k) {
  switch (k) {
    case BackendKind::dynamic: return "dynamic";
    case BackendKind::static_analysis: return "static";
    case BackendKind::external: return "external";
  }
  return "dynamic";
}

// --- backends ----------------------------------------------------------------------

static bool class_matches(const std::string& pattern, const std::string& class_id) {
  return fnmatch(pattern.c_str(), class_id.c_str(), 0) == 0;
}

const BackendConfig& Backend::config(const std::string& mpi) const {
  auto it = configs.find(mpi);
  if (it == configs.end()) throw std::runtime_error("backend '" + name + "' has no configuration for MPI '" + mpi + "'");
  return it->second;
}

bool Backend::supports_class(const std::string& class_id) const {
  return std::any_of(supports.begin(), supports.end(),
                     [&](const std::string& p) { return class_matches(p, class_id); });
}

bool Backend::supports_case(const Case& c) const {
  return std::any_of(c.errors.begin(), c.errors.end(),
                     [&](const Expectation& e) { return supports_class(e.error_class); });
}

namespace {

// The names of ${env:NAME} references in a string.
void env_references(const std::string& text, std::set<std::string>& out) {
  for (std::size_t pos = text.find("${env:"); pos != std::string::npos; pos = text.find("${env:", pos + 1)) {
    std::size_t close = text.find('}', pos);
    if (close != std::string::npos) out.insert(text.substr(pos + 6, close - pos - 6));
  }
}

std::set<std::string> env_references(const BackendConfig& c, const std::vector<std::string>& version_command) {
  std::set<std::string> names;
  auto scan = [&](const std::vector<std::string>& v) {
    for (const auto& s : v) env_references(s, names);
  };
  auto scan_env = [&](const Env& e) {
    for (const auto& [k, v] : e) env_references(v, names);
  };
  scan(c.compile), scan(c.build_inputs), scan(c.launch_command), scan(c.launch_rank), scan(c.analyze);
  scan(c.parse_command), scan(c.requires_programs), scan(c.requires_files), scan(version_command);
  scan_env(c.build_env), scan_env(c.launch_env), scan_env(c.rank_env);
  return names;
}

// A program named by a template: looked up in PATH, or an executable file.
bool program_exists(const std::string& program) { return !find_in_path(program).empty(); }

// Files a build-input glob matches; a matched folder stands for every file below it.
std::vector<std::string> input_files(const std::string& pattern) {
  std::vector<std::string> files;
  glob_t g{};
  if (::glob(pattern.c_str(), GLOB_NOSORT, nullptr, &g) == 0) {
    for (std::size_t i = 0; i < g.gl_pathc; ++i) {
      fs::path p = g.gl_pathv[i];
      if (fs::is_directory(p)) {
        for (const auto& e : fs::recursive_directory_iterator(p))
          if (e.is_regular_file()) files.push_back(e.path().string());
      } else if (fs::is_regular_file(p)) {
        files.push_back(p.string());
      }
    }
  }
  globfree(&g);
  return files;
}

std::string absolute_in(const std::string& dir, const std::string& path) {
  return fs::path(path).is_absolute() ? path : (fs::path(dir) / path).string();
}

// Why the backend's build in ${build_dir} predates its sources ("" when it does
// not): its results would be recorded under the current sources' build key.
// Each required file need not depend on every input (a pass plugin does not on
// its runtime), so the newest one is compared with the newest input.
std::string out_of_date(const std::string& dir_of_manifest, const BackendConfig& c, const Vars& vars,
                        const std::vector<std::string>& inputs) {
  if (inputs.empty() || c.requires_files.empty() || !vars.has("build_dir")) return "";  // nothing built here to compare
  const std::string build_dir = vars.expand("${build_dir}");
  std::optional<fs::file_time_type> built;
  for (const auto& file : c.requires_files) {
    const fs::path path = absolute_in(dir_of_manifest, vars.expand(file));
    std::error_code ec;
    const auto t = fs::last_write_time(path, ec);
    if (!ec && path.string().rfind(build_dir + "/", 0) == 0 && (!built || t > *built)) built = t;
  }
  if (!built) return "";
  for (const auto& input : inputs) {
    std::error_code ec;
    if (fs::last_write_time(input, ec) > *built && !ec)
      return fmt::format("out of date: {} changed after the backend was built in {} (rebuild: cmake --build {})",
                         input, build_dir, build_dir);
  }
  return "";
}

}  // namespace

std::string Backend::missing_requirement(const std::string& mpi, const Vars& vars) const {
  const BackendConfig& c = config(mpi);
  for (const auto& variable : env_references(c, version_command))
    if (!std::getenv(variable.c_str())) return "not installed: environment variable " + variable + " is not set";
  for (const auto& tool : c.requires_programs) {
    std::string program = vars.expand(tool);
    if (!program_exists(program)) return "not installed: " + program;
  }
  for (const auto& file : c.requires_files) {
    std::string path = absolute_in(dir, vars.expand(file));
    if (!fs::exists(path)) return "not installed: " + path + " (not built?)";
  }
  std::vector<std::string> inputs;
  for (const auto& pattern : c.build_inputs) {
    std::string path = absolute_in(dir, vars.expand(pattern));
    auto files = input_files(path);
    if (files.empty()) return "not installed: build input " + path + " matches no file (not built?)";
    inputs.insert(inputs.end(), files.begin(), files.end());
  }
  if (auto why = out_of_date(dir, c, vars, inputs); !why.empty()) return why;
  // The program each template starts, where the template names one itself
  // (templates starting with a variable known only at run time are not checked).
  auto started = [&](const std::vector<std::string>& argv, const char* field, const char* default_first) {
    if (argv.empty() || argv[0] == default_first) return std::string();
    std::string program;
    try {
      program = vars.expand(argv[0]);
    } catch (const std::runtime_error&) {
      return std::string();
    }
    if (!program_exists(program)) return fmt::format("not installed: {} (the program {} starts)", program, field);
    return std::string();
  };
  for (const auto& why : {started(c.launch_command, "launch.command", "${launch}"),
                          started(c.launch_rank, "launch.rank", "${program}"),
                          started(c.parse_command, "parse.command", ""), started(c.analyze, "analyze", ""),
                          started(c.compile, "build.compile", "${mpicc}")})
    if (!why.empty()) return why;
  return "";
}

std::string Backend::resolve_version(const Vars& vars, const std::string& runner_version) const {
  if (!version_text.empty()) return version_text;
  if (version_command.empty()) return runner_version;
  std::vector<std::string> argv;
  try {
    argv = vars.expand_argv(version_command);
  } catch (const std::exception& e) {
    return std::string("unknown (") + e.what() + ")";
  }
  ExitInfo e;
  std::string out = capture_output(argv, std::chrono::seconds(20), &e);
  if (!e.started) return "unknown (" + e.error + ")";
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (!line.empty()) return line;
  }
  return fmt::format("unknown (`{}` printed nothing, exit status {})", argv[0], e.exit_code);
}

namespace {

// One line per file: its path and the hash of its contents (a directory: its
// path only).
std::string digest_lines(const std::vector<std::string>& files) {
  std::string text;
  for (const auto& f : files) {
    std::string contents;
    if (fs::is_regular_file(f)) {
      std::ifstream in(f, std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      contents = fnv1a_hex(bytes.str());
    }
    text += f + '\0' + contents + '\n';
  }
  return text;
}

}  // namespace

std::string Backend::build_inputs_hash(const std::string& mpi, const Vars& vars) const {
  std::vector<std::string> files;
  for (const auto& pattern : config(mpi).build_inputs)
    for (auto& f : input_files(absolute_in(dir, vars.expand(pattern)))) files.push_back(std::move(f));
  if (files.empty()) return "";
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return fnv1a_hex(digest_lines(files));
}

std::string Backend::installation_hash(const std::string& mpi, const Vars& vars, const std::string& version) const {
  std::vector<std::string> files;
  for (const auto& file : config(mpi).requires_files) files.push_back(absolute_in(dir, vars.expand(file)));
  const bool names_version = !version_command.empty() || !version_text.empty();
  return fnv1a_hex((names_version ? version : std::string()) + '\n' + digest_lines(files));
}

Vars backend_vars(const Backend& b, const MpiImpl& mpi, const std::string& source_dir,
                  const std::string& build_dir) {
  Vars v;
  v.set("mpi", mpi.name).set("backend_dir", b.dir).set("source_dir", source_dir).set("build_dir", build_dir);
  return v;
}

std::string manifest_schema_path(const std::string& source_dir) {
  return (fs::path(source_dir) / "backends" / "manifest.schema.json").string();
}

const std::vector<std::string>& builtin_parsers() {
  static const std::vector<std::string> names = {"jsonl", "memcheck-xml"};
  return names;
}

// --- loading -------------------------------------------------------------------------

namespace {

// The variables each template field may use (docs/backends.md).
const std::set<std::string>& allowed_variables(const std::string& field) {
  static const std::set<std::string> base = {"mpi", "backend_dir", "source_dir", "build_dir"};
  auto with = [](std::initializer_list<const char*> more) {
    std::set<std::string> s = base;
    s.insert(more.begin(), more.end());
    return s;
  };
  static const std::map<std::string, std::set<std::string>> by_field = {
      {"build.compile", with({"mpicc", "cc", "base_cflags", "sources", "source", "exe"})},
      {"launch.command", with({"launch", "launcher", "np", "program", "args", "run_dir"})},
      {"launch.rank", with({"program", "args", "run_dir", "rank", "np"})},
      {"launch.env", with({"run_dir", "np"})},
      {"launch.rank_env", with({"run_dir", "np"})},
      {"analyze", with({"mpicc", "cc", "base_cflags", "sources", "source", "exe", "run_dir", "np"})},
      {"parse.command", with({"run_dir", "np", "source", "exe"})},
  };
  auto it = by_field.find(field);
  return it == by_field.end() ? base : it->second;
}

struct Loader {
  std::string file;
  std::vector<std::string> problems;

  void problem(const std::string& key, const std::string& what) { problems.push_back(key + ": " + what); }

  // Every ${name} of `text` must be allowed in `field`; lists only as whole argv elements.
  void check_template(const std::string& field, const std::string& text, bool argv_element,
                      const std::string& key = "") {
    const std::string& where = key.empty() ? field : key;
    for (std::size_t open = text.find("${"); open != std::string::npos; open = text.find("${", open + 2)) {
      std::size_t close = text.find('}', open);
      if (close == std::string::npos) {
        problem(where, "unterminated ${ in '" + text + "'");
        return;
      }
      std::string name = text.substr(open + 2, close - open - 2);
      if (name.rfind("env:", 0) == 0 && name.size() > 4) continue;
      if (!allowed_variables(field).count(name))
        problem(where, "unknown variable ${" + name + "} (allowed here: " +
                           fmt::format("{}", fmt::join(allowed_variables(field), ", ")) + ", env:NAME)");
      else if (is_list_variable(name) && !(argv_element && text == "${" + name + "}"))
        problem(where, "${" + name + "} is a list: it must stand alone as an argument");
    }
  }
  void check_argv(const std::string& field, const std::vector<std::string>& argv) {
    for (const auto& a : argv) check_template(field, a, true);
  }
  void check_strings(const std::string& field, const std::vector<std::string>& v) {
    for (const auto& a : v) check_template(field, a, false);
  }
  void check_env(const std::string& field, const Env& env) {
    for (const auto& [k, v] : env) check_template(field, v, false, field + "." + k);
  }

  static std::vector<std::string> strings(const json& parent, const char* key,
                                          std::vector<std::string> fallback = {}) {
    if (!parent.contains(key)) return fallback;
    return parent[key].get<std::vector<std::string>>();
  }
  static Env env(const json& parent, const char* key) {
    if (!parent.contains(key)) return {};
    return parent[key].get<Env>();
  }

  // The typed configuration of one MPI (already schema-valid, overrides merged).
  BackendConfig config(const json& j) {
    static const json empty = json::object();
    const json& build = j.contains("build") ? j["build"] : empty;
    const json& launch = j.contains("launch") ? j["launch"] : empty;
    const json& parse = j.contains("parse") ? j["parse"] : empty;
    const json& req = j.contains("requires") ? j["requires"] : empty;
    BackendConfig c;
    c.custom_build = build.contains("compile") || build.contains("env");
    c.compile = strings(build, "compile", c.compile);
    c.build_env = env(build, "env");
    c.build_inputs = strings(build, "inputs");
    c.launch_command = strings(launch, "command", c.launch_command);
    c.launch_rank = strings(launch, "rank", c.launch_rank);
    c.launch_env = env(launch, "env");
    c.rank_env = env(launch, "rank_env");
    c.analyze = strings(j, "analyze");
    c.parse_builtin = parse.value("builtin", parse.contains("command") ? "" : "jsonl");
    c.parse_command = strings(parse, "command");
    c.requires_programs = strings(req, "programs");
    c.requires_files = strings(req, "files");

    check_argv("build.compile", c.compile);
    check_env("build.env", c.build_env);
    check_strings("build.inputs", c.build_inputs);
    check_argv("launch.command", c.launch_command);
    check_argv("launch.rank", c.launch_rank);
    check_env("launch.env", c.launch_env);
    check_env("launch.rank_env", c.rank_env);
    check_argv("analyze", c.analyze);
    check_argv("parse.command", c.parse_command);
    check_strings("requires.programs", c.requires_programs);
    check_strings("requires.files", c.requires_files);
    auto uses = [](const std::vector<std::string>& argv, const std::string& var) {
      return std::any_of(argv.begin(), argv.end(), [&](const std::string& a) { return a.find(var) != std::string::npos; });
    };
    if (!uses(c.compile, "${exe}")) problem("build.compile", "must write the program to ${exe}");
    if (!uses(c.launch_rank, "${program}")) problem("launch.rank", "must run ${program}");
    if (launch.contains("command") && !uses(c.launch_command, "${launch}") && !uses(c.launch_command, "${program}"))
      problem("launch.command", "must contain ${launch} (the MPI launch) or run ${program} itself");
    return c;
  }
};

}  // namespace

Backend load_backend(const std::string& dir, const Taxonomy& tax, const std::string& schema_path) {
  static std::map<std::string, JsonSchema> schemas;  // loaded once per path
  auto schema_it = schemas.find(schema_path);
  if (schema_it == schemas.end()) schema_it = schemas.emplace(schema_path, JsonSchema::load(schema_path)).first;

  Backend b;
  b.dir = fs::absolute(dir).lexically_normal().string();
  b.manifest_path = (fs::path(b.dir) / "backend.json").string();
  std::ifstream in(b.manifest_path, std::ios::binary);
  if (!in) throw std::runtime_error(b.manifest_path + ": cannot open");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  b.manifest_hash = fnv1a_hex(bytes.str());
  json j;
  try {
    j = json::parse(bytes.str());
  } catch (const json::parse_error& e) {
    throw std::runtime_error(b.manifest_path + ": not valid JSON: " + e.what());
  }
  Loader load{b.manifest_path, schema_it->second.validate(j)};
  auto fail_if_problems = [&] {
    if (load.problems.empty()) return;
    std::string text;
    for (const auto& p : load.problems) text += (text.empty() ? "" : "\n") + b.manifest_path + ": " + p;
    if (j.is_object() && !j.contains("manifest"))
      text += "\n" + b.manifest_path + ": (a version-1 manifest? see docs/backends.md for version 2)";
    throw std::runtime_error(text);
  };
  fail_if_problems();

  b.name = j["name"].get<std::string>();
  if (b.name != fs::path(b.dir).filename().string())
    load.problem("name", "must equal the folder name '" + fs::path(b.dir).filename().string() + "'");
  b.description = j["description"].get<std::string>();
  std::string kind = j["kind"].get<std::string>();
  b.kind = kind == "static" ? BackendKind::static_analysis
           : kind == "external" ? BackendKind::external : BackendKind::dynamic;
  b.supports = j["supports"].get<std::vector<std::string>>();
  for (const auto& pattern : b.supports) {
    bool any = std::any_of(tax.classes().begin(), tax.classes().end(),
                           [&](const ErrorClass& c) { return class_matches(pattern, c.id); });
    if (!any) load.problem("supports", "'" + pattern + "' matches no class of the taxonomy");
  }
  if (j.contains("version")) {
    b.version_command = Loader::strings(j["version"], "command");
    b.version_text = j["version"].value("text", "");
    load.check_argv("version.command", b.version_command);
  } else if (b.kind == BackendKind::external) {
    load.problem("version", "an external tool must say how to read its version");
  }
  b.timeout_factor = j.value("timeout_factor", 1.0);

  for (const MpiImpl& m : mpi_implementations()) {
    json merged = j;
    merged.erase("mpi");
    if (j.contains("mpi") && j["mpi"].contains(m.name)) merged.merge_patch(j["mpi"][m.name]);
    std::size_t before = load.problems.size();
    BackendConfig c = load.config(merged);
    for (std::size_t i = before; i < load.problems.size(); ++i)
      if (j.contains("mpi") && j["mpi"].contains(m.name)) load.problems[i] += " (with mpi." + m.name + " merged)";
    if (b.kind == BackendKind::static_analysis && c.analyze.empty())
      load.problem("analyze", "a static backend needs the command that analyses a case");
    auto uses_exe = std::any_of(c.analyze.begin(), c.analyze.end(), [](const std::string& a) { return a.find("${exe}") != std::string::npos; });
    if (b.kind == BackendKind::static_analysis && uses_exe && !c.custom_build)
      load.problem("analyze", "${exe} needs build.compile: a static backend builds only when it says how");
    if (b.kind != BackendKind::static_analysis && !c.analyze.empty())
      load.problem("analyze", "only a static backend analyses instead of running the case");
    b.configs[m.name] = std::move(c);
  }
  // Per-MPI merges repeat the same problem of a shared field: report it once.
  std::sort(load.problems.begin(), load.problems.end());
  load.problems.erase(std::unique(load.problems.begin(), load.problems.end()), load.problems.end());
  fail_if_problems();

  fs::path expected = fs::path(b.dir) / "expected-results";
  if (fs::exists(expected)) b.expected_results = expected.string();
  return b;
}

std::vector<Backend> discover_backends(const std::vector<std::string>& roots, const Taxonomy& tax,
                                       const std::string& schema_path) {
  std::vector<Backend> backends;
  for (const auto& root : roots) {
    if (!fs::is_directory(root)) throw std::runtime_error(root + ": no such backends folder");
    std::vector<fs::path> dirs;
    for (const auto& entry : fs::directory_iterator(root))
      if (entry.is_directory() && fs::exists(entry.path() / "backend.json")) dirs.push_back(entry.path());
    std::sort(dirs.begin(), dirs.end());
    for (const auto& d : dirs) backends.push_back(load_backend(d.string(), tax, schema_path));
  }
  std::stable_sort(backends.begin(), backends.end(),
                   [](const Backend& a, const Backend& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < backends.size(); ++i)
    if (backends[i].name == backends[i - 1].name)
      throw std::runtime_error("backend '" + backends[i].name + "' is defined twice: " + backends[i - 1].dir +
                               " and " + backends[i].dir);
  return backends;
}

std::vector<std::string> backend_roots(const std::string& builtin, const std::vector<std::string>& extra) {
  std::vector<std::string> roots = {builtin};
  roots.insert(roots.end(), extra.begin(), extra.end());
  if (const char* path = std::getenv("ASSAY_BACKENDS_PATH")) {
    std::istringstream parts(path);
    std::string part;
    while (std::getline(parts, part, ':'))
      if (!part.empty()) roots.push_back(part);
  }
  // The same folder named twice is one folder, not a clash of its backends with themselves.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const auto& r : roots) {
    std::error_code ec;
    std::string canonical = fs::weakly_canonical(r, ec).string();
    if (seen.insert(ec ? r : canonical).second) unique.push_back(r);
  }
  return unique;
}

// --- expected-results ------------------------------------------------------------------

const ExpectedEntry* ExpectedResults::find(const Case& c, const std::string& mpi) const {
  for (const auto& e : entries) {
    if (e.mpi != "*" && e.mpi != mpi) continue;
    const bool is_tag = e.pattern.rfind("tag:", 0) == 0;
    const bool hit = is_tag ? c.has_tag_on(e.pattern.substr(4), mpi)
                            : fnmatch(e.pattern.c_str(), c.id.c_str(), 0) == 0;
    if (hit) return &e;
  }
  return nullptr;
}

namespace {

void read_expected_results(const std::string& path, std::vector<std::string>& including,
                           std::vector<ExpectedEntry>& entries) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  including.push_back(fs::weakly_canonical(path).string());
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    auto hash = line.find('#');
    std::string content = line.substr(0, hash);
    std::istringstream fields(content);
    ExpectedEntry e;
    std::string outcome;
    if (!(fields >> e.pattern)) continue;  // blank or comment
    if (e.pattern == "include") {
      std::string name, extra;
      if (!(fields >> name) || fields >> extra)
        throw std::runtime_error(fmt::format("{}:{}: expected 'include <file>'", path, n));
      const std::string target = (fs::path(path).parent_path() / name).lexically_normal().string();
      if (std::find(including.begin(), including.end(), fs::weakly_canonical(target).string()) != including.end())
        throw std::runtime_error(fmt::format("{}:{}: '{}' includes itself", path, n, name));
      try {
        read_expected_results(target, including, entries);
      } catch (const std::runtime_error& err) {
        throw std::runtime_error(fmt::format("{} (included from {}:{})", err.what(), path, n));
      }
      continue;
    }
    if (!(fields >> e.mpi >> outcome))
      throw std::runtime_error(fmt::format("{}:{}: expected '<case-glob|tag:T> <mpi|*> <OUTCOME> <reason>'", path, n));
    if (e.mpi != "*" && !find_mpi(e.mpi))
      throw std::runtime_error(fmt::format("{}:{}: unknown MPI implementation '{}'", path, n, e.mpi));
    std::istringstream names(outcome);
    for (std::string name; std::getline(names, name, '|');) {
      auto o = outcome_from_name(name);
      if (!o) throw std::runtime_error(fmt::format("{}:{}: unknown outcome '{}'", path, n, name));
      e.outcomes.push_back(*o);
    }
    std::getline(fields >> std::ws, e.reason);
    while (!e.reason.empty() && std::isspace(static_cast<unsigned char>(e.reason.back()))) e.reason.pop_back();
    if (e.reason.empty())
      throw std::runtime_error(fmt::format("{}:{}: each known miss needs a one-line reason", path, n));
    e.file = path;
    e.line = n;
    entries.push_back(std::move(e));
  }
  including.pop_back();
}

}  // namespace

ExpectedResults load_expected_results(const std::string& path) {
  ExpectedResults out;
  out.path = path;
  std::vector<std::string> including;
  read_expected_results(path, including, out.entries);
  return out;
}

std::string ExpectedEntry::outcome_names() const {
  std::string s;
  for (Outcome o : outcomes) s += std::string(s.empty() ? "" : "|") + outcome_name(o);
  return s;
}

bool is_good_outcome(Outcome o) {
  return o == Outcome::TP || o == Outcome::TN || o == Outcome::NS;
}

std::string unexpected_outcome(const ExpectedResults& expected, const Case& c, const std::string& backend,
                               const std::string& mpi, Outcome outcome, const std::string& label) {
  const ExpectedEntry* e = expected.find(c, mpi);
  if (e && e->lists(outcome)) return {};
  if (e && e->pattern.rfind("tag:", 0) == 0 && is_good_outcome(outcome)) return {};
  if (e)
    return fmt::format("{}: {}, but {}:{} expects {} ({})", label, outcome_name(outcome), e->file, e->line,
                       e->outcome_names(), e->reason);
  if (!is_good_outcome(outcome))
    return fmt::format("{}: {} is not a known miss of backend {} (add it to its expected-results with a reason, or fix it)",
                       label, outcome_name(outcome), backend);
  return {};
}

}  // namespace assay
