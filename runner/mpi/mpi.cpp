#include "mpi/mpi.hpp"

#include "exec/process.hpp"
#include <regex>
#include <stdexcept>
#include <unistd.h>


namespace assay {

const std::vector<MpiImpl>& mpi_implementations() {
  static const std::vector<MpiImpl> impls = {
      {"openmpi", "mpicc.openmpi", "mpicxx.openmpi", "mpirun.openmpi"},
      {"mpich", "mpicc.mpich", "mpicxx.mpich", "mpiexec.mpich"},
  };
  return impls;
}

const MpiImpl* find_mpi(const std::string& name) {
  for (const auto& m : mpi_implementations())
    if (m.name == name) return &m;
  return nullptr;
}

std::string find_in_path(const std::string& program) {
  if (program.find('/') != std::string::npos)
    return access(program.c_str(), X_OK) == 0 ? program : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

std::string MpiImpl::detect_compiler() const {
  ExitInfo e;
  std::string text = capture_output({cc, "--version"}, std::chrono::seconds(20), &e);
  if (!e.started || e.exit_code != 0) return "";
  return text.substr(0, text.find('\n'));
}

std::string MpiImpl::detect_version() const {
  if (find_in_path(launcher).empty())
    throw std::runtime_error(launcher + " not found (install the " + name +
                             (name == "openmpi" ? " packages openmpi-bin libopenmpi-dev)"
                                                : " packages mpich libmpich-dev)"));
  ExitInfo e;
  std::string text = capture_output({launcher, "--version"}, std::chrono::seconds(20), &e);
  // Open MPI: "mpirun.openmpi (OpenRTE) 4.1.4"; MPICH: "Version:   4.0.2".
  static const std::regex ompi(R"(\(Open(?:RTE|MPI)\)\s+([0-9][0-9.a-z]*))");
  static const std::regex mpich(R"(Version:\s+([0-9][0-9.a-z]*))");
  std::smatch m;
  if (e.started && std::regex_search(text, m, name == "openmpi" ? ompi : mpich)) return m[1];
  throw std::runtime_error("cannot read the version from `" + launcher + " --version`: " +
                           (e.started ? text.substr(0, 200) : e.error));
}

}  // namespace assay
