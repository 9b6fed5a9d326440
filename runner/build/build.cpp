#include "build/build.hpp"

#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace assay {

static bool is_cxx(const Case& c) { return fs::path(c.path).extension() == ".cpp"; }

// The SOURCES files that are compiled (headers among them are only hashed).
static std::vector<std::string> compiled_sources(const Case& c) {
  std::vector<std::string> out;
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

std::string BuildSpec::key() const {
  std::string text = c->content_hash + "|" + mpi->name + "|" + mpi_version + "|" +
                     (is_cxx(*c) ? mpi->cxx : mpi->cc);
  for (const auto& f : base_flags(*c)) text += "|b:" + f;
  for (const auto& f : cflags) text += "|c:" + f;
  for (const auto& f : ldflags) text += "|l:" + f;
  for (const auto& [k, v] : env) text += "|e:" + k + "=" + v;
  return fnv1a_hex(text);
}

std::string BuildCache::binary_path(const BuildSpec& s) const {
  return (fs::path(dir_) / s.mpi->name / s.key() / s.c->name).string();
}

std::string BuildCache::temp_path(const BuildSpec& s) const {
  return binary_path(s) + ".tmp." + std::to_string(getpid());
}

bool BuildCache::has(const BuildSpec& s) const { return fs::exists(binary_path(s)); }

Command BuildCache::compile_command(const BuildSpec& s, const std::string& log_path) const {
  fs::create_directories(fs::path(binary_path(s)).parent_path());
  Command cmd;
  cmd.argv = {is_cxx(*s.c) ? s.mpi->cxx : s.mpi->cc};
  for (const auto& f : base_flags(*s.c)) cmd.argv.push_back(f);
  cmd.argv.insert(cmd.argv.end(), s.cflags.begin(), s.cflags.end());
  cmd.argv.push_back(s.c->path);
  for (const auto& src : compiled_sources(*s.c)) cmd.argv.push_back(src);
  cmd.argv.insert(cmd.argv.end(), {"-o", temp_path(s)});
  cmd.argv.insert(cmd.argv.end(), s.ldflags.begin(), s.ldflags.end());
  cmd.env = s.env;
  cmd.stderr_path = log_path;  // compilers write diagnostics to stderr
  cmd.timeout = std::chrono::seconds(120);
  return cmd;
}

void BuildCache::commit(const BuildSpec& s) const { fs::rename(temp_path(s), binary_path(s)); }

}  // namespace assay
