#include "overhead/binaries.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "exec/process.hpp"

namespace fs = std::filesystem;

namespace assay::overhead {

namespace {

// Compiling the benchmark with an instrumenting compiler at -O2 takes far longer
// than a case (the build cache's default limit is for cases).
constexpr auto kBenchmarkCompileTimeout = std::chrono::minutes(10);

std::string prebuilt_path(const BinarySources& s, const std::string& mpi) {
  return (fs::path(s.bench_dir) / ("assay_overhead_" + mpi)).string();
}

}  // namespace

bool needs_own_build(const Backend& backend, const std::string& mpi) {
  return backend.kind != BackendKind::static_analysis && backend.config(mpi).custom_build;
}

Program load_benchmark_program(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(path + " is missing: it is written by CMake when the build tree is configured "
                                    "(overhead/CMakeLists.txt)");
  Program p;
  try {
    const auto j = nlohmann::json::parse(in);
    p.name = j.at("name").get<std::string>();
    p.sources = j.at("sources").get<std::vector<std::string>>();
    p.headers = j.at("headers").get<std::vector<std::string>>();
    p.flags = j.at("flags").get<std::vector<std::string>>();
    p.libraries = j.at("libraries").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  if (p.sources.empty()) throw std::runtime_error(path + ": no sources");
  p.content_hash = program_hash(p);
  return p;
}

BuildSpec benchmark_build_spec(const Program& program, const Backend& backend, const MpiImpl& mpi,
                               const std::string& mpi_version, const Vars& vars, const std::string& inputs_hash) {
  return make_build_spec(program, mpi, mpi_version, backend.config(mpi.name), vars, inputs_hash);
}

std::string command_line(const BuildSpec& spec, const std::string& exe) {
  std::string line;
  for (const auto& [name, value] : spec.env) line += name + "=" + value + " ";
  for (const auto& arg : spec.argv) {
    std::string a = arg;
    if (const auto at = a.find("${exe}"); at != std::string::npos) a.replace(at, 6, exe);
    line += a + " ";
  }
  if (!line.empty()) line.pop_back();
  return line;
}

std::map<BackendOnMpi, BenchBinary> prepare_binaries(const std::vector<std::pair<const Backend*, const MpiImpl*>>& wanted,
                                                     const BinarySources& sources, std::ostream& log) {
  std::map<BackendOnMpi, BenchBinary> binaries;
  std::optional<Program> program;  // read when the first backend needs it
  std::map<std::string, std::string> mpi_versions;
  BuildCache cache(sources.cache_dir);
  for (const auto& [backend, mpi] : wanted) {
    BenchBinary& bin = binaries[{backend->name, mpi->name}];
    if (!needs_own_build(*backend, mpi->name)) {
      bin.path = prebuilt_path(sources, mpi->name);
      bin.flavour = "prebuilt";
      if (access(bin.path.c_str(), X_OK) != 0)
        throw std::runtime_error(bin.path + " is missing: build the target assay_overhead_" + mpi->name);
      continue;
    }
    if (!program) program = load_benchmark_program((fs::path(sources.bench_dir) / kBenchmarkProgramFile).string());
    if (!mpi_versions.count(mpi->name)) mpi_versions[mpi->name] = mpi->detect_version();
    const Vars vars = backend_vars(*backend, *mpi, sources.source_dir, sources.build_dir);
    const BuildSpec spec = benchmark_build_spec(*program, *backend, *mpi, mpi_versions[mpi->name], vars,
                                                backend->build_inputs_hash(mpi->name, vars));
    bin.flavour = backend->name + " build";
    bin.compile_command = command_line(spec, cache.binary_path(spec));
    if (cache.has(spec)) {
      bin.path = cache.binary_path(spec);
      log << fmt::format("benchmark for {} on {}: {} (cached)\n", backend->name, mpi->name, bin.path);
      continue;
    }
    const std::string compile_log = cache.binary_path(spec) + ".log";
    log << fmt::format("benchmark for {} on {}: compiling through its compile template (log: {})\n", backend->name,
                       mpi->name, compile_log) << std::flush;
    Command cmd = cache.compile_command(spec, compile_log);
    cmd.timeout = kBenchmarkCompileTimeout;
    const ExitInfo e = run_command(cmd);
    std::string why;
    if (!e.started) why = e.error;
    else if (e.timed_out) why = fmt::format("killed after {:.0f} s", e.seconds());
    else if (e.exit_code != 0) why = fmt::format("exit status {}", e.exit_code);
    else if (!cache.commit(spec)) why = "the compile command exited 0 but did not write ${exe}";
    if (why.empty()) {
      bin.path = cache.binary_path(spec);
      log << fmt::format("benchmark for {} on {}: built in {:.0f} s: {}\n", backend->name, mpi->name, e.seconds(),
                         bin.path);
    } else {
      bin.error = fmt::format("building the benchmark for backend {} on {} failed ({}); compile log: {}",
                              backend->name, mpi->name, why, compile_log);
      log << "error: " << bin.error << "\n";
    }
  }
  return binaries;
}

}  // namespace assay::overhead
