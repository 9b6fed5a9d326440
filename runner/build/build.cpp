#include "build/build.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace assay {

static bool is_cxx(const Case& c) { return fs::path(c.path).extension() == ".cpp"; }

// The case file and the SOURCES files that are compiled (headers among them are only hashed).
static std::vector<std::string> compiled_sources(const Case& c) {
  std::vector<std::string> out = {c.path};
  for (const auto& s : c.sources) {
    const auto ext = fs::path(s).extension();
    if (ext == ".c" || ext == ".cpp") out.push_back(s);
  }
  return out;
}

// Flags every case gets: debug info for locations, no optimisation so the
// statements the markers name survive, C++20 for C++ cases, and what REQUIRES implies.
static std::vector<std::string> base_flags(const Case& c) {
  std::vector<std::string> flags = {"-g", "-O0"};
  if (is_cxx(c)) flags.push_back("-std=c++20");  // the project's language (SOURCES may use it)
  for (const auto& f : c.requires_features) {
    if (f == "openmp") flags.push_back("-fopenmp");
    if (f == "thread-multiple") flags.push_back("-pthread");
  }
  return flags;
}

static const char* const exe_placeholder = "${exe}";

Vars case_vars(const Case& c, const MpiImpl& mpi, const Vars& backend_vars) {
  Vars vars = backend_vars;
  vars.set("mpicc", is_cxx(c) ? mpi.cxx : mpi.cc).set("cc", is_cxx(c) ? "g++" : "gcc");
  vars.set_list("base_cflags", base_flags(c)).set_list("sources", compiled_sources(c)).set("source", c.path);
  return vars;
}

BuildSpec make_build_spec(const Case& c, const MpiImpl& mpi, const std::string& mpi_version,
                          const BackendConfig& backend, const Vars& backend_vars, const std::string& inputs_hash) {
  Vars vars = case_vars(c, mpi, backend_vars);
  vars.set("exe", exe_placeholder);  // the output path differs per attempt: filled in by compile_command
  return BuildSpec{c.name, c.content_hash, &mpi, mpi_version, vars.expand_argv(backend.compile),
                   vars.expand_env(backend.build_env), inputs_hash};
}

std::string program_hash(const Program& p) {
  std::string all;
  for (const auto* files : {&p.sources, &p.headers})
    for (const auto& f : *files) {
      std::ifstream in(f, std::ios::binary);
      if (!in) throw std::runtime_error("cannot read " + f + " (a file of the program " + p.name + ")");
      all += "\n// SOURCE " + f + "\n";
      all.append(std::istreambuf_iterator<char>(in), {});
    }
  return fnv1a_hex(all);
}

BuildSpec make_build_spec(const Program& p, const MpiImpl& mpi, const std::string& mpi_version,
                          const BackendConfig& backend, const Vars& backend_vars, const std::string& inputs_hash) {
  const bool cxx = !p.sources.empty() && fs::path(p.sources.front()).extension() == ".cpp";
  std::vector<std::string> sources = p.sources;
  sources.insert(sources.end(), p.libraries.begin(), p.libraries.end());
  Vars vars = backend_vars;
  vars.set("mpicc", cxx ? mpi.cxx : mpi.cc).set("cc", cxx ? "g++" : "gcc");
  vars.set_list("base_cflags", p.flags).set_list("sources", sources);
  vars.set("source", p.sources.empty() ? "" : p.sources.front()).set("exe", exe_placeholder);
  return BuildSpec{p.name, p.content_hash, &mpi, mpi_version, vars.expand_argv(backend.compile),
                   vars.expand_env(backend.build_env), inputs_hash};
}

std::string BuildSpec::key() const {
  std::string text = content_hash + "|" + mpi->name + "|" + mpi_version + "|i:" + inputs_hash;
  for (const auto& a : argv) text += "|a:" + a;
  for (const auto& [k, v] : env) text += "|e:" + k + "=" + v;
  return fnv1a_hex(text);
}

std::string BuildCache::binary_path(const BuildSpec& s) const {
  return (fs::path(dir_) / s.mpi->name / s.key() / s.name).string();
}

std::string BuildCache::temp_path(const BuildSpec& s) const {
  return binary_path(s) + ".tmp." + std::to_string(getpid());
}

bool BuildCache::has(const BuildSpec& s) const { return fs::exists(binary_path(s)); }

Command BuildCache::compile_command(const BuildSpec& s, const std::string& log_path) const {
  fs::create_directories(fs::path(binary_path(s)).parent_path());
  Command cmd;
  for (std::string arg : s.argv) {
    for (auto at = arg.find(exe_placeholder); at != std::string::npos; at = arg.find(exe_placeholder))
      arg.replace(at, std::char_traits<char>::length(exe_placeholder), temp_path(s));
    cmd.argv.push_back(std::move(arg));
  }
  cmd.env = s.env;
  cmd.stderr_path = log_path;  // compilers write diagnostics to stderr
  cmd.timeout = std::chrono::seconds(120);
  return cmd;
}

bool BuildCache::commit(const BuildSpec& s) const {
  std::error_code ec;
  fs::rename(temp_path(s), binary_path(s), ec);
  return !ec;
}

}  // namespace assay
