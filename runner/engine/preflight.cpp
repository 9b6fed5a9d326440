#include "engine/preflight.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "exec/output.hpp"
#include "exec/process.hpp"

namespace fs = std::filesystem;

namespace assay {

ToolchainTiming check_toolchain(const MpiImpl& mpi, const Launcher& launcher, const std::string& cache_dir,
                                const std::string& identity) {
  const fs::path stamp = fs::path(cache_dir) / "preflight" / (mpi.name + ".ok");
  const fs::path timing_file = fs::path(cache_dir) / "preflight" / (mpi.name + ".seconds");
  std::error_code ec;
  const auto age = fs::file_time_type::clock::now() - fs::last_write_time(stamp, ec);
  if (!ec && age < std::chrono::hours(1) && read_file(stamp.string()) == identity) {
    ToolchainTiming remembered;
    std::ifstream(timing_file) >> remembered.compile_s >> remembered.launch_s;
    return remembered;
  }
  ToolchainTiming timing;
  // Concurrent runners share the cache: each checks in a folder of its own.
  const std::string dir = (fs::path(cache_dir) / "preflight" / fmt::format("{}-{}", mpi.name, getpid())).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/hello.c") << "#include <mpi.h>\n#include <stdio.h>\n"
                                      "int main(int argc, char **argv) {\n  int size;\n"
                                      "  MPI_Init(&argc, &argv);\n  MPI_Comm_size(MPI_COMM_WORLD, &size);\n"
                                      "  printf(\"assay-preflight size=%d\\n\", size);\n"
                                      "  MPI_Finalize();\n  return 0;\n}\n";
  Command compile;
  compile.argv = {mpi.cc, dir + "/hello.c", "-o", dir + "/hello"};
  compile.stderr_path = dir + "/compile.log";
  compile.timeout = std::chrono::seconds(120);
  ExitInfo e = run_command(compile);
  timing.compile_s = e.seconds();
  if (!e.started || e.exit_code != 0)
    throw std::runtime_error(fmt::format("{} cannot compile an MPI program ({}): {}", mpi.cc,
                                         e.started ? fmt::format("exit status {}", e.exit_code) : e.error,
                                         read_tail(dir + "/compile.log", 600)));
  LaunchRequest request;
  request.np = 2;
  request.program = {dir + "/hello"};
  request.run_dir = dir;
  request.timeout = std::chrono::seconds(60);
  Vars vars;  // the default launch templates use none of the backend variables
  e = run_command(launch_command(launcher, BackendConfig{}, vars, request));
  timing.launch_s = e.seconds();
  std::string out = read_file(dir + "/stdout");
  int ranks = 0;
  const std::string greeting = "assay-preflight size=2";
  for (auto at = out.find(greeting); at != std::string::npos; at = out.find(greeting, at + greeting.size())) ++ranks;
  if (!e.started || e.timed_out || e.exit_code != 0 || ranks != 2)
    throw std::runtime_error(fmt::format(
        "{} cannot run 2 ranks of an MPI program ({}); see {}/stdout and {}/stderr: {}", launcher.program(),
        !e.started ? e.error
        : e.timed_out ? std::string("it hung")
        : e.exit_code != 0 ? fmt::format("exit status {}", e.exit_code)
                           : fmt::format("{} of 2 ranks saw a world of 2", ranks),
        dir, dir, read_tail(dir + "/stderr", 600)));
  fs::remove_all(dir);
  const std::string temp = stamp.string() + fmt::format(".{}", getpid());
  std::ofstream(temp) << timing.compile_s << " " << timing.launch_s << "\n";
  fs::rename(temp, timing_file, ec);
  std::ofstream(temp) << identity;
  fs::rename(temp, stamp, ec);
  return timing;
}

}  // namespace assay
