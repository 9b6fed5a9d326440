// DESCRIPTION: Proxy kernel heat2d (no-corners variant): halo exchange of rows and columns without the ghost corners; correct.
// NPROCS: 2
// EXPECT: ok
// ARGS: --kernel=heat2d --variant=no-corners --size=S --steps=2
// SOURCES: ../../../overhead/kernels
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
