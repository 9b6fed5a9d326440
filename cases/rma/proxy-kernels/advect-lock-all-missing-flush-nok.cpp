// DESCRIPTION: Proxy kernel advect (lock-all variant) with --inject=missing-flush: no MPI_Win_flush_all before the barrier, so the target may read boundary planes still in flight.
// NPROCS: 2
// EXPECT: error rma.local.target-access-during-remote
// TWIN: rma/proxy-kernels/advect-lock-all-ok
// ARGS: --kernel=advect --variant=lock-all --size=S --steps=2 --inject=missing-flush
// SOURCES: ../../../overhead/kernels
// NOTE: The missing flush is in overhead/kernels/advect.cpp; EXPECT-AT can name lines of the case file only.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
