// DESCRIPTION: Proxy kernel cfd (pscw variant): halo exchange by MPI_Put in post/start/complete/wait epochs; correct.
// NPROCS: 2
// EXPECT: ok
// ARGS: --kernel=cfd --variant=pscw --size=S --steps=2
// SOURCES: ../../../overhead/kernels
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
