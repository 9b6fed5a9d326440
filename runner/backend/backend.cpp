#include "backend/backend.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mpi/mpi.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace assay {

std::string expand(const std::string& text, const Vars& vars) {
  std::string out;
  std::size_t pos = 0;
  while (true) {
    std::size_t open = text.find("${", pos);
    if (open == std::string::npos) break;
    std::size_t close = text.find('}', open);
    if (close == std::string::npos) throw std::runtime_error("unterminated ${ in '" + text + "'");
    std::string name = text.substr(open + 2, close - open - 2);
    auto it = vars.find(name);
    if (it == vars.end()) throw std::runtime_error("unknown variable ${" + name + "} in '" + text + "'");
    out += text.substr(pos, open - pos) + it->second;
    pos = close + 1;
  }
  return out + text.substr(pos);
}

static bool class_matches(const std::string& pattern, const std::string& class_id) {
  return fnmatch(pattern.c_str(), class_id.c_str(), 0) == 0;
}

bool Backend::supports_class(const std::string& class_id) const {
  return std::any_of(supports.begin(), supports.end(),
                     [&](const std::string& p) { return class_matches(p, class_id); });
}

bool Backend::supports_case(const Case& c) const {
  return std::any_of(c.errors.begin(), c.errors.end(),
                     [&](const Expectation& e) { return supports_class(e.error_class); });
}

std::string Backend::flavour(const Vars& vars) const {
  std::string text;
  for (const auto& f : cflags) text += "c:" + expand(f, vars) + "\n";
  for (const auto& f : ldflags) text += "l:" + expand(f, vars) + "\n";
  for (const auto& [k, v] : build_env) text += "e:" + k + "=" + expand(v, vars) + "\n";
  return text;
}

std::string Backend::missing_requirement(const Vars& vars) const {
  for (const auto& tool : requires_tools)
    if (find_in_path(tool).empty()) return "not installed: " + tool;
  for (const auto& file : requires_files) {
    std::string path = expand(file, vars);
    if (!fs::exists(path)) return "not built or not installed: " + path;
  }
  return "";
}

namespace {

// Typed access to the manifest with errors naming file and field.
struct ManifestReader {
  const json& j;
  std::string file;

  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw std::runtime_error(fmt::format("{}: field '{}': {}", file, field, msg));
  }
  std::string str(const char* field, const std::string& fallback, bool required = false) const {
    if (!j.contains(field)) {
      if (required) fail(field, "missing");
      return fallback;
    }
    if (!j[field].is_string()) fail(field, "must be a string");
    return j[field].get<std::string>();
  }
  std::vector<std::string> strings(const json& parent, const std::string& field) const {
    if (!parent.contains(field)) return {};
    const json& a = parent[field];
    if (!a.is_array()) fail(field, "must be an array of strings");
    std::vector<std::string> out;
    for (const auto& s : a) {
      if (!s.is_string()) fail(field, "must be an array of strings");
      out.push_back(s.get<std::string>());
    }
    return out;
  }
  std::map<std::string, std::string> env(const json& parent, const std::string& field) const {
    if (!parent.contains(field)) return {};
    const json& o = parent[field];
    if (!o.is_object()) fail(field, "must be an object of strings");
    std::map<std::string, std::string> out;
    for (const auto& [k, v] : o.items()) {
      if (!v.is_string()) fail(field + "." + k, "must be a string");
      out[k] = v.get<std::string>();
    }
    return out;
  }
  const json& section(const char* field) const {
    static const json empty = json::object();
    if (!j.contains(field)) return empty;
    if (!j[field].is_object()) fail(field, "must be an object");
    return j[field];
  }
};

}  // namespace

