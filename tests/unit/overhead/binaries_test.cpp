#include "overhead/binaries.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <unistd.h>

#include "../corpus/temp_dir.hpp"
#include "exec/output.hpp"
#include "test_backend.hpp"

namespace assay::overhead {

namespace {

using test_support::backend;
using test_support::TempDir;

// Shaped like backends/llvm/backend.json: its own compiler, a pass, a runtime after the sources.
Backend instrumenting() {
  Backend b = backend("instr");
  BackendConfig& c = b.configs["mpich"];
  c.compile = {"${mpicc}", "${base_cflags}", "-fpass-plugin=${build_dir}/P.so", "${sources}", "-o", "${exe}",
               "${build_dir}/libinstr_${mpi}.so"};
  c.build_env = {{"MPICH_CXX", "clang++-14"}};
  c.custom_build = true;
  return b;
}

// A benchmark-program.json as CMake writes it, over files in `dir`.
std::string write_program(const TempDir& dir) {
  const std::string main = dir.write("src/bench_main.cpp", "int main() {}\n");
  const std::string kernel = dir.write("src/k.cpp", "int k;\n");
  const std::string header = dir.write("src/k.hpp", "extern int k;\n");
  return dir.write("bench/benchmark-program.json",
                   "{\"name\": \"assay_overhead\", \"sources\": [\"" + main + "\", \"" + kernel +
                       "\"], \"headers\": [\"" + header + "\"], \"flags\": [\"-O2\", \"-g\"], "
                       "\"libraries\": [\"/usr/lib/libbenchmark.so\"]}");
}

bool has(const std::vector<std::string>& argv, const std::string& item) {
  return std::find(argv.begin(), argv.end(), item) != argv.end();
}

Vars vars_of(const Backend& b) { return backend_vars(b, *find_mpi("mpich"), "/src", "/build"); }

}  // namespace

TEST(OverheadBinaries, OnlyABackendWithItsOwnBuildFlavourIsCompiled) {
  EXPECT_FALSE(needs_own_build(backend("native"), "mpich"));
  EXPECT_TRUE(needs_own_build(instrumenting(), "mpich"));
  EXPECT_FALSE(needs_own_build(instrumenting(), "openmpi"));  // per MPI, as the manifest says
  Backend analyser = instrumenting();
  analyser.kind = BackendKind::static_analysis;
  EXPECT_FALSE(needs_own_build(analyser, "mpich"));  // never timed at all
}

// The compile template gets the benchmark's own flags and files: its compiler, the
// program's flags as ${base_cflags}, the sources, then the libraries, before "-o".
TEST(OverheadBinaries, TheBenchmarkGoesThroughTheBackendsCompileTemplate) {
  TempDir dir;
  const Program program = load_benchmark_program(write_program(dir));
  EXPECT_EQ(program.name, "assay_overhead");
  const Backend b = instrumenting();
  const BuildSpec spec = benchmark_build_spec(program, b, *find_mpi("mpich"), "4.0", vars_of(b), "");
  ASSERT_GE(spec.argv.size(), 9u);
  EXPECT_EQ(spec.argv[0], find_mpi("mpich")->cxx);  // the main file is C++
  EXPECT_EQ(std::vector<std::string>(spec.argv.begin() + 1, spec.argv.begin() + 4),
            (std::vector<std::string>{"-O2", "-g", "-fpass-plugin=/build/P.so"}));
  EXPECT_EQ(std::vector<std::string>(spec.argv.begin() + 4, spec.argv.begin() + 8),
            (std::vector<std::string>{program.sources[0], program.sources[1], "/usr/lib/libbenchmark.so", "-o"}));
  EXPECT_FALSE(has(spec.argv, program.headers[0]));
  EXPECT_EQ(spec.argv.back(), "/build/libinstr_mpich.so");
  EXPECT_EQ(spec.env.at("MPICH_CXX"), "clang++-14");
  EXPECT_EQ(spec.name, "assay_overhead");
  EXPECT_NE(command_line(spec, "/c/x").find("MPICH_CXX=clang++-14 " + find_mpi("mpich")->cxx + " -O2"),
            std::string::npos);
  EXPECT_TRUE(command_line(spec, "/c/x").find("${exe}") == std::string::npos);
}

// The cache key follows every file of the program (headers too), the backend's build
// inputs and its template: an edited kernel or pass rebuilds, nothing else does.
TEST(OverheadBinaries, ABuildIsRedoneWhenASourceTheTemplateOrTheBuildInputsChange) {
  TempDir dir;
  const std::string json = write_program(dir);
  const Backend b = instrumenting();
  const MpiImpl& mpich = *find_mpi("mpich");
  const auto key = [&](const Backend& with, const std::string& inputs) {
    return benchmark_build_spec(load_benchmark_program(json), with, mpich, "4.0", vars_of(with), inputs).key();
  };
  const std::string first = key(b, "");
  EXPECT_EQ(key(b, ""), first);
  EXPECT_NE(key(b, "1111"), first);
  Backend other_template = b;
  other_template.configs["mpich"].compile.push_back("-DMORE");
  EXPECT_NE(key(other_template, ""), first);
  dir.write("src/k.hpp", "extern int k; // edited\n");
  EXPECT_NE(key(b, ""), first);
}

TEST(OverheadBinaries, AMissingProgramDescriptionIsAnErrorNamingIt) {
  try {
    load_benchmark_program("/no/such/benchmark-program.json");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/no/such/benchmark-program.json"), std::string::npos);
  }
}

// Compiles once, then reuses the cache; a failing compile names backend, MPI and its log.
// The "compiler" is a shell command, so no MPI compiler is needed, only the launcher's version.
TEST(OverheadBinaries, BuildsOnceAndNamesTheLogOfAFailedBuild) {
  TempDir dir;
  write_program(dir);
  const MpiImpl& mpich = *find_mpi("mpich");
  try {
    mpich.detect_version();
  } catch (const std::exception& e) {
    GTEST_SKIP() << e.what();
  }
  const std::string count = (dir.path() / "compiles").string();
  Backend b = backend("shell");
  b.configs["mpich"].compile = {"/bin/sh", "-c", "echo x >>" + count + "; cp /bin/true \"$0\"", "${exe}"};
  b.configs["mpich"].custom_build = true;
  Backend broken = backend("broken");
  broken.configs["mpich"].compile = {"/bin/sh", "-c", "echo no such flag >&2; exit 3"};
  broken.configs["mpich"].custom_build = true;
  Backend native = backend("native");
  dir.write("bench/assay_overhead_mpich", "");
  std::filesystem::permissions(dir.path() / "bench/assay_overhead_mpich", std::filesystem::perms::owner_exec,
                               std::filesystem::perm_options::add);
  const BinarySources sources{(dir.path() / "bench").string(), (dir.path() / "cache").string(), "/src", "/build"};

  std::ostringstream log;
  auto bins = prepare_binaries({{&native, &mpich}, {&b, &mpich}, {&broken, &mpich}}, sources, log);
  EXPECT_EQ(bins.at({"native", "mpich"}).path, (dir.path() / "bench/assay_overhead_mpich").string());
  EXPECT_EQ(bins.at({"native", "mpich"}).flavour, "prebuilt");
  const BenchBinary& built = bins.at({"shell", "mpich"});
  EXPECT_EQ(built.flavour, "shell build");
  EXPECT_EQ(access(built.path.c_str(), X_OK), 0) << built.path;
  EXPECT_EQ(built.path.rfind(sources.cache_dir, 0), 0u);
  const BenchBinary& failed = bins.at({"broken", "mpich"});
  EXPECT_TRUE(failed.path.empty());
  EXPECT_NE(failed.error.find("backend broken on mpich"), std::string::npos) << failed.error;
  const auto log_at = failed.error.find("compile log: ");
  ASSERT_NE(log_at, std::string::npos);
  EXPECT_NE(read_file(failed.error.substr(log_at + 13)).find("no such flag"), std::string::npos);

  auto again = prepare_binaries({{&b, &mpich}}, sources, log);
  EXPECT_EQ(again.at({"shell", "mpich"}).path, built.path);
  EXPECT_EQ(read_file(count), "x\n");  // compiled once
  EXPECT_NE(log.str().find("(cached)"), std::string::npos);
}

}  // namespace assay::overhead
