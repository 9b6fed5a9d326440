// DESCRIPTION: Proxy kernel advect (lock-all variant): boundary planes by MPI_Put under lock_all, flush_all and a barrier; correct.
// NPROCS: 2
// EXPECT: ok
// ARGS: --kernel=advect --variant=lock-all --size=S --steps=2
// SOURCES: ../../../overhead/kernels
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
