// The MPI implementations a case can be built and launched with. Debian ships
// Open MPI and MPICH side by side; we always call the suffixed tools, because the
// unsuffixed names mean whichever one the alternatives system picked.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace assay {

struct MpiImpl {
  std::string name;                     // "openmpi" | "mpich"
  std::string cc, cxx;                  // compiler wrappers
  std::string launcher;                 // mpirun.openmpi | mpiexec.mpich

  // Launcher command for `np` ranks running `program`; `rank_env` reaches the
  // ranks (Open MPI -x, MPICH -genv), not the launcher. `slots` = cores available.
  std::vector<std::string> launch_argv(int np, int slots,
                                       const std::map<std::string, std::string>& rank_env,
                                       const std::vector<std::string>& program) const;
  // Environment the launcher itself needs (e.g. running Open MPI as root).
  std::map<std::string, std::string> launcher_env() const;
  // "4.1.4"; throws std::runtime_error when the launcher cannot be run.
  std::string detect_version() const;
};

const std::vector<MpiImpl>& mpi_implementations();  // openmpi (default) and mpich
const MpiImpl* find_mpi(const std::string& name);     // nullptr when unknown

// Full path of `program` in PATH, "" when absent.
std::string find_in_path(const std::string& program);

}  // namespace assay
