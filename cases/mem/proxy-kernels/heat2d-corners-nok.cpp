// DESCRIPTION: Proxy kernel heat2d (corners variant): the ghost corners are received with whole rows and never read.
// NPROCS: 2
// EXPECT: error mem.recv.unused
// TWIN: nb/proxy-kernels/heat2d-no-corners-ok
// ARGS: --kernel=heat2d --variant=corners --size=S --steps=2
// SOURCES: ../../../overhead/kernels
// NOTE: The default variant of the overhead benchmark keeps this pattern on purpose (overhead/README.md); the receives are in overhead/kernels/heat2d.cpp.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
