// The kernels as plain MPI programs: the corpus's proxy-kernel cases
// (cases/*/proxy-kernels/) are a two-line main calling this function, compiled
// with every file of this folder (the case header's SOURCES). It runs
// `--steps` steps and the checksum, and prints nothing unless an option is wrong.
//
//   --kernel=cfd --variant=fence [--size=S] [--steps=2] [--inject=BUG]
#include <mpi.h>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "kernel.hpp"

extern "C" int assay_run_kernel_program(int argc, char** argv) {
  using namespace assay::overhead;
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::string kernel_name = "cfd";
  KernelConfig config{"", "S", ""};
  int steps = 2;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto value = arg.substr(arg.find('=') + 1);
      if (arg.rfind("--kernel=", 0) == 0) kernel_name = value;
      else if (arg.rfind("--variant=", 0) == 0) config.variant = value;
      else if (arg.rfind("--size=", 0) == 0) config.size = value;
      else if (arg.rfind("--inject=", 0) == 0) config.inject = value;
      else if (arg.rfind("--steps=", 0) == 0) steps = std::stoi(value);
      else throw std::invalid_argument("unknown option " + arg);
    }
    auto kernel = make_kernel(kernel_name, config, MPI_COMM_WORLD);
    for (int s = 0; s < steps; ++s) kernel->step();
    kernel->checksum();
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "proxy kernel: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Finalize();
  return 0;
}
