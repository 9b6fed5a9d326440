// DESCRIPTION: Proxy kernel advect (lock-all variant) with --inject=missing-epoch: no MPI_Win_lock_all, so the MPI_Put calls are outside any access epoch.
// NPROCS: 2
// EXPECT: error rma.sync.missing-epoch
// TWIN: rma/proxy-kernels/advect-lock-all-ok
// ARGS: --kernel=advect --variant=lock-all --size=S --steps=2 --inject=missing-epoch
// SOURCES: ../../../overhead/kernels
// TAGS: crash
// NOTE: The missing lock_all is in overhead/kernels/advect.cpp. Natively both Open MPI and MPICH abort with an RMA synchronisation error.
// ORIGIN: overhead/ proxy kernels (mpi-assay overhead --inject), overhead/README.md
extern "C" int assay_run_kernel_program(int argc, char** argv);  // overhead/kernels/run.cpp

int main(int argc, char** argv) { return assay_run_kernel_program(argc, argv); }
