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
  std::string launcher;                 // mpirun.openmpi | mpiexec.mpich (runner/launch/ uses it)

  // First line of `<cc> --version`: the compiler behind the wrapper ("" when it fails).
  std::string detect_compiler() const;
  // "4.1.4"; throws std::runtime_error when the launcher cannot be run.
  std::string detect_version() const;
};

const std::vector<MpiImpl>& mpi_implementations();  // openmpi (default) and mpich
const MpiImpl* find_mpi(const std::string& name);     // nullptr when unknown

// Full path of `program` in PATH, "" when absent.
std::string find_in_path(const std::string& program);

}  // namespace assay