Backend load_backend(const std::string& dir, const Taxonomy& tax) {
  std::string file = (fs::path(dir) / "backend.json").string();
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file + ": cannot open");
  json j;
  try {
    j = json::parse(in);
  } catch (const json::parse_error& e) {
    throw std::runtime_error(file + ": not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw std::runtime_error(file + ": must hold a JSON object");
  static const std::set<std::string> known = {"name", "description", "kind", "supports", "build",
                                              "launch", "analyze", "parser", "timeout_factor",
                                              "requires_tools", "requires_files"};
  for (const auto& [k, v] : j.items())
    if (!known.count(k)) throw std::runtime_error(fmt::format("{}: unknown field '{}'", file, k));

  ManifestReader r{j, file};
  Backend b;
  b.dir = fs::absolute(dir).lexically_normal().string();
  b.name = r.str("name", "", true);
  if (b.name != fs::path(b.dir).filename().string())
    r.fail("name", "must equal the folder name '" + fs::path(b.dir).filename().string() + "'");
  b.description = r.str("description", "", true);
  std::string kind = r.str("kind", "dynamic");
  if (kind == "dynamic") b.kind = BackendKind::dynamic;
  else if (kind == "static") b.kind = BackendKind::static_analysis;
  else r.fail("kind", "must be \"dynamic\" or \"static\"");

  b.supports = r.strings(j, "supports");
  for (const auto& pattern : b.supports) {
    bool any = std::any_of(tax.classes().begin(), tax.classes().end(),
                           [&](const ErrorClass& c) { return class_matches(pattern, c.id); });
    if (!any) r.fail("supports", "'" + pattern + "' matches no class of the taxonomy");
  }
  const json& build = r.section("build");
  b.cflags = r.strings(build, "cflags");
  b.ldflags = r.strings(build, "ldflags");
  b.build_env = r.env(build, "env");
  const json& launch = r.section("launch");
  b.rank_env = r.env(launch, "rank_env");
  b.prefix = r.strings(launch, "prefix");
  b.analyze = r.strings(j, "analyze");
  if (b.kind == BackendKind::static_analysis && b.analyze.empty())
    r.fail("analyze", "a static backend needs the command that analyses a case");
  b.parser = r.str("parser", "jsonl");
  if (j.contains("timeout_factor")) {
    if (!j["timeout_factor"].is_number() || j["timeout_factor"].get<double>() <= 0)
      r.fail("timeout_factor", "must be a positive number");
    b.timeout_factor = j["timeout_factor"].get<double>();
  }
  b.requires_tools = r.strings(j, "requires_tools");
  b.requires_files = r.strings(j, "requires_files");
  fs::path expected = fs::path(b.dir) / "expected-results";
  if (fs::exists(expected)) b.expected_results = expected.string();
  return b;
}

std::vector<Backend> discover_backends(const std::vector<std::string>& roots, const Taxonomy& tax) {
  std::vector<Backend> backends;
  for (const auto& root : roots) {
    if (!fs::is_directory(root)) throw std::runtime_error(root + ": no such backends folder");
    for (const auto& entry : fs::directory_iterator(root))
      if (entry.is_directory() && fs::exists(entry.path() / "backend.json"))
        backends.push_back(load_backend(entry.path().string(), tax));
  }
  std::sort(backends.begin(), backends.end(),
            [](const Backend& a, const Backend& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < backends.size(); ++i)
    if (backends[i].name == backends[i - 1].name)
      throw std::runtime_error("backend '" + backends[i].name + "' is defined twice: " +
                               backends[i - 1].dir + " and " + backends[i].dir);
  return backends;
}

const ExpectedEntry* ExpectedResults::find(const Case& c, const std::string& mpi) const {
  for (const auto& e : entries) {
    if (e.mpi != "*" && e.mpi != mpi) continue;
    bool hit = e.pattern.rfind("tag:", 0) == 0 ? c.has_tag(e.pattern.substr(4))
                                                : fnmatch(e.pattern.c_str(), c.id.c_str(), 0) == 0;
    if (hit) return &e;
  }
  return nullptr;
}

ExpectedResults load_expected_results(const std::string& path) {
  ExpectedResults out;
  out.path = path;
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    auto hash = line.find('#');
    std::string content = line.substr(0, hash);
    std::istringstream fields(content);
    ExpectedEntry e;
    std::string outcome;
    if (!(fields >> e.pattern)) continue;  // blank or comment
    if (!(fields >> e.mpi >> outcome))
      throw std::runtime_error(fmt::format("{}:{}: expected '<case-glob|tag:T> <mpi|*> <OUTCOME> <reason>'", path, n));
    if (e.mpi != "*" && !find_mpi(e.mpi))
      throw std::runtime_error(fmt::format("{}:{}: unknown MPI implementation '{}'", path, n, e.mpi));
    auto o = outcome_from_name(outcome);
    if (!o) throw std::runtime_error(fmt::format("{}:{}: unknown outcome '{}'", path, n, outcome));
    e.outcome = *o;
    std::getline(fields >> std::ws, e.reason);
    while (!e.reason.empty() && std::isspace(static_cast<unsigned char>(e.reason.back()))) e.reason.pop_back();
    if (e.reason.empty())
      throw std::runtime_error(fmt::format("{}:{}: each known miss needs a one-line reason", path, n));
    e.line = n;
    out.entries.push_back(std::move(e));
  }
  return out;
}

Vars backend_vars(const Backend& b, const MpiImpl& mpi, const std::string& source_dir,
                  const std::string& build_dir) {
  return {{"mpi", mpi.name}, {"backend_dir", b.dir}, {"source_dir", source_dir},
          {"build_dir", build_dir}, {"cc", mpi.cc}, {"cxx", mpi.cxx}};
}

bool is_good_outcome(Outcome o) {
  return o == Outcome::TP || o == Outcome::TN || o == Outcome::NS;
}

}  // namespace assay
